import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ScoreRecord } from '../../../src/shared/api'
import type { ChartInfo } from '../../../src/shared/data'
import { planPushes, type PushPlan, type PushStep } from '../../../src/shared/push-next'

/*
 * The truth these tests compare with is written here again from shared/notes/real-service.md
 * ("Reality" and "Reality, in more detail"), without the app's code: the v3 and v2 formulas, the
 * rule of game 4.0 and later (max of both up to 1,005,000 unless all-perfect), the grade floors,
 * and a plain scan for the lowest score (coarse then fine, not the app's binary search).
 */
const MAX = 1_010_000
function v3(c: number, s: number): number {
  if (c < 0.001) return 0
  if (s >= 1_000_000) return c + 1.5
  if (s >= 850_000) return c + (s - 850_000) / 100_000
  if (s >= 700_000) return Math.max(0, c * (0.5 + (s - 700_000) / 300_000) + (s - 850_000) / 100_000)
  if (s >= 600_000) return Math.max(0, ((c - 3) * (s - 600_000)) / 200_000)
  return 0
}
function v2(c: number, s: number): number {
  if (c < 0.001) return 0
  if (s >= 1_005_000) return c + 1
  if (s >= 995_000) return 1.4 / (Math.exp(363.175 - 0.000365 * s) + 1) - 0.4 + c
  if (s >= 980_000) return ((Math.exp((3.1 * (s - 980_000)) / 15_000) - 1) / (Math.exp(3.1) - 1)) * 0.8 - 0.5 + c
  if (s >= 700_000) return s / 280_000 - 4 + c
  return 0
}
/** Game 4.0 and later, a play that is not all-perfect. */
const value = (c: number, s: number) => (s <= 1_005_000 ? Math.max(v3(c, s), v2(c, s)) : v3(c, s))

/** The lowest whole score whose value reaches `target`, by a plain scan; null when 1,010,000 does not. */
function lowestScore(c: number, target: number): number | null {
  if (value(c, MAX) < target) return null
  let block = 0
  while (value(c, Math.min(MAX, block + 1000)) < target) block += 1000
  for (let s = block; s <= MAX; s++) if (value(c, s) >= target) return s
  return null
}
const FLOORS = [600_000, 650_000, 750_000, 850_000, 950_000, 1_000_000, 1_010_000]

const record = (chart: string, score: number, reality: number): ScoreRecord =>
  ({
    chart_id: chart,
    score,
    score_accuracy: 0.97,
    reality,
    grade: 'S',
    played_at: '2026-01-01T00:00:00Z',
    game_version: '4.1.0',
    modifiers: ['TouchMode']
  }) as ScoreRecord

interface Scenario {
  best: ScoreRecord[]
  others: ScoreRecord[]
  constants: Map<string, number>
  charts: Map<string, ChartInfo>
}

/** A player: charts with constants (one decimal, as the lists have) and a best each; the service's Reality to 3 decimals. */
const scenario = fc
  .array(
    fc.record({
      // Any chart, or one of a strong player's (constants 10-13, scores near the top): the 20th is then high.
      constant: fc.oneof(fc.integer({ min: 0, max: 140 }), fc.integer({ min: 100, max: 130 })),
      score: fc.oneof(fc.integer({ min: 550_000, max: MAX }), fc.integer({ min: 940_000, max: MAX })),
      listed: fc.boolean()
    }),
    {
      // Mostly more than 20 charts, so some are outside the best 20.
      minLength: 12,
      maxLength: 40
    }
  )
  .map((rows): Scenario => {
    const constants = new Map<string, number>()
    const charts = new Map<string, ChartInfo>()
    const records = rows.map((r, i) => {
      const id = `chart-${String(i).padStart(2, '0')}`
      const c = r.constant / 10
      constants.set(id, c)
      // Most charts are in the chart list; the others have only what the record's own Reality says.
      if (r.listed || c < 0.001) charts.set(id, { chart_id: id, title: id, constant: c })
      return record(id, r.score, Math.round(value(c, r.score) * 1000) / 1000)
    })
    const sorted = [...records].sort((a, b) => b.reality - a.reality)
    return { best: sorted.slice(0, 20), others: sorted.slice(20), constants, charts }
  })

/**
 * What is independently true of one chart with constant `c`: the base its value replaces, and the lowest
 * scores of each step. `c` is the constant the row names (the list's, or one recovered from the record's own
 * Reality, which is tested elsewhere): what is tested here is what the app does with it.
 */
function truthOf(s: Scenario, r: ScoreRecord, c: number) {
  const inBest = s.best.includes(r)
  const floor = s.best.length < 20 ? 0 : Math.min(...s.best.map((b) => b.reality))
  const base = inBest ? r.reality : floor
  const rated = c >= 0.001
  const lowest = (target: number) => {
    const score = rated ? lowestScore(c, target) : null
    return score !== null && score > r.score ? score : null
  }
  return {
    inBest,
    floor,
    plusOne: lowest(base + 0.2),
    enter: inBest ? null : lowest(floor + 1e-6),
    canEnter: !inBest && rated && value(c, MAX) > floor + 5e-7,
    grade: FLOORS.find((f) => f > r.score) ?? null
  }
}

const plan = (s: Scenario): PushPlan => planPushes(s.best, [...s.others, ...s.best], s.charts)
const truthOfRow = (s: Scenario, row: PushStep['row']) => truthOf(s, row.record, row.constant ?? 0)

describe("push next (independent truth: the notes' formulas and a plain scan)", () => {
  it('no chart is both "enters the best 20" and "not possible": what it can do is said once and exactly', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const p = plan(s)
        for (const o of p.charts) {
          const truth = truthOfRow(s, o.row)
          if (o.row.constantSource === 'chartList') expect(o.row.constant).toBe(s.constants.get(o.row.record.chart_id))
          const steps = [o.plusOne, o.enter, o.grade].filter((x): x is PushStep => x !== null)
          if (steps.some((x) => x.enters)) expect(['plus_one', 'enters_only']).toContain(o.status)
          if (o.status === 'stays_outside') {
            expect(truth.canEnter).toBe(false)
            expect(steps.some((x) => x.enters)).toBe(false)
          }
          if (o.status === 'enters_only') {
            expect(truth.canEnter).toBe(true)
            expect(o.plusOne).toBeNull()
          }
          // +0.01 is possible exactly when the scan finds a score for it, and it is that score; the same for entering.
          expect(o.plusOne?.target ?? null).toBe(truth.plusOne)
          if (!o.plusOne) expect(o.enter?.target ?? null).toBe(truth.enter)
          if (!truth.inBest && o.row.constant !== null) expect(['enters_only', 'plus_one'].includes(o.status)).toBe(truth.canEnter)
          expect(o.grade?.target ?? null).toBe(truth.grade)
        }
      }),
      { numRuns: 100 }
    )
  })

  it('each group is ordered by effort: the gain as a share of what is left to 1,010,000, computed apart', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const p = plan(s)
        for (const group of [p.reality, p.enter, p.grade]) {
          const efforts = group.map((step) => {
            const truth = truthOfRow(s, step.row)
            const target = step.kind === 'reality' ? truth.plusOne! : step.kind === 'enter' ? truth.enter! : truth.grade!
            return (target - step.row.record.score) / (MAX - step.row.record.score)
          })
          for (let i = 1; i < efforts.length; i++) expect(efforts[i]! + 1e-12).toBeGreaterThanOrEqual(efforts[i - 1]!)
          group.forEach((step, i) => expect(step.effort).toBeCloseTo(efforts[i]!, 12))
        }
        // Who is in which group, from the scan: +0.01 where a score adds it; "into the best 20" for the others outside it that can enter.
        const ids = (steps: PushStep[]) => steps.map((x) => x.row.record.chart_id).sort()
        const truths = p.charts.map((o) => ({ id: o.row.record.chart_id, ...truthOfRow(s, o.row) }))
        expect(ids(p.reality)).toEqual(
          truths
            .filter((t) => t.plusOne !== null)
            .map((t) => t.id)
            .sort()
        )
        expect(ids(p.enter)).toEqual(
          truths
            .filter((t) => t.plusOne === null && t.enter !== null)
            .map((t) => t.id)
            .sort()
        )
        expect(p.grade).toHaveLength([...s.best, ...s.others].filter((r) => r.score < MAX).length)
      }),
      { numRuns: 100 }
    )
  })

  it('the case players met: a chart outside the best 20 that can enter but not add 0.01 says so, with how much it can add', () => {
    // 20 charts of constant 12 at 950,000 (13.0 each); one of constant 11.6 at 960,000 (12.7) outside.
    const best = Array.from({ length: 20 }, (_, i) => record(`b${i}`, 950_000, 13))
    const outside = record('near', 960_000, 12.7)
    const charts = new Map<string, ChartInfo>([
      ...best.map((r): [string, ChartInfo] => [r.chart_id, { chart_id: r.chart_id, title: r.chart_id, constant: 12 }]),
      ['near', { chart_id: 'near', title: 'near', constant: 11.6 }]
    ])
    const p = planPushes(best, [outside, ...best], charts)
    const near = p.charts.find((o) => o.row.record.chart_id === 'near')!
    // 11.6 + 1.5 = 13.1 at most: above the 20th's 13.0, but 0.1 of chart value is +0.005, not +0.01.
    expect(near.status).toBe('enters_only')
    expect(near.mostGain).toBeCloseTo(0.005, 9)
    expect(near.mostGainAt).toBe(1_000_000)
    expect(near.enter).toMatchObject({ kind: 'enter', enters: true, target: 990_001 })
    expect(p.enter.map((x) => x.row.record.chart_id)).toEqual(['near'])
    expect(p.reality.some((x) => x.row.record.chart_id === 'near')).toBe(false)
    // In the best 20, each +0.01 is 20,000 points from 950,000 (still SS): a third of what is left (60,000).
    expect(p.reality[0]).toMatchObject({ target: 970_000, gain: 20_000, grade: null, enters: false })
    expect(p.reality[0]!.effort).toBeCloseTo(1 / 3, 12)
  })

  it('steps that cost the same points are not equal: the one nearer the top is harder', () => {
    const low = record('low', 870_000, 12.2)
    const high = record('high', 960_000, 13.1)
    const charts = new Map<string, ChartInfo>([
      ['low', { chart_id: 'low', title: 'low', constant: 12 }],
      ['high', { chart_id: 'high', title: 'high', constant: 12 }]
    ])
    const p = planPushes([high, low], [high, low], charts)
    expect(p.reality.map((x) => [x.row.record.chart_id, x.gain])).toEqual([
      ['low', 20_000],
      ['high', 20_000]
    ])
    expect(p.reality[0]!.effort).toBeCloseTo(20_000 / 140_000, 12)
    expect(p.reality[1]!.effort).toBeCloseTo(20_000 / 50_000, 12)
  })

  it('without a constant there is no Reality step, but the next grade still is one', () => {
    const r = record('dark', 940_000, 0)
    const p = planPushes([r], [r], new Map())
    expect(p.charts[0]!.status).toBe('unknown_constant')
    expect(p.reality).toEqual([])
    expect(p.grade[0]).toMatchObject({ target: 950_000, grade: 'SS', realityGain: 0 })
  })
})
