import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../../src/shared/errors'
import type { PlannerChart, PlannerList } from '../../../src/shared/planner/list'
import type { WhatIfScore } from '../../../src/shared/planner/schema'
import { whatIf } from '../../../src/shared/planner/what-if'
import { bestValue, MAX, newPlay, plannerChart, reality, v3, type TruthChart } from './truth'

/*
 * What-if against the truth of truth.ts: each chart's value before and after, the best `count` by value (a tie at the
 * edge goes to the chart id first), Reality as their sum over `count`; a score not above the best changes nothing.
 */

const KINDS = ['modern', 'ap', 'legacy', 'old', 'service'] as const

const chartArb = fc.record({
  constant: fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min: 10, max: 140 }).map((x) => x / 10) },
    { weight: 1, arbitrary: fc.constant(null) }
  ),
  score: fc.oneof(fc.integer({ min: 500_000, max: MAX }), fc.integer({ min: 940_000, max: MAX })),
  kind: fc.constantFrom(...KINDS)
})

function truthChart(raw: { constant: number | null; score: number; kind: (typeof KINDS)[number] }, i: number): TruthChart {
  const chart: TruthChart = {
    id: `c${String(i).padStart(2, '0')}`,
    constant: raw.constant,
    score: raw.score,
    allPerfect: raw.kind === 'ap',
    version: raw.kind === 'old' ? '3.1.0' : null,
    legacy: raw.kind === 'legacy',
    reality: null
  }
  if (raw.kind === 'service' && raw.constant !== null) chart.reality = Math.round(bestValue(chart)! * 10_000) / 10_000
  return chart
}

/** The score (and whether all-perfect) each way of asking means, on a chart whose best is `best`. */
function asked(s: WhatIfScore, best: number): { to: number; ap: boolean } {
  if (s.preset === 'best+5000') return { to: Math.min(MAX, best + 5_000), ap: best + 5_000 >= MAX }
  if (s.preset === 'SS') return { to: 950_000, ap: false }
  if (s.preset === 'AP') return { to: MAX, ap: true }
  return { to: s.score!, ap: s.score! >= MAX }
}

/** The best `count` chart ids by value, a tie going to the id first in order. */
const bestIds = (values: Map<string, number>, count: number) =>
  new Set(
    [...values]
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
      .slice(0, count)
      .map(([id]) => id)
  )

describe('what-if', () => {
  it('the new Reality, the charts entering and leaving the best and each chart’s change equal the independent computation', () => {
    const scoreArb = (ids: number) =>
      fc.record(
        {
          chart: fc.integer({ min: 0, max: ids + 1 }),
          score: fc.integer({ min: 0, max: MAX }),
          preset: fc.constantFrom('best+5000', 'SS', 'AP', null)
        },
        { requiredKeys: ['chart', 'score', 'preset'] }
      )
    const caseArb = fc
      .record({
        // Some charts named twice (a save with both input modes): the better best counts.
        charts: fc
          .array(fc.tuple(chartArb, fc.option(fc.integer({ min: 500_000, max: MAX }), { freq: 4 })), { minLength: 1, maxLength: 10 })
          .map((raws) =>
            raws.flatMap(([raw, twin], i) => [truthChart(raw, i), ...(twin === null ? [] : [{ ...truthChart(raw, i), score: twin }])])
          ),
        unplayed: fc.array(
          fc.integer({ min: 10, max: 140 }).map((x) => x / 10),
          { maxLength: 3 }
        ),
        count: fc.integer({ min: 1, max: 4 })
      })
      .chain((c) =>
        fc.record({ c: fc.constant(c), scores: fc.array(scoreArb(c.charts.length + c.unplayed.length), { minLength: 1, maxLength: 4 }) })
      )
    fc.assert(
      fc.property(caseArb, ({ c, scores }) => {
        const unplayed = c.unplayed.map((constant, i): TruthChart => ({
          id: `u${i}`,
          constant,
          score: 0,
          allPerfect: false,
          version: null,
          legacy: false,
          reality: null
        }))
        const all = [...c.charts, ...unplayed]
        const asks: WhatIfScore[] = scores.map((s) => {
          const chart_id = all[s.chart]?.id ?? `missing-${s.chart}`
          return s.preset ? { chart_id, preset: s.preset } : { chart_id, score: s.score }
        })
        const list: PlannerList = {
          mode: 'touch',
          bests: c.charts.map(plannerChart),
          unplayed: unplayed.map(plannerChart),
          bestCount: c.count
        }
        const result = whatIf(list, asks)

        // The best each chart keeps: the higher value, then the higher score.
        const kept = new Map<string, TruthChart>()
        for (const x of c.charts) {
          const k = kept.get(x.id)
          const [v, kv] = [bestValue(x) ?? -1, k ? (bestValue(k) ?? -1) : -1]
          if (!k || v > kv || (v === kv && x.score > k.score)) kept.set(x.id, x)
        }
        const before = new Map(
          [...kept.values()].flatMap((x) => (bestValue(x) === null ? [] : [[x.id, bestValue(x)!] as [string, number]]))
        )
        const after = new Map(before)
        const raisedTo = new Map<string, number>()
        const skipped: string[] = []
        for (const ask of asks) {
          const chart = kept.get(ask.chart_id) ?? all.find((x) => x.id === ask.chart_id)
          if (!chart || chart.constant === null) {
            skipped.push(ask.chart_id)
            continue
          }
          const { to, ap } = asked(ask, chart.score)
          if (to <= chart.score || to <= (raisedTo.get(chart.id) ?? -1)) continue
          raisedTo.set(chart.id, to)
          after.set(chart.id, ap ? v3(chart.constant, to) : newPlay(chart.constant, to))
        }
        expect(result.from).toBeCloseTo(reality([...before.values()], c.count), 12)
        expect(result.to).toBeCloseTo(reality([...after.values()], c.count), 12)
        const inBefore = bestIds(before, c.count)
        const inAfter = bestIds(after, c.count)
        expect(new Set(result.entered)).toEqual(new Set([...inAfter].filter((id) => !inBefore.has(id))))
        expect(new Set(result.left)).toEqual(new Set([...inBefore].filter((id) => !inAfter.has(id))))
        expect(result.skipped).toEqual(skipped)
        expect(new Map(result.changes.map((ch) => [ch.chart_id, ch.to]))).toEqual(raisedTo)
        for (const ch of result.changes) {
          expect(ch.valueFrom === null ? null : ch.valueFrom).toBe(before.get(ch.chart_id) ?? null)
          expect(ch.valueTo).toBeCloseTo(after.get(ch.chart_id)!, 12)
          expect(ch.inBestBefore).toBe(inBefore.has(ch.chart_id))
          expect(ch.inBestAfter).toBe(inAfter.has(ch.chart_id))
        }
      }),
      { seed: 54, numRuns: 400 }
    )
  })

  it('by example: best + 5,000, SS and AP, on a list of 3 counted', () => {
    const chart = (id: string, constant: number, score: number): PlannerChart => ({
      chart_id: id,
      title: id,
      difficulty: 'Clear',
      constant,
      score,
      gameVersion: '4.2.0'
    })
    const list: PlannerList = {
      mode: 'keyboard',
      bests: [chart('a', 12, 1_000_000), chart('b', 11, 990_000), chart('c', 10, 960_000), chart('d', 10.5, 900_000)],
      bestCount: 3
    }
    // Counted: a 13.5, b 12.4, c 11.1; d (11.0) is outside, and stays so at 905,000 (11.05).
    const plus = whatIf(list, [{ chart_id: 'd', preset: 'best+5000' }])
    expect(plus.from).toBeCloseTo((13.5 + 12.4 + 11.1) / 3, 12)
    expect(plus.changes[0]).toMatchObject({ from: 900_000, to: 905_000, grade: 'S' })
    expect(plus.entered).toEqual([])
    const ss = whatIf(list, [{ chart_id: 'd', preset: 'SS' }])
    // d at 950,000: 11.5 takes c's place.
    expect(ss.to).toBeCloseTo((13.5 + 12.4 + 11.5) / 3, 12)
    expect([ss.entered, ss.left]).toEqual([['d'], ['c']])
    const ap = whatIf(list, [
      { chart_id: 'c', preset: 'AP' },
      { chart_id: 'b', score: 980_000 }
    ])
    // c all-perfect at 1,010,000: 11.5; b's 980,000 is below its best: nothing changes for b.
    expect(ap.changes.map((ch) => [ch.chart_id, ch.to, ch.grade])).toEqual([['c', 1_010_000, 'R']])
    expect(ap.to).toBeCloseTo((13.5 + 12.4 + 11.5) / 3, 12)
    expect(ap.rule).toBe('by-game-version')
  })

  it('refuses a score and a preset together, or neither, with a typed error', () => {
    const list: PlannerList = { mode: 'save', bests: [] }
    for (const bad of [{ chart_id: 'a' }, { chart_id: 'a', score: 900_000, preset: 'SS' as const }, { chart_id: 'a', score: MAX + 1 }]) {
      try {
        whatIf(list, [bad])
        expect.unreachable()
      } catch (error) {
        expect(error instanceof AppError && error.code).toBe('invalid_input')
      }
    }
  })
})
