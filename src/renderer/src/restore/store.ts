import { create } from 'zustand'
import type { LastRestore, RestoreProgress, RestoreState, RestoreStep } from '../../../shared/restore'
import { api, unwrap, type Unwrapped } from '../bridge'

/** The last restore (what Undo puts back) and the step each running restore is at, as main sends them. */
interface RestoreStore {
  last: LastRestore | null
  steps: Record<string, RestoreStep>
  apply(state: RestoreState): void
  applyProgress(progress: RestoreProgress): void
  load(): Promise<void>
  // What the restore dialog asks of main: what a restore would do, and doing it.
  preview: Unwrapped<typeof api.restore.preview>
  undoPreview: Unwrapped<typeof api.restore.undoPreview>
  restore: Unwrapped<typeof api.restore.apply>
  exportSave: Unwrapped<typeof api.restore.export>
  undo: Unwrapped<typeof api.restore.undo>
}

export const useRestore = create<RestoreStore>((set, get) => ({
  last: null,
  steps: {},
  apply: (state) => set({ last: state.last }),
  applyProgress: (progress) => set({ steps: { ...get().steps, [progress.backupId]: progress.step } }),
  async load() {
    await unwrap(api.restore.load())
  },
  preview: (...args) => unwrap(api.restore.preview(...args)),
  undoPreview: () => unwrap(api.restore.undoPreview()),
  restore: (...args) => unwrap(api.restore.apply(...args)),
  exportSave: (...args) => unwrap(api.restore.export(...args)),
  undo: (...args) => unwrap(api.restore.undo(...args))
}))
