import { useEffect } from 'react'
import { create } from 'zustand'
import type { PicksState } from '../../../shared/picks/schema'
import { api, bridgeActions, unwrap } from '../bridge'

const calls = bridgeActions(api.picks, ['random'])

/** Each account's "Play next", as main last sent it (`picks:changed`), and the random pick's call. */
interface PicksStore extends Readonly<typeof calls> {
  byAccount: Record<string, PicksState>
  apply(state: PicksState): void
  load(accountId: string): Promise<void>
}

export const usePicksStore = create<PicksStore>((set, get) => ({
  ...calls,
  byAccount: {},
  apply(state) {
    const current = get().byAccount[state.accountId]
    if (current && current.version > state.version) return
    set({ byAccount: { ...get().byAccount, [state.accountId]: state } })
  },
  async load(accountId) {
    await unwrap(api.picks.load(accountId))
  }
}))

/** The account's picks, asked for once they are shown (main works them out again after every session). */
export function usePicks(accountId: string | undefined): PicksState | undefined {
  const state = usePicksStore((s) => (accountId ? s.byAccount[accountId] : undefined))
  const load = usePicksStore((s) => s.load)
  useEffect(() => {
    if (accountId) void load(accountId).catch(() => {})
  }, [accountId, load])
  return state
}
