import type { Language, Settings } from '../../shared/settings'
import type { SessionCard, SessionsState, SessionSummary } from '../../shared/sessions'
import { AppError } from '../../shared/errors'
import type { LogChange } from '../kernel/signals'
import type { HistoryDoc } from '../cache/history'
import type { Logger } from '../logging/logger'
import type { Messages } from '../i18n'
import type { Clock, FileSystem } from '../ports'
import type { LocalDataHealth } from '../storage/local-data'
import { AccountSessions } from './account-sessions'
import type { ComputeReply, ComputeRequest } from './compute'
import { cardOf, type RealitySnapshot } from './looking-back'
import { LatestWriter } from './marks'
import { endsAt, sessionNotice, sessionToTell } from './notify'
import { hiddenCount } from './play-table'

export interface SessionsServiceDeps {
  files: FileSystem
  dataDir: string
  health: LocalDataHealth
  clock: Clock
  /** The account's play log (its lines) and its rank snapshots. */
  history(accountId: string): {
    keptSlice(from: number, to?: number): Promise<Uint8Array>
    keptLength(): Promise<number>
    history(): HistoryDoc
    /** The player's marks: which plays are hidden, and the fingerprint of that set. */
    marks: { hiddenKeys(): ReadonlySet<string>; hiddenDigest(): string }
  }
  isSignedIn(accountId: string): boolean
  settings(): Pick<Settings, 'sessions' | 'realityDigits'>
  messages(): Messages
  /** The UI language, for the numbers in a notification. */
  language(): Language
  /** The chart list's constants by chart id. */
  constants(): Record<string, number>
  compute(request: ComputeRequest): Promise<ComputeReply>
  emit(state: SessionsState): void
  notify(title: string, body: string, accountId: string): void
  logger?: Logger
}

const snapshotsOf = new WeakMap<HistoryDoc['snapshots'], RealitySnapshot[]>()

/** The kept rank snapshots as instants and chart ids (read once per version of the history). */
function realitySnapshots(doc: HistoryDoc): RealitySnapshot[] {
  let list = snapshotsOf.get(doc.snapshots)
  if (!list) {
    const ids = (indices: number[]) => indices.map((i) => doc.charts[i] ?? '?')
    list = doc.snapshots
      .map((s) => ({
        at: Date.parse(s.at),
        touch: s.touch,
        keyboard: s.keyboard,
        best: { touch: ids(s.touchBest), keyboard: ids(s.keyboardBest) }
      }))
      .filter((s) => Number.isFinite(s.at))
      .sort((a, b) => a.at - b.at)
    snapshotsOf.set(doc.snapshots, list)
  }
  return list
}

/**
 * Every signed-in account's sessions: computed when first asked for (or when plays arrive), kept up to
 * date as the play log changes, sent as `sessions:changed`; a session that ended is told once in a
 * notification (when the setting is on).
 */
export class SessionsService {
  readonly #accounts = new Map<string, AccountSessions>()
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>>()
  readonly #writer: LatestWriter
  #version = 0

  constructor(private readonly deps: SessionsServiceDeps) {
    this.#writer = new LatestWriter(deps.files, (error) => deps.logger?.warn({ error }, 'writing sessions failed'))
  }

  #gapMs = () => this.deps.settings().sessions.gapMinutes * 60_000

  account(id: string): AccountSessions {
    if (!this.deps.isSignedIn(id)) throw AppError.of('not_found', 'That account is not signed in.')
    let account = this.#accounts.get(id)
    if (!account) this.#accounts.set(id, (account = this.#open(id)))
    return account
  }

  #open(id: string): AccountSessions {
    const history = this.deps.history(id)
    return new AccountSessions(id, {
      files: this.deps.files,
      dataDir: this.deps.dataDir,
      health: this.deps.health,
      now: () => this.deps.clock.now(),
      logLength: () => history.keptLength(),
      lines: (from, to) => history.keptSlice(from, to),
      snapshots: () => realitySnapshots(history.history()),
      constants: () => this.deps.constants(),
      gapMs: this.#gapMs,
      compute: (request) => this.deps.compute(request),
      writer: this.#writer,
      hidden: () => ({ keys: history.marks.hiddenKeys(), digest: history.marks.hiddenDigest() })
    })
  }

  /** Computes the account's sessions (once), then sends them. */
  async load(id: string): Promise<void> {
    const account = this.account(id)
    if (account.status === 'computing') this.deps.emit(this.state(id))
    try {
      await account.load()
    } catch (error) {
      this.deps.logger?.warn({ accountId: id, error }, 'computing sessions failed')
    }
    this.#after(id)
  }

  /** The play log changed: sessions follow (an account not computed yet is computed now, for its notifications). */
  async logChanged(id: string, change: LogChange): Promise<void> {
    if (!this.deps.isSignedIn(id)) return
    const account = this.account(id)
    try {
      // Both asked for at once, in order: whoever asks for the sessions from now on gets them with this change.
      await Promise.all([account.load(), account.added(change)])
    } catch (error) {
      this.deps.logger?.warn({ accountId: id, error }, 'updating sessions failed')
    }
    this.#after(id)
  }

  /** The account's sessions with every change of its play log asked for so far. */
  async #current(id: string): Promise<AccountSessions> {
    const account = this.account(id)
    await account.load()
    await account.flush()
    return account
  }

  /** After every change: send the state, tell a session that ended, and look again when the open one would end. */
  #after(id: string): void {
    if (!this.#accounts.has(id) || !this.deps.isSignedIn(id)) return
    this.deps.emit(this.state(id))
    this.#tell(id)
  }

  /** Tells the session that ended since the last look (once), and looks again when the open one would end. */
  #tell(id: string): void {
    const account = this.#accounts.get(id)
    if (!account || account.status !== 'ready' || !this.deps.isSignedIn(id)) return
    const now = this.deps.clock.now()
    const sessions = account.sessions()
    const mark = account.marks.notify
    const told = sessionToTell(account.marks, sessions, now)
    if (account.marks.notify !== mark) account.saveMarks()
    const settings = this.deps.settings()
    if (told && settings.sessions.notify) {
      const k = sessions.indexOf(told)
      const card = cardOf(
        told,
        sessions[k - 1]?.end ?? null,
        sessions[k + 1]?.start ?? null,
        realitySnapshots(this.deps.history(id).history())
      )
      const { title, body } = sessionNotice(card, this.deps.messages(), settings.realityDigits, this.deps.language())
      this.deps.notify(title, body, id)
    }
    clearTimeout(this.#timers.get(id))
    const next = endsAt(account.marks, sessions, now)
    if (next === null) return
    const timer = setTimeout(() => this.#tell(id), next - now + 1000)
    timer.unref?.()
    this.#timers.set(id, timer)
  }

  state(id: string): SessionsState {
    const account = this.account(id)
    const sessions = account.sessions()
    return {
      accountId: id,
      version: ++this.#version,
      status: account.status,
      count: sessions.length,
      plays: account.columns.count - hiddenCount(account.columns),
      hidden: hiddenCount(account.columns),
      untimed: account.marks.untimed,
      autoplay: account.columns.autoplay,
      gapMinutes: Math.round(account.marks.gapMs / 60_000),
      since: account.status === 'ready' ? account.since() : null,
      peaks: account.peaks()
    }
  }

  async list(id: string): Promise<SessionCard[]> {
    const account = await this.#current(id)
    return account.cards()
  }

  async summary(id: string, sessionId: string): Promise<SessionSummary> {
    const account = await this.#current(id)
    const summary = account.summary(sessionId)
    if (!summary) throw AppError.of('not_found', 'That session is no longer there: the list was updated. Open it again from the list.')
    return summary
  }

  /** The player looked at what changed: the mark moves to now. */
  async look(id: string): Promise<void> {
    const account = await this.#current(id)
    account.look()
    this.deps.emit(this.state(id))
  }

  /** Plays the last import of the game's data.db left out for want of a usable time. */
  untimed(id: string, count: number): void {
    const account = this.account(id)
    account.marks.untimed = count
    account.saveMarks()
    this.deps.emit(this.state(id))
  }

  /** A new gap or chart list: every account computed so far is computed again. */
  async recomputeAll(): Promise<void> {
    for (const [id, account] of this.#accounts) {
      if (!this.deps.isSignedIn(id)) continue
      await account.recomputeAll().catch((error: unknown) => this.deps.logger?.warn({ accountId: id, error }, 'computing sessions failed'))
      this.#after(id)
    }
  }

  readonly #snapshotCounts = new Map<string, number>()

  /**
   * A sync sent the account's data: a session may have ended meanwhile (told now), and new rank snapshots move
   * Reality before and after, "since last time" and the peaks (the state is sent again).
   */
  synced(id: string, snapshots: number): void {
    const seen = this.#snapshotCounts.get(id)
    this.#snapshotCounts.set(id, snapshots)
    if (!this.#accounts.has(id) || !this.deps.isSignedIn(id)) return
    if (seen !== undefined && seen !== snapshots) this.deps.emit(this.state(id))
    this.#tell(id)
  }

  /** The account signs out and asks to be forgotten: its sessions' files go too. */
  async forget(id: string): Promise<void> {
    clearTimeout(this.#timers.get(id))
    this.#timers.delete(id)
    const account = this.#accounts.get(id) ?? this.#open(id)
    this.#accounts.delete(id)
    await this.#writer.flush()
    await account.remove()
  }

  async dispose(): Promise<void> {
    for (const timer of this.#timers.values()) clearTimeout(timer)
    this.#timers.clear()
    await Promise.all([...this.#accounts.values()].map((a) => a.flush()))
    await this.#writer.flush()
  }
}
