import { describe, expect, it } from 'vitest'
import { readNumber } from '../../../src/renderer/src/ui/read-number'

describe('a number field reads what the player types', () => {
  const percent = { min: 0.1, max: 100, decimals: 2 }
  const score = { min: 1, max: 1_010_000 }

  it('takes whole and decimal values in range, with a decimal point or comma', () => {
    expect(['80', '50', '100', '0.1', '12.5', '12,5', '33.33', ' 7 ', '.5', '12.'].map((t) => readNumber(t, percent))).toEqual([
      80, 50, 100, 0.1, 12.5, 12.5, 33.33, 7, 0.5, 12
    ])
  })

  it('refuses what is out of range, has too many decimals, or is not a plain number', () => {
    for (const typed of ['0', '0.05', '100.01', '101', '12.345', '', ' ', '.', '-5', '+5', '1e2', 'ten', '12,5,0', '0x10'])
      expect(readNumber(typed, percent), typed).toBeNaN()
  })

  it('takes a whole number written with thousands separators, and no decimals in a whole-number field', () => {
    expect(['1000000', '1,000,000', '1.000.000', '1 000 000', '1\u00a0000\u00a0000', '950,000'].map((t) => readNumber(t, score))).toEqual([
      1_000_000, 1_000_000, 1_000_000, 1_000_000, 1_000_000, 950_000
    ])
    for (const typed of ['1,0000', '1,000.000', '12.5', '1,010,001', '0']) expect(readNumber(typed, score), typed).toBeNaN()
  })
})
