import { z } from 'zod'
import type { KeptRecord } from '../../shared/api'
import { parseRfc3339 } from '../../shared/timestamps'
import { bestKey, foldPlays, mergeBests, type PlayerStats } from '../../shared/player'
import { PersonalBest } from '../../shared/data'
import { TimeSlices } from '../core/time-slices'
import { readOwnedJson, type LocalDataHealth } from '../storage/local-data'
import type { RecordLog } from './record-log'

/** Plays folded between two looks at the clock. */
const FOLD_BATCH = 250

const BestsFile = z.object({
  schemaVersion: z.literal(1),
  /** The play log's length in bytes when this file was last brought up to date. */
  covered: z.number().int().min(0),
  lastPlayedAt: z.string().nullable(),
  bests: z.array(PersonalBest)
})

/** The bests of plays folded apart (on a worker), with the latest of those plays. */
export interface FoldedPlays {
  bests: PersonalBest[]
  lastPlayedAt: string | null
}

export function foldApart(records: readonly KeptRecord[]): FoldedPlays {
  const bests = new Map<string, PersonalBest>()
  foldPlays(bests, records)
  let lastPlayedAt: string | null = null
  let lastMs = Number.NEGATIVE_INFINITY
  for (const r of records) {
    const at = parseRfc3339(r.played_at)
    if (at > lastMs) [lastMs, lastPlayedAt] = [at, r.played_at]
  }
  return { bests: [...bests.values()], lastPlayedAt }
}

/**
 * The personal best per chart and mode (`bests-<id>.json`), kept up to date as plays are added, so
 * the player card and the Bests view never read the whole play log. Rebuilt from the log once when
 * the file is missing, damaged, or behind the log (a crash between the two writes).
 */
export class BestsIndex {
  #bests: Map<string, PersonalBest> | null = null
  #lastPlayedAt: string | null = null
  #lastPlayedMs = Number.NEGATIVE_INFINITY
  #loading: Promise<void> | null = null
  #writable = true

  constructor(
    readonly path: string,
    private readonly log: RecordLog,
    private readonly health: LocalDataHealth,
    private readonly write: (path: string, content: () => string) => void
  ) {}

  load(): Promise<void> {
    this.#loading ??= (async () => {
      const file = readOwnedJson(this.path, BestsFile, this.health)
      this.#writable = file.writable
      if (file.value && file.value.covered === (await this.log.byteLength())) {
        this.#bests = new Map(file.value.bests.map((b) => [bestKey(b.record.chart_id, b.mode), b]))
        this.#lastPlayed(file.value.lastPlayedAt)
        return
      }
      this.#bests = new Map()
      this.#lastPlayed(null)
      await this.#fold((await this.log.all()).records)
      await this.#save()
    })()
    return this.#loading
  }

  #lastPlayed(at: string | null): void {
    this.#lastPlayedAt = at
    this.#lastPlayedMs = at === null ? Number.NEGATIVE_INFINITY : parseRfc3339(at)
  }

  /** Folds plays into the bests a few hundred at a time, with the event loop free between slices. */
  async #fold(records: readonly KeptRecord[]): Promise<void> {
    const slices = new TimeSlices()
    for (let i = 0; i < records.length; i += FOLD_BATCH) {
      this.#foldBatch(records.slice(i, i + FOLD_BATCH))
      if (slices.due) await slices.next()
    }
  }

  #foldBatch(batch: readonly KeptRecord[]): void {
    foldPlays(this.#bests!, batch)
    for (const r of batch) {
      const at = parseRfc3339(r.played_at)
      if (at > this.#lastPlayedMs) this.#lastPlayed(r.played_at)
    }
  }

  async #save(): Promise<void> {
    if (!this.#writable) return
    const covered = await this.log.byteLength()
    const content = { schemaVersion: 1, covered, lastPlayedAt: this.#lastPlayedAt, bests: [...this.#bests!.values()] }
    this.write(this.path, () => JSON.stringify(content))
  }

  /** Folds plays the log has just added. */
  async add(fresh: readonly KeptRecord[]): Promise<void> {
    await this.load()
    if (fresh.length === 0) return
    await this.#fold(fresh)
    await this.#save()
  }

  /**
   * Folds plays the log has just added as its lines (a big import's): decoded a few hundred at a
   * time, so only the bests' own records outlive a batch.
   */
  async addLines(text: Buffer): Promise<void> {
    await this.load()
    if (text.length === 0) return
    const slices = new TimeSlices()
    let batch: KeptRecord[] = []
    for (let start = 0; start < text.length;) {
      const newline = text.indexOf(0x0a, start)
      const end = newline === -1 ? text.length : newline
      if (end > start) batch.push(JSON.parse(text.toString('utf8', start, end)) as KeptRecord)
      start = end + 1
      if (batch.length === FOLD_BATCH) {
        this.#foldBatch(batch)
        batch = []
        if (slices.due) await slices.next()
      }
    }
    this.#foldBatch(batch)
    await this.#save()
  }

  /** Folds in the bests of plays the log has just added, folded apart in the order it added them. */
  async addFolded(folded: FoldedPlays): Promise<void> {
    await this.load()
    mergeBests(this.#bests!, folded.bests)
    if (folded.lastPlayedAt !== null && parseRfc3339(folded.lastPlayedAt) > this.#lastPlayedMs) this.#lastPlayed(folded.lastPlayedAt)
    await this.#save()
  }

  /** After the log was rewritten (compaction): the bests stay, the length they cover is the new one. */
  async logRewritten(): Promise<void> {
    await this.load()
    await this.#save()
  }

  async stats(accountId: string, plays: number): Promise<PlayerStats> {
    await this.load()
    return { accountId, plays, lastPlayedAt: this.#lastPlayedAt, bests: [...this.#bests!.values()] }
  }

  reset(): void {
    this.#bests = new Map()
    this.#lastPlayed(null)
    this.#loading = Promise.resolve()
  }
}
