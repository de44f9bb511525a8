/*
 * The truth the planner's tests compare with, written here again from shared/notes/real-service.md ("Reality",
 * "Reality, in more detail", "More observed behaviour") and docs/planner.md, without the app's code: the v3 and v2
 * formulas, the rules by game version, the best `count` over `count`, Reality cut to two decimals on its decimal
 * digits, and an exhaustive search over every plan of the kind the planner compares.
 */

import type { PlannerChart } from '../../../src/shared/planner/list'

export const MAX = 1_010_000

export function v3(c: number, s: number): number {
  if (c < 0.001) return 0
  if (s >= 1_000_000) return c + 1.5
  if (s >= 850_000) return c + (s - 850_000) / 100_000
  if (s >= 700_000) return Math.max(0, c * (0.5 + (s - 700_000) / 300_000) + (s - 850_000) / 100_000)
  if (s >= 600_000) return Math.max(0, ((c - 3) * (s - 600_000)) / 200_000)
  return 0
}

export function v2(c: number, s: number): number {
  if (c < 0.001) return 0
  if (s >= 1_005_000) return c + 1
  if (s >= 995_000) return 1.4 / (Math.exp(363.175 - 0.000365 * s) + 1) - 0.4 + c
  if (s >= 980_000) return ((Math.exp((3.1 * (s - 980_000)) / 15_000) - 1) / (Math.exp(3.1) - 1)) * 0.8 - 0.5 + c
  if (s >= 700_000) return s / 280_000 - 4 + c
  return 0
}

/** A new play on today's game (4.0 or later): all-perfect only at 1,010,000. */
export const newPlay = (c: number, s: number): number => (s <= 1_005_000 ? Math.max(v3(c, s), v2(c, s)) : v3(c, s))

export interface TruthChart {
  id: string
  constant: number | null
  score: number
  allPerfect: boolean
  version: string | null
  legacy: boolean
  /** The service's own Reality, when the best came from it. */
  reality: number | null
}

/** A best's value: its own Reality, else by its game version (4.0 on: max of both up to 1,005,000 unless AP). */
export function bestValue(b: TruthChart): number | null {
  if (b.reality !== null) return b.reality
  if (b.constant === null) return null
  const major = b.version === null ? null : Number(/(\d+)/.exec(b.version)?.[1] ?? NaN)
  const modern = !b.legacy && (major === null || Number.isNaN(major) || major >= 4)
  const { constant: c, score: s } = b
  if (modern) return s <= 1_005_000 && !b.allPerfect ? Math.max(v3(c, s), v2(c, s)) : v3(c, s)
  return s > 1_005_000 || b.allPerfect ? v3(c, s) : v2(c, s)
}

/** The best as the planner and what-if are given it. */
export const plannerChart = (t: TruthChart): PlannerChart => ({
  chart_id: t.id,
  title: `Song ${t.id}`,
  difficulty: 'Cloudburst',
  constant: t.constant,
  score: t.score,
  reality: t.reality,
  allPerfect: t.allPerfect,
  gameVersion: t.version,
  legacy: t.legacy
})

export function reality(values: readonly number[], count: number): number {
  const best = [...values].sort((a, b) => b - a).slice(0, count)
  return best.reduce((sum, v) => sum + v, 0) / count
}

/** As the game shows it, in hundredths: the shortest decimal text of the number, cut after two decimals. */
export function shown(value: number): number {
  const text = String(value)
  if (/e/i.test(text)) return 0
  const [whole, fraction = ''] = text.split('.')
  return Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'))
}

export const effort = (from: number, to: number): number => (to - from) / (MAX - from)
/** The tie rule: a billionth of effort per chart raised. */
export const STEP = 1e-9

/** Where a chart may stop in the plans compared: its score, one point up when rated below a new play there, 700k, 850k, 1M. */
export function menuOf(b: TruthChart, value: number): number[] | null {
  const c = b.constant
  if (c === null || c < 0.001 || b.score >= MAX) return null
  const top = b.score < 1_000_000 ? 1_000_000 : b.score + 1
  if (!(newPlay(c, top) > value)) return null
  const stops = [700_000, 850_000, 1_000_000, ...(value < newPlay(c, b.score) - 1e-9 ? [b.score + 1] : [])]
  return [b.score, ...new Set(stops.filter((s) => s > b.score && s <= top))].sort((x, y) => x - y)
}

export interface TruthPlan {
  scores: Map<number, number>
  effort: number
  steps: number
  reality: number
}

interface Rated {
  value: number
  chart: TruthChart
  menu: number[] | null
}

export function rate(charts: readonly TruthChart[], raisable: (b: TruthChart) => boolean): Rated[] {
  return charts.flatMap((chart) => {
    const value = bestValue(chart)
    return value === null ? [] : [{ value, chart, menu: raisable(chart) ? menuOf(chart, value) : null }]
  })
}

const valueWith = (r: Rated, score: number) => (score === r.chart.score ? r.value : newPlay(r.chart.constant!, score))

/**
 * Every plan of the kind compared: each chart at a score of its menu, except one chart (any) at the lowest whole
 * score that reaches the goal with the others as they are; the least effort + STEP a chart, at most `maxCharts` raised.
 */
export function exhaustive(rated: readonly Rated[], count: number, goal: number, maxCharts = Infinity): TruthPlan | null {
  const n = rated.length
  let best: TruthPlan | null = null
  const consider = (scores: number[]) => {
    const raised = scores.filter((s, i) => s !== rated[i]!.chart.score).length
    if (raised > maxCharts) return
    const values = scores.map((s, i) => valueWith(rated[i]!, s))
    const r = reality(values, count)
    if (shown(r) < goal) return
    const e = scores.reduce((sum, s, i) => sum + (s === rated[i]!.chart.score ? 0 : effort(rated[i]!.chart.score, s)), 0)
    if (!best || e + STEP * raised < best.effort + STEP * best.steps - 1e-15) {
      best = {
        scores: new Map(scores.flatMap((s, i) => (s === rated[i]!.chart.score ? [] : [[i, s] as [number, number]]))),
        effort: e,
        steps: raised,
        reality: r
      }
    }
  }
  const assign = (i: number, scores: number[], last: number) => {
    if (i === n) {
      if (last < 0) return consider(scores)
      const r = rated[last]!
      const reaches = (s: number) => {
        const trial = scores.slice()
        trial[last] = s
        const values = trial.map((x, k) => valueWith(rated[k]!, x))
        return shown(reality(values, count)) >= goal
      }
      const from = r.chart.score
      const top = r.menu![r.menu!.length - 1]!
      if (reaches(from)) return consider(Object.assign(scores.slice(), { [last]: from }))
      if (!reaches(top)) return
      let lo = from + 1
      let hi = top
      while (lo < hi) {
        const mid = Math.floor((lo + hi) / 2)
        if (reaches(mid)) hi = mid
        else lo = mid + 1
      }
      return consider(Object.assign(scores.slice(), { [last]: lo }))
    }
    const r = rated[i]!
    const stops = i === last || !r.menu ? [r.chart.score] : r.menu
    for (const s of stops) assign(i + 1, [...scores, s], last)
  }
  assign(0, [], -1)
  for (let last = 0; last < n; last++) if (rated[last]!.menu) assign(0, [], last)
  return best
}

/** The highest Reality: at most `maxCharts` charts (any allowed) at the top of their menu, every choice tried. */
export function highest(rated: readonly Rated[], count: number, maxCharts = Infinity): number {
  const allowed = rated.flatMap((r, i) => (r.menu ? [i] : []))
  let most = reality(
    rated.map((r) => r.value),
    count
  )
  for (let mask = 1; mask < 1 << allowed.length; mask++) {
    const chosen = allowed.filter((_, k) => mask & (1 << k))
    if (chosen.length > maxCharts) continue
    const values = rated.map((r, i) => (chosen.includes(i) ? newPlay(r.chart.constant!, r.menu![r.menu!.length - 1]!) : r.value))
    most = Math.max(most, reality(values, count))
  }
  return most
}
