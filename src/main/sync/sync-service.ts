import type { ScoreRecord } from '../../shared/api'
import type { AccountData, PanelName, PanelState } from '../../shared/data'
import type { Capability } from '../../shared/deployments'
import { AppError, toErrorData, type AppErrorData } from '../../shared/errors'
import type { AccountRecord, AccountRegistry } from '../auth/account-registry'
import type { AuthService } from '../auth/auth-service'
import { AccountCache } from '../cache/account-cache'
import { addSnapshot, mergeRecords, realityPoints, thinSnapshots } from '../cache/history'
import type { ChartCatalogue } from '../catalogue/chart-catalogue'
import type { Clock, Fetch, OpenStore } from '../ports'
import { fetchAvatar } from '../profile/avatar'
import { nextNicknameRecovery } from '../../shared/nickname'
import type { NicknameSubmissions } from '../profile/nickname'

export interface SyncDeps {
  auth: AuthService
  registry: AccountRegistry
  openStore: OpenStore
  clock: Clock
  fetch: Fetch
  catalogue: ChartCatalogue
  emit: (data: AccountData) => void
  /** Data younger than this is "fresh". */
  freshForMs?: number
  /** When offline, try again after this long (null: do not schedule). */
  retryAfterMs?: number | null
}

const NEEDS: Record<PanelName, Capability[]> = { profile: ['identity', 'profile', 'user'], save: ['save'], recent: ['recent'], rank: ['best'] }
const OFFLINE_CODES = new Set(['network', 'timeout'])

interface Attempt {
  refreshing: boolean
  error: AppErrorData | null
}

/**
 * Fetches profile, save info, recent scores and rank in parallel, each panel on its own: a failure
 * leaves that panel's cached data untouched and marks it offline or in error. One sync per
 * account at a time; callers asking meanwhile share it.
 */
export class SyncService {
  readonly #caches = new Map<string, AccountCache>()
  readonly #attempts = new Map<string, Record<PanelName, Attempt>>()
  readonly #running = new Map<string, Promise<AccountData>>()
  readonly #retryTimers = new Map<string, ReturnType<typeof setTimeout>>()

  constructor(private readonly deps: SyncDeps) {}

  cache(id: string): AccountCache {
    let cache = this.#caches.get(id)
    if (!cache) this.#caches.set(id, (cache = new AccountCache(this.deps.openStore, id)))
    return cache
  }

  #attemptsOf(id: string): Record<PanelName, Attempt> {
    let a = this.#attempts.get(id)
    if (!a) {
      const blank = () => ({ refreshing: false, error: null })
      this.#attempts.set(id, (a = { profile: blank(), save: blank(), recent: blank(), rank: blank() }))
    }
    return a
  }

  #record(id: string): AccountRecord {
    const record = this.deps.registry.get(id)
    if (!record) throw AppError.of('not_found', 'That account is not signed in.')
    return record
  }

  #panel(record: AccountRecord, name: PanelName, fetchedAt: number | null): PanelState {
    const attempt = this.#attemptsOf(record.id)[name]
    if (!NEEDS[name].some((c) => record.capabilities.includes(c))) return { status: 'unavailable', fetchedAt, error: null }
    if (attempt.refreshing) return { status: 'refreshing', fetchedAt, error: null }
    if (attempt.error) return { status: OFFLINE_CODES.has(attempt.error.code) ? 'offline' : 'error', fetchedAt, error: attempt.error }
    if (fetchedAt === null) return { status: 'empty', fetchedAt, error: null }
    const fresh = this.deps.clock.now() - fetchedAt < (this.deps.freshForMs ?? 5 * 60_000)
    return { status: fresh ? 'fresh' : 'stale', fetchedAt, error: null }
  }

  view(id: string): AccountData {
    const record = this.#record(id)
    const cache = this.cache(id)
    const doc = cache.read()
    const history = cache.history()
    const panels = {
      profile: this.#panel(record, 'profile', doc.profile?.fetchedAt ?? null),
      save: this.#panel(record, 'save', doc.save?.fetchedAt ?? null),
      recent: this.#panel(record, 'recent', doc.recent?.fetchedAt ?? null),
      rank: this.#panel(record, 'rank', doc.rank?.fetchedAt ?? null)
    }
    return {
      accountId: id,
      profile: { data: doc.profile?.value ?? null, avatar: doc.avatar?.dataUrl ?? null, panel: panels.profile },
      save: { data: doc.save?.value ?? null, panel: panels.save },
      recent: { data: doc.recent?.value ?? [], panel: panels.recent },
      rank: { data: doc.rank?.value ?? null, panel: panels.rank },
      nickname: { submissions: doc.nicknameSubmissions, nextRecovery: nextNicknameRecovery(doc.nicknameSubmissions, this.deps.clock.now()) },
      history: { records: history.recordCount, snapshots: history.snapshots.length },
      offline: Object.values(panels).some((p) => p.status === 'offline')
    }
  }

  /** Syncs unless everything the account can read is younger than `maxAgeMs`. */
  sync(id: string, options: { maxAgeMs?: number; only?: PanelName[] } = {}): Promise<AccountData> {
    const running = this.#running.get(id)
    if (running) return running
    if (options.maxAgeMs !== undefined && this.#youngerThan(id, options.maxAgeMs)) return Promise.resolve(this.view(id))
    const work = this.#sync(id, options.only).finally(() => this.#running.delete(id))
    this.#running.set(id, work)
    return work
  }

  #youngerThan(id: string, ms: number): boolean {
    const view = this.view(id)
    const panels = [view.profile.panel, view.save.panel, view.recent.panel, view.rank.panel].filter((p) => p.status !== 'unavailable')
    return panels.every((p) => p.fetchedAt !== null && p.error === null && this.deps.clock.now() - p.fetchedAt < ms)
  }

  async #sync(id: string, only?: PanelName[]): Promise<AccountData> {
    const record = this.#record(id)
    const client = this.deps.auth.client(record)
    const credentials = this.deps.auth.credentials(id)
    const username = record.username ?? ''
    const attempts = this.#attemptsOf(id)
    const wanted = (name: PanelName) => (!only || only.includes(name)) && NEEDS[name].some((c) => record.capabilities.includes(c))
    const tasks: [PanelName, () => Promise<void>][] = [
      ['profile', async () => {
        const profile = await client.currentUser(credentials)
        const now = this.deps.clock.now()
        const cached = this.cache(id).read().avatar
        const avatar = profile.avatar && profile.avatar !== cached?.url ? await fetchAvatar(profile.avatar, this.deps.fetch) : null
        this.cache(id).update((doc) => {
          doc.profile = { value: profile, fetchedAt: now }
          if (avatar && profile.avatar) doc.avatar = { url: profile.avatar, dataUrl: avatar }
        })
        if (profile.nickname && profile.nickname !== record.nickname) this.deps.registry.update(id, { nickname: profile.nickname })
      }],
      ['save', async () => {
        try {
          const info = await client.saveInfo(credentials)
          this.cache(id).update((doc) => void (doc.save = { value: info, fetchedAt: this.deps.clock.now() }))
        } catch (error) {
          if (error instanceof AppError && error.data.serviceCode === 'GameSaveNotFoundError') {
            this.cache(id).update((doc) => void (doc.save = null))
            return
          }
          throw error
        }
      }],
      ['recent', async () => {
        const recent = await client.recent(credentials, username)
        this.cache(id).update((doc) => void (doc.recent = { value: recent.data, fetchedAt: this.deps.clock.now() }))
        this.remember(id, recent.data)
      }],
      ['rank', async () => {
        const rank = await client.rank(credentials, username)
        const now = this.deps.clock.now()
        this.cache(id).update((doc) => void (doc.rank = { value: rank, fetchedAt: now }))
        this.remember(id, [...rank.touch_ranks, ...rank.keyboard_ranks])
        const { charts, snapshots } = this.cache(id).history()
        const doc = { charts: [...charts], snapshots: [...snapshots] }
        if (addSnapshot(doc, rank, new Date(now).toISOString())) this.cache(id).saveHistory({ ...doc, snapshots: thinSnapshots(doc.snapshots, now) })
      }]
    ]
    const selected = tasks.filter(([name]) => wanted(name))
    for (const [name] of selected) attempts[name] = { refreshing: true, error: attempts[name].error }
    this.deps.emit(this.view(id))
    void this.deps.catalogue.refreshFrom(record.baseUrl, this.deps.fetch)
    await Promise.all(
      selected.map(async ([name, run]) => {
        try {
          await run()
          attempts[name] = { refreshing: false, error: null }
        } catch (error) {
          attempts[name] = { refreshing: false, error: toErrorData(error) }
        }
        this.deps.emit(this.view(id))
      })
    )
    const view = this.view(id)
    if (view.offline) this.#scheduleRetry(id)
    return view
  }

  /** Adds records to the kept history (deduplicated); returns how many were new. */
  remember(id: string, records: readonly ScoreRecord[]): number {
    const cache = this.cache(id)
    const merged = mergeRecords(cache.records(), records)
    if (merged.added) cache.saveRecords(merged.records)
    return merged.added
  }

  #scheduleRetry(id: string): void {
    const delay = this.deps.retryAfterMs === undefined ? 60_000 : this.deps.retryAfterMs
    if (delay === null || this.#retryTimers.has(id)) return
    const timer = setTimeout(() => {
      this.#retryTimers.delete(id)
      if (this.deps.registry.get(id)) void this.sync(id).catch(() => {})
    }, delay)
    timer.unref?.()
    this.#retryTimers.set(id, timer)
  }

  history(id: string): ScoreRecord[] {
    this.#record(id)
    return this.cache(id).records()
  }

  realityHistory(id: string) {
    this.#record(id)
    return realityPoints(this.cache(id).history())
  }

  /** The nickname submissions kept in the account's cache, newest first. */
  readonly nicknameSubmissions: NicknameSubmissions = {
    list: (id) => this.cache(id).read().nicknameSubmissions,
    record: (id, at) => void this.cache(id).update((doc) => void (doc.nicknameSubmissions = [at, ...doc.nicknameSubmissions].slice(0, 20))),
    drop: (id, at) => void this.cache(id).update((doc) => void (doc.nicknameSubmissions = doc.nicknameSubmissions.filter((s) => s !== at)))
  }

  forget(id: string): void {
    this.cache(id).clear()
    this.#caches.delete(id)
    this.#attempts.delete(id)
    clearTimeout(this.#retryTimers.get(id))
    this.#retryTimers.delete(id)
  }

  dispose(): void {
    for (const timer of this.#retryTimers.values()) clearTimeout(timer)
    this.#retryTimers.clear()
  }
}
