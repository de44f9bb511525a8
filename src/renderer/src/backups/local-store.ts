import { create } from 'zustand'
import type { LocalState } from '../../../shared/local-game'
import { api, unwrap, type Unwrapped } from '../bridge'

/** "This computer" per account: the game's folder and the account's local versions, as main last sent them. */
interface LocalStore {
  states: Record<string, LocalState>
  apply(state: LocalState): void
  load(accountId: string): Promise<void>
  backUp: Unwrapped<typeof api.local.backup>
  compare: Unwrapped<typeof api.local.compare>
  importPlays: Unwrapped<typeof api.local.importPlays>
  chooseFolder: Unwrapped<typeof api.local.chooseFolder>
}

export const useLocal = create<LocalStore>((set, get) => ({
  states: {},
  apply: (state) => set({ states: { ...get().states, [state.accountId]: state } }),
  async load(accountId) {
    await unwrap(api.local.load(accountId))
  },
  backUp: (...args) => unwrap(api.local.backup(...args)),
  compare: (...args) => unwrap(api.local.compare(...args)),
  importPlays: (...args) => unwrap(api.local.importPlays(...args)),
  chooseFolder: (...args) => unwrap(api.local.chooseFolder(...args))
}))
