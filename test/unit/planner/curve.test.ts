import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { curveOf } from '../../../src/shared/planner/curve'
import { MAX, newPlay } from './truth'

/*
 * What the planner's exactness rests on (docs/planner.md), checked against the notes' formulas written again in
 * truth.ts: a new play's value is a straight line between two neighbouring vertices of the planner's curve, and at
 * every vertex that is not one of the chart's menu scores the line turns steeper (bends upward), so a cheapest plan
 * never needs to stop there.
 */
describe('the planner’s curve of a chart', () => {
  const chartArb = fc.record({
    constant: fc.oneof(
      fc.integer({ min: 1, max: 160 }).map((x) => x / 10),
      fc.double({ min: 0.001, max: 16, noNaN: true })
    ),
    score: fc.oneof(
      fc.integer({ min: 0, max: MAX - 1 }),
      fc.constantFrom(0, 599_999, 600_000, 699_999, 700_000, 849_999, 850_000, 999_999, 1_000_000)
    )
  })

  it('is a straight line between neighbouring vertices, and bends upward at every vertex off the menu', () => {
    fc.assert(
      fc.property(
        chartArb,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 3, maxLength: 3 }),
        ({ constant, score }, at) => {
          const value = newPlay(constant, score)
          const curve = curveOf(constant, score, value)
          if (!curve) {
            expect(score >= 1_000_000 || newPlay(constant, 1_000_000) <= value).toBe(true)
            return
          }
          const f = (s: number) => newPlay(constant, s)
          const v = curve.vertices
          expect(v[0]).toBe(score)
          expect(v.at(-1)).toBe(score < 1_000_000 ? 1_000_000 : score + 1)
          for (let k = 1; k + 1 < v.length; k++) {
            const [a, b] = [v[k]!, v[k + 1]!]
            for (const x of at) {
              const s = Math.round(a + x * (b - a))
              expect(Math.abs(f(s) - (f(a) + ((f(b) - f(a)) * (s - a)) / (b - a)))).toBeLessThan(1e-11)
            }
            const c = v[k - 1]!
            if (k === 1 || curve.menu.includes(a)) continue
            const left = (f(a) - f(c)) / (a - c)
            const right = (f(b) - f(a)) / (b - a)
            expect(right).toBeGreaterThanOrEqual(left - 1e-12)
          }
          for (const s of curve.menu.slice(1)) expect([700_000, 850_000, 1_000_000, score + 1]).toContain(s)
        }
      ),
      { seed: 54, numRuns: 2_000 }
    )
  })

  it('a best rated below a new play at its score (an older rule, all-perfect) gains one point up: that point is on the menu', () => {
    // 3.x rule at 900,000: v2 (c − 0.786); a new play one point up is v3 (c + 0.5).
    const curve = curveOf(12, 900_000, 900_000 / 280_000 - 4 + 12)!
    expect(curve.menu).toEqual([900_000, 900_001, 1_000_000])
    // Rated as a new play would be: no such point.
    expect(curveOf(12, 900_000, newPlay(12, 900_000))!.menu).toEqual([900_000, 1_000_000])
    // Nothing left to gain, no constant, a constant that rates nothing.
    expect(curveOf(12, 1_000_000, 13.5)).toBeNull()
    expect(curveOf(null, 900_000, 10)).toBeNull()
    expect(curveOf(0, 900_000, 0)).toBeNull()
  })
})
