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

const HistoryStored = z.object({
  schemaVersion: z.literal(1),
  records: z.array(ScoreRecord),
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

/**
 * One store file per account for the latest data, and one for the history (written only when it
 * grows). Unreadable data reads as empty, and a newer schema than this build knows is left as is.
 */
export class AccountCache {
  readonly #store: KeyValueStore
  readonly #historyStore: KeyValueStore
  #doc: CacheDoc | null = null
  #history: HistoryDoc | null = null
  #readOnly = false

  constructor(openStore: OpenStore, accountId: string) {
    const safe = accountId.replace(/[^A-Za-z0-9_-]/g, '_')
    this.#store = openStore(`cache-${safe}`)
    this.#historyStore = openStore(`history-${safe}`)
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

  history(): HistoryDoc {
    if (this.#history) return this.#history
    const parsed = HistoryStored.safeParse(this.#historyStore.get('history'))
    this.#history = parsed.success ? { records: parsed.data.records, charts: parsed.data.charts, snapshots: parsed.data.snapshots } : emptyHistory()
    return this.#history
  }

  saveHistory(doc: HistoryDoc): void {
    this.#history = doc
    if (!this.#readOnly) this.#historyStore.set('history', { schemaVersion: 1, ...doc })
  }

  clear(): void {
    this.#store.delete('doc')
    this.#historyStore.delete('history')
    this.#doc = null
    this.#history = null
  }
}
