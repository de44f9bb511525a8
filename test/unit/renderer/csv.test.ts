import { describe, expect, it } from 'vitest'
import { bestToCsv, csvCell } from '../../../src/renderer/src/reality/export'
import type { InsightRow } from '../../../src/shared/data'

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

describe('the best list as CSV, with the player’s marks (#55)', () => {
  it('adds hidden, starred and note as the last columns, the note neutralised like any cell', () => {
    const row = {
      record: { chart_id: 'c1', score: 990_000, score_accuracy: 0.99, grade: 'SS', reality: 12.5, played_at: '2025-01-01T00:00:00Z' },
      title: 'Silent Rain',
      difficulty: 'CL',
      constant: 12,
      targetScore: 995_000
    } as unknown as InsightRow
    const [header, line] = bestToCsv([row], () => ({ hidden: true, starred: true, note: '=practice, again' }))
      .trim()
      .split('\n')
    expect(header!.split(',').slice(-3)).toEqual(['hidden', 'starred', 'note'])
    expect(line!.endsWith(`,true,true,"'=practice, again"`)).toBe(true)
    const plain = bestToCsv([row]).trim().split('\n')[1]!
    expect(plain.endsWith(',false,false,')).toBe(true)
  })
})
