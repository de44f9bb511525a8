import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ChartLines } from '../../../src/main/cache/chart-lines'

/** Chart ids as the log may hold them: plain, with escaped characters (quote, backslash, unicode), or no id at all. */
const chartArb = fc.oneof(
  fc.constantFrom('a', 'b', 'chart-3', 'é', 'has"quote', 'back\\slash', '\u2028', 'x'.repeat(60)),
  fc.constant(null)
)
const lineArb = fc.record({ chart: chartArb, score: fc.integer({ min: 0, max: 1_050_000 }), junk: fc.boolean() })

/** One log line: the play's JSON (the chart id first or after another field), or a line that is not JSON. */
function lineOf(l: { chart: string | null; score: number; junk: boolean }): string {
  if (l.junk) return `not json "chart_id":"${l.chart ?? 'z'}`
  const fields =
    l.chart === null ? { score: l.score } : l.score % 2 ? { chart_id: l.chart, score: l.score } : { score: l.score, chart_id: l.chart }
  return JSON.stringify(fields)
}

/** The truth, computed another way: every line parsed on its own, its byte range noted for its chart. */
function expected(lines: string[], charts: Set<string>): [number, number][] {
  const out: [number, number][] = []
  let at = 0
  for (const line of lines) {
    const size = Buffer.byteLength(line)
    let chart: unknown
    try {
      chart = (JSON.parse(line) as { chart_id?: unknown }).chart_id
    } catch {
      chart = null
    }
    if (typeof chart === 'string' && charts.has(chart) && size > 0) out.push([at, at + size])
    at += size + 1
  }
  return out
}

describe('ChartLines: where each chart’s lines are in the play log', () => {
  it('gives the byte ranges of exactly the lines of the charts asked for, however the log was read in pieces', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 40 }),
        fc.array(fc.integer({ min: 0, max: 4000 }), { maxLength: 4 }),
        fc.subarray(['a', 'b', 'chart-3', 'é', 'has"quote', 'back\\slash', '\u2028', 'x'.repeat(60), 'absent']),
        (raw, cuts, asked) => {
          const lines = raw.map(lineOf)
          const log = Buffer.from(lines.map((l) => `${l}\n`).join(''))
          // The log as it grew: appended in pieces (a piece may end mid-line), each indexed from where the last stopped.
          const index = new ChartLines()
          for (const cut of [...cuts.map((c) => Math.min(c, log.length)).sort((a, b) => a - b), log.length]) {
            if (cut <= index.covered) continue
            index.index(log.subarray(index.covered, cut), index.covered)
          }
          expect(index.covered).toBe(log.length)
          const ranges = index.rangesOf(asked)
          expect(ranges).toEqual(expected(lines, new Set(asked)))
          for (const [start, end] of ranges) expect(log.subarray(start, end).includes(0x0a)).toBe(false)
        }
      ),
      { numRuns: 300 }
    )
  })

  it('forgets everything when reset (the log was rewritten)', () => {
    const index = new ChartLines()
    index.index(Buffer.from('{"chart_id":"a"}\n'), 0)
    index.reset()
    expect(index.covered).toBe(0)
    expect(index.rangesOf(['a'])).toEqual([])
  })
})
