import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { z } from 'zod'
import { CurrentUserProfile, RankData, SaveInfo, ScoreRecord } from '../../shared/api'
import type { OpenStore, KeyValueStore } from '../ports'
import { emptyHistory, type HistoryDoc } from './history'

const Entry = <T extends z.ZodType>(value: T) => z.object({ value, fetchedAt: z.number() }).nullable().default(null)

/** The per-account offline cache. Bump CURRENT and add a migration when this shape changes. */
export const CacheDocV1 = z.object({
  schemaVersion: z.literal(1),
  profile: Entry(CurrentUserProfile),
  avatar: z.object({ url: z.string(), dataUrl: z.string() }).nullable().default(null),
  save: Entry(SaveInfo.extend({ meta: z.record(z.string(), z.unknown()).optional() })),
  recent: Entry(z.array(ScoreRecord)),
  rank: Entry(RankData),
  nicknameSubmissions: z.array(z.string()).default([])
})
export type CacheDoc = z.infer<typeof CacheDocV1>
export const CURRENT_SCHEMA = 1

/** Migrations from each older version to the next, applied in order on read. */
export const MIGRATIONS: Record<number, (doc: Record<string, unknown>) => Record<string, unknown>> = {
  // 0: the unversioned shape of early builds had the same fields without a version.
  0: (doc) => ({ ...doc, schemaVersion: 1 })
}

const SnapshotFile = z.object({
  schemaVersion: z.literal(1),
  recordCount: z.number().int().min(0),
  charts: z.array(z.string()),
  snapshots: z.array(z.object({ at: z.string(), touch: z.number(), keyboard: z.number(), touchBest: z.array(z.number()), keyboardBest: z.array(z.number()) }))
})

export function migrate(raw: unknown): CacheDoc | null {
  if (typeof raw !== 'object' || raw === null) return null
  let doc = raw as Record<string, unknown>
  let version = typeof doc.schemaVersion === 'number' ? doc.schemaVersion : 0
  if (version > CURRENT_SCHEMA) return null
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

/** Records were validated when fetched; on read a cheap structural check guards against damage. */
function looksLikeRecords(value: unknown): value is ScoreRecord[] {
  return Array.isArray(value) && value.every((r) => typeof r === 'object' && r !== null && typeof r.chart_id === 'string' && typeof r.score === 'number' && typeof r.played_at === 'string' && Array.isArray(r.modifiers))
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return undefined
  }
}

function writeJsonAtomic(path: string, value: unknown): void {
  writeFileSync(`${path}.tmp`, JSON.stringify(value))
  renameSync(`${path}.tmp`, path)
}

/**
 * One store per account for the latest data; the kept history in two plain files beside it, written
 * atomically and only when they grow: Reality snapshots (small, read at startup) and score records
 * (large, read by the Scores screen). Unreadable data reads as empty, and a newer schema than this
 * build knows is left untouched.
 */
export class AccountCache {
  readonly #store: KeyValueStore
  readonly #snapshotsPath: string
  readonly #recordsPath: string
  #doc: CacheDoc | null = null
  #history: (HistoryDoc & { recordCount: number }) | null = null
  #records: ScoreRecord[] | null = null
  #readOnly = false

  constructor(openStore: OpenStore, accountId: string) {
    const safe = accountId.replace(/[^A-Za-z0-9_-]/g, '_')
    this.#store = openStore(`cache-${safe}`)
    const dir = dirname(this.#store.path)
    this.#snapshotsPath = join(dir, `history-${safe}.json`)
    this.#recordsPath = join(dir, `records-${safe}.json`)
  }

  read(): CacheDoc {
    if (this.#doc) return this.#doc
    const raw = this.#store.get('doc')
    const migrated = raw === undefined ? emptyDoc() : migrate(raw)
    this.#readOnly = raw !== undefined && migrated === null && (raw as { schemaVersion?: number }).schemaVersion! > CURRENT_SCHEMA
    this.#doc = migrated ?? emptyDoc()
    return this.#doc
  }

  update(mutate: (doc: CacheDoc) => void): CacheDoc {
    const doc = structuredClone(this.read())
    mutate(doc)
    this.#doc = doc
    if (!this.#readOnly) this.#store.set('doc', doc)
    return doc
  }

  /** Rank snapshots and the number of kept records, without reading the records. */
  history(): HistoryDoc & { recordCount: number } {
    if (!this.#history) {
      const parsed = SnapshotFile.safeParse(readJson(this.#snapshotsPath))
      this.#history = parsed.success ? { charts: parsed.data.charts, snapshots: parsed.data.snapshots, recordCount: parsed.data.recordCount } : { ...emptyHistory(), recordCount: 0 }
    }
    return this.#history
  }

  saveHistory(doc: HistoryDoc): void {
    this.#history = { ...doc, recordCount: this.history().recordCount }
    if (!this.#readOnly) writeJsonAtomic(this.#snapshotsPath, { schemaVersion: 1, ...this.#history })
  }

  records(): ScoreRecord[] {
    if (!this.#records) {
      const raw = readJson(this.#recordsPath) as { records?: unknown } | undefined
      this.#records = looksLikeRecords(raw?.records) ? raw.records : []
    }
    return this.#records
  }

  saveRecords(records: ScoreRecord[]): void {
    this.#records = records
    if (this.#readOnly) return
    writeJsonAtomic(this.#recordsPath, { schemaVersion: 1, records })
    const history = this.history()
    this.#history = { ...history, recordCount: records.length }
    writeJsonAtomic(this.#snapshotsPath, { schemaVersion: 1, ...this.#history })
  }

  clear(): void {
    this.#store.delete('doc')
    rmSync(this.#snapshotsPath, { force: true })
    rmSync(this.#recordsPath, { force: true })
    this.#doc = null
    this.#history = null
    this.#records = null
  }
}
