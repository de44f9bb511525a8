import { useEffect } from 'react'
import { create } from 'zustand'
import type { SessionCard, SessionsState } from '../../../shared/sessions'
import { api, unwrap, type Unwrapped } from '../bridge'
import { whenIdle } from '../ui/when-idle'

/** Each account's sessions at a glance (main sends them), and the list of cards once a screen asked for it. */
interface SessionsStore {
  states: Record<string, SessionsState>
  /** The cards of an account, oldest first, with the state version they were read at. */
  lists: Record<string, { version: number; cards: SessionCard[] }>
  apply(state: SessionsState): void
  load(accountId: string): Promise<void>
  list(accountId: string): Promise<void>
  look(accountId: string): Promise<void>
  /** One session whole: its figures, bests, raises and plays. */
  summary: Unwrapped<typeof api.sessions.summary>
}

const prefetching = new Set<string>()

export const useSessions = create<SessionsStore>((set, get) => ({
  states: {},
  lists: {},
  apply: (state) => {
    const current = get().states[state.accountId]
    if (current && current.version > state.version) return
    set({ states: { ...get().states, [state.accountId]: state } })
    // The cards are read once while the app is idle: the Sessions screen then opens on them at once.
    if (state.status === 'ready' && !get().lists[state.accountId] && !prefetching.has(state.accountId)) {
      prefetching.add(state.accountId)
      whenIdle(
        () =>
          void get()
            .list(state.accountId)
            .catch(() => prefetching.delete(state.accountId))
      )
    }
  },
  async load(accountId) {
    await unwrap(api.sessions.load(accountId))
  },
  async list(accountId) {
    const version = get().states[accountId]?.version ?? 0
    const cards = await unwrap(api.sessions.list(accountId))
    const kept = get().lists[accountId]
    if (!kept || kept.version <= version) set({ lists: { ...get().lists, [accountId]: { version, cards } } })
  },
  async look(accountId) {
    await unwrap(api.sessions.look(accountId))
  },
  summary: (...args) => unwrap(api.sessions.summary(...args))
}))

/** The account's sessions state, asked for once it is needed (main computes them on first ask). */
export function useSessionsState(accountId: string | undefined): SessionsState | undefined {
  const state = useSessions((s) => (accountId ? s.states[accountId] : undefined))
  const load = useSessions((s) => s.load)
  const known = state !== undefined
  useEffect(() => {
    if (accountId && !known) void load(accountId).catch(() => {})
  }, [accountId, known, load])
  return state
}

/** The account's cards, read again whenever main says the sessions changed. */
export function useSessionCards(accountId: string | undefined): SessionCard[] | null {
  const state = useSessionsState(accountId)
  const kept = useSessions((s) => (accountId ? s.lists[accountId] : undefined))
  const list = useSessions((s) => s.list)
  const version = state?.status === 'ready' ? state.version : null
  useEffect(() => {
    if (accountId && version !== null) void list(accountId).catch(() => {})
  }, [accountId, version, list])
  return kept?.cards ?? null
}
