import { useEffect } from 'react'
import { create } from 'zustand'
import type { RecordState } from '../../../shared/record'
import { api, bridgeActions, unwrap } from '../bridge'

/** Each account's marks on its record (#55): hidden plays, notes and stars, the list of imports (main sends them). */
interface RecordStore {
  states: Record<string, RecordState>
  apply(state: RecordState): void
  load(accountId: string): Promise<void>
}

export const useRecord = create<RecordStore>((set, get) => ({
  states: {},
  apply: (state) => {
    const current = get().states[state.accountId]
    if (current && current.version > state.version) return
    set({ states: { ...get().states, [state.accountId]: state } })
  },
  async load(accountId) {
    await unwrap(api.record.load(accountId))
  }
}))

/** The changes the player makes, each with its inverse beside it where it is shown (show again, put back). */
export const recordActions = bridgeActions(api.record, ['hide', 'unhide', 'setPlay', 'setSession', 'undoImport', 'redoImport'] as const)

/** The account's marks, asked for once they are needed. */
export function useRecordState(accountId: string | undefined): RecordState | undefined {
  const state = useRecord((s) => (accountId ? s.states[accountId] : undefined))
  const load = useRecord((s) => s.load)
  const known = state !== undefined
  useEffect(() => {
    if (accountId && !known) void load(accountId).catch(() => {})
  }, [accountId, known, load])
  return state
}
