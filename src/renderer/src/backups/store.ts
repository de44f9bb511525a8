import { create } from 'zustand'
import type { BackupProgress, BackupResult, Library } from '../../../shared/backups'
import { toErrorData, type AppErrorData } from '../../../shared/errors'
import { api, unwrap, type Unwrapped } from '../bridge'

export type RunOutcome = { result: BackupResult } | { error: AppErrorData }

/** Every account's library, progress and last run, kept apart: one account's result never shows on another's screen. */
interface BackupsStore {
  libraries: Record<string, Library>
  progress: Record<string, BackupProgress>
  running: Record<string, boolean>
  outcomes: Record<string, RunOutcome>
  applyLibrary(library: Library): void
  applyProgress(progress: BackupProgress): void
  load(accountId: string): Promise<void>
  run(accountId: string, force: boolean): Promise<void>
  cancel(accountId: string): Promise<void>
  // What the library's menus, panels and settings ask of main.
  pin: Unwrapped<typeof api.backups.pin>
  remove: Unwrapped<typeof api.backups.delete>
  exportEntry: Unwrapped<typeof api.backups.export>
  reveal: Unwrapped<typeof api.backups.reveal>
  verify: Unwrapped<typeof api.backups.verify>
  note: Unwrapped<typeof api.backups.note>
  index: Unwrapped<typeof api.backups.index>
  summary: Unwrapped<typeof api.backups.summary>
  diff: Unwrapped<typeof api.backups.diff>
  backfill: Unwrapped<typeof api.backups.backfill>
  folder: Unwrapped<typeof api.backups.folder>
  chooseFolder: Unwrapped<typeof api.backups.chooseFolder>
  retentionPreview: Unwrapped<typeof api.backups.retentionPreview>
}

export const useBackups = create<BackupsStore>((set, get) => ({
  libraries: {},
  progress: {},
  running: {},
  outcomes: {},
  applyLibrary: (library) => set({ libraries: { ...get().libraries, [library.accountId]: library } }),
  applyProgress: (progress) => set({ progress: { ...get().progress, [progress.accountId]: progress } }),
  async load(accountId) {
    await unwrap(api.backups.load(accountId))
  },
  async run(accountId, force) {
    const { [accountId]: _, ...outcomes } = get().outcomes
    set({ running: { ...get().running, [accountId]: true }, outcomes })
    let outcome: RunOutcome
    try {
      outcome = { result: await unwrap(api.backups.run(accountId, { force })) }
    } catch (error) {
      outcome = { error: toErrorData(error) }
    }
    set({ running: { ...get().running, [accountId]: false }, outcomes: { ...get().outcomes, [accountId]: outcome } })
  },
  async cancel(accountId) {
    await unwrap(api.backups.cancel(accountId))
  },
  pin: (...args) => unwrap(api.backups.pin(...args)),
  remove: (...args) => unwrap(api.backups.delete(...args)),
  exportEntry: (...args) => unwrap(api.backups.export(...args)),
  reveal: (...args) => unwrap(api.backups.reveal(...args)),
  verify: (...args) => unwrap(api.backups.verify(...args)),
  note: (...args) => unwrap(api.backups.note(...args)),
  index: (...args) => unwrap(api.backups.index(...args)),
  summary: (...args) => unwrap(api.backups.summary(...args)),
  diff: (...args) => unwrap(api.backups.diff(...args)),
  backfill: (...args) => unwrap(api.backups.backfill(...args)),
  folder: () => unwrap(api.backups.folder()),
  chooseFolder: () => unwrap(api.backups.chooseFolder()),
  retentionPreview: (...args) => unwrap(api.backups.retentionPreview(...args))
}))
