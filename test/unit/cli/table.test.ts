import { describe, expect, it } from 'vitest'
import { displayWidth, table } from '../../../src/cli/output'

describe('the CLI table', () => {
  it('counts Han, kana, Hangul and fullwidth characters as two terminal columns', () => {
    expect(displayWidth('abc')).toBe(3)
    expect(displayWidth('譜面')).toBe(4)
    expect(displayWidth('キーボード')).toBe(10)
    expect(displayWidth('점수')).toBe(4)
    expect(displayWidth('Ａ1')).toBe(3)
  })

  it('lines columns up under wide headers', () => {
    expect(table(['譜面', 'x'], [['ab', '1']]).split('\n')).toEqual(['譜面  x', 'ab    1'])
  })
})
