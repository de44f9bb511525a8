import { z } from 'zod'
import type { KeptRecord } from '../../shared/api'
import { parseRfc3339 } from '../../shared/timestamps'
import { betterCombo, bestKey, comboMark, foldPlays, modeOf, type PlayerStats } from '../../shared/player'
import { countsAsPlayed } from '../../shared/play-marks'
import { PersonalBest } from '../../shared/data'
import { TimeSlices } from '../kernel/time-slices'
import { readOwnedJson, type LocalDataHealth } from '../storage/local-data'
import { recordKey, type RecordLog } from './record-log'

/** Plays folded between two looks at the clock. */
const FOLD_BATCH = 250

/**
 * Version 2 keeps each best's mark (FC/AP), version 3 leaves AutoPlay plays out of the bests and counts them: an
 * older file is rebuilt from the play log once, not moved aside.
 */
const BESTS_VERSION = 3
/** The latest plays kept (not hidden), so hiding the latest one tells the one before without reading the log. */
const LATEST_KEPT = 32
const Latest = z.object({ at: z.string(), key: z.string() })
type Latest = z.infer<typeof Latest> & { ms: number }
const NO_HIDDEN = '0-0000000000000000'
const BestsFile = z.object({
  schemaVersion: z.union([z.literal(1), z.literal(2), z.literal(BESTS_VERSION)]),
  /** The play log's length in bytes when this file was last brought up to date. */
  covered: z.number().int().min(0),
  lastPlayedAt: z.string().nullable(),
  /** Plays AutoPlay made, in no best. */
  autoplay: z.number().int().min(0).default(0),
  /** The hidden plays these bests leave out (their fingerprint, record-marks.ts): another set, and the file is rebuilt. */
  marks: z.string().max(64).default(NO_HIDDEN),
  /** Kept plays the player hid, in no best. */
  hidden: z.number().int().min(0).default(0),
  latest: z.array(Latest).max(LATEST_KEPT).default([]),
  /** `latest` holds every play that is not hidden (fewer than LATEST_KEPT of them). */
  latestAll: z.boolean().default(false),
  bests: z.array(PersonalBest)
})

/** What the bests need of the player's marks: which plays are hidden, and the fingerprint of that set. */
export interface HiddenPlays {
  isHidden(key: string): boolean
  hiddenDigest(): string
}

/** A change of which plays count, on some charts: the counts it moves, and the plays it hid or took out, or showed again. */
export interface CountedChange {
  autoplay: number
  hidden: number
  gone: readonly KeptRecord[]
  shown: readonly KeptRecord[]
}

/** The bests of plays folded apart (on a worker), with the latest of those plays and how many AutoPlay made. */
export interface FoldedPlays {
  bests: PersonalBest[]
  lastPlayedAt: string | null
  /** The latest of those plays (at most LATEST_KEPT), newest first, with their keys. */
  latest: { at: string; key: string }[]
  autoplay: number
}

/** Records in the order they were played (equal instants in the order given). */
function inTimeOrder(records: readonly KeptRecord[]): KeptRecord[] {
  return records
    .map((record, i) => ({ record, at: parseRfc3339(record.played_at), i }))
    .sort((a, b) => a.at - b.at || a.i - b.i)
    .map((e) => e.record)
}

export function foldApart(records: readonly KeptRecord[]): FoldedPlays {
  const bests = new Map<string, PersonalBest>()
  const autoplay = foldPlays(bests, inTimeOrder(records))
  const latest: Latest[] = []
  for (const r of records) keepLatest(latest, r.played_at, recordKey(r))
  return { bests: [...bests.values()], lastPlayedAt: latest[0]?.at ?? null, latest: latest.map(({ at, key }) => ({ at, key })), autoplay }
}

/** Puts a play among the newest first list (the first of equal instants first), keeping at most LATEST_KEPT. */
function keepLatest(list: Latest[], at: string, key: string): void {
  const ms = parseRfc3339(at)
  if (list.length >= LATEST_KEPT && ms <= list.at(-1)!.ms) return
  if (list.some((l) => l.key === key)) return
  let i = list.length
  while (i > 0 && list[i - 1]!.ms < ms) i--
  list.splice(i, 0, { at, key, ms })
  if (list.length > LATEST_KEPT) list.pop()
}

/**
 * The latest plays that are not hidden, newest first (at most LATEST_KEPT): "last played" stays right when the latest
 * play is hidden or taken out, without reading the log. Once one is taken out of a full list, the list is the newest
 * plays down to its last only: an older play shown again is left out, and an empty list is read again from the log.
 */
class LatestPlays {
  list: Latest[] = []
  /** The list holds every play that is not hidden. */
  all = true
  /** The latest play of a file an earlier build wrote (no list): the list is read from the log before one is taken out. */
  named: string | null = null

  get known(): boolean {
    return this.named === null
  }

  get lastPlayedAt(): string | null {
    const first = this.list[0]
    if (this.named === null) return first?.at ?? null
    return first && parseRfc3339(first.at) > parseRfc3339(this.named) ? first.at : this.named
  }

  add(at: string, key: string): void {
    if (!this.all && this.list.length > 0 && parseRfc3339(at) < this.list.at(-1)!.ms) return
    const full = this.list.length >= LATEST_KEPT
    keepLatest(this.list, at, key)
    if (full) this.all = false
  }

  /** The latest of plays folded apart: `complete` when those were all of them. */
  merge(latest: readonly { at: string; key: string }[], complete: boolean): void {
    for (const l of latest) this.add(l.at, l.key)
    if (!complete) this.all = false
  }

  remove(keys: ReadonlySet<string>): void {
    this.list = this.list.filter((l) => !keys.has(l.key))
  }

  /** Must be read from the log: it lost every play it held, or never knew them. */
  get lost(): boolean {
    return !this.known || (this.list.length === 0 && !this.all)
  }

  reset(): void {
    this.list = []
    this.all = true
    this.named = null
  }
}

const time = (at: string) => parseRfc3339(at)

/**
 * Two bests of one chart and mode, each of a set of plays folded oldest first, as one: what folding both sets
 * together oldest first gives (the record is the first play of the top score; `previousScore` the top score of the
 * plays before it), or `refold` where that depends on plays neither says (one set's plays reach into the other's).
 */
export function combineBests(a: PersonalBest, b: PersonalBest): PersonalBest | 'refold' {
  const ta = time(a.record.played_at)
  const tb = time(b.record.played_at)
  const merged = {
    ...a,
    plays: a.plays + b.plays,
    combo: betterCombo(a.combo, b.combo),
    firstPlayedAt: time(b.firstPlayedAt) < time(a.firstPlayedAt) ? b.firstPlayedAt : a.firstPlayedAt
  }
  const bHolds = b.record.score > a.record.score || (b.record.score === a.record.score && tb < ta)
  const max = (x: number | null, y: number | null) => (x === null ? y : y === null ? x : Math.max(x, y))
  if (bHolds) {
    // A's plays all came before b's record, so the best of them before it is a's own; or all came after it.
    if (ta < tb) return { ...merged, record: b.record, previousScore: max(a.record.score, b.previousScore) }
    if (time(a.firstPlayedAt) > tb) return { ...merged, record: b.record, previousScore: b.previousScore }
    return 'refold'
  }
  if (time(b.firstPlayedAt) > ta) return merged
  if (tb < ta) return { ...merged, previousScore: max(a.previousScore, b.record.score) }
  return 'refold'
}

/** One play as the best of its own set. */
const bestOfOne = (record: KeptRecord): PersonalBest => ({
  mode: modeOf(record),
  record,
  plays: 1,
  previousScore: null,
  firstPlayedAt: record.played_at,
  combo: comboMark(record)
})

/**
 * The personal best per chart and mode (`bests-<id>.json`), kept up to date as plays are added, so
 * the player card and the Bests view never read the whole play log. Rebuilt from the log once when
 * the file is missing, damaged, or behind the log (a crash between the two writes), or was made with
 * other plays hidden. A hidden play (record-marks.ts) is in no best: hiding or showing one folds its
 * chart again from the log's plays of that chart, oldest first, as a rebuild would.
 */
export class BestsIndex {
  #bests: Map<string, PersonalBest> | null = null
  readonly #latest = new LatestPlays()
  #autoplay = 0
  #hidden = 0
  #loading: Promise<void> | null = null
  #writable = true

  constructor(
    readonly path: string,
    private readonly log: RecordLog,
    private readonly health: LocalDataHealth,
    private readonly write: (path: string, content: () => string) => void,
    private readonly marks: HiddenPlays = { isHidden: () => false, hiddenDigest: () => NO_HIDDEN }
  ) {}

  load(): Promise<void> {
    this.#loading ??= (async () => {
      const file = readOwnedJson(this.path, BestsFile, this.health)
      this.#writable = file.writable
      const value = file.value
      if (
        value?.schemaVersion === BESTS_VERSION &&
        value.covered === (await this.log.byteLength()) &&
        value.marks === this.marks.hiddenDigest()
      ) {
        this.#bests = new Map(value.bests.map((b) => [bestKey(b.record.chart_id, b.mode), b]))
        this.#latest.reset()
        this.#latest.list = value.latest.map((l) => ({ ...l, ms: parseRfc3339(l.at) }))
        this.#latest.all = value.latestAll
        if (value.latest.length === 0 && value.lastPlayedAt !== null) this.#latest.named = value.lastPlayedAt
        this.#autoplay = value.autoplay
        this.#hidden = value.hidden
        return
      }
      await this.#rebuild()
      await this.#save()
    })()
    return this.#loading
  }

  /** Every kept play folded again, oldest first. */
  async #rebuild(): Promise<void> {
    this.#bests = new Map()
    this.#latest.reset()
    this.#autoplay = 0
    this.#hidden = 0
    await this.#fold(inTimeOrder((await this.log.all()).records))
  }

  /** Folds plays into the bests a few hundred at a time, with the event loop free between slices. */
  async #fold(records: readonly KeptRecord[]): Promise<void> {
    const slices = new TimeSlices()
    for (let i = 0; i < records.length; i += FOLD_BATCH) {
      this.#foldBatch(records.slice(i, i + FOLD_BATCH))
      if (slices.due) await slices.next()
    }
  }

  /** The plays of a batch that count (a hidden one is counted apart), folded oldest first. */
  #foldBatch(batch: readonly KeptRecord[]): void {
    const counted = batch.filter((r) => {
      const key = recordKey(r)
      if (this.marks.isHidden(key)) {
        this.#hidden++
        return false
      }
      this.#played(r, key)
      return true
    })
    this.#autoplay += foldPlays(this.#bests!, counted)
  }

  /**
   * Plays the log has just added, folded into the bests as if every kept play were folded again oldest first: a best
   * that depends on plays the bests do not say (an older play reaching the top score) has its chart folded again
   * from the log. So the bests never depend on the order plays arrived in.
   */
  async #foldNew(records: readonly KeptRecord[]): Promise<void> {
    const refold = new Set<string>()
    const slices = new TimeSlices()
    for (const r of records) {
      const key = recordKey(r)
      if (this.marks.isHidden(key)) {
        this.#hidden++
        continue
      }
      this.#played(r, key)
      if (!countsAsPlayed(r)) this.#autoplay++
      else this.#merge(bestOfOne(r), refold)
      if (slices.due) await slices.next()
    }
    await this.#refoldCharts(refold)
  }

  /** A best of some plays merged into the kept one (or its chart marked to be folded again). */
  #merge(part: PersonalBest, refold: Set<string>): void {
    const key = bestKey(part.record.chart_id, part.mode)
    const current = this.#bests!.get(key)
    const merged = current ? combineBests(current, part) : { ...part }
    if (merged === 'refold') refold.add(part.record.chart_id)
    else this.#bests!.set(key, merged)
  }

  /** Charts folded again from every play of theirs the log holds, oldest first. */
  async #refoldCharts(charts: ReadonlySet<string>): Promise<void> {
    if (charts.size === 0) return
    const plays = await this.log.playsOf(charts)
    for (const chart of charts) for (const mode of ['touch', 'keyboard'] as const) this.#bests!.delete(bestKey(chart, mode))
    foldPlays(this.#bests!, inTimeOrder(plays.filter((r) => !this.marks.isHidden(recordKey(r)))))
  }

  /** A play that is not hidden: among the latest kept when it is one of them. */
  #played(r: KeptRecord, key = recordKey(r)): void {
    this.#latest.add(r.played_at, key)
  }

  async #save(): Promise<void> {
    if (!this.#writable) return
    const covered = await this.log.byteLength()
    const content = {
      schemaVersion: BESTS_VERSION,
      covered,
      lastPlayedAt: this.#latest.lastPlayedAt,
      autoplay: this.#autoplay,
      marks: this.marks.hiddenDigest(),
      hidden: this.#hidden,
      latest: this.#latest.list.map(({ at, key }) => ({ at, key })),
      latestAll: this.#latest.all,
      bests: [...this.#bests!.values()]
    }
    this.write(this.path, () => JSON.stringify(content))
  }

  /** Folds plays the log has just added. */
  async add(fresh: readonly KeptRecord[]): Promise<void> {
    await this.load()
    if (fresh.length === 0) return
    await this.#foldNew(fresh)
    await this.#save()
  }

  /** Folds in the bests of plays the log has just added, folded apart oldest first (none of them hidden). */
  async addFolded(folded: FoldedPlays): Promise<void> {
    await this.load()
    const refold = new Set<string>()
    for (const part of folded.bests) this.#merge(part, refold)
    await this.#refoldCharts(refold)
    this.#autoplay += folded.autoplay
    this.#latest.merge(folded.latest, folded.latest.length < LATEST_KEPT)
    await this.#save()
  }

  /**
   * Which plays count changed on some charts (plays hidden or shown, an import taken back): those charts are folded
   * again from `plays`, every kept play of theirs as the log now holds them, oldest first.
   */
  async refold(charts: ReadonlySet<string>, plays: readonly KeptRecord[], change: CountedChange): Promise<void> {
    await this.load()
    const bests = this.#bests!
    for (const chart of charts) for (const mode of ['touch', 'keyboard'] as const) bests.delete(bestKey(chart, mode))
    foldPlays(bests, inTimeOrder(plays.filter((r) => charts.has(r.chart_id) && !this.marks.isHidden(recordKey(r)))))
    this.#autoplay = Math.max(0, this.#autoplay + change.autoplay)
    this.#hidden = Math.max(0, this.#hidden + change.hidden)
    if (!this.#latest.known) await this.#readLatest()
    this.#latest.remove(new Set(change.gone.map((r) => recordKey(r))))
    for (const r of change.shown) this.#played(r)
    if (this.#latest.lost) await this.#readLatest()
    await this.#save()
  }

  /** The latest kept plays, read from the log (the list lost every play it held, or a file of an earlier build had none). */
  async #readLatest(): Promise<void> {
    this.#latest.reset()
    const slices = new TimeSlices()
    for (const r of (await this.log.all()).records) {
      const key = recordKey(r)
      if (!this.marks.isHidden(key)) this.#played(r, key)
      if (slices.due) await slices.next()
    }
  }

  /** After the log was rewritten (compaction): the bests stay, the length they cover is the new one. */
  async logRewritten(): Promise<void> {
    await this.load()
    await this.#save()
  }

  async stats(accountId: string, plays: number): Promise<PlayerStats> {
    await this.load()
    return {
      accountId,
      plays,
      autoplay: this.#autoplay,
      hidden: this.#hidden,
      hiddenVersion: this.marks.hiddenDigest(),
      lastPlayedAt: this.#latest.lastPlayedAt,
      // In one order whatever the order the plays arrived in (a worker's import folds them in other batches).
      bests: [...this.#bests!.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, best]) => best)
    }
  }

  reset(): void {
    this.#bests = new Map()
    this.#latest.reset()
    this.#autoplay = 0
    this.#hidden = 0
    this.#loading = Promise.resolve()
  }
}
