import type { ChartInfo, PlayerStats } from '../../shared/data'
import { AppError } from '../../shared/errors'
import { picksFor, playerLevelOf, randomPick, type PicksInput } from '../../shared/picks/picks'
import type { PicksState, RandomFilter, RandomPick } from '../../shared/picks/schema'
import type { NearMiss } from '../../shared/progress'
import type { Logger } from '../logging/logger'
import { accountLists } from './inputs'

export interface PicksServiceDeps {
  charts: () => ReadonlyMap<string, ChartInfo>
  player: (accountId: string) => Promise<PlayerStats>
  /** Progress's near misses and last plays (one read of the history for both). */
  nearMisses: (accountId: string) => Promise<NearMiss[]>
  lastPlayed: (accountId: string) => Promise<ReadonlyMap<string, string>>
  isSignedIn: (accountId: string) => boolean
  now: () => number
  /** A seed for a random pick asked without one. */
  seed: () => number
  emit: (state: PicksState) => void
  logger?: Logger
}

/** How many picks the window's "Play next" shows. */
export const SHOWN_PICKS = 5

interface AccountPicks {
  state: PicksState
  /** The running computation, and whether another was asked for meanwhile. */
  running: Promise<void> | null
  again: boolean
}

/**
 * "Play next" for each account shown: worked out again after every change of its plays (a sync, an import of this
 * computer's plays: a session's end), its latest save and the chart list, and sent as `picks:changed`. Computations of
 * one account run one at a time; those asked for meanwhile are folded into one.
 */
export class PicksService {
  readonly #accounts = new Map<string, AccountPicks>()

  constructor(private readonly deps: PicksServiceDeps) {}

  /** Whether a signal about this account is worth a new computation: its picks were asked for. */
  follows(accountId: string): boolean {
    return this.#accounts.has(accountId) && this.deps.isSignedIn(accountId)
  }

  /** Sends the account's picks (worked out now, the first time). */
  async load(accountId: string): Promise<void> {
    if (!this.deps.isSignedIn(accountId)) throw AppError.of('not_found', 'That account is not signed in.')
    const kept = this.#accounts.get(accountId)
    if (kept) {
      this.deps.emit(kept.state)
      return kept.running ?? undefined
    }
    return this.refresh(accountId)
  }

  /** Works the picks out again (after the one running, if any). */
  refresh(accountId: string): Promise<void> {
    let account = this.#accounts.get(accountId)
    if (!account) {
      const state: PicksState = {
        accountId,
        version: 0,
        status: 'computing',
        picks: [],
        level: { touch: null, keyboard: null },
        computedAt: null
      }
      this.#accounts.set(accountId, (account = { state, running: null, again: false }))
    }
    const a = account
    if (a.running) {
      a.again = true
      return a.running
    }
    const run = async (): Promise<void> => {
      do {
        a.again = false
        await this.#compute(accountId, a)
      } while (a.again && this.#accounts.get(accountId) === a)
    }
    a.running = run().finally(() => (a.running = null))
    return a.running
  }

  async #compute(accountId: string, account: AccountPicks): Promise<void> {
    try {
      const input = await this.#input(accountId)
      const byMode = (mode: 'touch' | 'keyboard') => {
        const list = input.lists.find((l) => l.mode === mode)
        return list ? playerLevelOf(list) : null
      }
      this.#send(account, {
        status: 'ready',
        picks: picksFor(input, SHOWN_PICKS),
        level: { touch: byMode('touch'), keyboard: byMode('keyboard') },
        computedAt: new Date(this.deps.now()).toISOString()
      })
    } catch (error) {
      this.deps.logger?.warn({ accountId, error }, 'picks could not be worked out')
      this.#send(account, { ...account.state, status: 'error' })
    }
  }

  #send(account: AccountPicks, next: Omit<PicksState, 'accountId' | 'version'>): void {
    if (this.#accounts.get(account.state.accountId) !== account) return
    account.state = { ...next, accountId: account.state.accountId, version: account.state.version + 1 }
    this.deps.emit(account.state)
  }

  async #input(accountId: string): Promise<PicksInput> {
    const [player, nearMisses, lastPlayed] = await Promise.all([
      this.deps.player(accountId),
      this.deps.nearMisses(accountId),
      this.deps.lastPlayed(accountId)
    ])
    const charts = this.deps.charts()
    return {
      charts,
      lists: accountLists(player.bests, charts, lastPlayed),
      nearMisses: nearMisses.map((m) => ({ chart_id: m.chart_id, mode: m.mode, kind: m.kind, grade: m.grade, gap: m.gap })),
      now: this.deps.now()
    }
  }

  /** A chart drawn at random for the account (the mode played last), with `seed`, or a new seed. */
  async random(accountId: string, filter: RandomFilter, seed: number | null): Promise<RandomPick> {
    if (!this.deps.isSignedIn(accountId)) throw AppError.of('not_found', 'That account is not signed in.')
    return randomPick(await this.#input(accountId), filter, seed ?? this.deps.seed())
  }

  forget(accountId: string): void {
    this.#accounts.delete(accountId)
  }
}
