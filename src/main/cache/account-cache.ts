import { join } from 'node:path'
import { z } from 'zod'
import type { PlayerStats } from '../../shared/player'
import { CurrentUserProfile, KeptRecord, RankData, RecentPlays, SaveInfo, ScoreRecord } from '../../shared/api'
import type { FileSystem } from '../ports'
import { quarantine, readOwnedJson, type LocalDataHealth } from '../storage/local-data'
import { emptyHistory, MAX_RECORDS, type HistoryDoc } from './history'
import { BestsIndex, type FoldedPlays } from './bests'
import { decodeLines, RecordLog, type RecordLines } from './record-log'
import type { LogChange } from '../kernel/signals'

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

/**
 * One account's data on this computer, in the app's data folder: the latest data
 * (`cache-<id>.json`), Reality snapshots (`history-<id>.json`) and every play seen (a RecordLog).
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
    /** Told of every change of the play log, in order (sessions follow it). */
    private readonly onLog: (change: LogChange) => void = () => {}
  ) {
    const safe = accountId.replace(/[^A-Za-z0-9_-]/g, '_')
    this.#docPath = join(dataDir, `cache-${safe}.json`)
    this.#historyPath = join(dataDir, `history-${safe}.json`)
    this.#legacyRecordsPath = join(dataDir, `records-${safe}.json`)
    this.log = new RecordLog(files, join(dataDir, `records-${safe}.jsonl`), join(dataDir, `records-${safe}.idx`), health)
    this.bests = new BestsIndex(join(dataDir, `bests-${safe}.json`), this.log, health, (path, content) => this.#write(path, content))
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
   * no play is folded into them twice.
   */
  remember(records: readonly KeptRecord[]): Promise<number> {
    return this.#oneAtATime(async () => {
      const fresh = await this.log.add(records)
      await this.bests.add(fresh)
      if (fresh.length) this.onLog({ kind: 'records', records: fresh, logBytes: await this.log.byteLength() })
      return fresh.length
    })
  }

  /**
   * As `remember`, for plays given as the log's ready lines (a big import, read and matched on a
   * worker), with their bests folded there. Those bests are used when the log took every line (it
   * does, but for a play added meanwhile); else the lines it took are folded here.
   */
  rememberLines(batch: RecordLines, folded?: FoldedPlays): Promise<number> {
    return this.#oneAtATime(async () => {
      const added = await this.log.addLines(batch)
      if (folded && added.count === batch.hashes.length) await this.bests.addFolded(folded)
      else await this.bests.add((await decodeLines(added.text)).records)
      if (added.count) this.onLog({ kind: 'lines', text: added.text, logBytes: await this.log.byteLength() })
      return added.count
    })
  }

  #oneAtATime(add: () => Promise<number>): Promise<number> {
    const work = this.#remembering.then(async () => {
      await this.#importLegacy()
      await this.bests.load()
      const added = await add()
      if (added > 0) this.#grew()
      return added
    })
    this.#remembering = work.catch(() => {})
    return work
  }

  #grew(): void {
    this.history().recordCount = this.log.count
    this.#saveHistoryFile()
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
    await Promise.all([this.#docPath, this.#historyPath, this.bests.path].map((p) => this.files.rm(p, { force: true })))
    await this.log.clear()
    this.bests.reset()
    this.#doc = null
    this.#history = null
  }
}
