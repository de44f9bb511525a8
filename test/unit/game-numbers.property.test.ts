import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { gameJudgements, realityText, shownRealityChange, truncateDecimals } from '../../src/shared/game-numbers'

/** The reference: a decimal written as text, cut to two decimals as text (no number involved). */
function cutText(decimal: string): string {
  const [whole, fraction = ''] = decimal.split('.')
  return `${whole}.${fraction.slice(0, 2).padEnd(2, '0')}`
}

/** Decimals with at most 15 significant digits, so the number read from the text writes back as that text. */
const decimalText = fc
  .tuple(fc.integer({ min: 0, max: 999_999 }), fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 0, maxLength: 9 }))
  .map(([whole, fraction]) => (fraction ? `${whole}.${fraction}` : String(whole)))
/** Just below a hundredth: x.yz999…9 with 3 to 9 nines. */
const belowHundredth = fc
  .tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 3, max: 9 }))
  .map(([whole, hundredths, nines]) => `${whole}.${String(hundredths).padStart(2, '0')}${'9'.repeat(nines)}`)

describe('Reality as the game shows it: truncated to two decimals on the decimal digits', () => {
  it('matches cutting the decimal text, for random values and values just below a hundredth', () => {
    fc.assert(
      fc.property(fc.oneof(decimalText, belowHundredth), (text) => {
        expect(truncateDecimals(Number(text), 2)).toBe(cutText(text))
      }),
      { numRuns: 2_000 }
    )
  })

  it('binary edge cases a multiply-and-floor gets wrong, and the examples of the issue', () => {
    const cases: [number, string][] = [
      [12.87996, '12.87'],
      [13.0, '13.00'],
      [13.0089, '13.00'],
      [16.009999999, '16.00'],
      [0.29, '0.29'],
      [1.005, '1.00'],
      [4.35, '4.35'],
      [8.875, '8.87'],
      [0.57, '0.57'],
      [1e-7, '0.00'],
      [0, '0.00']
    ]
    for (const [value, shown] of cases) expect(truncateDecimals(value, 2)).toBe(shown)
    // Why the digits: 0.29 × 100 is 28.999999999999996 in binary floating point.
    expect(Math.floor(0.29 * 100) / 100).toBe(0.28)
  })

  it('the setting: as in the game (2, truncated) or exact (4)', () => {
    expect(realityText(12.87996, 'game', 'en')).toBe('12.87')
    expect(realityText(13.0089, 'exact', 'en')).toBe('13.0089')
    expect(realityText(12.5, 'exact', 'en')).toBe('12.5000')
  })

  it('in every UI language: the same game digits with that language’s decimal separator (Intl writes the cut value alike)', () => {
    expect(realityText(12.87996, 'game', 'es')).toBe('12,87')
    expect(realityText(12.87996, 'game', 'vi')).toBe('12,87')
    expect(realityText(13.0089, 'exact', 'ru')).toBe('13,0089')
    expect(realityText(12.87996, 'game', 'ja')).toBe('12.87')
    const reality = fc.tuple(fc.integer({ min: 0, max: 19 }), fc.integer({ min: 0, max: 99_999 })).map(([w, f]) => w + f / 100_000)
    fc.assert(
      fc.property(reality, fc.constantFrom('en', 'ru', 'es', 'it', 'vi', 'zh-CN'), (value, language) => {
        const game = realityText(value, 'game', 'en')
        // Intl writing the already-cut value (two decimals, nothing left to round) is the independent truth.
        const intl = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(game))
        expect(realityText(value, 'game', language)).toBe(intl)
      }),
      { numRuns: 1_000 }
    )
  })

  it('Perfect is exact + perfect, Good is great + good; a count left out is 0', () => {
    expect(gameJudgements({ score_exact_count: 700, score_perfect_count: 45, score_great_count: 6, score_good_count: 2 })).toEqual({
      perfect: 745,
      good: 8
    })
    expect(gameJudgements({ score_exact_count: 3 })).toEqual({ perfect: 3, good: 0 })
  })
})

describe('Scores shows the judgements as the game does', () => {
  it('Perfect / Good / Bad / Miss in the column, the eight counts on hover and in the chart history', async () => {
    const { judgementsOf, allJudgementsOf } = await import('../../src/renderer/src/scores/score-rows')
    const record = {
      chart_id: 'c',
      score: 990_000,
      score_accuracy: 0.99,
      reality: 10,
      grade: 'SS',
      played_at: '2026-11-01T10:00:00Z',
      modifiers: [],
      score_exact_count: 1181,
      score_perfect_count: 500,
      score_great_count: 32,
      score_good_count: 31,
      score_bad_count: 10,
      score_miss_count: 31,
      score_fracture_exact_count: 4,
      score_fracture_miss_count: 1
    }
    const hair = (s: string) => s.replace(/ \/ /g, '\u200a/\u200a')
    expect(judgementsOf(record)).toBe(hair('1681 / 63 / 10 / 31'))
    expect(allJudgementsOf(record)).toBe(hair('1181 / 500 / 32 / 31 / 10 / 31 / 4 / 1'))
  })
})

describe('a change of Reality is written in the digits of the Reality beside it', () => {
  it('as the game shows them: the difference of the two truncated values, never four decimals beside two', () => {
    expect(shownRealityChange(15.971, 15.979, 'game')).toEqual({ change: 0, digits: 2 })
    expect(shownRealityChange(15.979, 15.991, 'game')).toEqual({ change: 0.02, digits: 2 })
    expect(shownRealityChange(16.0, 15.99, 'game')).toEqual({ change: -0.01, digits: 2 })
    expect(shownRealityChange(15.971, 15.979, 'exact')).toEqual({ change: 0.008, digits: 4 })
  })

  it('adding the shown change to the shown value before gives the shown value after', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_700_000 }), fc.integer({ min: 0, max: 1_700_000 }), (a, b) => {
        const [then, now] = [a / 100_000, b / 100_000]
        const { change } = shownRealityChange(then, now, 'game')
        expect((Number(realityText(then, 'game', 'en')) + change).toFixed(2)).toBe(realityText(now, 'game', 'en'))
      })
    )
  })
})
