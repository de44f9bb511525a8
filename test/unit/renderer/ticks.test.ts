import { describe, expect, it } from 'vitest'
import { tickDigits } from '../../../src/renderer/src/reality/ticks'

describe('Reality axis ticks', () => {
  it.each([1, 0.5, 0.25, 0.2, 0.1, 0.05, 0.025, 0.02, 0.01, 0.005, 0.0025, 0.002, 0.001, 0.0005, 0.0002, 0.0001])(
    'ticks %d apart each read as their exact value',
    (step) => {
      // Ticks sit on multiples of their step (as uPlot places them), here around a flat Reality near the top.
      const first = Math.ceil(15.995 / step)
      const ticks = Array.from({ length: 5 }, (_, k) => (first + k) * step)
      const labels = ticks.map((v) => v.toFixed(tickDigits(step)))
      expect(new Set(labels).size).toBe(5)
      labels.forEach((label, k) => expect(Math.abs(Number(label) - ticks[k]!)).toBeLessThan(1e-9))
      // And with no more decimals than the step itself has (0.005 → 3), never fewer than two.
      expect(tickDigits(step)).toBe(Math.max(2, (String(step).split('.')[1] ?? '').length))
    }
  )

  it('keeps two decimals for ordinary steps and never goes past Reality’s four', () => {
    expect(tickDigits(1)).toBe(2)
    expect(tickDigits(0.25)).toBe(2)
    expect(tickDigits(0.00001)).toBe(4)
    expect(tickDigits(0.00025)).toBe(4)
    expect(tickDigits(0)).toBe(2)
    expect(tickDigits(Number.NaN)).toBe(2)
  })
})
