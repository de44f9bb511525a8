import { join } from 'node:path'
import { z } from 'zod'
import type { PlayerStats } from '../../shared/player'
import { CurrentUserProfile, KeptRecord, RankData, RecentPlays, SaveInfo, ScoreRecord } from '../../shared/api'
import { AppError } from '../../shared/errors'
import { parseRfc3339 } from '../../shared/timestamps'
import type { FileSystem } from '../ports'
import { quarantine, readOwnedJson, type LocalDataHealth } from '../storage/local-data'
import { emptyHistory, MAX_RECORDS, type HistoryDoc } from './history'
import { BestsIndex, type FoldedPlays } from './bests'
import { decodeLines, keyHash, pickLines, recordKey, RecordLog, type RecordLines } from './record-log'
import type { LogChange } from '../kernel/signals'
import type { HiddenMark, ImportSource, PlayPointer, SessionNote, SessionNotePatch } from '../../shared/record'
import type { PlayRef } from '../../shared/record-keys'
import { RecordMarks } from './record-marks'
import { ImportKeys } from './record-imports'
import { countedChange, importId, resolvePlays } from './record-changes'

const Entry = <T extends z.ZodType>(value: T) => z.object({ value, fetchedAt: z.number() }).nullable().default(null)

/** Recent plays as earlier builds kept them (a bare array) read as the current shape. */
const KeptRecent = z.union([RecentPlays, z.array(ScoreRecord).transform((data) => ({ data, skipped: 0, scoreTooHigh: 0 }))])

/** The per-account offline cache. Bump CURRENT and add a migration when this shape changes. */
export const CacheDocV1 = z.object({
  schemaVersion: z.literal(1),
  profile: Entry(CurrentUserProfile),
  avatar: z.object({ url: z.string(), dataUrl: z.string() }).nullable().default(null),
  save: Entry(SaveInfo.extend({ meta: z.record(z.string(), z.unknown()).optional() })),
  recent: Entry(KeptRecent),
  rank: Entry(RankData),
  nicknameSubmissions: z.array(z.string()).default([]),
  /** When the service last said the account has no cloud save yet (then `save` is null). */
  noCloudSaveAt: z.number().nullable().default(null),
  /** When the service last said no change opportunity is left (StaminaNotEnough). */
  nicknameExhaustedAt: z.string().nullable().default(null),
  /** The credential was refused the nickname change for its permissions (a User Token without `user`). */
  nicknameRefused: z.boolean().default(false)
})
export type CacheDoc = z.infer<typeof CacheDocV1>
export const CURRENT_SCHEMA = 1

/** Migrations from each older version to the next, applied in order on read. */
export const MIGRATIONS: Record<number, (doc: Record<string, unknown>) => Record<string, unknown>> = {
  // 0: the unversioned shape of early builds had the same fields without a version.
  0: (doc) => ({ ...doc, schemaVersion: 1 })
}

/** The cache file is `{ doc }` (the shape electron-store wrote before this file was the app's own). */
const CacheFile = z.object({ doc: z.record(z.string(), z.unknown()) })

const SnapshotFile = z.object({
  schemaVersion: z.literal(1),
  recordCount: z.number().int().min(0),
  charts: z.array(z.string()),
  snapshots: z.array(
    z.object({ at: z.string(), touch: z.number(), keyboard: z.number(), touchBest: z.array(z.number()), keyboardBest: z.array(z.number()) })
  )
})

/** The file of earlier builds that held every kept play in one JSON document. */
const LegacyRecords = z.object({ records: z.array(z.unknown()) })

export function migrate(raw: unknown): CacheDoc | 'newer' | null {
  if (typeof raw !== 'object' || raw === null) return null
  let doc = raw as Record<string, unknown>
  let version = typeof doc.schemaVersion === 'number' ? doc.schemaVersion : 0
  if (version > CURRENT_SCHEMA) return 'newer'
  while (version < CURRENT_SCHEMA) {
    const step = MIGRATIONS[version]
    if (!step) return null
    doc = step(doc)
    version++
  }
  const parsed = CacheDocV1.safeParse(doc)
  return parsed.success ? parsed.data : null
}

function emptyDoc(): CacheDoc {
  return CacheDocV1.parse({ schemaVersion: 1 })
}

const refOf = ({ chart_id, played_at, score }: PlayRef): PlayRef => ({ chart_id, played_at, score })

/** A kept play with the player's marks on it, as a history file and the CLI's JSON carry them. */
export type MarkedRecord = KeptRecord & {
  hidden: boolean
  hidden_at: string | null
  hidden_why: string | null
  note: string | null
  starred: boolean
}

/** Marks read back from a history file, for the plays they name. */
export interface RestoredMarks {
  hidden: { play: PlayRef; mark: HiddenMark }[]
  plays: { play: PlayRef; note: string | null; starred: boolean; at: string }[]
  sessions: [string, SessionNote][]
}

/** Where plays come from: the service (a sync), or an import (kept in the list of imports, and can be taken back). */
export type PlayOrigin = { kind: 'service' } | { kind: 'import'; source: ImportSource }
const SERVICE: PlayOrigin = { kind: 'service' }

export interface AccountCacheOptions {
  now?: () => number
  /** Told when the player's marks (hidden plays, notes, stars, the imports) changed. */
  onMarks?: () => void
}

/**
 * One account's data on this computer, in the app's data folder: the latest data
 * (`cache-<id>.json`), Reality snapshots (`history-<id>.json`) and every play seen (a RecordLog),
 * with the player's own marks on it (`marks-<id>.json`: hidden plays, notes, stars, imports).
 * Every file is read as untrusted input: a damaged one is moved aside and the account starts
 * from what could be read; a file that cannot be read is never written; a cache written by a
 * newer build is read-only. Writes are atomic, asynchronous and coalesced; memory is the truth.
 */
export class AccountCache {
  readonly #docPath: string
  readonly #historyPath: string
  readonly #legacyRecordsPath: string
  readonly log: RecordLog
  readonly bests: BestsIndex
  readonly marks: RecordMarks
  readonly imports: ImportKeys
  readonly #now: () => number
  readonly #onMarks: () => void
  #doc: CacheDoc | null = null
  #history: (HistoryDoc & { recordCount: number }) | null = null
  readonly #writable = { doc: true, history: true }
  readonly #writes = new Map<string, { running: Promise<void>; again: boolean }>()
  #legacyImported: Promise<void> | null = null
  #remembering: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly files: FileSystem,
    dataDir: string,
    accountId: string,
    private readonly health: LocalDataHealth,
    private readonly onWriteError: (error: unknown) => void = () => {},
    /** Told of every change of the play log, in order (sessions follow it); what it returns is waited for where it matters. */
    private readonly onLog: (change: LogChange) => unknown = () => {},
    options: AccountCacheOptions = {}
  ) {
    const safe = accountId.replace(/[^A-Za-z0-9_-]/g, '_')
    this.#docPath = join(dataDir, `cache-${safe}.json`)
    this.#historyPath = join(dataDir, `history-${safe}.json`)
    this.#legacyRecordsPath = join(dataDir, `records-${safe}.json`)
    this.#now = options.now ?? Date.now
    this.#onMarks = options.onMarks ?? (() => {})
    const write = (path: string, content: () => string) => this.#write(path, content)
    this.log = new RecordLog(files, join(dataDir, `records-${safe}.jsonl`), join(dataDir, `records-${safe}.idx`), health)
    this.marks = new RecordMarks(join(dataDir, `marks-${safe}.json`), health, write)
    this.imports = new ImportKeys(files, join(dataDir, `imports-${safe}`))
    this.bests = new BestsIndex(join(dataDir, `bests-${safe}.json`), this.log, health, write, this.marks)
  }

  read(): CacheDoc {
    if (this.#doc) return this.#doc
    const file = readOwnedJson(this.#docPath, CacheFile, this.health)
    this.#writable.doc = file.writable
    const migrated = file.value ? migrate(file.value.doc) : null
    // A cache from a newer build is left as it is; one in no known shape is moved aside.
    if (migrated === 'newer') this.#writable.doc = false
    else if (file.value && migrated === null)
      this.#writable.doc = quarantine(this.#docPath, this.health, 'the cached data is not in a known shape')
    this.#doc = migrated && migrated !== 'newer' ? migrated : emptyDoc()
    return this.#doc
  }

  /**
   * Replaces the fields `change` returns. A doc already read is never written into, so a view of it
   * stays as it was; and the rest of the doc is shared, not copied (a deep copy per panel per sync,
   * avatar image included, was most of a month's garbage in the soak).
   */
  update(change: (doc: Readonly<CacheDoc>) => Partial<CacheDoc>): CacheDoc {
    const current = this.read()
    const doc: CacheDoc = { ...current, ...change(current) }
    this.#doc = doc
    if (this.#writable.doc) this.#write(this.#docPath, () => JSON.stringify({ doc: this.#doc }))
    return doc
  }

  /** Rank snapshots and the number of kept plays, without reading the plays. */
  history(): HistoryDoc & { recordCount: number } {
    if (!this.#history) {
      const file = readOwnedJson(this.#historyPath, SnapshotFile, this.health)
      this.#writable.history = file.writable
      this.#history = file.value
        ? { charts: file.value.charts, snapshots: file.value.snapshots, recordCount: file.value.recordCount }
        : { ...emptyHistory(), recordCount: 0 }
    }
    return this.#history
  }

  saveHistory(doc: HistoryDoc): void {
    this.#history = { ...doc, recordCount: this.history().recordCount }
    this.#saveHistoryFile()
  }

  #saveHistoryFile(): void {
    if (this.#writable.history) this.#write(this.#historyPath, () => JSON.stringify({ schemaVersion: 1, ...this.#history }))
  }

  /** One write per file at a time; a change made meanwhile is written once after it, with the latest content. */
  #write(path: string, content: () => string): void {
    const current = this.#writes.get(path)
    if (current) {
      current.again = true
      return
    }
    const entry = { running: Promise.resolve(), again: false }
    const run = async (): Promise<void> => {
      do {
        entry.again = false
        try {
          await this.files.writeAtomic(path, content())
        } catch (error) {
          this.onWriteError(error)
        }
      } while (entry.again)
      this.#writes.delete(path)
    }
    entry.running = run()
    this.#writes.set(path, entry)
  }

  /** Plays from the single JSON file earlier builds wrote: moved into the log once, the file renamed after. */
  #importLegacy(): Promise<void> {
    this.#legacyImported ??= (async () => {
      const file = readOwnedJson(this.#legacyRecordsPath, LegacyRecords, this.health)
      if (!file.value) return
      const records = file.value.records.flatMap((r) => {
        const parsed = KeptRecord.safeParse(r)
        return parsed.success ? [parsed.data] : []
      })
      await this.bests.load()
      await this.bests.add(await this.log.importLegacy(records))
      await this.files.rename(this.#legacyRecordsPath, `${this.#legacyRecordsPath}.imported`)
    })()
    return this.#legacyImported
  }

  /**
   * Adds plays to the kept history; returns how many were new. One at a time (a sync's recent and
   * rank arrive together): the bests are read, or rebuilt from the log, before the log grows, so
   * no play is folded into them twice. Plays an import added are listed with it (they can be taken
   * back); plays the service reports are remembered as its own where an import had added them.
   */
  remember(records: readonly KeptRecord[], origin: PlayOrigin = SERVICE): Promise<number> {
    return this.#oneAtATime(async () => {
      const incoming = await this.#notWithdrawn(records, origin)
      const fresh = await this.log.add(incoming)
      await this.bests.add(fresh)
      if (origin.kind === 'service') await this.#seenByService(records, fresh)
      else if (fresh.length)
        await this.#listImport(
          origin.source,
          BigUint64Array.from(fresh, (r) => keyHash(r))
        )
      if (fresh.length) this.onLog({ kind: 'records', records: fresh, logBytes: await this.log.byteLength() })
      return fresh.length
    })
  }

  /**
   * As `remember`, for plays given as the log's ready lines (a big import, read and matched on a
   * worker), with their bests folded there. Those bests are used when the log took every line (it
   * does, but for a play added meanwhile) and none of them is hidden; else the lines it took are folded here.
   */
  rememberLines(batch: RecordLines, folded: FoldedPlays | undefined, source: ImportSource): Promise<number> {
    return this.#oneAtATime(async () => {
      const withdrawn = source.automatic ? await this.#withdrawn() : null
      const lines = withdrawn?.size ? pickLines(batch, (hash) => !withdrawn.has(hash)) : batch
      const added = await this.log.addLines(lines)
      const hidden = this.marks.hiddenHashes()
      const anyHidden = hidden.size > 0 && added.hashes.some((h) => hidden.has(h))
      if (folded && lines === batch && added.count === batch.hashes.length && !anyHidden) await this.bests.addFolded(folded)
      else await this.bests.add((await decodeLines(added.text)).records)
      if (added.count) {
        await this.#listImport(source, added.hashes)
        this.onLog({ kind: 'lines', text: added.text, logBytes: await this.log.byteLength() })
      }
      return added.count
    })
  }

  #oneAtATime(add: () => Promise<number>): Promise<number> {
    return this.#serial(async () => {
      const added = await add()
      if (added > 0) this.#grew()
      return added
    })
  }

  /** One change of the record at a time (plays added, hidden, shown, taken out), after the plays of earlier builds moved in. */
  #serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#remembering.then(async () => {
      await this.#importLegacy()
      await this.bests.load()
      return work()
    })
    this.#remembering = run.catch(() => {})
    return run
  }

  /** An import read as the game's files changed leaves out the plays of imports taken back (a later import asked for adds them). */
  async #notWithdrawn(records: readonly KeptRecord[], origin: PlayOrigin): Promise<readonly KeptRecord[]> {
    if (origin.kind !== 'import' || !origin.source.automatic) return records
    const withdrawn = await this.#withdrawn()
    return withdrawn.size ? records.filter((r) => !withdrawn.has(keyHash(r))) : records
  }

  async #withdrawn(): Promise<Set<bigint>> {
    const undone = this.marks.imports().filter((e) => e.undone !== null)
    const lists = await Promise.all(undone.map((e) => this.imports.keysOf(e.id)))
    return new Set(lists.flatMap((list) => [...list]))
  }

  /** Plays the service reported that the log held already: those an import added are the service's too. */
  async #seenByService(records: readonly KeptRecord[], fresh: readonly KeptRecord[]): Promise<void> {
    const active = this.marks.imports().filter((e) => e.undone === null)
    if (active.length === 0 || records.length === fresh.length) return
    const added = new Set(fresh.map((r) => recordKey(r)))
    const known = records.filter((r) => !added.has(recordKey(r))).map((r) => keyHash(r))
    await this.imports.seen(
      known,
      active.map((e) => e.id)
    )
  }

  async #listImport(source: ImportSource, hashes: BigUint64Array): Promise<void> {
    const at = this.#now()
    const id = importId(at)
    await this.imports.keep(id, hashes)
    const dropped = this.marks.addImport({ id, at: new Date(at).toISOString(), source, count: hashes.length, undone: null })
    for (const entry of dropped) await this.imports.drop(entry.id)
    this.#onMarks()
  }

  /**
   * Hides plays (or shows them again): they stay in the log, and leave the bests (their charts folded again) and
   * every figure that follows the log's changes. Every play named must be kept (else nothing changes). Returns the
   * plays found and how many changed, once the followers of the change have it.
   */
  async hide(pointers: readonly PlayPointer[], hidden: boolean, why: string | null = null): Promise<{ plays: PlayRef[]; changed: number }> {
    const { plays, change } = await this.#serial(async () => {
      const charts = new Set(pointers.map((p) => p.chart_id))
      const kept = await this.log.playsOf(charts)
      const found = resolvePlays(pointers, kept)
      const at = new Date(this.#now()).toISOString()
      const change = await this.#hiddenNow(found, kept, hidden, () => ({ at, why }))
      return { plays: found.map(refOf), change }
    })
    if (change) await this.onLog(change)
    return { plays, changed: change?.plays.length ?? 0 }
  }

  /** Marks found plays hidden (each with its mark) or shown, and folds their charts again; the log's change, or null for none. */
  async #hiddenNow(
    found: readonly KeptRecord[],
    kept: readonly KeptRecord[],
    hidden: boolean,
    markOf: (r: KeptRecord) => HiddenMark
  ): Promise<Extract<LogChange, { kind: 'hidden' }> | null> {
    const keys = found.map((r) => recordKey(r))
    const changedKeys = new Set(hidden ? this.marks.hide(found.map((r, i) => [keys[i]!, markOf(r)])) : this.marks.unhide(keys))
    const changed = found.filter((r, i) => changedKeys.has(keys[i]!))
    if (changed.length === 0) return null
    await this.bests.refold(new Set(changed.map((r) => r.chart_id)), kept, countedChange(changed, hidden))
    this.#onMarks()
    const plays = changed.map((r) => ({ chart_id: r.chart_id, at: parseRfc3339(r.played_at), score: r.score, hidden }))
    return { kind: 'hidden', plays, logBytes: await this.log.byteLength() }
  }

  /**
   * Marks read back from a history file (an export of this app): on the plays the record holds, where the player has
   * none of their own (a mark here is never replaced). Returns how many were applied.
   */
  async restoreMarks(marks: RestoredMarks): Promise<number> {
    const { applied, change } = await this.#serial(async () => {
      const charts = new Set([...marks.hidden, ...marks.plays].map((m) => m.play.chart_id))
      const kept = charts.size ? await this.log.playsOf(charts) : []
      const keyed = new Map(kept.map((r) => [recordKey(r), r]))
      const find = (ref: PlayRef) => keyed.get(recordKey(ref))
      const toHide = marks.hidden.flatMap((m) => {
        const r = find(m.play)
        return r && !this.marks.isHidden(recordKey(r)) ? [{ r, mark: m.mark }] : []
      })
      const byRecord = new Map(toHide.map((h) => [h.r, h.mark]))
      const change = await this.#hiddenNow([...byRecord.keys()], kept, true, (r) => byRecord.get(r)!)
      let applied = change?.plays.length ?? 0
      for (const m of marks.plays) {
        const r = find(m.play)
        if (!r || this.marks.playNote(recordKey(r))) continue
        this.marks.setPlay(recordKey(r), { note: m.note, starred: m.starred }, m.at)
        applied++
      }
      for (const [id, note] of marks.sessions) {
        if (this.marks.session(id)) continue
        this.marks.setSession(id, note)
        applied++
      }
      if (applied) this.#onMarks()
      return { applied, change }
    })
    if (change) await this.onLog(change)
    return applied
  }

  /** A play's note and star (the play must be kept). */
  async setPlay(pointer: PlayPointer, change: { note?: string | null; starred?: boolean }): Promise<PlayRef> {
    return this.#serial(async () => {
      const [play] = resolvePlays([pointer], await this.log.playsOf([pointer.chart_id]))
      this.marks.setPlay(recordKey(play!), change, new Date(this.#now()).toISOString())
      this.#onMarks()
      return refOf(play!)
    })
  }

  setSession(id: string, patch: SessionNotePatch): void {
    this.marks.setSession(id, patch)
    this.#onMarks()
  }

  /**
   * Takes an import back: the plays it added leave the log (kept aside, so it can be put back), but for those the
   * service has reported since. Their charts' bests are folded again; the followers see the log rewritten.
   */
  async undoImport(id: string): Promise<{ removed: number; kept: number }> {
    const outcome = await this.#serial(async () => {
      const entry = this.#importNamed(id)
      if (entry.undone) throw AppError.of('invalid_input', 'That import was taken back already.', { details: { field: 'import' } })
      const keys = await this.imports.keysOf(id)
      const reported = await this.imports.reported()
      const gone = new Set([...keys].filter((h) => !reported.has(h)))
      const removed = await this.log.remove(gone, (lines) => this.imports.keepTaken(id, lines))
      const charts = new Set(removed.map((r) => r.chart_id))
      const hiddenGone = removed.filter((r) => this.marks.isHidden(recordKey(r)))
      const change = countedChange(removed, true)
      await this.bests.refold(charts, await this.log.playsOf(charts), { ...change, hidden: -hiddenGone.length })
      const kept = keys.length - gone.size
      this.marks.setImport(id, { undone: { at: new Date(this.#now()).toISOString(), removed: removed.length, kept } })
      this.#counted()
      this.#onMarks()
      return { removed: removed.length, kept, logBytes: await this.log.byteLength() }
    })
    if (outcome.removed) await this.onLog({ kind: 'rewritten', logBytes: outcome.logBytes })
    return { removed: outcome.removed, kept: outcome.kept }
  }

  /** Puts back the plays an import taken back had added (as they were kept aside). */
  async redoImport(id: string): Promise<{ added: number }> {
    return this.#oneAtATime(async () => {
      const entry = this.#importNamed(id)
      if (!entry.undone) throw AppError.of('invalid_input', 'That import was not taken back.', { details: { field: 'import' } })
      const { records } = await decodeLines(await this.imports.taken(id))
      const fresh = await this.log.add(records)
      await this.bests.add(fresh)
      this.marks.setImport(id, { undone: null })
      await this.imports.dropTaken(id)
      this.#onMarks()
      if (fresh.length) this.onLog({ kind: 'records', records: fresh, logBytes: await this.log.byteLength() })
      return fresh.length
    }).then((added) => ({ added }))
  }

  #importNamed(id: string) {
    const entry = this.marks.importEntry(id)
    if (!entry) throw AppError.of('not_found', 'There is no such import in the list.', { details: { field: 'import' } })
    return entry
  }

  /**
   * Every kept play with the player's marks on it (hidden, when and why; note; star), and the sessions' marks: what
   * a history file holds (an export read back restores them).
   */
  async marked(): Promise<{ records: MarkedRecord[]; unreadable: number; sessionNotes: Record<string, SessionNote> }> {
    const { records, unreadable } = await this.records()
    const marked = records.map((r) => {
      const key = recordKey(r)
      const hidden = this.marks.hiddenMark(key)
      const note = this.marks.playNote(key)
      return {
        ...r,
        hidden: hidden !== undefined,
        hidden_at: hidden?.at ?? null,
        hidden_why: hidden?.why ?? null,
        note: note?.note ?? null,
        starred: note?.starred ?? false
      }
    })
    return { records: marked, unreadable, sessionNotes: this.marks.file().sessions }
  }

  /** The kept plays that count: every play but those the player hid. */
  async countedRecords(): Promise<KeptRecord[]> {
    const { records } = await this.records()
    if (this.marks.hiddenCount === 0) return records
    return records.filter((r) => !this.marks.isHidden(recordKey(r)))
  }

  #counted(): void {
    this.history().recordCount = this.log.count
    this.#saveHistoryFile()
  }

  #grew(): void {
    this.#counted()
    if (this.log.count > MAX_RECORDS * 1.1)
      void this.log
        .compact(MAX_RECORDS)
        .then(() => this.bests.logRewritten())
        .then(async () => this.onLog({ kind: 'rewritten', logBytes: await this.log.byteLength() }))
        .then(() => {
          this.history().recordCount = this.log.count
          this.#saveHistoryFile()
        })
  }

  /** The kept plays as the log's lines (for matching off the main thread). */
  async keptLines(): Promise<Buffer> {
    await this.#importLegacy()
    return this.log.bytes()
  }

  /** Part of the play log (its lines from byte `from` to `to`, or to its end), and its length (sessions read only what they lack). */
  async keptSlice(from: number, to?: number): Promise<Buffer> {
    await this.#importLegacy()
    return this.log.slice(from, to)
  }

  async keptLength(): Promise<number> {
    await this.#importLegacy()
    return this.log.byteLength()
  }

  async records(): Promise<{ records: KeptRecord[]; unreadable: number }> {
    await this.#importLegacy()
    return this.log.all()
  }

  /** Resolves when everything written so far is on disk. */
  async flush(): Promise<void> {
    while (this.#writes.size) await Promise.all([...this.#writes.values()].map((w) => w.running))
  }

  /** The player's personal bests and counts, without reading the play log. */
  async player(accountId: string): Promise<PlayerStats> {
    await this.#importLegacy()
    return this.bests.stats(accountId, this.log.count || this.history().recordCount)
  }

  async clear(): Promise<void> {
    await this.flush()
    await Promise.all([this.#docPath, this.#historyPath, this.bests.path, this.marks.path].map((p) => this.files.rm(p, { force: true })))
    await this.log.clear()
    await this.imports.clear()
    this.bests.reset()
    this.marks.reset()
    this.#doc = null
    this.#history = null
  }
}
