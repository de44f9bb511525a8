import { create } from 'zustand'
import type { LocalState } from '../../../shared/game-folder'
import { api, unwrap } from '../bridge'

/** "This computer" per account: the game's folder and the account's local versions, as main last sent them. */
interface LocalStore {
  states: Record<string, LocalState>
  apply(state: LocalState): void
  load(accountId: string): Promise<void>
}

export const useLocal = create<LocalStore>((set, get) => ({
  states: {},
  apply: (state) => set({ states: { ...get().states, [state.accountId]: state } }),
  async load(accountId) {
    await unwrap(api.gameFolder.load(accountId))
  }
}))
