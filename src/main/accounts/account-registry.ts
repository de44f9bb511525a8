import { z } from 'zod'
import { AccountSummary } from '../../shared/accounts'
import { ScopeStyle } from '../../shared/deployments'
import { PinnedIssuer } from './oidc-client'
import type { KeyValueStore } from '../ports'

export const AccountRecord = AccountSummary.extend({
  scopes: z.array(z.string()),
  scopeStyle: ScopeStyle,
  /** The issuer the account signed in with (OIDC): refresh and revocation go there and nowhere else. */
  issuer: PinnedIssuer.nullable().default(null)
})
export type AccountRecord = z.infer<typeof AccountRecord>

const State = z.object({ accounts: z.array(AccountRecord), activeId: z.string().nullable() })
type State = z.infer<typeof State>

/** The signed-in accounts (no secrets): which exist, which is active. */
export class AccountRegistry {
  constructor(private readonly store: KeyValueStore) {}

  /** Accounts that read are kept one by one; if any did not, a copy of the file is kept aside first. */
  #read(): State {
    const stored = this.store.get('accounts')
    if (stored === undefined) return { accounts: [], activeId: null }
    const parsed = State.safeParse(stored)
    if (parsed.success) return parsed.data
    const raw = (typeof stored === 'object' && stored !== null ? stored : {}) as { accounts?: unknown; activeId?: unknown }
    const accounts = (Array.isArray(raw.accounts) ? raw.accounts : []).flatMap((a) => {
      const one = AccountRecord.safeParse(a)
      return one.success ? [one.data] : []
    })
    this.store.quarantine('some signed-in accounts could not be read')
    return { accounts, activeId: typeof raw.activeId === 'string' ? raw.activeId : null }
  }

  #write(state: State): void {
    this.store.set('accounts', state)
  }

  list(): AccountRecord[] {
    return this.#read().accounts
  }

  get(id: string): AccountRecord | undefined {
    return this.list().find((a) => a.id === id)
  }

  activeId(): string | null {
    const state = this.#read()
    return state.accounts.some((a) => a.id === state.activeId) ? state.activeId : (state.accounts[0]?.id ?? null)
  }

  upsert(record: AccountRecord, makeActive = true): void {
    const state = this.#read()
    const others = state.accounts.filter((a) => a.id !== record.id)
    const index = state.accounts.findIndex((a) => a.id === record.id)
    const accounts = index === -1 ? [...others, record] : state.accounts.map((a) => (a.id === record.id ? record : a))
    this.#write({ accounts, activeId: makeActive ? record.id : state.activeId })
  }

  update(id: string, patch: Partial<AccountRecord>): void {
    const current = this.get(id)
    if (current) this.upsert({ ...current, ...patch }, false)
  }

  remove(id: string): void {
    const state = this.#read()
    const accounts = state.accounts.filter((a) => a.id !== id)
    this.#write({ accounts, activeId: state.activeId === id ? (accounts[0]?.id ?? null) : state.activeId })
  }

  setActive(id: string): void {
    const state = this.#read()
    if (state.accounts.some((a) => a.id === id)) this.#write({ ...state, activeId: id })
  }
}
