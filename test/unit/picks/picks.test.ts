import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ChartInfo } from '../../../src/shared/data'
import {
  picksFor,
  playerLevelOf,
  randomPick,
  targetFor,
  type PickBest,
  type PickList,
  type PicksInput
} from '../../../src/shared/picks/picks'
import type { RandomFilter } from '../../../src/shared/picks/schema'
import { exhaustive, MAX, newPlay, rate, reality, shown, type TruthChart } from '../planner/truth'

/*
 * "Play next" against truth written again here: the planner's cheapest plan by exhaustive search (planner/truth.ts),
 * the score that raises Reality as the game shows it by 0.01 by a search over scores with the notes' formulas, the
 * level and the order of each kind by hand; the mix is the issue's rule (one of each kind in turn, no chart twice).
 */

const DAY = 86_400_000
/** Where the grades C to R start (the notes). */
const GRADE_LINES = [600_000, 650_000, 750_000, 850_000, 950_000, 1_000_000, MAX]
const NOW = Date.UTC(2026, 5, 1, 12)
const ago = (days: number) => new Date(NOW - days * DAY).toISOString()

const info = (chart_id: string, constant: number, more: Partial<ChartInfo> = {}): ChartInfo => ({
  chart_id,
  title: `Song ${chart_id}`,
  difficulty: 'Cloudburst',
  constant,
  ...more
})

/** A modern best (no own Reality: the rule rates it), as truth.ts and the picks read it. */
const truth = (id: string, constant: number, score: number): TruthChart => ({
  id,
  constant,
  score,
  allPerfect: false,
  version: null,
  legacy: false,
  reality: null
})
const best = (t: TruthChart, lastPlayedAt: string | null): PickBest => ({
  chart_id: t.id,
  title: `Song ${t.id}`,
  difficulty: 'Cloudburst',
  constant: t.constant,
  score: t.score,
  reality: null,
  lastPlayedAt
})

/** The lowest score on `chart` (all others as they are) at which Reality as shown rises by 0.01; null if none does. */
function truthTarget(charts: readonly TruthChart[], chart: TruthChart, count: number): number | null {
  const value = (c: TruthChart, score: number) => (score === c.score ? newPlayOrOwn(c) : newPlay(c.constant!, score))
  const newPlayOrOwn = (c: TruthChart) => newPlay(c.constant!, c.score)
  const others = charts.filter((c) => c.id !== chart.id).map((c) => newPlayOrOwn(c))
  const now = shown(reality([...others, newPlayOrOwn(chart)], count))
  const reaches = (s: number) => shown(reality([...others, value(chart, s)], count)) >= now + 1
  if (!reaches(1_000_000) && !reaches(MAX)) return null
  // Values only grow with the score up to 1,000,000 (then stay): the lowest score that reaches is found by halving.
  let lo = chart.score + 1
  let hi = reaches(1_000_000) ? 1_000_000 : MAX
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2)
    if (reaches(mid)) hi = mid
    else lo = mid + 1
  }
  return lo
}

describe('picks: the list mixes the four kinds in turn', () => {
  // Three charts count (count 3). Level: the best 3 are levels 12, 12 and 11, so the player's level is 12.
  const a = truth('a', 12.4, 990_000) // level 12, last played 100 days ago: not played for long
  const b = truth('b', 12.8, 1_000_000) // level 12, played 2 days ago
  const c = truth('c', 11.5, 1_004_000) // level 11, one Good from All Perfect
  const d = truth('d', 9.0, 960_000) // level 9, 200 days ago: too far below the player's level to be picked for it
  const e = truth('e', 11.2, 995_000) // level 11, 40 days ago: one below the level, picked
  const charts = [a, b, c, d, e]
  const list: PickList = {
    mode: 'touch',
    bestCount: 3,
    bests: [best(a, ago(100)), best(b, ago(2)), best(c, ago(1)), best(d, ago(200)), best(e, ago(40))]
  }
  const chartList = new Map(
    [
      info('a', 12.4),
      info('b', 12.8),
      info('c', 11.5),
      info('d', 9.0),
      info('e', 11.2),
      info('u1', 12.6),
      info('u2', 12.1),
      info('u3', 13.0)
    ].map((x) => [x.chart_id, x])
  )
  const input: PicksInput = {
    charts: chartList,
    lists: [list],
    nearMisses: [{ chart_id: 'c', mode: 'touch', kind: 'allPerfect', grade: null, gap: 1 }],
    now: NOW
  }

  it('the player level is the highest level among the best charts', () => {
    expect(playerLevelOf(list)).toBe(12)
  })

  it('near miss, cheapest step, not played for long, not played yet, then the next of each: by hand and by exhaustive search', () => {
    const rated = rate(charts, () => true)
    const steps = (goal: number) => {
      const plan = exhaustive(rated, 3, goal)
      // Out of reach: no steps toward it.
      if (!plan) return []
      return [...plan.scores].map(([i, to]) => ({
        id: rated[i]!.chart.id,
        to,
        effort: (to - rated[i]!.chart.score) / (MAX - rated[i]!.chart.score)
      }))
    }
    const now = shown(
      reality(
        rated.map((r) => r.value),
        3
      )
    )
    const plan = [...steps(now + 1).sort((x, y) => x.effort - y.effort), ...steps(now + 5).sort((x, y) => x.effort - y.effort)]
    const picks = picksFor(input, 8)
    const taken = new Set<string>(['c'])
    const planIds = plan.map((s) => s.id).filter((id, i, all) => all.indexOf(id) === i)
    const firstPlan = planIds.find((id) => !taken.has(id))!
    taken.add(firstPlan)
    // Not played for long, oldest first, the player's level or one below: a (100 days), then e (40 days); d is level 9.
    const stale = ['a', 'e'].filter((id) => !taken.has(id))
    // Not played yet at level 12, the lowest constant first: u2 (12.1), u1 (12.6); u3 is level 13.
    expect(picks[0]).toMatchObject({ chart_id: 'c', why: { kind: 'nearMiss', miss: 'allPerfect' }, target: { score: MAX, mark: 'AP' } })
    expect(picks[1]).toMatchObject({ chart_id: firstPlan, why: { kind: 'plan', toward: (now + 1) / 100 } })
    expect(picks[1]!.target!.score).toBe(plan.find((s) => s.id === firstPlan)!.to)
    expect(picks[2]).toMatchObject({ chart_id: stale[0], why: { kind: 'stale' } })
    expect(picks[3]).toMatchObject({ chart_id: 'u2', why: { kind: 'unplayed', level: 12 }, best: null })
    expect(picks.map((p) => p.chart_id)).toContain('u1')
    expect(picks.map((p) => p.chart_id)).not.toContain('u3')
    expect(picks.map((p) => p.chart_id)).not.toContain('d')
    // No chart twice.
    expect(new Set(picks.map((p) => p.chart_id)).size).toBe(picks.length)
  })

  it('a chart not played for long is picked with its days and the score that raises Reality by 0.01', () => {
    const days = { a: 100, e: 40 } as Record<string, number>
    const stale = picksFor(input, 8).filter((p) => p.why.kind === 'stale')
    expect(stale.length).toBeGreaterThan(0)
    for (const pick of stale) {
      expect(pick.why).toEqual({ kind: 'stale', lastPlayedAt: ago(days[pick.chart_id]!), days: days[pick.chart_id] })
      const chart = charts.find((c) => c.id === pick.chart_id)!
      // The score for +0.01, else the next grade above the best.
      expect(pick.target?.score).toBe(truthTarget(charts, chart, 3) ?? GRADE_LINES.find((g) => g > chart.score))
    }
  })

  it('asks for no more than it is given: five by default, fewer when the kinds run out', () => {
    expect(picksFor(input)).toHaveLength(5)
    expect(
      picksFor({ ...input, charts: new Map(), nearMisses: [] }, 50).every((p) => p.why.kind === 'plan' || p.why.kind === 'stale')
    ).toBe(true)
    expect(picksFor({ charts: new Map(), lists: [{ mode: 'touch', bests: [] }], nearMisses: [], now: NOW }, 5)).toEqual([])
  })

  it('a filter keeps only the charts it names (level, pack, not played)', () => {
    expect(
      picksFor(input, 10, { level: 11 })
        .map((p) => p.chart_id)
        .sort()
    ).toEqual(['c', 'e'])
    expect(picksFor(input, 10, { unplayed: true }).map((p) => p.chart_id)).toEqual(['u2', 'u1'])
  })
})

describe('picks: the target is the lowest score that raises Reality as the game shows it by 0.01', () => {
  const bestArb = fc.record({
    constant: fc.integer({ min: 30, max: 140 }).map((x) => x / 10),
    score: fc.integer({ min: 600_000, max: 1_000_000 })
  })
  it('on random lists, for a chart played and one not yet played, equals a search over every score', () => {
    fc.assert(
      fc.property(
        fc.array(bestArb, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 4 }),
        fc.nat(),
        fc.boolean(),
        (raws, count, pick, fresh) => {
          const charts = raws.map((r, i) => truth(`c${i}`, r.constant, r.score))
          const list: PickList = { mode: 'keyboard', bestCount: count, bests: charts.map((t) => best(t, null)) }
          if (fresh) {
            const chart = truth('new', raws[pick % raws.length]!.constant, 0)
            const want = truthTarget([...charts, chart], chart, count)
            const got = targetFor(list, best(chart, null), false)
            if (want !== null) expect(got).toEqual({ score: want, grade: expect.any(String), mark: null })
            else expect(got?.score).toBe(600_000)
            return
          }
          const chart = charts[pick % charts.length]!
          const want = truthTarget(charts, chart, count)
          const got = targetFor(list, best(chart, null), true)
          if (want !== null) expect(got?.score).toBe(want)
          // None: the next grade above the best (or nothing above 1,010,000).
          else expect(got?.score ?? null).toBe(GRADE_LINES.find((g) => g > chart.score) ?? null)
        }
      ),
      { seed: 54, numRuns: 150 }
    )
  })
})

describe('the random pick', () => {
  const charts = new Map(
    [
      info('r1', 10.2, { pack: 'chapter1' }),
      info('r2', 10.9, { pack: 'chapter2', difficulty: 'Clear' }),
      info('r3', 11.0, { pack: 'chapter1' }),
      info('r4', 10.5, { pack: 'chapter1' }),
      info('r5', 3.1, { pack: 'chapter1', difficulty: 'Drizzle' })
    ].map((x) => [x.chart_id, x])
  )
  const input: PicksInput = {
    charts,
    lists: [{ mode: 'keyboard', bests: [best(truth('r1', 10.2, 950_000), ago(3))] }],
    nearMisses: [],
    now: NOW
  }
  /** The charts a filter keeps, worked out by hand. */
  const kept = (f: RandomFilter) =>
    [...charts.values()]
      .filter((c) => f.level === undefined || Math.floor(c.constant!) === f.level)
      .filter((c) => f.difficulty === undefined || c.difficulty === f.difficulty)
      .filter((c) => f.pack === undefined || c.pack === f.pack)
      .filter((c) => !f.unplayed || c.chart_id !== 'r1')
      .map((c) => c.chart_id)
  const filterArb: fc.Arbitrary<RandomFilter> = fc.record(
    {
      level: fc.constantFrom(3, 10, 11, 12),
      difficulty: fc.constantFrom('Cloudburst', 'Clear', 'Drizzle'),
      pack: fc.constantFrom('chapter1', 'chapter2', 'chapter9'),
      unplayed: fc.boolean()
    },
    { requiredKeys: [] }
  )

  it('draws a chart the filter keeps, says how many it kept, and draws the same one for the same seed', () => {
    fc.assert(
      fc.property(filterArb, fc.integer({ min: 0, max: 0xffff_ffff }), (filter, seed) => {
        const drawn = randomPick(input, filter, seed)
        const ids = kept(filter)
        expect(drawn.among).toBe(ids.length)
        expect(drawn.seed).toBe(seed)
        if (ids.length === 0) {
          expect(drawn.pick).toBeNull()
          return
        }
        expect(ids).toContain(drawn.pick!.chart_id)
        expect(drawn.pick!.why).toEqual({ kind: 'random', seed, among: ids.length })
        expect(drawn.pick!.mode).toBe('keyboard')
        expect(randomPick(input, filter, seed)).toEqual(drawn)
      }),
      { seed: 54, numRuns: 200 }
    )
  })

  it('every chart the filter keeps can be drawn (a hundred seeds draw each of four)', () => {
    const drawn = new Set(Array.from({ length: 100 }, (_, seed) => randomPick(input, { pack: 'chapter1' }, seed).pick!.chart_id))
    expect(drawn).toEqual(new Set(['r1', 'r3', 'r4', 'r5']))
  })

  it('a chart played has its best and a target above it; one not played has none and a target from zero', () => {
    const played = Array.from({ length: 50 }, (_, s) => randomPick(input, {}, s).pick!).find((p) => p.chart_id === 'r1')!
    expect(played.best).toBe(950_000)
    expect(played.target!.score).toBeGreaterThan(950_000)
    const fresh = randomPick(input, { unplayed: true, level: 11 }, 7).pick!
    expect(fresh).toMatchObject({ chart_id: 'r3', best: null })
    expect(fresh.target!.score).toBeGreaterThan(0)
  })
})
