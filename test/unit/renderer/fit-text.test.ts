import { describe, expect, it } from 'vitest'
import { columnWidths, fitRow, fitText, type Column, type Measure } from '../../../src/renderer/src/ui/picture/fit-text'

// A monospaced stand-in for a font: each character as wide as 0.6 of the size, a wide (CJK) one twice that.
const measure: Measure = (text, size) => [...text].reduce((w, c) => w + (c.charCodeAt(0) > 0x2e80 ? 1.2 : 0.6) * size, 0)
const width = (text: string, size: number) => measure(text, size)

describe('fitting a text run to its room (the share image)', () => {
  it('keeps the largest size at which one line fits', () => {
    // 10 characters: 120 px at 20, 108 at 18, 96 at 16.
    expect(fitText('Paper Tide', 110, measure, { sizes: [20, 18, 16] })).toEqual({ size: 18, lines: ['Paper Tide'] })
    expect(fitText('Paper Tide', 200, measure, { sizes: [20, 18, 16] })).toEqual({ size: 20, lines: ['Paper Tide'] })
  })

  it('then breaks between words onto the lines allowed, at the smallest size, with no ellipsis while it fits', () => {
    const fitted = fitText('The Long Journey of the Lantern', 100, measure, { sizes: [14, 12, 10], maxLines: 2 })
    expect(fitted.size).toBe(10)
    expect(fitted.lines).toEqual(['The Long Journey', 'of the Lantern'])
    expect(fitted.lines.every((line) => width(line, 10) <= 100)).toBe(true)
    expect(fitted.lines.join(' ')).toBe('The Long Journey of the Lantern')
  })

  it('breaks between characters where there are no spaces (Chinese, Japanese, one very long word)', () => {
    const fitted = fitText('在无尽的电光雨夜里徘徊', 60, measure, { sizes: [12, 10], maxLines: 2 })
    expect(fitted).toEqual({ size: 10, lines: ['在无尽的电', '光雨夜里…'] })
    const word = fitText('Hyperdimensionaloverdrive', 60, measure, { sizes: [10], maxLines: 2 })
    expect(word.lines[0]).toBe('Hyperdimen')
    expect(word.lines[1]!.endsWith('…')).toBe(true)
  })

  it('ends the last line with an ellipsis only as the last resort, and every line fits', () => {
    const one = fitText('Wandering Lantern Beneath the Rain', 90, measure, { sizes: [12, 10] })
    expect(one.lines).toHaveLength(1)
    expect(one.lines[0]!.endsWith('…')).toBe(true)
    expect(width(one.lines[0]!, 10)).toBeLessThanOrEqual(90)
    // The cut is as late as the room allows: one more character would not fit.
    const kept = one.lines[0]!.slice(0, -1)
    const next = 'Wandering Lantern Beneath the Rain'.slice(0, kept.length + 1)
    expect(width(`${next.trimEnd()}…`, 10)).toBeGreaterThan(90)
  })

  it('a row of runs takes the largest size that keeps the row within its room', () => {
    // Two runs of 5 and 7 characters with a 12 px gap.
    const row = (size: number) => measure('abcde', size) + 12 + measure('1234567', size)
    expect(fitRow(row, 100, [14, 12, 10])).toBe(12)
    expect(fitRow(row, 20, [14, 12, 10])).toBe(10)
  })
})

describe('columns side by side that share a width (a row of a picture: title | mode | scores)', () => {
  // Each column's widest cell: so many characters of the stand-in font at a size.
  const column = (chars: number, sizes: number[], more: Partial<Column> = {}): Column => ({
    sizes,
    widest: (size) => chars * 0.6 * size,
    ...more
  })

  it('gives each column its widest cell at the largest sizes, and the flexible one the rest', () => {
    // 10 and 5 characters at 20: 120 and 60; 400 - 2 gaps of 10 - 180 = 200 for the title.
    const { widths, sizes } = columnWidths([column(0, [20, 16], { flex: true }), column(10, [20, 16]), column(5, [20, 16])], 400, 10, 100)
    expect(widths).toEqual([200, 120, 60])
    expect(sizes).toEqual([
      [20, 16],
      [20, 16],
      [20, 16]
    ])
  })

  it('steps every column down together until the flexible one keeps its least, and never lets a row outgrow its width', () => {
    // 280 less 2 gaps is 260: at 20 the title would keep 80 (< 100); at 16, 96 and 48 leave it 116.
    const { widths, sizes } = columnWidths([column(0, [20, 16], { flex: true }), column(10, [20, 16]), column(5, [20, 16])], 280, 10, 100)
    expect(sizes.map((s) => s[0])).toEqual([16, 16, 16])
    expect(widths).toEqual([116, 96, 48])
    // Too narrow at any size: the others give up their share, the title keeps its least, the whole still fits.
    const tight = columnWidths([column(0, [20], { flex: true }), column(40, [20]), column(40, [20])], 300, 10, 100)
    expect(tight.widths[0]).toBe(100)
    expect(tight.widths.reduce((a, b) => a + b, 0) + 20).toBeCloseTo(300)
    expect(tight.widths[1]).toBeCloseTo(tight.widths[2]!)
  })

  it('keeps a column within its largest width, whatever its cells', () => {
    const { widths } = columnWidths([column(30, [20], { max: 100 }), column(0, [20], { flex: true })], 400, 10, 100)
    expect(widths).toEqual([100, 290])
  })
})
