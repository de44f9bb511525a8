import { ratable } from '../charts'
import { effortOf } from '../push-next'
import { chartValue, MAX_SCORE } from '../reality'

/**
 * One chart as the planner sees it: what raising its best from `score` to a higher score brings and costs.
 *
 * A raised score is a new play on today's game, valued by the app's rule for game 4.0 and later
 * (`chartValue`: the higher of v3 and v2 up to 1,005,000, all-perfect only at 1,010,000). On
 * 0–1,010,000 that value is piecewise linear in the score (v2's curved pieces above 980,000 always
 * lie below v3), and the effort of a raise, (t − s) / (1,010,000 − s), is linear in the target t.
 */

/** v3 stops growing here: a higher score costs more and adds nothing. */
export const FLAT_FROM = 1_000_000

/**
 * Where the value bends down or jumps up: 700,000 (v2 starts), 850,000 (v3's steeper band ends) and
 * 1,000,000 (v3 stops). Between two of these (and the chart's own score) the value only bends upward,
 * so a cheapest plan never stops a chart strictly between them, except one chart (docs/planner.md).
 */
export const BEND_SCORES: readonly number[] = [700_000, 850_000, FLAT_FROM]

/**
 * Added to a plan's effort for each chart it raises, so that among plans of equal effort (within a
 * billionth) the one with fewer charts is cheaper.
 */
export const STEP_WEIGHT = 1e-9

/** A best rated lower than a new play at the same score (an older rule, all-perfect, another constant) gains at once. */
const GAINS_AT_ONCE = 1e-9

/** The value of a new play at `score` on a chart of `constant`, by the app's rule on today's game. */
export function playValue(constant: number, score: number): number {
  return chartValue({ constant, score, allPerfect: score >= MAX_SCORE })
}

export interface Curve {
  constant: number
  /** The best now and its value (the record's own, or by the rule of the play that set it). */
  score: number
  value: number
  /** The highest score worth reaching: 1,000,000, or one point above a best already there. */
  top: number
  /** Where a chart may stop in a cheapest plan: its score, then the bends above it (and one point up, see GAINS_AT_ONCE). */
  menu: number[]
  /** Every score where value or effort changes slope, `score` to `top`: the value is linear between two neighbours. */
  vertices: number[]
}

/** The value at `score`: the best's own at its score, a new play's above it. */
export const valueAt = (curve: Curve, score: number): number => (score === curve.score ? curve.value : playValue(curve.constant, score))

/** The share of what is left to 1,010,000 that raising to `score` takes (Push next's effort). */
export const effortAt = (curve: Curve, score: number): number => (score === curve.score ? 0 : effortOf(curve.score, score - curve.score))

/** What the search minimises: the effort, and STEP_WEIGHT for a raised chart. */
export const costAt = (curve: Curve, score: number): number => (score === curve.score ? 0 : effortAt(curve, score) + STEP_WEIGHT)

/** The linear pieces of the 700,000–850,000 band (before the clamp at 0): v3's and v2's. */
const v3Band = (c: number, s: number) => c * (0.5 + (s - 700_000) / 300_000) + (s - 850_000) / 100_000
const v2Band = (c: number, s: number) => s / 280_000 - 4 + c

/** The whole scores either side of where the linear `g` crosses 0 inside [from, to], if it does. */
function crossings(g: (s: number) => number, from: number, to: number): number[] {
  const a = g(from)
  const b = g(to)
  if (a === b || Math.sign(a) === Math.sign(b)) return []
  const at = from + (a * (to - from)) / (a - b)
  return [Math.floor(at), Math.ceil(at)].filter((s) => s >= from && s <= to)
}

/**
 * The scores where the rule's value changes slope: the bands' edges (and the score just below each
 * edge, where a band ends), and inside 700,000–850,000 (the highest of 0, v3 and v2) where they cross.
 */
function kinks(c: number): number[] {
  const band = [700_000, 849_999] as const
  return [
    599_999,
    600_000,
    699_999,
    700_000,
    ...crossings((s) => v3Band(c, s), ...band),
    ...crossings((s) => v2Band(c, s), ...band),
    ...crossings((s) => v3Band(c, s) - v2Band(c, s), ...band),
    849_999,
    850_000,
    999_999,
    FLAT_FROM
  ]
}

/**
 * The chart's curve, or null when it cannot be raised: no constant, a constant that rates nothing,
 * already at the most its value can be, or at 1,010,000.
 */
export function curveOf(constant: number | null, score: number, value: number): Curve | null {
  if (!ratable(constant) || !Number.isInteger(score) || score < 0 || score >= MAX_SCORE) return null
  const top = score < FLAT_FROM ? FLAT_FROM : score + 1
  if (!(playValue(constant, top) > value)) return null
  const atOnce = value < playValue(constant, score) - GAINS_AT_ONCE
  const above = (s: number) => s > score && s <= top
  const menu = [score, ...new Set([...(atOnce ? [score + 1] : []), ...BEND_SCORES.filter(above)])].sort((a, b) => a - b)
  // score + 1 always: the first point raised carries STEP_WEIGHT (and, at once, a gain) beyond the slope that follows.
  const vertices = [...new Set([score, score + 1, ...kinks(constant).filter(above), top])].filter((s) => s <= top).sort((a, b) => a - b)
  return { constant, score, value, top, menu, vertices }
}

/** The lowest score in [from, to] whose value reaches `needed`, or null; the value never falls as the score rises above the best. */
export function lowestScoreFor(curve: Curve, needed: number, from = curve.score, to = curve.top): number | null {
  if (from === curve.score && curve.value >= needed) return curve.score
  let lo = Math.max(from, curve.score + 1)
  let hi = to
  if (lo > hi || playValue(curve.constant, hi) < needed) return null
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2)
    if (playValue(curve.constant, mid) >= needed) hi = mid
    else lo = mid + 1
  }
  return lo
}
