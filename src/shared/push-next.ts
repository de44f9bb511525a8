import type { ScoreRecord } from './api'
import type { ChartInfo, InsightRow } from './data'
import { insightRow } from './insights'
import { BEST_COUNT, chartValue, gradeOf, letterGradeOf, MAX_SCORE, scoreForReality, type Grade } from './reality'

/**
 * "Push next": for every chart the player has a best on (in one input mode), the steps worth taking
 * and exactly what each brings. A step is a score to reach; it may raise Reality by 0.01, bring the
 * chart into the best 20, or reach the next grade. Steps are ordered by effort: the points a step
 * needs as a share of what is left to the chart's maximum (20,000 points from 850,000 is an easy
 * eighth of the way; the same 20,000 from 980,000 is two thirds of it).
 */

/** Raising the player's Reality by 0.01 means the best-20 sum must grow by 0.2. */
const STEP = 0.01 * BEST_COUNT
/** A chart's value must exceed the 20th's to take its place (a tie changes nothing). */
const ABOVE = 1e-6

/** The lowest score of each grade above F, in order. */
export const GRADE_FLOORS: readonly { grade: Grade; score: number }[] = [
  { grade: 'C', score: 600_000 },
  { grade: 'B', score: 650_000 },
  { grade: 'A', score: 750_000 },
  { grade: 'S', score: 850_000 },
  { grade: 'SS', score: 950_000 },
  { grade: 'M', score: 1_000_000 },
  { grade: 'R', score: 1_010_000 }
]

/** The next grade above `score` and the score it starts at; null at R. */
export function nextGrade(score: number): { grade: Grade; score: number } | null {
  return GRADE_FLOORS.find((g) => g.score > score) ?? null
}

/** The share of what is left to the chart's maximum that `gain` points take (0 to 1). */
export function effortOf(score: number, gain: number): number {
  const left = MAX_SCORE - score
  return left > 0 ? gain / left : Number.POSITIVE_INFINITY
}

export const STEP_KINDS = ['reality', 'enter', 'grade'] as const
export type StepKind = (typeof STEP_KINDS)[number]

/** One score to reach on one chart, with everything reaching it brings. */
export interface PushStep {
  kind: StepKind
  row: InsightRow
  inBest: boolean
  target: number
  gain: number
  /** `gain` as a share of what is left to 1,010,000. */
  effort: number
  /** The grade `target` reaches when it is above the current one. */
  grade: Grade | null
  /** How much the player's Reality rises at `target` (0 where the constant is not known). */
  realityGain: number
  /** A chart outside the best 20 takes the 20th's place at `target`. */
  enters: boolean
  /** The most the chart can add to the player's Reality, and the lowest score that adds it (null: nothing). */
  mostGain: number
  mostGainAt: number | null
}

/**
 * What a chart can and cannot bring, said exactly:
 * `plus_one`: a score adds 0.01; `enters_only`: outside the best 20, it can enter but adds less than 0.01;
 * `at_most`: in the best 20, it can add something but less than 0.01; `maxed`: in the best 20, nothing more;
 * `stays_outside`: outside, even 1,010,000 does not beat the 20th; `unrated`: constant 0; `unknown_constant`.
 */
export const CHART_STATUSES = ['plus_one', 'enters_only', 'at_most', 'maxed', 'stays_outside', 'unrated', 'unknown_constant'] as const
export type ChartStatus = (typeof CHART_STATUSES)[number]

export interface ChartOutlook {
  row: InsightRow
  inBest: boolean
  status: ChartStatus
  /** The chart's value at 1,010,000 under its rules (null without a constant). */
  ceiling: number | null
  /** The most this chart can add to the player's Reality, and the lowest score that adds it. */
  mostGain: number
  mostGainAt: number | null
  plusOne: PushStep | null
  enter: PushStep | null
  grade: PushStep | null
}

export interface PushPlan {
  /** The value a chart outside the best 20 must beat (the 20th's; 0 with fewer than 20). */
  floor: number
  /** Steps that raise Reality by at least 0.01, by effort. */
  reality: PushStep[]
  /** Charts outside the best 20 that can enter it but not add 0.01: the step that enters, by effort. */
  enter: PushStep[]
  /** The next grade of every chart below R, by effort. */
  grade: PushStep[]
  /** Every chart, with what it can and cannot bring: the best 20 first, then by value. */
  charts: ChartOutlook[]
}

/** Smaller effort first; at equal effort a step that also reaches a grade, then the larger Reality gain. */
export function byEffort(a: PushStep, b: PushStep): number {
  return (
    a.effort - b.effort ||
    Number(b.grade !== null) - Number(a.grade !== null) ||
    b.realityGain - a.realityGain ||
    (a.row.record.chart_id < b.row.record.chart_id ? -1 : a.row.record.chart_id > b.row.record.chart_id ? 1 : 0)
  )
}

function outlookOf(record: ScoreRecord, inBest: boolean, floor: number, chart: ChartInfo | undefined): ChartOutlook {
  const row = insightRow(record, chart, inBest ? record.reality + STEP : floor + STEP)
  const rated = row.why !== 'unknown_constant' && row.why !== 'unrated' && row.constant !== null
  const rules = { gameVersion: record.game_version }
  const value = (score: number) => (rated ? chartValue({ ...rules, constant: row.constant!, score }) : 0)
  // In the best 20 the chart replaces its own value; outside, it replaces the 20th's.
  const base = inBest ? record.reality : floor
  const realityGain = (score: number) => Math.max(0, value(score) - base) / BEST_COUNT
  const ceiling = rated ? value(MAX_SCORE) : null
  const mostGain = realityGain(MAX_SCORE)
  const mostGainAt = mostGain > 0 ? scoreForReality(row.constant!, base + mostGain * BEST_COUNT - 1e-9, rules) : null
  const step = (kind: StepKind, target: number): PushStep => {
    // Every target is at most 1,010,000: a grade of the table (an Overloaded best has no step left).
    const reached = letterGradeOf(target)
    return {
      kind,
      row,
      inBest,
      target,
      gain: target - record.score,
      effort: effortOf(record.score, target - record.score),
      grade: reached !== gradeOf(record.score) ? reached : null,
      realityGain: realityGain(target),
      enters: !inBest && rated && value(target) > floor + ABOVE / 2,
      mostGain,
      mostGainAt
    }
  }
  const plusOne = row.targetScore !== null ? step('reality', row.targetScore) : null
  const entering = !inBest && rated && !plusOne ? scoreForReality(row.constant!, floor + ABOVE, rules) : null
  const enter = entering !== null && entering > record.score ? step('enter', entering) : null
  const next = nextGrade(record.score)
  const grade = next ? step('grade', next.score) : null
  return {
    row,
    inBest,
    status: statusOf(row, inBest, plusOne, ceiling, floor, mostGain),
    ceiling,
    mostGain,
    mostGainAt,
    plusOne,
    enter,
    grade
  }
}

function statusOf(
  row: InsightRow,
  inBest: boolean,
  plusOne: PushStep | null,
  ceiling: number | null,
  floor: number,
  most: number
): ChartStatus {
  if (row.why === 'unknown_constant' || row.why === 'unrated') return row.why
  if (plusOne) return 'plus_one'
  if (inBest) return most > 0 ? 'at_most' : 'maxed'
  return ceiling !== null && ceiling > floor + ABOVE / 2 ? 'enters_only' : 'stays_outside'
}

/**
 * The plan for one mode: `best` is the service's best 20 of that mode, `bestsOfMode` every personal
 * best in it (a chart listed in both counts once, as in the best 20).
 */
export function planPushes(
  best: readonly ScoreRecord[],
  bestsOfMode: readonly ScoreRecord[],
  charts: ReadonlyMap<string, ChartInfo>
): PushPlan {
  const inBest = new Set(best.map((r) => r.chart_id))
  const floor = best.length < BEST_COUNT ? 0 : Math.min(...best.map((r) => r.reality))
  const seen = new Set<string>()
  const outlooks: ChartOutlook[] = []
  for (const record of [...best, ...bestsOfMode]) {
    if (seen.has(record.chart_id)) continue
    seen.add(record.chart_id)
    outlooks.push(outlookOf(record, inBest.has(record.chart_id), floor, charts.get(record.chart_id)))
  }
  const steps = (pick: (o: ChartOutlook) => PushStep | null) => outlooks.flatMap((o) => pick(o) ?? []).sort(byEffort)
  return {
    floor,
    reality: steps((o) => o.plusOne),
    enter: steps((o) => o.enter),
    grade: steps((o) => o.grade),
    charts: outlooks.sort((a, b) => Number(b.inBest) - Number(a.inBest) || b.row.record.reality - a.row.record.reality)
  }
}
