import { describe, expect, it } from 'vitest'
import { fitColumns, type ColumnNeed } from '../../../src/renderer/src/ui/column-fit'

const columns: ColumnNeed[] = [
  { id: 'title', need: 300, priority: 1, flexible: { min: 150 } },
  { id: 'grade', need: 60, priority: 1 },
  { id: 'score', need: 100, priority: 1 },
  { id: 'accuracy', need: 80, priority: 2 },
  { id: 'plays', need: 50, priority: 2 },
  { id: 'mode', need: 70, priority: 3 },
  { id: 'played', need: 140, priority: 1 }
]
const sum = (widths: Record<string, number>) => Object.values(widths).reduce((a, b) => a + b, 0)

describe('columns sized to their content', () => {
  it('with room for everything, every column gets at least its need and the spare room is shared out', () => {
    const { widths, hidden } = fitColumns(columns, 1000)
    expect(hidden).toEqual([])
    for (const c of columns) expect(widths[c.id]).toBeGreaterThanOrEqual(c.need)
    expect(sum(widths)).toBeLessThanOrEqual(1000)
    expect(sum(widths)).toBeGreaterThan(1000 - columns.length)
  })

  it('short of room, only the title gives way: the others keep their need', () => {
    // Fixed columns need 500; the title gets the rest (250 of its 300).
    const { widths, hidden } = fitColumns(columns, 750)
    expect(hidden).toEqual([])
    expect(widths.title).toBe(250)
    for (const c of columns.filter((c) => c.id !== 'title')) expect(widths[c.id]).toBe(c.need)
  })

  it("below the title's minimum, the least important columns leave, the rightmost of the lowest priority first", () => {
    // Without mode (p3) 430 fixed + 150 title = 580; without plays too, 530.
    expect(fitColumns(columns, 600).hidden).toEqual(['mode'])
    expect(fitColumns(columns, 560).hidden).toEqual(['mode', 'plays'])
    expect(fitColumns(columns, 460).hidden).toEqual(['mode', 'plays', 'accuracy'])
    const { widths } = fitColumns(columns, 460)
    expect(widths.title).toBe(160)
    expect(Object.keys(widths).sort()).toEqual(['grade', 'played', 'score', 'title'])
  })

  it('priority 1 columns never leave: too narrow a table keeps the title at its minimum (and scrolls)', () => {
    const { widths, hidden } = fitColumns(columns, 300)
    expect(hidden).toEqual(['mode', 'plays', 'accuracy'])
    expect(widths.title).toBe(150)
    expect(sum(widths)).toBe(450)
  })

  it('titles all shorter than the minimum: the title column needs only what they need', () => {
    const short = columns.map((c) => (c.id === 'title' ? { ...c, need: 90 } : c))
    expect(fitColumns(short, 590).hidden).toEqual([])
  })
})
