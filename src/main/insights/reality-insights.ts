import type { RankData, ScoreRecord } from '../../shared/api'
import type { ChartInfo, InsightRow, Insights } from '../../shared/data'
import { BEST_COUNT, chartReality, MAX_SCORE, playerReality, recoverConstant, scoreForReality } from '../../shared/reality'

export const OVERFLOW_COUNT = 10
/** Raising the player's Reality by 0.01 means the best-20 sum must grow by 0.2. */
const STEP = 0.01 * BEST_COUNT

function row(record: ScoreRecord, chart: ChartInfo | undefined, target: number): InsightRow {
  const fromCatalogue = chart?.constant
  const constant = fromCatalogue ?? recoverConstant(record.score, record.reality)
  const base = { record, title: chart?.title ?? null, difficulty: chart?.difficulty ?? null }
  if (constant === null || constant === undefined) return { ...base, constant: null, constantSource: null, targetScore: null, why: 'unknown_constant' }
  const score = scoreForReality(constant, target)
  const maxed = chartReality(constant, record.score) >= chartReality(constant, MAX_SCORE) - 1e-9
  return {
    ...base,
    constant,
    constantSource: fromCatalogue !== undefined ? 'catalogue' : 'record',
    targetScore: score !== null && score > record.score ? score : null,
    why: score !== null && score > record.score ? 'ok' : maxed ? 'maxed' : 'unreachable'
  }
}

function mode(ranks: readonly ScoreRecord[], reality: number, charts: ReadonlyMap<string, ChartInfo>) {
  const sorted = [...ranks].sort((a, b) => b.reality - a.reality)
  const best = sorted.slice(0, BEST_COUNT)
  const overflow = sorted.slice(BEST_COUNT, BEST_COUNT + OVERFLOW_COUNT)
  // With fewer than 20 plays the 21st "slot" holds 0: any new value counts in full.
  const floor = best.length < BEST_COUNT ? 0 : best.at(-1)!.reality
  return {
    reality: reality || playerReality(best.map((r) => r.reality)),
    best: best.map((r) => row(r, charts.get(r.chart_id), r.reality + STEP)),
    overflow: overflow.map((r) => row(r, charts.get(r.chart_id), floor + STEP))
  }
}

/** Best 20, the next 10, and per chart the score that raises Reality by at least 0.01. */
export function computeInsights(rank: RankData, charts: ReadonlyMap<string, ChartInfo>): Insights {
  return {
    touch: mode(rank.touch_ranks, rank.touch_reality, charts),
    keyboard: mode(rank.keyboard_ranks, rank.keyboard_reality, charts)
  }
}
