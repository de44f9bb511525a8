import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../../src/shared/errors'
import type { PlannerList } from '../../../src/shared/planner/list'
import { curveOf } from '../../../src/shared/planner/curve'
import { planReality } from '../../../src/shared/planner/plan'
import { searchPlan } from '../../../src/shared/planner/search'
import type { Plan, PlanOptions } from '../../../src/shared/planner/schema'
import { gradeByNotes } from '../../support/progress-truth'
import {
  bestValue,
  effort,
  exhaustive,
  highest,
  MAX,
  newPlay,
  plannerChart,
  rate,
  reality,
  shown,
  STEP,
  type TruthChart,
  type TruthPlan
} from './truth'

const SEED = 54
const KINDS = ['modern', 'modern', 'modern', 'ap', 'legacy', 'old', 'service'] as const

/** A best of any kind the app meets: today's play, all-perfect, a legacy save record, a 3.x play, the service's own Reality. */
const chartArb = fc.record({
  constant: fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min: 10, max: 140 }).map((x) => x / 10) },
    { weight: 1, arbitrary: fc.constant(0) },
    { weight: 1, arbitrary: fc.constant(null) }
  ),
  score: fc.oneof(
    fc.integer({ min: 500_000, max: MAX }),
    fc.integer({ min: 930_000, max: MAX }),
    fc.constantFrom(0, 650_000, 699_999, 700_000, 849_999, 850_000, 999_999, 1_000_000, 1_005_000, 1_005_001)
  ),
  kind: fc.constantFrom(...KINDS)
})

function truthChart(raw: { constant: number | null; score: number; kind: (typeof KINDS)[number] }, i: number): TruthChart {
  const chart: TruthChart = {
    id: `chart-${i}`,
    constant: raw.constant,
    score: raw.score,
    allPerfect: raw.kind === 'ap',
    version: raw.kind === 'old' ? '3.2.1' : raw.kind === 'modern' || raw.kind === 'ap' ? 'v4.4.2+--1da9fc23' : null,
    legacy: raw.kind === 'legacy',
    reality: null
  }
  // The service sends its Reality to four decimals: a hair off what the formula gives.
  if (raw.kind === 'service' && raw.constant !== null) chart.reality = Math.round((bestValue(chart) ?? 0) * 10_000) / 10_000
  return chart
}

interface Case {
  charts: TruthChart[]
  count: number
  /** Hundredths above today's Reality as shown. */
  above: number
}

/** A strong player's charts: close constants, scores with room to grow, so plans take several charts and displace. */
const contestedArb = fc.record({
  constant: fc.integer({ min: 90, max: 125 }).map((x) => x / 10),
  score: fc.oneof(fc.integer({ min: 840_000, max: 1_000_000 }), fc.integer({ min: 690_000, max: 860_000 })),
  kind: fc.constantFrom<(typeof KINDS)[number]>('modern', 'modern', 'modern', 'ap', 'service')
})

const caseArb = (maxCharts: number) =>
  fc.oneof(
    fc.record({
      charts: fc.array(chartArb, { minLength: 1, maxLength: maxCharts }).map((raws) => raws.map(truthChart)),
      count: fc.integer({ min: 1, max: 3 }),
      above: fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 400 }))
    }),
    fc.record({
      charts: fc.array(contestedArb, { minLength: 3, maxLength: maxCharts }).map((raws) => raws.map(truthChart)),
      count: fc.integer({ min: 2, max: 4 }),
      above: fc.integer({ min: 1, max: 150 })
    })
  )

const listOf = (c: Case, unplayed: TruthChart[] = []): PlannerList => ({
  mode: 'save',
  bests: c.charts.map(plannerChart),
  unplayed: unplayed.map(plannerChart),
  bestCount: c.count
})

/** The target asked in the tests: `above` hundredths over today's Reality as shown. */
const targetOf = (c: Case) =>
  (shown(
    reality(
      c.charts.flatMap((x) => bestValue(x) ?? []),
      c.count
    )
  ) +
    c.above) /
  100

/** Reality recomputed from the list with the plan's steps applied (a raised chart is a new play on today's game). */
function realityAfter(charts: readonly TruthChart[], count: number, steps: readonly { chart_id: string; to: number }[]): number {
  const values = charts.flatMap((c) => {
    const step = steps.find((s) => s.chart_id === c.id)
    if (step) return [newPlay(c.constant!, step.to)]
    const v = bestValue(c)
    return v === null ? [] : [v]
  })
  return reality(values, count)
}

/** Everything the issue asks of a plan, against the truth of this file. */
function checkPlan(c: Case, plan: Plan, truth: { rated: ReturnType<typeof rate>; maxCharts?: number; all?: TruthChart[] }) {
  const charts = truth.all ?? c.charts
  const now = reality(
    c.charts.flatMap((x) => bestValue(x) ?? []),
    c.count
  )
  const target = shown(now) + c.above
  const most = highest(truth.rated, c.count, truth.maxCharts)
  expect(plan.from).toBeCloseTo(now, 12)
  expect(plan.target).toBeCloseTo(target / 100, 12)
  expect(plan.best).toBeCloseTo(most, 12)
  expect(plan.reachable).toBe(shown(most) >= target)
  const goal = plan.reachable ? target : shown(most)
  // The steps reach the goal as the game shows it, every one of them is needed, and each says what it means.
  const after = realityAfter(charts, c.count, plan.steps)
  expect(plan.realityAfter).toBeCloseTo(after, 12)
  if (shown(now) < goal) expect(shown(after)).toBeGreaterThanOrEqual(goal)
  for (const step of plan.steps) {
    expect(
      shown(
        realityAfter(
          charts,
          c.count,
          plan.steps.filter((s) => s !== step)
        )
      )
    ).toBeLessThan(goal)
    const chart = charts.find((x) => x.id === step.chart_id)!
    expect(step.from).toBe(chart.score)
    expect(step.to).toBeGreaterThan(chart.score)
    expect(step.grade).toBe(gradeByNotes(step.to))
    expect(step.effort).toBeCloseTo(effort(chart.score, step.to), 14)
    expect(step.constant).toBe(chart.constant)
  }
  if (truth.maxCharts !== undefined) expect(plan.steps.length).toBeLessThanOrEqual(truth.maxCharts)
  // The least effort of every plan compared (ties: fewer charts).
  const best: TruthPlan | null = shown(now) >= goal ? null : exhaustive(truth.rated, c.count, goal, truth.maxCharts)
  if (best) {
    expect(plan.effort + STEP * plan.steps.length).toBeCloseTo(best.effort + STEP * best.steps, 10)
    expect(plan.effort).toBeCloseTo(best.effort, 9)
    expect(plan.optimal).toBe(true)
  } else expect(plan.steps).toEqual([])
}

describe('Reality planner against exhaustive search', () => {
  it('small lists (up to 6 charts, best 1 to 3): the cheapest plan, every step needed, the target reached as shown', () => {
    fc.assert(
      fc.property(caseArb(6), (c) => {
        const plan = planReality(listOf(c), targetOf(c))
        checkPlan(c, plan, { rated: rate(c.charts, () => true) })
      }),
      { seed: SEED, numRuns: 200 }
    )
  })

  it('at most N charts: the cheapest plan with that many, and the highest Reality they can reach when the target is out of reach', () => {
    fc.assert(
      fc.property(caseArb(6), fc.integer({ min: 1, max: 3 }), (c, maxCharts) => {
        const target = targetOf(c)
        const plan = planReality(listOf(c), target, { maxCharts })
        checkPlan(c, plan, { rated: rate(c.charts, () => true), maxCharts })
      }),
      { seed: SEED + 1, numRuns: 150 }
    )
  })

  it('only charts at or below a level: the others keep their value and are never raised', () => {
    fc.assert(
      fc.property(caseArb(6), fc.integer({ min: 1, max: 14 }), (c, maxLevel) => {
        const target = targetOf(c)
        const plan = planReality(listOf(c), target, { maxLevel })
        checkPlan(c, plan, { rated: rate(c.charts, (x) => x.constant !== null && Math.floor(x.constant) <= maxLevel) })
        for (const step of plan.steps) expect(Math.floor(step.constant)).toBeLessThanOrEqual(maxLevel)
      }),
      { seed: SEED + 2, numRuns: 120 }
    )
  })

  it('charts not yet played at the player’s level join when asked, and never with "only charts already played"', () => {
    const unplayedArb = fc.array(
      fc.integer({ min: 10, max: 140 }).map((x) => x / 10),
      { minLength: 1, maxLength: 3 }
    )
    fc.assert(
      fc.property(caseArb(4), unplayedArb, (c, constants) => {
        const unplayed = constants.map((constant, i): TruthChart => ({
          id: `new-${i}`,
          constant,
          score: 0,
          allPerfect: false,
          version: null,
          legacy: false,
          reality: null
        }))
        // The player's level: the highest level (the constant's whole part) among today's best charts with a constant.
        const ranked = c.charts
          .map((x) => ({ x, v: bestValue(x) }))
          .filter((r): r is { x: TruthChart; v: number } => r.v !== null && r.x.constant !== null && r.x.constant >= 0.001)
          .sort((a, b) => b.v - a.v)
          .slice(0, c.count)
        const level = ranked.length ? Math.max(...ranked.map((r) => Math.floor(r.x.constant!))) : -1
        const joining = unplayed.filter((u) => Math.floor(u.constant!) <= level)
        const target = targetOf(c)
        const options: PlanOptions = { includeUnplayedAtLevel: true }
        const all = [...c.charts, ...joining]
        checkPlan(c, planReality(listOf(c, unplayed), target, options), { rated: rate(all, () => true), all })
        const playedOnly = planReality(listOf(c, unplayed), target, { ...options, playedOnly: true })
        checkPlan(c, playedOnly, { rated: rate(c.charts, () => true) })
      }),
      { seed: SEED + 3, numRuns: 100 }
    )
  })
})

describe('a search cut short', () => {
  it('still gives a plan that reaches the target, and a lower bound no plan beats (exhaustive search agrees)', () => {
    fc.assert(
      fc.property(caseArb(6), fc.integer({ min: 1, max: 4 }), (c, nodeLimit) => {
        const rated = rate(c.charts, () => true)
        const now = reality(
          rated.map((r) => r.value),
          c.count
        )
        const goal = shown(now) + c.above
        const best = exhaustive(rated, c.count, goal)
        if (!best) return
        const charts = rated.map((r) => ({ value: r.value, curve: curveOf(r.chart.constant, r.chart.score, r.value) }))
        const found = searchPlan({
          charts,
          bestCount: c.count,
          needed: (goal / 100) * c.count - 1e-9,
          reaches: (values) => shown(reality(values, c.count)) >= goal,
          maxCharts: Infinity,
          nodeLimit
        })!
        const objective = best.effort + STEP * best.steps
        expect(found.lowerBound).toBeLessThanOrEqual(objective + 1e-12)
        expect(found.cost).toBeGreaterThanOrEqual(objective - 1e-12)
        const values = rated.map((r, i) => (found.raises.has(i) ? newPlay(r.chart.constant!, found.raises.get(i)!) : r.value))
        expect(shown(reality(values, c.count))).toBeGreaterThanOrEqual(goal)
        if (found.optimal) expect(found.cost).toBeCloseTo(objective, 10)
      }),
      { seed: SEED + 4, numRuns: 150 }
    )
  })
})

describe('Reality planner, by example', () => {
  const chart = (id: string, constant: number | null, score: number): TruthChart => ({
    id,
    constant,
    score,
    allPerfect: false,
    version: '4.1.0',
    legacy: false,
    reality: null
  })

  it('a chart from outside the best 3 displaces the lowest when that is cheaper than raising a counted one', () => {
    // Counted: 12.0 at 1,000,000 (13.5), 11.0 at 1,000,000 (12.5), 10.0 at 990,000 (11.4); outside: 12.5 at 700,000 (v2: 11.0).
    const c: Case = {
      charts: [chart('a', 12, 1_000_000), chart('b', 11, 1_000_000), chart('c', 10, 990_000), chart('d', 12.5, 700_000)],
      count: 3,
      above: 50
    }
    const now = reality(
      c.charts.map((x) => bestValue(x)!),
      3
    )
    expect(shown(now)).toBe(1246)
    // 12.96 needs a sum of 38.88: c can add 0.1 at most, so d must take c's place at 12.88 or more: 888,000 (v3's band
    // above 850,000), for an effort of 188,000 / 310,000.
    const plan = planReality(listOf(c), 12.96)
    checkPlan(c, plan, { rated: rate(c.charts, () => true) })
    expect(plan.steps.map((s) => [s.chart_id, s.grade])).toEqual([['d', 'S']])
    expect(plan.steps[0]!.to).toBeGreaterThanOrEqual(888_000)
    expect(plan.steps[0]!.to).toBeLessThanOrEqual(888_001)
  })

  it('a target already reached needs no step; an unreachable one says so with the true highest value and a plan that reaches it', () => {
    const c: Case = { charts: [chart('a', 10, 990_000), chart('b', 9, 980_000), chart('c', 8, 1_000_000)], count: 2, above: 0 }
    const now = reality(
      c.charts.map((x) => bestValue(x)!),
      2
    )
    const reached = planReality(listOf(c), shown(now) / 100)
    expect(reached.reachable).toBe(true)
    expect(reached.steps).toEqual([])
    c.above = 500
    const out = planReality(listOf(c), (shown(now) + 500) / 100)
    checkPlan(c, out, { rated: rate(c.charts, () => true) })
    expect(out.reachable).toBe(false)
    // a and b at 1,000,000: (11.5 + 10.5) / 2.
    expect(out.best).toBeCloseTo(11, 12)
    expect(shown(out.realityAfter)).toBe(1100)
  })

  it('charts without a constant keep their value and are never planned; says the rule it used', () => {
    const c: Case = {
      charts: [{ ...chart('known', 11, 950_000) }, { ...chart('unknown', null, 900_000), reality: 12.2 }],
      count: 2,
      above: 30
    }
    const plan = planReality(listOf(c), (shown(reality([bestValue(c.charts[0]!)!, 12.2], 2)) + 30) / 100)
    checkPlan(c, plan, { rated: rate(c.charts, () => true) })
    expect(plan.steps.map((s) => s.chart_id)).toEqual(['known'])
    expect(plan.rule).toBe('by-game-version')
    expect(plan.mode).toBe('save')
  })

  it('a chart named twice (a save with both modes) counts once, and is planned from its better best', () => {
    const c: Case = { charts: [chart('a', 12, 950_000), chart('a', 12, 990_000), chart('b', 11, 1_000_000)], count: 2, above: 5 }
    const plan = planReality(listOf(c), 13)
    // a at 990,000 (13.4) and b (12.5): 12.95 now; a at 1,000,000 makes (13.5 + 12.5) / 2 = 13.00.
    expect(plan.from).toBeCloseTo((13.4 + 12.5) / 2, 12)
    expect(plan.steps.map((s) => [s.chart_id, s.from, s.to])).toEqual([['a', 990_000, 1_000_000]])
    expect(shown(plan.realityAfter)).toBe(1300)
  })

  it('refuses a target that is not a Reality, and options out of range, with a typed error', () => {
    const list = listOf({ charts: [chart('a', 10, 900_000)], count: 1, above: 0 })
    for (const bad of [Number.NaN, -1, 1_000]) {
      expect(() => planReality(list, bad)).toThrow()
      try {
        planReality(list, bad)
      } catch (error) {
        expect(error instanceof AppError && error.code).toBe('invalid_input')
      }
    }
    for (const [bad, options] of [
      [list, { maxCharts: 0 }],
      [{ ...list, bestCount: 0 }, {}]
    ] as const) {
      try {
        planReality(bad, 12, options)
        expect.unreachable()
      } catch (error) {
        expect(error instanceof AppError && error.code).toBe('invalid_input')
      }
    }
  })
})
