import { create } from 'zustand'
import type { BackupProgress, BackupResult, Library } from '../../../shared/backups'
import { toErrorData, type AppErrorData } from '../../../shared/errors'
import { api, bridgeActions, unwrap } from '../bridge'

/** What the library's menus, panels and settings ask of main, under the bridge's names. */
const calls = bridgeActions(api.backups, [
  'pin',
  'star',
  'delete',
  'export',
  'reveal',
  'verify',
  'note',
  'index',
  'summary',
  'diff',
  'backfill',
  'folder',
  'chooseFolder',
  'retentionPreview'
])

export type RunOutcome = { result: BackupResult } | { error: AppErrorData }

/** Every account's library, progress and last run, kept apart: one account's result never shows on another's screen. */
interface BackupsStore extends Readonly<typeof calls> {
  libraries: Record<string, Library>
  progress: Record<string, BackupProgress>
  running: Record<string, boolean>
  outcomes: Record<string, RunOutcome>
  applyLibrary(library: Library): void
  applyProgress(progress: BackupProgress): void
  load(accountId: string): Promise<void>
  run(accountId: string, force: boolean): Promise<void>
  cancel(accountId: string): Promise<void>
  /** A run's result is news for the visit it was seen on: leaving the screen puts it away (a running one stays). */
  putAway(accountId: string): void
}

export const useBackups = create<BackupsStore>((set, get) => ({
  ...calls,
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
  putAway(accountId) {
    if (get().running[accountId] || !(accountId in get().outcomes)) return
    const { [accountId]: _, ...outcomes } = get().outcomes
    set({ outcomes })
  }
}))
