import { create } from 'zustand'
import type { LocalState } from '../../../shared/game-folder'
import { api, bridgeActions, unwrap } from '../bridge'

/** What "This computer" asks of main: back up the game's save, compare it, add its plays, choose its folder. */
const calls = bridgeActions(api.gameFolder, ['backup', 'compare', 'importPlays', 'chooseFolder'])

/** "This computer" per account: the game's folder and the account's local versions, as main last sent them. */
interface LocalStore extends Readonly<typeof calls> {
  states: Record<string, LocalState>
  apply(state: LocalState): void
  load(accountId: string): Promise<void>
}

export const useLocal = create<LocalStore>((set, get) => ({
  ...calls,
  states: {},
  apply: (state) => set({ states: { ...get().states, [state.accountId]: state } }),
  async load(accountId) {
    await unwrap(api.gameFolder.load(accountId))
  }
}))
