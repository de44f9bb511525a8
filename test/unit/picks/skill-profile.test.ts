import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ChartInfo } from '../../../src/shared/data'
import { skillNow, skillOverTime, spreadOf, type SkillBest, type SkillPlay } from '../../../src/shared/skill-profile'

/*
 * The skill profile against sums done by hand: the level is the constant's whole part, quartiles by nearest rank
 * (the ⌈p·n⌉-th score in order, so each is a score the player has), a clear is C (600,000) or better or a full combo.
 */

const chart = (chart_id: string, constant?: number): ChartInfo => ({
  chart_id,
  title: chart_id,
  ...(constant === undefined ? {} : { constant })
})
const list = new Map(
  [
    chart('a', 10.2),
    chart('b', 10.9),
    chart('c', 10.0),
    chart('d', 10.5),
    chart('e', 11.3),
    chart('f', 0),
    chart('g'),
    chart('h', 12.1)
  ].map((c) => [c.chart_id, c])
)

describe('the skill profile now', () => {
  const bests: SkillBest[] = [
    { chart_id: 'a', mode: 'touch', score: 990_000, combo: 'FC' },
    { chart_id: 'b', mode: 'touch', score: 550_000, combo: null },
    { chart_id: 'c', mode: 'touch', score: 1_010_000, combo: 'AP' },
    { chart_id: 'd', mode: 'touch', score: 700_000, combo: null },
    { chart_id: 'e', mode: 'touch', score: 820_000, combo: null },
    { chart_id: 'f', mode: 'touch', score: 900_000, combo: null },
    { chart_id: 'g', mode: 'touch', score: 900_000, combo: null },
    { chart_id: 'a', mode: 'keyboard', score: 500_000, combo: 'FC' }
  ]

  it('a row per level of the list, touch and keyboard apart: the spread, and the clear, FC and AP counts by hand', () => {
    const [touch, keyboard] = skillNow(bests, list)
    expect(touch!.mode).toBe('touch')
    // Level 10: a, b, c, d (constants 10.2, 10.9, 10.0, 10.5). Scores in order: 550,000 700,000 990,000 1,010,000.
    // Nearest rank: q1 is the 1st (⌈1⌉), the median the 2nd (⌈2⌉), q3 the 3rd (⌈3⌉).
    expect(touch!.levels).toEqual([
      {
        level: 10,
        charts: 4,
        played: 4,
        spread: { min: 550_000, q1: 550_000, median: 700_000, q3: 990_000, max: 1_010_000 },
        clear: 3,
        fullCombo: 2,
        allPerfect: 1
      },
      {
        level: 11,
        charts: 1,
        played: 1,
        spread: { min: 820_000, q1: 820_000, median: 820_000, q3: 820_000, max: 820_000 },
        clear: 1,
        fullCombo: 0,
        allPerfect: 0
      },
      { level: 12, charts: 1, played: 0, spread: null, clear: 0, fullCombo: 0, allPerfect: 0 }
    ])
    // f (constant 0) and g (no constant) have no level.
    expect(touch!.unplaced).toBe(2)
    // A full combo below 600,000 is a clear.
    expect(keyboard!.levels[0]).toMatchObject({ level: 10, played: 1, clear: 1, fullCombo: 1, allPerfect: 0 })
    expect(keyboard!.unplaced).toBe(0)
  })

  it('nearest-rank quartiles on random scores: each is the ⌈p·n⌉-th score in order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_010_000 }), { minLength: 1, maxLength: 40 }), (scores) => {
        const sorted = [...scores].sort((x, y) => x - y)
        const nth = (p: number) => sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1]
        expect(spreadOf(scores)).toEqual({ min: sorted[0], q1: nth(0.25), median: nth(0.5), q3: nth(0.75), max: sorted.at(-1) })
      }),
      { seed: 54, numRuns: 200 }
    )
    expect(spreadOf([])).toBeNull()
  })
})

describe('the skill profile over time', () => {
  const at = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d, 12)
  const plays: SkillPlay[] = [
    { chart_id: 'a', mode: 'touch', score: 800_000, at: at(2026, 1, 10) },
    { chart_id: 'b', mode: 'touch', score: 600_000, at: at(2026, 1, 20) },
    { chart_id: 'a', mode: 'touch', score: 900_000, at: at(2026, 3, 5) },
    { chart_id: 'c', mode: 'touch', score: 950_000, at: at(2026, 3, 6) },
    { chart_id: 'a', mode: 'touch', score: 850_000, at: at(2026, 3, 7) },
    { chart_id: 'e', mode: 'keyboard', score: 700_000, at: at(2026, 3, 8) },
    { chart_id: 'g', mode: 'touch', score: 999_999, at: at(2026, 3, 9) }
  ]

  it('each month from the first play: each level’s median best at the month’s end, by hand', () => {
    expect(skillOverTime(plays, list, at(2026, 4, 2))).toEqual([
      // January: a 800,000, b 600,000 → the median (2nd of 2 by nearest rank: ⌈1⌉ = 1st) is 600,000.
      { month: '2026-01', mode: 'touch', level: 10, median: 600_000, played: 2 },
      // February: no play, the same bests.
      { month: '2026-02', mode: 'touch', level: 10, median: 600_000, played: 2 },
      // March: a 900,000 (850,000 later is no best), b 600,000, c 950,000 → 600,000 900,000 950,000: 900,000.
      { month: '2026-03', mode: 'keyboard', level: 11, median: 700_000, played: 1 },
      { month: '2026-03', mode: 'touch', level: 10, median: 900_000, played: 3 },
      { month: '2026-04', mode: 'keyboard', level: 11, median: 700_000, played: 1 },
      { month: '2026-04', mode: 'touch', level: 10, median: 900_000, played: 3 }
    ])
  })

  it('at most twelve months up to now, the plays before them counted in the first', () => {
    const months = skillOverTime(plays, list, at(2027, 2, 1))
    expect(new Set(months.map((m) => m.month)).size).toBe(12)
    expect(months[0]).toEqual({ month: '2026-03', mode: 'keyboard', level: 11, median: 700_000, played: 1 })
    expect(months.at(-1)!.month).toBe('2027-02')
    expect(skillOverTime([], list, at(2026, 1, 1))).toEqual([])
  })
})
