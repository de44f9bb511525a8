import { useEffect } from 'react'
import { create } from 'zustand'
import type { ProgressState } from '../../../shared/progress'
import { api, bridgeActions, unwrap } from '../bridge'

/** What the Progress screens ask of main; the state itself comes back through `progress:changed`. */
const calls = bridgeActions(api.progress, [
  'folder',
  'goal',
  'nearMisses',
  'previewGoal',
  'createGoal',
  'deleteGoal',
  'saveFolder',
  'deleteFolder',
  'export',
  'previewPack',
  'importPack',
  'exportPack'
])

/** Each account's folders, goals and custom folders, as main last sent them (`progress:changed`). */
interface ProgressStore extends Readonly<typeof calls> {
  byAccount: Record<string, ProgressState>
  /** The Progress screen's section (the Profile's "All goals" opens Goals). */
  tab: 'folders' | 'goals'
  setTab(tab: 'folders' | 'goals'): void
  apply(state: ProgressState): void
  load(accountId: string): Promise<void>
}

export const useProgress = create<ProgressStore>((set, get) => ({
  ...calls,
  byAccount: {},
  tab: 'folders',
  setTab: (tab) => set({ tab }),
  apply: (state) => set({ byAccount: { ...get().byAccount, [state.accountId]: state } }),
  async load(accountId) {
    await unwrap(api.progress.load(accountId))
  }
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
