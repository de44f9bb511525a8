import { describe, expect, it } from 'vitest'
import { csvCell } from '../../../src/renderer/src/reality/export'

describe('CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://evil","x")', `"'=HYPERLINK(""http://evil"",""x"")"`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tdata', "'\tdata"],
    ['\rcmd', `"'\rcmd"`],
    ['Silent Rain', 'Silent Rain'],
    ['a,b', '"a,b"']
  ])('neutralises %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected)
  })

  it('keeps numbers as numbers', () => {
    expect(csvCell(-0.5)).toBe('-0.5')
    expect(csvCell(1005000)).toBe('1005000')
    expect(csvCell(null)).toBe('')
  })
})
