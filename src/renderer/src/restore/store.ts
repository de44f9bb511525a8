import { create } from 'zustand'
import type { LastRestore, RestoreProgress, RestoreState, RestoreStep } from '../../../shared/restore'
import { api, unwrap } from '../bridge'

/** The last restore (what Undo puts back) and the step each running restore is at, as main sends them. */
interface RestoreStore {
  last: LastRestore | null
  steps: Record<string, RestoreStep>
  apply(state: RestoreState): void
  applyProgress(progress: RestoreProgress): void
  load(): Promise<void>
}

export const useRestore = create<RestoreStore>((set, get) => ({
  last: null,
  steps: {},
  apply: (state) => set({ last: state.last }),
  applyProgress: (progress) => set({ steps: { ...get().steps, [progress.backupId]: progress.step } }),
  async load() {
    await unwrap(api.restore.load())
  }
}))
