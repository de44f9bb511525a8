import { createHash } from 'node:crypto'
import { join } from 'node:path'
import type { KeptRecord } from '../../shared/api'
import type { HiddenChange, LogChange } from '../kernel/signals'
import { playKey } from '../../shared/record-keys'
import type { SessionCard, SessionSummary, SinceLastTime } from '../../shared/sessions'
import type { FileSystem } from '../ports'
import { isErrno } from '../platform-node/io'
import type { LocalDataHealth } from '../storage/local-data'
import type { ComputeReply, ComputeRequest } from './compute'
import { SessionFold, type Boundary, type FoldedSession, type FoldOptions } from './fold'
import { cardsOf, firstAfter, markState, peaksOf, sinceLastTime, type MarkState, type RealitySnapshot } from './looking-back'
import { LatestWriter, marksText, readMarks, type Marks } from './marks'
import {
  ColumnsBuilder,
  columnsOf,
  decodeColumns,
  emptyColumns,
  encodeColumns,
  markAllHidden,
  markHidden,
  sortedByTime,
  type PlayColumns
} from './play-table'
import { foldBefore, sessionSummary } from './summary'

export interface AccountSessionsDeps {
  files: FileSystem
  dataDir: string
  health: LocalDataHealth
  now(): number
  /** The account's play log: its length, and its lines from byte `from` (to `to`, or its end). */
  logLength(): Promise<number>
  lines(from: number, to?: number): Promise<Uint8Array>
  snapshots(): RealitySnapshot[]
  constants(): Record<string, number>
  gapMs(): number
  compute(request: ComputeRequest): Promise<ComputeReply>
  writer: LatestWriter
  /** The plays the player hid (their keys) and the fingerprint of that set (record-marks.ts). */
  hidden(): { keys: ReadonlySet<string>; digest: string }
}

/** The log's first bytes identify it: a rewritten log (compaction) starts differently, and the kept columns no longer apply. */
const HEAD_BYTES = 4096
const headOf = (bytes: Uint8Array, length: number) =>
  createHash('sha256')
    .update(bytes.subarray(0, Math.min(length, bytes.length)))
    .digest('hex')

/**
 * One account's sessions, kept up to date as plays arrive. The plays sessions need are kept as columns
 * (`sessions-<id>.plays`, up to date with the play log's length, rebuilt from the log when they are not);
 * a whole computation (at start, after older plays arrived, a new gap) runs through `compute` (a worker in
 * the app); a batch of newer plays is folded here in what it costs.
 */
export class AccountSessions {
  readonly #marksPath: string
  readonly #columnsPath: string
  #marks: Marks | null = null
  #marksWritable = true
  #builder = new ColumnsBuilder(emptyColumns(0))
  #fold: SessionFold | null = null
  #covered = 0
  #head = { hash: headOf(new Uint8Array(0), 0), length: 0 }
  #then: { at: number; state: MarkState } | null = null
  #work: Promise<unknown> = Promise.resolve()
  #loaded: Promise<void> | null = null
  status: 'computing' | 'ready' | 'error' = 'computing'
  unreadable = 0

  constructor(
    accountId: string,
    private readonly deps: AccountSessionsDeps
  ) {
    const safe = accountId.replace(/[^A-Za-z0-9_-]/g, '_')
    this.#marksPath = join(deps.dataDir, `sessions-${safe}.json`)
    this.#columnsPath = join(deps.dataDir, `sessions-${safe}.plays`)
  }

  get columns(): PlayColumns {
    return this.#builder.columns
  }

  get marks(): Marks {
    return (this.#marks ??= this.#readMarks())
  }

  #readMarks(): Marks {
    const read = readMarks(this.#marksPath, this.deps.health, this.deps.gapMs())
    this.#marksWritable = read.writable
    return read.marks
  }

  #options(boundaries: readonly Boundary[] = []): FoldOptions {
    const constants = this.deps.constants()
    return { gapMs: this.marks.gapMs, boundaries, constant: (id) => constants[id] }
  }

  /** One change at a time, in the order asked. */
  #serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#work.then(work)
    this.#work = run.catch(() => {})
    return run
  }

  /** Computes the sessions once (from the kept columns and the log); later calls wait for that. */
  load(): Promise<void> {
    this.#loaded ??= this.#serial(() => this.#fromLog())
    return this.#loaded
  }

  async #fromLog(): Promise<void> {
    const size = await this.deps.logLength()
    const first = await this.deps.lines(0, Math.min(HEAD_BYTES, size))
    const kept = await this.#keptColumns(first, size)
    const base = kept?.columns ?? emptyColumns(0)
    // Columns kept with other plays hidden (a change while this was not listening) are marked again.
    const remarked = kept !== null && kept.hidden !== this.deps.hidden().digest
    if (remarked) markAllHidden(base, this.deps.hidden().keys)
    const tail = await this.deps.lines(kept ? kept.covered : 0, size)
    const head = { length: first.length, hash: headOf(first, HEAD_BYTES) }
    await this.#recompute(base, tail.length ? tail : null)
    this.#covered = size
    this.#head = head
    if (!kept || tail.length || remarked) this.#saveColumns()
    this.#settled()
  }

  /** The first plays the app sees are where the player is: "since last time" starts from them, not from nothing. */
  #settled(): void {
    if (!this.marks.look && this.columns.count) this.look()
  }

  /** The kept columns and the log length they cover, when they belong to this log (`first`: its first bytes); else null. */
  async #keptColumns(first: Uint8Array, size: number): Promise<{ columns: PlayColumns; covered: number; hidden: unknown } | null> {
    let bytes: Buffer
    try {
      bytes = await this.deps.files.readFile(this.#columnsPath)
    } catch (error) {
      if (!(isErrno(error) && error.code === 'ENOENT')) this.deps.health.report(this.#notice('unreadable'))
      return null
    }
    const decoded = decodeColumns(bytes)
    const header = decoded?.header
    const covered = header?.covered
    const head = header?.head
    const length = header?.headLength
    const fits =
      typeof covered === 'number' &&
      typeof length === 'number' &&
      covered <= size &&
      length <= covered &&
      length <= first.length &&
      head === headOf(first, length)
    return decoded && fits ? { columns: decoded.columns, covered, hidden: decoded.header.hidden } : null
  }

  #notice(problem: 'unreadable') {
    return { file: `sessions-…${this.#columnsPath.slice(-12)}`, problem, movedTo: null, detail: 'rebuilt from the play log' }
  }

  /** Sorts and folds every play (on the worker): `base` plus the log lines of `tail`. */
  async #recompute(base: PlayColumns, tail: Uint8Array | null): Promise<void> {
    this.status = 'computing'
    const marks = this.marks
    try {
      const markAt = marks.look?.at ?? null
      const reply = await this.deps.compute({
        base,
        tail,
        gapMs: marks.gapMs,
        boundaries: marks.boundaries,
        constants: this.deps.constants(),
        markAt,
        hidden: [...this.deps.hidden().keys]
      })
      this.unreadable = reply.unreadable
      this.#adopt(reply)
      this.#then = markAt !== null && reply.then ? { at: markAt, state: reply.then } : null
      this.status = 'ready'
    } catch (error) {
      this.status = 'error'
      throw error
    }
  }

  #adopt(reply: ComputeReply): void {
    this.#builder = new ColumnsBuilder(reply.columns)
    const lastAt = reply.state.lastAt
    const later = this.marks.boundaries.filter((b) => b.start > lastAt)
    reply.state.boundary = 0
    this.#fold = new SessionFold(this.#builder.columns, this.#options(later), reply.state)
    this.#then = null
    this.#keepBoundaries(later)
  }

  /** Every boundary shown now is kept: a later import of older plays never merges the sessions on either side. */
  #keepBoundaries(later: readonly Boundary[] = []): void {
    this.marks.boundaries = [...(this.#fold?.boundaries() ?? []), ...later]
    this.saveMarks()
  }

  saveMarks(): void {
    if (this.#marksWritable) this.deps.writer.write(this.#marksPath, () => marksText(this.marks))
  }

  #saveColumns(): void {
    const extra = { covered: this.#covered, head: this.#head.hash, headLength: this.#head.length, hidden: this.deps.hidden().digest }
    this.deps.writer.write(this.#columnsPath, () => encodeColumns(this.columns, extra))
  }

  /** Plays the log just took: newer ones are folded on; older ones (or a big import) make a whole computation. */
  added(change: LogChange): Promise<void> {
    return this.#serial(async () => {
      if (!this.#loaded || !this.#fold) return
      if (change.kind === 'rewritten') return this.#rebuild()
      if (change.kind === 'hidden') return this.#hiddenChanged(change.plays)
      if (change.logBytes <= this.#covered) return
      if (change.kind === 'lines') await this.#recompute(this.columns, change.text)
      else if (!this.#foldNewer(change.records)) await this.#recompute(this.#withRecords(change.records), null)
      this.#covered = change.logBytes
      if (this.#head.length < HEAD_BYTES) this.#head = await this.#headNow()
      this.#saveColumns()
      this.#settled()
    })
  }

  /** Plays hidden or shown again: they keep their place, and every session from theirs on is folded again. */
  async #hiddenChanged(plays: readonly HiddenChange[]): Promise<void> {
    if (markHidden(this.columns, plays) === 0) return
    await this.#recompute(this.columns, null)
    this.#saveColumns()
  }

  async #headNow(): Promise<{ hash: string; length: number }> {
    const first = await this.deps.lines(0, HEAD_BYTES)
    return { length: first.length, hash: headOf(first, HEAD_BYTES) }
  }

  async #rebuild(): Promise<void> {
    await this.deps.files.rm(this.#columnsPath, { force: true })
    this.#covered = 0
    await this.#fromLog()
  }

  #withRecords(records: readonly KeptRecord[]): PlayColumns {
    const builder = new ColumnsBuilder(emptyColumns(this.columns.count + records.length))
    builder.append(this.columns)
    const hidden = this.deps.hidden().keys
    for (const r of records) builder.add(r, hidden.has(playKey(r)))
    return builder.columns
  }

  /** Folds records that all come after every play folded so far; false (nothing done) when one does not. */
  #foldNewer(records: readonly KeptRecord[]): boolean {
    const hidden = this.deps.hidden().keys
    const batch = sortedByTime(columnsOf(records, (r) => hidden.has(playKey(r))))
    const fold = this.#fold!
    if (batch.count && batch.at[0]! < fold.state.lastAt) return false
    const from = this.columns.count
    this.#builder.append(batch)
    fold.pushFrom(from)
    this.#keepBoundaries()
    return true
  }

  /** A new gap or chart list: everything computed again from the plays held. */
  recomputeAll(): Promise<void> {
    return this.#serial(async () => {
      if (!this.#fold) return
      this.#marks = this.#readMarks()
      await this.#recompute(this.columns, null)
    })
  }

  sessions(): FoldedSession[] {
    return this.#fold?.sessions() ?? []
  }

  cards(): SessionCard[] {
    return cardsOf(this.sessions(), this.deps.snapshots())
  }

  summary(id: string): SessionSummary | null {
    const sessions = this.sessions()
    const k = sessions.findIndex((s) => String(s.start) === id)
    if (k === -1) return null
    const card = cardsOf(sessions, this.deps.snapshots())[k]!
    return sessionSummary(this.columns, sessions[k]!, card, this.#options())
  }

  /** The player looked: what they saw is the mark now (the bests as they stand are where "since" starts). */
  look(): void {
    const count = this.columns.count
    const at = count ? this.columns.at[count - 1]! : 0
    this.marks.look = { at, lookedAt: this.deps.now() }
    this.#then = this.#fold ? { at, state: markState(this.#fold.state) } : null
    this.saveMarks()
  }

  since(): SinceLastTime | null {
    const look = this.marks.look
    if (!look || !this.#fold || firstAfter(this.columns, look.at) >= this.columns.count) return null
    if (this.#then?.at !== look.at) {
      const fold = foldBefore(this.columns, firstAfter(this.columns, look.at), this.#options())
      this.#then = { at: look.at, state: fold.state }
    }
    return sinceLastTime(this.columns, this.sessions(), look, this.#then.state, this.#fold.state, this.deps.snapshots())
  }

  peaks() {
    return peaksOf(this.deps.snapshots(), this.sessions())
  }

  async flush(): Promise<void> {
    await this.#work
  }

  async remove(): Promise<void> {
    await this.#work
    await Promise.all([this.#marksPath, this.#columnsPath].map((p) => this.deps.files.rm(p, { force: true })))
  }
}
