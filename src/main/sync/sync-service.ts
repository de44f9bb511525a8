import type { KeptRecord, SaveInfo } from '../../shared/api'
import type { PlayerStats } from '../../shared/player'
import type { AccountData, PanelName, PanelState } from '../../shared/data'
import type { Capability } from '../../shared/deployments'
import { AppError, toErrorData, type AppErrorData } from '../../shared/errors'
import { nextNicknameRecovery } from '../../shared/nickname'
import type { Credentials } from '../api/http'
import type { ServiceClient } from '../api/service-client'
import type { AccountRecord } from '../accounts/account-registry'
import { AccountCache, type CacheDoc, type PlayOrigin, type RestoredMarks } from '../cache/account-cache'
import type { ImportSource, PlayPointer } from '../../shared/record'
import type { LogChange } from '../kernel/signals'
import { addSnapshot, realityPoints, thinSnapshots } from '../cache/history'
import type { FoldedPlays } from '../cache/bests'
import type { RecordLines } from '../cache/record-log'
import type { Logger } from '../logging/logger'
import type { Clock, Fetch, FileSystem } from '../ports'
import { fetchAvatar } from '../profile/avatar'
import type { NicknameSubmissions } from '../profile/nickname'
import type { LocalDataHealth } from '../storage/local-data'

/** What syncing needs from the rest of the app: accounts, a way to reach the service, storage. */
export interface SyncDeps {
  accounts: { get(id: string): AccountRecord | undefined; update(id: string, patch: Partial<AccountRecord>): void }
  connection: { client(account: AccountRecord): ServiceClient; credentials(accountId: string): Credentials }
  files: FileSystem
  dataDir: string
  health: LocalDataHealth
  clock: Clock
  fetch: Fetch
  emit: (data: AccountData) => void
  /** The player's bests and counts, sent when plays were added (and when asked for). */
  emitPlayer?: (stats: PlayerStats) => void
  logger?: Logger
  /** Told of every change of an account's play log (sessions follow it); a hide waits for what it returns. */
  onLog?: (accountId: string, change: LogChange) => unknown
  /** Told when an account's marks changed (hidden plays, notes, stars, the list of imports). */
  onMarks?: (accountId: string) => void
  /** Data younger than this is "fresh". */
  freshForMs?: number
  /** When offline, try again after this long (null: do not schedule). */
  retryAfterMs?: number | null
}

const NEEDS: Record<PanelName, Capability[]> = {
  profile: ['identity', 'profile', 'user'],
  save: ['save'],
  recent: ['recent'],
  rank: ['best']
}
const OFFLINE_CODES = new Set(['network', 'timeout'])

interface Attempt {
  refreshing: boolean
  error: AppErrorData | null
}

const noUsername = (): AppErrorData => ({
  code: 'unexpected_response',
  message: "The service did not give this account's username, so recent scores and Reality cannot be asked for.",
  details: { reason: 'no_username' }
})

/**
 * Fetches profile, save info, recent scores and rank in parallel, each panel on its own: a failure
 * leaves that panel's cached data untouched and marks it offline or in error. One sync per
 * account at a time; callers asking meanwhile share it.
 */
/**
 * No change opportunity left: the service said so (StaminaNotEnough) and nothing since brought one
 * back. Unknown when it returns (no recorded submission), it stays said for a day.
 */
function noneLeft(doc: CacheDoc, now: number): boolean {
  if (!doc.nicknameExhaustedAt) return false
  const said = Date.parse(doc.nicknameExhaustedAt)
  if (doc.nicknameSubmissions.length === 0) return now - said < 86_400_000
  // With submissions recorded, the recovery queue says when one is back.
  return nextNicknameRecovery(doc.nicknameSubmissions, now) !== null
}

export class SyncService {
  readonly #caches = new Map<string, AccountCache>()
  readonly #attempts = new Map<string, Record<PanelName, Attempt>>()
  readonly #running = new Map<string, Promise<AccountData>>()
  readonly #retryTimers = new Map<string, ReturnType<typeof setTimeout>>()
  #version = 0

  constructor(private readonly deps: SyncDeps) {}

  cache(id: string): AccountCache {
    let cache = this.#caches.get(id)
    if (!cache) {
      cache = new AccountCache(
        this.deps.files,
        this.deps.dataDir,
        id,
        this.deps.health,
        (error) => this.deps.logger?.warn({ accountId: id, error }, 'writing the account cache failed'),
        (change) => this.deps.onLog?.(id, change),
        { now: () => this.deps.clock.now(), onMarks: () => this.deps.onMarks?.(id) }
      )
      this.#caches.set(id, cache)
    }
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
    const record = this.deps.accounts.get(id)
    if (!record) throw AppError.of('not_found', 'That account is not signed in.')
    return record
  }

  #panel(record: AccountRecord, name: PanelName, fetchedAt: number | null): PanelState {
    const attempt = this.#attemptsOf(record.id)[name]
    if ((name === 'recent' || name === 'rank') && !record.username) return { status: 'unavailable', fetchedAt, error: noUsername() }
    if (!NEEDS[name].some((c) => record.capabilities.includes(c))) return { status: 'unavailable', fetchedAt, error: null }
    if (attempt.refreshing) return { status: 'refreshing', fetchedAt, error: null }
    if (attempt.error?.code === 'scope_missing') return { status: 'unavailable', fetchedAt, error: attempt.error }
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
      save: this.#panel(record, 'save', doc.save?.fetchedAt ?? doc.noCloudSaveAt),
      recent: this.#panel(record, 'recent', doc.recent?.fetchedAt ?? null),
      rank: this.#panel(record, 'rank', doc.rank?.fetchedAt ?? null)
    }
    return {
      accountId: id,
      version: ++this.#version,
      profile: { data: doc.profile?.value ?? null, avatar: doc.avatar?.dataUrl ?? null, panel: panels.profile },
      save: { data: doc.save?.value ?? null, noCloudSave: !doc.save && doc.noCloudSaveAt !== null, panel: panels.save },
      recent: {
        data: doc.recent?.value.data ?? [],
        skipped: doc.recent?.value.skipped ?? 0,
        scoreTooHigh: doc.recent?.value.scoreTooHigh ?? 0,
        panel: panels.recent
      },
      rank: { data: doc.rank?.value ?? null, panel: panels.rank },
      nickname: {
        submissions: doc.nicknameSubmissions,
        nextRecovery: nextNicknameRecovery(doc.nicknameSubmissions, this.deps.clock.now()),
        noneLeft: noneLeft(doc, this.deps.clock.now()),
        refused: doc.nicknameRefused
      },
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

  /** A request that failed for any reason marks its panel at once (offline, error or not allowed). */
  markFailed(id: string, panel: PanelName, error: unknown): void {
    if (!this.deps.accounts.get(id)) return
    this.#attemptsOf(id)[panel] = { refreshing: false, error: toErrorData(error) }
    this.deps.emit(this.view(id))
  }

  /** Save info another request fetched (a backup run): the save panel shows it at once, as fresh as it is. */
  saveSeen(id: string, info: SaveInfo): void {
    if (!this.deps.accounts.get(id)) return
    this.cache(id).update(() => ({ save: { value: info, fetchedAt: this.deps.clock.now() }, noCloudSaveAt: null }))
    this.#attemptsOf(id).save.error = null
    this.deps.emit(this.view(id))
  }

  /** The service said (to a backup run) that the account has no cloud save yet: shown as that state, not as a failure. */
  noCloudSave(id: string): void {
    if (!this.deps.accounts.get(id)) return
    this.cache(id).update(() => ({ save: null, noCloudSaveAt: this.deps.clock.now() }))
    this.#attemptsOf(id).save.error = null
    this.deps.emit(this.view(id))
  }

  // eslint-disable-next-line max-lines-per-function -- one sync: the panels in parallel, each with its own outcome
  async #sync(id: string, only?: PanelName[]): Promise<AccountData> {
    const record = this.#record(id)
    const client = this.deps.connection.client(record)
    const credentials = this.deps.connection.credentials(id)
    const username = record.username
    const attempts = this.#attemptsOf(id)
    const cache = this.cache(id)
    const wanted = (name: PanelName) =>
      (!only || only.includes(name)) &&
      NEEDS[name].some((c) => record.capabilities.includes(c)) &&
      (name === 'profile' || name === 'save' || Boolean(username))
    const now = () => this.deps.clock.now()
    const tasks: [PanelName, () => Promise<void>][] = [
      [
        'profile',
        async () => {
          const profile = await client.currentUser(credentials)
          const at = now()
          const cached = cache.read().avatar
          const avatar =
            profile.avatar && profile.avatar !== cached?.url ? await fetchAvatar(profile.avatar, this.deps.fetch, client.baseUrl) : null
          cache.update(() => ({
            profile: { value: profile, fetchedAt: at },
            ...(avatar && profile.avatar ? { avatar: { url: profile.avatar, dataUrl: avatar } } : {})
          }))
          const patch: Partial<AccountRecord> = {}
          if (profile.nickname && profile.nickname !== record.nickname) patch.nickname = profile.nickname
          if (profile.username && !record.username) patch.username = profile.username
          if (Object.keys(patch).length) this.deps.accounts.update(id, patch)
        }
      ],
      [
        'save',
        async () => {
          try {
            const info = await client.saveInfo(credentials)
            cache.update(() => ({ save: { value: info, fetchedAt: now() }, noCloudSaveAt: null }))
          } catch (error) {
            // GameSaveEmptyError (any status), or any 404 here: there is no cloud save yet, whatever the code says.
            if (error instanceof AppError && (error.code === 'no_cloud_save' || error.data.status === 404)) {
              cache.update(() => ({ save: null, noCloudSaveAt: now() }))
              return
            }
            throw error
          }
        }
      ],
      [
        'recent',
        async () => {
          const recent = await client.recent(credentials, username!)
          cache.update(() => ({ recent: { value: recent, fetchedAt: now() } }))
          if ((await cache.remember(recent.data)) > 0) void this.emitPlayer(id)
        }
      ],
      [
        'rank',
        async () => {
          const rank = await client.rank(credentials, username!)
          const at = now()
          if (rank.listsReady === false) {
            // The Reality values are new; the lists are the last ones known (never an empty best 20 that was not empty).
            cache.update((doc) => {
              const known = doc.rank?.value
              return {
                rank: {
                  value: { ...rank, touch_ranks: known?.touch_ranks ?? [], keyboard_ranks: known?.keyboard_ranks ?? [] },
                  fetchedAt: at
                }
              }
            })
            return
          }
          cache.update(() => ({ rank: { value: rank, fetchedAt: at } }))
          const { charts, snapshots } = cache.history()
          const doc = { charts: [...charts], snapshots: [...snapshots] }
          if (addSnapshot(doc, rank, new Date(at).toISOString())) cache.saveHistory({ ...doc, snapshots: thinSnapshots(doc.snapshots, at) })
          if ((await cache.remember([...rank.touch_ranks, ...rank.keyboard_ranks])) > 0) void this.emitPlayer(id)
        }
      ]
    ]
    const selected = tasks.filter(([name]) => wanted(name))
    for (const [name] of selected) attempts[name] = { refreshing: true, error: attempts[name].error }
    this.deps.emit(this.view(id))
    const outcomes: Record<string, string> = {}
    await Promise.all(
      selected.map(async ([name, run]) => {
        try {
          await run()
          attempts[name] = { refreshing: false, error: null }
          outcomes[name] = 'ok'
        } catch (error) {
          attempts[name] = { refreshing: false, error: toErrorData(error) }
          outcomes[name] = attempts[name].error!.code
        }
        this.deps.emit(this.view(id))
      })
    )
    this.deps.logger?.info({ accountId: id, panels: outcomes }, 'sync finished')
    const view = this.view(id)
    if (view.offline) this.#scheduleRetry(id)
    return view
  }

  /** Adds records to the kept history (deduplicated); returns how many were new. An import's are listed with it. */
  async remember(id: string, records: readonly KeptRecord[], origin?: PlayOrigin): Promise<number> {
    const added = await this.cache(id).remember(records, origin)
    if (added > 0) this.#changed(id)
    return added
  }

  /** As `remember`, for plays an import gives as the log's ready lines (a big import matched off the main thread). */
  async rememberLines(id: string, batch: RecordLines, folded: FoldedPlays | undefined, source: ImportSource): Promise<number> {
    const added = await this.cache(id).rememberLines(batch, folded, source)
    if (added > 0) this.#changed(id)
    return added
  }

  #changed(id: string): void {
    this.deps.emit(this.view(id))
    void this.emitPlayer(id)
  }

  /**
   * Hides plays (or shows them again): they stay kept and leave every figure (the bests, sessions, goals…). Resolves
   * once the bests are sent and the play log's followers have the change.
   */
  async hide(id: string, plays: readonly PlayPointer[], hidden: boolean, why: string | null = null) {
    this.#record(id)
    const outcome = await this.cache(id).hide(plays, hidden, why)
    if (outcome.changed) await this.emitPlayer(id)
    return outcome
  }

  /** Marks read back from a history file, where the record has none; returns how many were applied. */
  async restoreMarks(id: string, marks: RestoredMarks): Promise<number> {
    this.#record(id)
    const applied = await this.cache(id).restoreMarks(marks)
    if (applied) await this.emitPlayer(id)
    return applied
  }

  /** Takes an import back: the plays it added leave the record (but those the service reported). */
  async undoImport(id: string, importId: string): Promise<{ removed: number; kept: number }> {
    this.#record(id)
    const outcome = await this.cache(id).undoImport(importId)
    this.deps.emit(this.view(id))
    await this.emitPlayer(id)
    return outcome
  }

  /** Puts back what an import taken back had added. */
  async redoImport(id: string, importId: string): Promise<{ added: number }> {
    this.#record(id)
    const outcome = await this.cache(id).redoImport(importId)
    this.#changed(id)
    return outcome
  }

  /** The kept plays that count (those the player hid left out): what figures are computed from. */
  async countedPlays(id: string): Promise<KeptRecord[]> {
    this.#record(id)
    return this.cache(id).countedRecords()
  }

  /** The kept history as the log's lines, read but not decoded. */
  async keptLines(id: string): Promise<Buffer> {
    this.#record(id)
    return this.cache(id).keptLines()
  }

  #scheduleRetry(id: string): void {
    const delay = this.deps.retryAfterMs === undefined ? 60_000 : this.deps.retryAfterMs
    if (delay === null || this.#retryTimers.has(id)) return
    const timer = setTimeout(() => {
      this.#retryTimers.delete(id)
      if (this.deps.accounts.get(id)) void this.sync(id).catch(() => {})
    }, delay)
    timer.unref?.()
    this.#retryTimers.set(id, timer)
  }

  async history(id: string): Promise<KeptRecord[]> {
    this.#record(id)
    return (await this.cache(id).records()).records
  }

  /** Sends the player's bests and counts (failures to read them were already reported as notices). */
  async emitPlayer(id: string): Promise<void> {
    if (!this.deps.accounts.get(id) || !this.deps.emitPlayer) return
    try {
      this.deps.emitPlayer(await this.cache(id).player(id))
    } catch (error) {
      this.deps.logger?.warn({ accountId: id, error }, 'reading the personal bests failed')
    }
  }

  /** Reality over time; with `since`, only from then on (and the point just before, where the change starts). */
  realityHistory(id: string, since?: string) {
    this.#record(id)
    return realityPoints(this.cache(id).history(), since === undefined ? undefined : Date.parse(since))
  }

  /** The nickname submissions kept in the account's cache, newest first. */
  readonly nicknameSubmissions: NicknameSubmissions = {
    list: (id) => this.cache(id).read().nicknameSubmissions,
    record: (id, at) => void this.cache(id).update((doc) => ({ nicknameSubmissions: [at, ...doc.nicknameSubmissions].slice(0, 20) })),
    drop: (id, at) => void this.cache(id).update((doc) => ({ nicknameSubmissions: doc.nicknameSubmissions.filter((s) => s !== at) })),
    note: (id, outcome) => {
      this.cache(id).update(() => ({
        ...(outcome.exhaustedAt !== undefined ? { nicknameExhaustedAt: outcome.exhaustedAt } : {}),
        ...(outcome.refused !== undefined ? { nicknameRefused: outcome.refused } : {})
      }))
      this.deps.emit(this.view(id))
    }
  }

  async forget(id: string): Promise<void> {
    await this.cache(id).clear()
    this.#caches.delete(id)
    this.#attempts.delete(id)
    clearTimeout(this.#retryTimers.get(id))
    this.#retryTimers.delete(id)
  }

  /** Resolves when every account cache has written what it holds. */
  async flush(): Promise<void> {
    await Promise.all([...this.#caches.values()].map((c) => c.flush()))
  }

  dispose(): void {
    for (const timer of this.#retryTimers.values()) clearTimeout(timer)
    this.#retryTimers.clear()
  }
}
