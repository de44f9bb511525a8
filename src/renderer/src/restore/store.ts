import { create } from 'zustand'
import type { LastRestore, RestoreProgress, RestoreState, RestoreStep } from '../../../shared/restore'
import { api, bridgeActions, unwrap, type Unwrapped } from '../bridge'

/** What the restore dialog asks of main: what a restore (or its undo) would do, and doing it. */
const calls = bridgeActions(api.restore, ['preview', 'undoPreview', 'export', 'undo'])

/** The last restore (what Undo puts back) and the step each running restore is at, as main sends them. */
interface RestoreStore extends Readonly<typeof calls> {
  last: LastRestore | null
  steps: Record<string, RestoreStep>
  apply(state: RestoreState): void
  applyProgress(progress: RestoreProgress): void
  load(): Promise<void>
  /** Restores a kept version into the game's folder (`apply` here is main's state arriving). */
  restore: Unwrapped<typeof api.restore.apply>
}

export const useRestore = create<RestoreStore>((set, get) => ({
  ...calls,
  last: null,
  steps: {},
  apply: (state) => set({ last: state.last }),
  applyProgress: (progress) => set({ steps: { ...get().steps, [progress.backupId]: progress.step } }),
  async load() {
    await unwrap(api.restore.load())
  },
  restore: (...args) => unwrap(api.restore.apply(...args))
}))
