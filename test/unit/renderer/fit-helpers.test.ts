import { describe, expect, it } from 'vitest'
import { textWeight, topBy } from '../../../src/renderer/src/ui/column-fit'
import { splitPath } from '../../../src/renderer/src/ui/paths'

describe('what sizes a column', () => {
  it('counts a wide character (Han, kana, Hangul, full width) as two narrow ones', () => {
    expect(textWeight('Lantern')).toBe(7)
    expect(textWeight('虚ろな残響 13')).toBe(13)
    expect(textWeight('전기 빗속')).toBe(9)
    expect(textWeight('ＡＢ')).toBe(4)
  })

  it('picks the rows with the highest weight, each once, highest first', () => {
    const rows = [3, 9, 1, 9, 5].map((score, i) => ({ score, key: String(i) }))
    expect(topBy(rows, (r) => r.score).map((r) => r.key)).toEqual(['1', '3'])
    expect(topBy(rows, (r) => r.score, 3).map((r) => r.score)).toEqual([9, 9, 5])
    expect(topBy([] as { score: number }[], (r) => r.score)).toEqual([])
  })
})

describe('a path shown with its start and its last name', () => {
  it('splits after the last separator, on any system', () => {
    expect(splitPath('/home/ana/Documents/Game Account Companion Backups')).toEqual({
      head: '/home/ana/Documents/',
      tail: 'Game Account Companion Backups'
    })
    expect(splitPath('C:\\Users\\Ana\\Documents\\Backups')).toEqual({ head: 'C:\\Users\\Ana\\Documents\\', tail: 'Backups' })
    expect(splitPath('/home/ana/Backups/')).toEqual({ head: '/home/ana/', tail: 'Backups/' })
    expect(splitPath('Backups')).toEqual({ head: '', tail: 'Backups' })
  })
})
