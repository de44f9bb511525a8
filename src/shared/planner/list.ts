import { ratable } from '../charts'
import { AppError } from '../errors'
import { truncateDecimals } from '../game-numbers'
import { BEST_COUNT, chartValue, playerReality } from '../reality'
import type { PlanMode } from './schema'

/** One chart's best as the planner and what-if read it: an account's best in one mode, or a save's best. */
export interface PlannerChart {
  chart_id: string
  title: string | null
  difficulty: string | null
  /** The chart constant; null when unknown (the chart keeps its value but cannot be planned). */
  constant: number | null
  score: number
  /** The best's own Reality where the service gave one (authoritative); otherwise the app's rule rates it. */
  reality?: number | null
  allPerfect?: boolean
  gameVersion?: string | null
  /** A save's legacy record (`SongRecords`, before 4.0). */
  legacy?: boolean
}

export interface PlannerList {
  mode: PlanMode
  bests: readonly PlannerChart[]
  /** Charts of the chart list not played yet (their score is taken as 0), for the planner's option and what-if. */
  unplayed?: readonly PlannerChart[]
  /** How many charts count (20; smaller in tests of the rule). */
  bestCount?: number
}

/**
 * A best's value by the app's rule: the record's own Reality, else its rule by game version from the constant;
 * null when neither is known (the chart is left out of Reality, as the app does for a save).
 */
export function valueOfBest(chart: PlannerChart): number | null {
  if (chart.reality !== undefined && chart.reality !== null && Number.isFinite(chart.reality)) return chart.reality
  if (chart.constant === null || !Number.isFinite(chart.constant)) return null
  if (!ratable(chart.constant)) return 0
  return chartValue({
    constant: chart.constant,
    score: chart.score,
    allPerfect: chart.allPerfect,
    gameVersion: chart.gameVersion,
    legacy: chart.legacy
  })
}

/** One best per chart (the higher value, then the higher score, where a list names a chart twice), played ones first. */
export function chartsOf(list: PlannerList, withUnplayed: (chart: PlannerChart) => boolean): { chart: PlannerChart; played: boolean }[] {
  const byId = new Map<string, { chart: PlannerChart; played: boolean }>()
  const better = (a: PlannerChart, b: PlannerChart) => (valueOfBest(a) ?? -1) - (valueOfBest(b) ?? -1) || a.score - b.score
  for (const chart of list.bests) {
    const kept = byId.get(chart.chart_id)
    if (!kept || better(chart, kept.chart) > 0) byId.set(chart.chart_id, { chart, played: true })
  }
  for (const chart of list.unplayed ?? []) {
    if (!byId.has(chart.chart_id) && withUnplayed(chart))
      byId.set(chart.chart_id, { chart: { ...chart, score: 0, reality: null }, played: false })
  }
  return [...byId.values()]
}

export const bestCountOf = (list: PlannerList): number => {
  const count = list.bestCount ?? BEST_COUNT
  if (!Number.isInteger(count) || count < 1 || count > 1_000)
    throw AppError.of('invalid_input', 'How many charts count must be 1 to 1,000.')
  return count
}

/** Reality exactly as the app computes it everywhere (the best `count` values, summed, over `count`). */
export const realityOf = (values: readonly number[], count: number): number => playerReality(values, count)

/** Reality as the game shows it, in hundredths (13.49 is 1349): cut, never rounded, on the decimal digits. */
export function shownHundredths(reality: number): number {
  const [whole = '0', fraction = '00'] = truncateDecimals(reality, 2).split('.')
  const hundredths = Math.abs(Number(whole)) * 100 + Number(fraction)
  return reality < 0 ? -hundredths : hundredths
}

/** A chart's level: its constant's whole part (13.0–13.9 is 13), as Progress's level folders. */
export const levelOf = (constant: number): number => Math.floor(constant)
