import { describe, expect, it } from 'vitest'
import { isAutoPlay, playMarks, ratedScore, scoreProblem } from '../../../src/shared/play-marks'
import { chartReality, chartRealityV2, chartValue, gradeNamed, gradeOf, scoreForReality } from '../../../src/shared/reality'

/**
 * The rule of the game's odd results (shared/notes/real-service.md, "Results the game marks"), written again here:
 * R is exactly 1,010,000 played straight; above it is the game's Overloaded result, rated as 1,010,000.
 */
const ODD = [1_010_001, 1_050_000, 1_023_456]
/** v3 at 1,000,000 and above is the constant + 1.5 (the notes' formula), the most a chart is worth. */
const most = (constant: number) => constant + 1.5

describe('the rule: Overloaded', () => {
  it.each(ODD)('%i is kept as read, marked Overloaded, rated as 1,010,000', (score) => {
    expect(playMarks({ score, modifiers: [] })).toEqual({
      overloaded: true,
      autoplay: false,
      modifiers: [],
      countable: true,
      scoreForRating: 1_010_000
    })
    expect(ratedScore(score)).toBe(1_010_000)
    expect(scoreProblem(score)).toBeNull()
  })

  it('1,010,000 is R, not Overloaded; a score below is rated as itself', () => {
    expect(playMarks({ score: 1_010_000 })).toMatchObject({ overloaded: false, scoreForRating: 1_010_000 })
    expect(gradeOf(1_010_000)).toBe('R')
    expect(playMarks({ score: 987_654 })).toMatchObject({ overloaded: false, scoreForRating: 987_654 })
  })

  it.each(ODD)('the grade of %i is never R, even where a source names R', (score) => {
    expect(gradeOf(score)).toBe('Overloaded')
    for (const named of ['R', 'r', 'M', 'SS', undefined, null, 'nonsense']) expect(gradeNamed(named, score)).toBe('Overloaded')
  })

  it.each([12.3, 14.9, 1, 0.5])(
    'no Reality computed from an Overloaded score is above the chart’s value at 1,010,000 (constant %d)',
    (c) => {
      for (const score of ODD) {
        for (const gameVersion of ['4.4.2', '3.2.0', null]) {
          for (const allPerfect of [false, true]) {
            for (const legacy of [false, true]) {
              const value = chartValue({ constant: c, score, gameVersion, allPerfect, legacy })
              expect(value).toBeCloseTo(most(c), 9)
              expect(value).toBeLessThanOrEqual(chartValue({ constant: c, score: 1_010_000, gameVersion, allPerfect, legacy }) + 1e-12)
            }
          }
        }
        expect(chartReality(c, score)).toBeCloseTo(most(c), 9)
        // v2 tops out at the constant + 1 (from 1,005,000): an Overloaded score stays there too.
        expect(chartRealityV2(c, score)).toBeCloseTo(c + 1, 9)
      }
    }
  )

  it('the score that reaches a value is never above 1,010,000', () => {
    expect(scoreForReality(13, most(13))).toBe(1_000_000)
    expect(scoreForReality(13, most(13) + 0.001)).toBeNull()
  })
})

describe('the rule: which scores are plays', () => {
  it.each([
    [0, null],
    [2_000_000, null],
    [2_000_001, 'too_high'],
    [-1, 'negative'],
    [1_000_000.5, 'fraction'],
    [Number.NaN, 'not_a_number'],
    ['1010001', 'not_a_number'],
    [null, 'not_a_number']
  ])('%s: %s', (score, problem) => {
    expect(scoreProblem(score)).toBe(problem)
  })
})

describe('the rule: AutoPlay and modifiers (an assumption: a modifier named like AutoPlay)', () => {
  it.each([['AutoPlay'], ['autoplay'], ['Auto Play'], ['auto_play'], ['AUTO-PLAY'], [' AutoPlay ']])('%j is AutoPlay', (name) => {
    const marks = playMarks({ score: 990_000, modifiers: ['TouchMode', name] })
    expect(marks).toMatchObject({ autoplay: true, countable: false, modifiers: [] })
    expect(isAutoPlay([name])).toBe(true)
  })

  it.each([['AutoPlayer'], ['NoAutoPlay'], ['Auto'], ['TouchMode'], ['']])('%j is not', (name) => {
    expect(isAutoPlay([name])).toBe(false)
  })

  it('modifiers other than TouchMode are kept as written, in order; TouchMode is the input mode', () => {
    expect(playMarks({ score: 1_050_000, modifiers: ['TouchMode', 'HeavyDownpour', 'Mirror'] })).toEqual({
      overloaded: true,
      autoplay: false,
      modifiers: ['HeavyDownpour', 'Mirror'],
      countable: true,
      scoreForRating: 1_010_000
    })
    // A save's best has none.
    expect(playMarks({ score: 1_023_456 }).modifiers).toEqual([])
  })
})
