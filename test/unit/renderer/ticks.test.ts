import { describe, expect, it } from 'vitest'
import { tickDigits } from '../../../src/renderer/src/reality/ticks'

describe('Reality axis ticks', () => {
  it.each([0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.0025, 0.002, 0.001, 0.0005, 0.0002, 0.0001])(
    'five ticks %d apart read as five different numbers',
    (step) => {
      // Ticks sit on multiples of their step (as uPlot places them), here around a flat Reality near the top.
      const first = Math.ceil(15.995 / step)
      const ticks = Array.from({ length: 5 }, (_, k) => (first + k) * step)
      const labels = ticks.map((v) => v.toFixed(tickDigits(step)))
      expect(new Set(labels).size).toBe(5)
    }
  )

  it('keeps two decimals for ordinary steps and never goes past Reality’s four', () => {
    expect(tickDigits(1)).toBe(2)
    expect(tickDigits(0.25)).toBe(2)
    expect(tickDigits(0.00001)).toBe(4)
    expect(tickDigits(0)).toBe(2)
    expect(tickDigits(Number.NaN)).toBe(2)
  })
})
