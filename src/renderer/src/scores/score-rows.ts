import { gameJudgements } from '../../../shared/game-numbers'
import type { ScoreRecord } from '../../../shared/api'
import { parseRfc3339 } from '../../../shared/timestamps'
import { foldForSearch } from '../../../shared/charts'
import { bestCombo, comboMark, modeOf, playMark, type ComboMark, type PersonalBest, type PlayMode } from '../../../shared/player'
import type { ChartName } from '../chart-list/names'
import { playMarks } from '../../../shared/play-marks'

/** How a row learns its chart's title and constant (cached per chart id by the caller). */
export type NameOf = (chartId: string) => ChartName

/** One table row: a record joined with its chart, with the values sorting and filtering need. */
export interface ScoreRow {
  key: string
  chartId: string
  title: string
  /** The chart list has an entry for this chart (else `title` is a short id). */
  known: boolean
  /** The title's language where it differs in script (`lang` attribute). */
  lang: string | undefined
  /** Every title of the song, folded: a filter is one `includes` per row. */
  search: string
  /** The song's other titles, to say which one a search found. */
  otherTitles: readonly string[]
  difficulty: string
  constant: number | null
  grade: string
  /** Full combo or all perfect: of this play, or for a best, the best reached on its chart in its mode. */
  combo: ComboMark
  /** The chips beside the grade for AutoPlay and the play's other modifiers (play-marks.ts): how many, for the column's width. */
  marks: number
  score: number
  /** The record's own Reality (the service's value). */
  reality: number
  accuracy: number
  judgements: string
  /** The eight counts (shown on hover). */
  allJudgements: string
  mode: PlayMode
  playedAt: number
  /** Bests: how many plays led there. */
  plays: number | null
  /** A play that set a new personal best. */
  newBest: boolean
  /** Score against the best before it (a new best) or against the best (any other play). */
  delta: number | null
  record: ScoreRecord
}

const slashed = (counts: (number | undefined)[]) => counts.map((n) => n ?? '–').join('\u200a/\u200a')

/**
 * The counts as the game shows them, Perfect (exact + perfect) / Good (great + good) / Bad / Miss, slashes
 * set off by hair spaces ("1681 / 63 / 10 / 31"); "–" for a play that carries no counts.
 */
export function judgementsOf(r: ScoreRecord): string {
  if (r.score_exact_count === undefined && r.score_perfect_count === undefined) return slashed([undefined, undefined, undefined, undefined])
  const { perfect, good } = gameJudgements(r)
  return slashed([perfect, good, r.score_bad_count, r.score_miss_count])
}

/** The judgements in the order the service counts them (their names are `display.judgement_<name>`). */
export const JUDGEMENTS = ['exact', 'perfect', 'great', 'good', 'bad', 'miss', 'fractureExact', 'fractureMiss'] as const

/** The eight counts the service sends, in that order (undefined where the play lacks one). */
const eightCounts = (r: Omit<ScoreRecord, 'grade'>) => [
  r.score_exact_count,
  r.score_perfect_count,
  r.score_great_count,
  r.score_good_count,
  r.score_bad_count,
  r.score_miss_count,
  r.score_fracture_exact_count,
  r.score_fracture_miss_count
]

/** The eight counts: exact, perfect, great, good, bad, miss, fracture exact, fracture miss. */
export function allJudgementsOf(r: Omit<ScoreRecord, 'grade'>): string {
  return slashed(eightCounts(r))
}

/** The eight counts with their names ("Exact 996 · Perfect 136 · …"), for hover text; the ones the play lacks left out. */
export function namedJudgementsOf(r: Omit<ScoreRecord, 'grade'>, names: readonly string[]): string {
  return eightCounts(r)
    .flatMap((n, i) => (n === undefined ? [] : [`${names[i]} ${n}`]))
    .join(' · ')
}

const markCount = (r: ScoreRecord) => {
  const marks = playMarks(r)
  return Number(marks.autoplay) + marks.modifiers.length
}

function row(r: ScoreRecord, nameOf: NameOf, extra: Partial<ScoreRow> = {}): ScoreRow {
  const chart = nameOf(r.chart_id)
  return {
    key: `${r.chart_id}|${r.played_at}|${r.score}`,
    chartId: r.chart_id,
    title: chart.title,
    known: chart.known,
    lang: chart.lang,
    search: chart.search,
    otherTitles: chart.otherTitles,
    difficulty: chart.difficulty ?? '—',
    constant: chart.constant,
    grade: r.grade,
    combo: comboMark(r),
    marks: markCount(r),
    score: r.score,
    reality: r.reality,
    accuracy: r.score_accuracy,
    judgements: judgementsOf(r),
    allJudgements: allJudgementsOf(r),
    mode: modeOf(r),
    playedAt: parseRfc3339(r.played_at),
    plays: null,
    newBest: false,
    delta: null,
    record: r,
    ...extra
  }
}

/** Plays, each marked against the personal bests when they are known. */
export function toRows(records: readonly ScoreRecord[], nameOf: NameOf, bests?: ReadonlyMap<string, PersonalBest>): ScoreRow[] {
  return records.map((r) => row(r, nameOf, bests ? playMark(r, bests) : {}))
}

/**
 * The rows with the player's notes on their plays added to what the search looks in (#55): a search for "practice"
 * finds the plays noted so. `notes`: each noted play's note, by the play's key (chart, instant in ms, score).
 */
export function withNotes(rows: ScoreRow[], notes: ReadonlyMap<string, string>): ScoreRow[] {
  if (notes.size === 0) return rows
  return rows.map((r) => {
    const note = notes.get(`${r.chartId}|${r.playedAt}|${r.score}`)
    return note ? { ...r, search: `${r.search}\n${foldForSearch(note)}` } : r
  })
}

/** One row per chart and input mode: the personal best, with the number of plays behind it. */
export function bestRows(bests: readonly PersonalBest[], nameOf: NameOf): ScoreRow[] {
  return bests.map((b) =>
    row(b.record, nameOf, { key: `${b.record.chart_id}|${b.mode}`, plays: b.plays, mode: b.mode, combo: bestCombo(b) })
  )
}

/**
 * The title a search found a row by, when it is not the one shown (a Latin or Chinese title, or the chart's id): the
 * row says so, or a search for "lantern" would list 虚ろな残響 with no hint why. Null when the shown title matches.
 */
export function matchedTitle(row: Pick<ScoreRow, 'title' | 'otherTitles' | 'chartId'>, text: string): string | null {
  const query = foldForSearch(text.trim())
  if (!query || foldForSearch(row.title).includes(query)) return null
  return row.otherTitles.find((t) => foldForSearch(t).includes(query)) ?? (row.chartId.includes(query) ? row.chartId : null)
}

export type PlayedWithin = '' | '1' | '7' | '30' | '90' | '365' | 'custom'

export interface ScoreFilter {
  text: string
  grade: string
  difficulty: string
  mode: '' | PlayMode
  played: PlayedWithin
  /** Custom range (yyyy-mm-dd, local days), inclusive. */
  from: string
  to: string
}

export const emptyFilter: ScoreFilter = { text: '', grade: '', difficulty: '', mode: '', played: '', from: '', to: '' }

export const isFiltered = (f: ScoreFilter) =>
  f.text !== '' || f.grade !== '' || f.difficulty !== '' || f.mode !== '' || f.played !== '' || f.from !== '' || f.to !== ''

/** A custom range whose start is after its end matches nothing: the screen says so and offers to swap. */
export const rangeInverted = (f: ScoreFilter) => f.played === 'custom' && f.from !== '' && f.to !== '' && f.from > f.to

const localDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(y!, m! - 1, d!).getTime()
}

/** The filter as one predicate, with its bounds worked out once (not once per row). */
export function matcher(f: ScoreFilter, now = Date.now()): (row: ScoreRow) => boolean {
  const text = foldForSearch(f.text.trim())
  let from = Number.NEGATIVE_INFINITY
  let to = Number.POSITIVE_INFINITY
  if (f.played === 'custom') {
    if (f.from) from = localDay(f.from)
    if (f.to) to = localDay(f.to) + 86_400_000
  } else if (f.played) {
    from = now - Number(f.played) * 86_400_000
  }
  return (row) =>
    (!text || row.search.includes(text)) &&
    (!f.grade || row.grade === f.grade) &&
    (!f.difficulty || row.difficulty === f.difficulty) &&
    (!f.mode || row.mode === f.mode) &&
    row.playedAt >= from &&
    row.playedAt < to
}

// One collator per UI language: titles sort as that language orders them.
const collators = new Map<string, Intl.Collator>()
const collatorFor = (language: string) => {
  let collator = collators.get(language)
  if (!collator) collators.set(language, (collator = new Intl.Collator(language, { numeric: true, sensitivity: 'base' })))
  return collator
}

export type SortKey =
  'title' | 'difficulty' | 'constant' | 'grade' | 'score' | 'reality' | 'accuracy' | 'mode' | 'playedAt' | 'plays' | 'delta'

/** Overloaded (a score above 1,010,000) sorts above R, as its score does. */
const GRADE_RANK: Record<string, number> = { Overloaded: 9, R: 8, M: 7, SS: 6, S: 5, A: 4, B: 3, C: 2, F: 1 }
const COMBO_RANK = { AP: 0.2, FC: 0.1 } as const

/**
 * Each row's position when sorted by one column, computed once per column per data change. A sort
 * is then the inverse of this array (no comparisons at all), and a filter one pass over it.
 */
export function rankBy(rows: readonly ScoreRow[], key: SortKey, language = 'en'): Int32Array {
  const collator = collatorFor(language)
  // A grade sorts with its mark: SS AP above SS FC above SS.
  const value = (r: ScoreRow): number | string | null =>
    key === 'grade' ? (GRADE_RANK[r.grade] ?? 0) + (r.combo ? COMBO_RANK[r.combo] : 0) : r[key]
  const order = rows.map((_, i) => i)
  order.sort((x, y) => {
    const a = value(rows[x]!)
    const b = value(rows[y]!)
    if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1
    return typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b))
  })
  const rank = new Int32Array(rows.length)
  order.forEach((rowIndex, position) => (rank[rowIndex] = position))
  return rank
}

// Ranks are computed once per column per set of rows (rows are replaced, never changed): sorting then costs one pass.
const ranksOf = new WeakMap<readonly ScoreRow[], Map<SortKey, Int32Array>>()

/** `rankBy`, remembered for this very array of rows (rows are made anew when the language changes). */
export function rankFor(rows: readonly ScoreRow[], key: SortKey, language = 'en'): Int32Array {
  let byKey = ranksOf.get(rows)
  if (!byKey) ranksOf.set(rows, (byKey = new Map()))
  let rank = byKey.get(key)
  if (!rank) byKey.set(key, (rank = rankBy(rows, key, language)))
  return rank
}

/** Which rows a filter keeps (1) or hides (0): computed once per filter change, so a sort costs no filtering. */
export function matchMask(rows: readonly ScoreRow[], keep: (row: ScoreRow) => boolean): Uint8Array {
  const mask = new Uint8Array(rows.length)
  for (let i = 0; i < rows.length; i++) mask[i] = keep(rows[i]!) ? 1 : 0
  return mask
}

/** Row indexes in display order: sorted by a precomputed rank, then those the mask keeps. O(n), no comparisons. */
export function visibleOrder(rank: Int32Array, desc: boolean, mask: Uint8Array): Int32Array {
  const n = rank.length
  const sorted = new Int32Array(n)
  for (let i = 0; i < n; i++) sorted[desc ? n - 1 - rank[i]! : rank[i]!] = i
  const out = new Int32Array(n)
  let count = 0
  for (let i = 0; i < n; i++) {
    const index = sorted[i]!
    if (mask[index]) out[count++] = index
  }
  return out.subarray(0, count)
}
