import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { KeptRecord } from '../../../src/shared/api'
import type { RealityPoint } from '../../../src/shared/data'
import { chartCounts, recordMarks } from '../../../src/shared/chart-counts'
import {
  bestCombo,
  bestKey,
  comboMark,
  foldPlays,
  mergeBests,
  playMark,
  pointsInRange,
  realityChange,
  type PersonalBest
} from '../../../src/shared/player'

const play = (chart: string, score: number, at: string, extra: Partial<KeptRecord> = {}): KeptRecord => ({
  chart_id: chart,
  score,
  score_accuracy: 0.95,
  reality: 10,
  grade: score >= 1_000_000 ? 'M' : score >= 950_000 ? 'SS' : 'S',
  played_at: at,
  modifiers: ['TouchMode'],
  ...extra
})

describe('personal bests', () => {
  it('keeps the best per chart and mode, the plays behind it, and the best it replaced, in any order of arrival', () => {
    const plays = [
      play('x', 900_000, '2026-01-01T00:00:00Z'),
      play('x', 950_000, '2026-01-02T00:00:00Z'),
      play('x', 940_000, '2026-01-03T00:00:00Z'),
      play('x', 990_000, '2026-01-04T00:00:00Z', { modifiers: [] }),
      play('y', 800_000, '2026-01-05T00:00:00Z')
    ]
    for (const order of [plays, [...plays].reverse()]) {
      const bests = new Map<string, PersonalBest>()
      foldPlays(bests, order.slice(0, 2))
      foldPlays(bests, order.slice(2))
      const touchX = bests.get(bestKey('x', 'touch'))!
      expect(touchX.record.score).toBe(950_000)
      expect(touchX.plays).toBe(3)
      expect(touchX.firstPlayedAt).toBe('2026-01-01T00:00:00Z')
      expect(bests.get(bestKey('x', 'keyboard'))!.record.score).toBe(990_000)
      expect(bests.size).toBe(3)
    }
    const inOrder = new Map<string, PersonalBest>()
    foldPlays(inOrder, plays)
    expect(inOrder.get(bestKey('x', 'touch'))!.previousScore).toBe(900_000)
  })

  it('a tie keeps the earliest play that reached the score', () => {
    const bests = new Map<string, PersonalBest>()
    foldPlays(bests, [play('x', 950_000, '2026-01-05T00:00:00Z'), play('x', 950_000, '2026-01-02T00:00:00Z')])
    expect(bests.get(bestKey('x', 'touch'))!.record.played_at).toBe('2026-01-02T00:00:00Z')
  })

  it('marks a play that set the best with its gain, and any other play against the best', () => {
    const first = play('x', 900_000, '2026-01-01T00:00:00Z')
    const better = play('x', 930_000, '2026-01-02T00:00:00Z')
    const worse = play('x', 910_000, '2026-01-03T00:00:00Z')
    const bests = new Map<string, PersonalBest>()
    foldPlays(bests, [first, better, worse])
    expect(playMark(better, bests)).toEqual({ newBest: true, delta: 30_000 })
    expect(playMark(worse, bests)).toEqual({ newBest: false, delta: -20_000 })
    const alone = new Map<string, PersonalBest>()
    foldPlays(alone, [first])
    expect(playMark(first, alone)).toEqual({ newBest: true, delta: null })
  })
})

describe('full combo and all perfect marks', () => {
  const counts = (great: number, good: number, bad: number, miss: number) => ({
    score_exact_count: 900,
    score_perfect_count: 50,
    score_great_count: great,
    score_good_count: good,
    score_bad_count: bad,
    score_miss_count: miss
  })

  it('reads the judgement counts where the record has them: AP with no Great, Good, Bad or Miss; FC with no Bad or Miss', () => {
    expect(comboMark({ score_accuracy: 1, ...counts(0, 0, 0, 0) })).toBe('AP')
    expect(comboMark({ score_accuracy: 0.995, ...counts(3, 1, 0, 0) })).toBe('FC')
    expect(comboMark({ score_accuracy: 0.99, ...counts(3, 1, 1, 0) })).toBeNull()
    expect(comboMark({ score_accuracy: 0.99, ...counts(0, 0, 0, 1) })).toBeNull()
    // The counts decide over a save's flag that contradicts them.
    expect(comboMark({ score_accuracy: 0.99, ...counts(0, 0, 0, 2), full_combo: true })).toBeNull()
  })

  it('without counts: what the save says (AchievedStatus 4 and 5), and an accuracy of 100 % is all perfect', () => {
    expect(comboMark({ score_accuracy: 0.97, full_combo: true })).toBe('FC')
    expect(comboMark({ score_accuracy: 0.97, full_combo: true, all_perfect: true })).toBe('AP')
    expect(comboMark({ score_accuracy: 1 })).toBe('AP')
    expect(comboMark({ score_accuracy: 100 })).toBe('AP')
    expect(comboMark({ score_accuracy: 0.97 })).toBeNull()
    expect(comboMark({ score_accuracy: 0.97, full_combo: false })).toBeNull()
    // Bad and Miss known and none, Great and Good unknown: a full combo at least.
    expect(comboMark({ score_accuracy: 0.97, score_bad_count: 0, score_miss_count: 0 })).toBe('FC')
  })

  it('a best keeps the best mark its chart ever had in its mode, even from a play below the best score', () => {
    const bests = new Map<string, PersonalBest>()
    const fc = play('x', 990_000, '2026-01-01T00:00:00Z', counts(2, 0, 0, 0))
    const better = play('x', 995_000, '2026-01-02T00:00:00Z', counts(0, 0, 1, 0))
    foldPlays(bests, [fc, better])
    const best = bests.get(bestKey('x', 'touch'))!
    expect(best.record.score).toBe(995_000)
    expect(bestCombo(best)).toBe('FC')
    // A keyboard best is another chart's mark: nothing from the touch plays.
    foldPlays(bests, [play('x', 900_000, '2026-01-03T00:00:00Z', { ...counts(0, 0, 5, 5), modifiers: [] })])
    expect(bestCombo(bests.get(bestKey('x', 'keyboard'))!)).toBeNull()
    // A best read from a file kept before marks were (no `combo`): its record's own mark.
    expect(bestCombo({ record: fc })).toBe('FC')
    // Counted per chart, at the best of its modes (the card's count): the touch best's FC.
    const counted = chartCounts([...bests.values()].map((b) => recordMarks(b.record, bestCombo(b))))
    expect(counted).toMatchObject({ charts: 1, fullCombos: 1, allPerfects: 0 })
  })
})

describe('Reality over time', () => {
  const point = (at: string, touch: number): RealityPoint => ({
    at,
    touch,
    keyboard: 0,
    entered: { touch: [], keyboard: [] },
    left: { touch: [], keyboard: [] }
  })
  const points = [point('2026-01-01T00:00:00Z', 10), point('2026-01-05T00:00:00Z', 10.5), point('2026-01-10T00:00:00Z', 10.75)]

  it('the change since a week ago is against the last snapshot at or before then', () => {
    expect(realityChange(points, 'touch', Date.parse('2026-01-11T00:00:00Z'))).toBeCloseTo(0.75, 9)
    expect(realityChange(points, 'touch', Date.parse('2026-01-12T00:00:00Z'))).toBeCloseTo(0.25, 9)
    expect(realityChange(points, 'touch', Date.parse('2026-01-06T00:00:00Z'))).toBeNull()
  })

  it('a range keeps the point just before it, so the line starts at the left edge', () => {
    expect(pointsInRange(points, Date.parse('2026-01-11T00:00:00Z'), 3).map((p) => p.touch)).toEqual([10.5, 10.75])
    expect(pointsInRange(points, Date.parse('2026-01-11T00:00:00Z'), null)).toHaveLength(3)
  })
})

describe('bests folded apart', () => {
  it('merged into the kept bests, equal folding the same plays one by one after them (any plays, any split)', () => {
    const charts = ['x', 'y']
    const day = Date.UTC(2026, 0, 1)
    const playArb = fc
      .tuple(
        fc.constantFrom(...charts),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 9 }),
        fc.boolean(),
        fc.constantFrom('Z', '+08:00')
      )
      .map(([chart, score, at, touch, zone]) => {
        const iso = new Date(day + at * 3_600_000 + (zone === 'Z' ? 0 : 8 * 3_600_000)).toISOString().replace('.000Z', zone)
        return play(chart, 900_000 + score * 10_000, iso, { modifiers: touch ? ['TouchMode'] : [] })
      })
    fc.assert(
      fc.property(fc.array(playArb, { maxLength: 12 }), fc.array(playArb, { maxLength: 12 }), (kept, later) => {
        const oneByOne = new Map<string, PersonalBest>()
        foldPlays(oneByOne, [...kept, ...later])
        const merged = new Map<string, PersonalBest>()
        foldPlays(merged, kept)
        const apart = new Map<string, PersonalBest>()
        foldPlays(apart, later)
        mergeBests(merged, structuredClone([...apart.values()]))
        expect(merged).toEqual(oneByOne)
      }),
      { numRuns: 2_000 }
    )
  })
})
