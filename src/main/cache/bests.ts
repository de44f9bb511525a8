import { z } from 'zod'
import type { KeptRecord } from '../../shared/api'
import { parseRfc3339 } from '../../shared/timestamps'
import { bestKey, foldPlays, mergeBests, type PlayerStats } from '../../shared/player'
import { PersonalBest } from '../../shared/data'
import { TimeSlices } from '../kernel/time-slices'
import { readOwnedJson, type LocalDataHealth } from '../storage/local-data'
import type { RecordLog } from './record-log'

/** Plays folded between two looks at the clock. */
const FOLD_BATCH = 250

/**
 * Version 2 keeps each best's mark (FC/AP), version 3 leaves AutoPlay plays out of the bests and counts them: an
 * older file is rebuilt from the play log once, not moved aside.
 */
const BESTS_VERSION = 3
const BestsFile = z.object({
  schemaVersion: z.union([z.literal(1), z.literal(2), z.literal(BESTS_VERSION)]),
  /** The play log's length in bytes when this file was last brought up to date. */
  covered: z.number().int().min(0),
  lastPlayedAt: z.string().nullable(),
  /** Plays AutoPlay made, in no best. */
  autoplay: z.number().int().min(0).default(0),
  bests: z.array(PersonalBest)
})

/** The bests of plays folded apart (on a worker), with the latest of those plays and how many AutoPlay made. */
export interface FoldedPlays {
  bests: PersonalBest[]
  lastPlayedAt: string | null
  autoplay: number
}

export function foldApart(records: readonly KeptRecord[]): FoldedPlays {
  const bests = new Map<string, PersonalBest>()
  const autoplay = foldPlays(bests, records)
  return { bests: [...bests.values()], lastPlayedAt: latestPlay(records).at, autoplay }
}

/** The latest `played_at` among records (the first of equal instants), and its instant. */
function latestPlay(records: readonly KeptRecord[]): { at: string | null; ms: number } {
  let latest: { at: string | null; ms: number } = { at: null, ms: Number.NEGATIVE_INFINITY }
  for (const r of records) {
    const ms = parseRfc3339(r.played_at)
    if (ms > latest.ms) latest = { at: r.played_at, ms }
  }
  return latest
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
  #autoplay = 0
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
      if (file.value?.schemaVersion === BESTS_VERSION && file.value.covered === (await this.log.byteLength())) {
        this.#bests = new Map(file.value.bests.map((b) => [bestKey(b.record.chart_id, b.mode), b]))
        this.#lastPlayed(file.value.lastPlayedAt)
        this.#autoplay = file.value.autoplay
        return
      }
      this.#bests = new Map()
      this.#lastPlayed(null)
      this.#autoplay = 0
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
    this.#autoplay += foldPlays(this.#bests!, batch)
    const latest = latestPlay(batch)
    if (latest.ms > this.#lastPlayedMs) this.#lastPlayed(latest.at)
  }

  async #save(): Promise<void> {
    if (!this.#writable) return
    const covered = await this.log.byteLength()
    const content = {
      schemaVersion: BESTS_VERSION,
      covered,
      lastPlayedAt: this.#lastPlayedAt,
      autoplay: this.#autoplay,
      bests: [...this.#bests!.values()]
    }
    this.write(this.path, () => JSON.stringify(content))
  }

  /** Folds plays the log has just added. */
  async add(fresh: readonly KeptRecord[]): Promise<void> {
    await this.load()
    if (fresh.length === 0) return
    await this.#fold(fresh)
    await this.#save()
  }

  /** Folds in the bests of plays the log has just added, folded apart in the order it added them. */
  async addFolded(folded: FoldedPlays): Promise<void> {
    await this.load()
    mergeBests(this.#bests!, folded.bests)
    this.#autoplay += folded.autoplay
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
    return { accountId, plays, autoplay: this.#autoplay, lastPlayedAt: this.#lastPlayedAt, bests: [...this.#bests!.values()] }
  }

  reset(): void {
    this.#bests = new Map()
    this.#lastPlayed(null)
    this.#autoplay = 0
    this.#loading = Promise.resolve()
  }
}
