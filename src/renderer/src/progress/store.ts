import { useEffect } from 'react'
import { create } from 'zustand'
import type { ProgressState } from '../../../shared/progress'
import { api, unwrap, type Unwrapped } from '../bridge'

/** Each account's folders, goals and custom folders, as main last sent them (`progress:changed`). */
interface ProgressStore {
  byAccount: Record<string, ProgressState>
  /** The Progress screen's section (the Profile's "All goals" opens Goals). */
  tab: 'folders' | 'goals'
  setTab(tab: 'folders' | 'goals'): void
  apply(state: ProgressState): void
  load(accountId: string): Promise<void>
  // What the Progress screens ask of main; the state itself comes back through `progress:changed`.
  folder: Unwrapped<typeof api.progress.folder>
  goal: Unwrapped<typeof api.progress.goal>
  nearMisses: Unwrapped<typeof api.progress.nearMisses>
  previewGoal: Unwrapped<typeof api.progress.previewGoal>
  createGoal: Unwrapped<typeof api.progress.createGoal>
  deleteGoal: Unwrapped<typeof api.progress.deleteGoal>
  saveFolder: Unwrapped<typeof api.progress.saveFolder>
  deleteFolder: Unwrapped<typeof api.progress.deleteFolder>
  exportHistory: Unwrapped<typeof api.progress.export>
}

export const useProgress = create<ProgressStore>((set, get) => ({
  byAccount: {},
  tab: 'folders',
  setTab: (tab) => set({ tab }),
  apply: (state) => set({ byAccount: { ...get().byAccount, [state.accountId]: state } }),
  async load(accountId) {
    await unwrap(api.progress.load(accountId))
  },
  folder: (...args) => unwrap(api.progress.folder(...args)),
  goal: (...args) => unwrap(api.progress.goal(...args)),
  nearMisses: (...args) => unwrap(api.progress.nearMisses(...args)),
  previewGoal: (...args) => unwrap(api.progress.previewGoal(...args)),
  createGoal: (...args) => unwrap(api.progress.createGoal(...args)),
  deleteGoal: (...args) => unwrap(api.progress.deleteGoal(...args)),
  saveFolder: (...args) => unwrap(api.progress.saveFolder(...args)),
  deleteFolder: (...args) => unwrap(api.progress.deleteFolder(...args)),
  exportHistory: (...args) => unwrap(api.progress.export(...args))
}))

/** The account's progress, asked for once it is shown (main re-checks it then, and after each sync, import and restore). */
export function useAccountProgress(accountId: string | undefined): ProgressState | undefined {
  const state = useProgress((s) => (accountId ? s.byAccount[accountId] : undefined))
  const load = useProgress((s) => s.load)
  useEffect(() => {
    if (accountId) void load(accountId).catch(() => {})
  }, [accountId, load])
  return state
}
