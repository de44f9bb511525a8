import type { RankData, ScoreRecord } from './api'
import { ratable } from './charts'
import type { ChartInfo, InsightRow, Insights } from './data'
import { BEST_COUNT, chartRealityV2, chartValue, MAX_SCORE, recoverConstant, scoreForReality } from './reality'
import { countsAsPlayed } from './play-marks'

export const OVERFLOW_COUNT = 10
/** Raising the player's Reality by 0.01 means the best-20 sum must grow by 0.2. */
const STEP = 0.01 * BEST_COUNT

/**
 * The chart constant behind a record's own Reality. The service may have rated it with v3 or
 * (from 4.0, where v2 is larger) with v2: whichever inversion reproduces the record's value under
 * the rules of its game version is the constant.
 */
export function constantOfRecord(record: Pick<ScoreRecord, 'score' | 'reality' | 'game_version' | 'score_accuracy'>): number | null {
  const s = record.score
  const allPerfect = record.score_accuracy >= 1 || record.score_accuracy >= 100
  const candidates = [
    recoverConstant(s, record.reality),
    s >= 700_000 && s < 1_005_000 ? record.reality - (chartRealityV2(1, s) - 1) : null
  ]
  for (const c of candidates) {
    if (c === null || !Number.isFinite(c) || c < 0) continue
    if (Math.abs(chartValue({ constant: c, score: s, allPerfect, gameVersion: record.game_version }) - record.reality) < 0.002) return c
  }
  return candidates[0] ?? null
}

/** A list's constant this far from the one the record's own Reality implies is out of date (the game changed it). */
export const STALE_CONSTANT = 0.05

/**
 * A chart's row: its constant and the score that reaches `target`. The record's own Reality is
 * authoritative: where the list's constant contradicts it (an older list than the game), the
 * constant recovered from the record is used instead and the row is marked stale. A constant of 0
 * (Special, story charts) gives no Reality, so no hint.
 */
export function insightRow(record: ScoreRecord, chart: ChartInfo | undefined, target: number): InsightRow {
  const listed = chart?.constant ?? null
  const recovered = record.reality > 0 ? constantOfRecord(record) : null
  const usable = recovered !== null && recovered >= 0 ? recovered : null
  const stale = listed !== null && usable !== null && Math.abs(listed - usable) > STALE_CONSTANT
  const constant = stale ? usable : (listed ?? usable)
  const base = { record, title: chart?.title ?? null, difficulty: chart?.difficulty ?? null, stale, listedConstant: listed }
  if (constant === null) return { ...base, constant: null, constantSource: null, targetScore: null, why: 'unknown_constant' }
  const constantSource = listed !== null && !stale ? ('chartList' as const) : ('record' as const)
  if (!ratable(constant)) return { ...base, constant, constantSource, targetScore: null, why: 'unrated' }
  // "What if" under the rules of the record's own game version; its own Reality stays as the service said.
  const rules = { gameVersion: record.game_version }
  const score = scoreForReality(constant, target, rules)
  const maxed = chartValue({ ...rules, constant, score: record.score }) >= chartValue({ ...rules, constant, score: MAX_SCORE }) - 1e-9
  return {
    ...base,
    constant,
    constantSource,
    targetScore: score !== null && score > record.score ? score : null,
    why: score !== null && score > record.score ? 'ok' : maxed ? 'maxed' : 'unreachable'
  }
}

function mode(ranks: readonly ScoreRecord[], reality: number, charts: ReadonlyMap<string, ChartInfo>) {
  // A record AutoPlay made is in no list the app derives (play-marks.ts): left out, and counted.
  const counted = ranks.filter(countsAsPlayed)
  const sorted = counted.sort((a, b) => b.reality - a.reality)
  const best = sorted.slice(0, BEST_COUNT)
  const overflow = sorted.slice(BEST_COUNT, BEST_COUNT + OVERFLOW_COUNT)
  // With fewer than 20 plays the 21st "slot" holds 0: any new value counts in full.
  const floor = best.length < BEST_COUNT ? 0 : best.at(-1)!.reality
  return {
    reality,
    autoplay: ranks.length - counted.length,
    best: best.map((r) => insightRow(r, charts.get(r.chart_id), r.reality + STEP)),
    overflow: overflow.map((r) => insightRow(r, charts.get(r.chart_id), floor + STEP))
  }
}

/** Best 20, the next 10, and per chart the score that raises Reality by at least 0.01. */
export function computeInsights(
  rank: Omit<RankData, 'skipped' | 'scoreTooHigh' | 'listsReady'>,
  charts: ReadonlyMap<string, ChartInfo>
): Insights {
  return {
    touch: mode(rank.touch_ranks, rank.touch_reality, charts),
    keyboard: mode(rank.keyboard_ranks, rank.keyboard_reality, charts)
  }
}
