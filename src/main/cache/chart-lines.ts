const CHART_FIELD = Buffer.from('"chart_id":"')
const QUOTE = 0x22
const BACKSLASH = 0x5c
const NEWLINE = 0x0a

/** The chart id of one log line: read from its bytes where it is written plainly, else from the line parsed. */
function chartOf(bytes: Buffer, start: number, end: number): string | null {
  const at = bytes.indexOf(CHART_FIELD, start)
  if (at !== -1 && at < end) {
    const from = at + CHART_FIELD.length
    const to = bytes.indexOf(QUOTE, from)
    // An id with an escaped character in it is read from the parsed line. (Searched within the id only: a search to
    // the end of the bytes for each line made indexing a whole log quadratic.)
    if (to !== -1 && to < end && !bytes.subarray(from, to).includes(BACKSLASH)) return bytes.toString('utf8', from, to)
  }
  try {
    const value = JSON.parse(bytes.toString('utf8', start, end)) as { chart_id?: unknown }
    return typeof value.chart_id === 'string' ? value.chart_id : null
  } catch {
    return null
  }
}

/**
 * Where each chart's plays are in the play log: the byte range of every line, by chart, so one chart's plays are read
 * without the rest of the log (hiding a play folds its chart again). Built from the log once, on first use, then
 * grown with what is appended; forgotten when the log is rewritten.
 */
export class ChartLines {
  #byChart = new Map<string, number[]>()
  #covered = 0

  /** The log's length (bytes) the ranges cover: whole lines only. */
  get covered(): number {
    return this.#covered
  }

  /** Indexes the log's bytes from `from` on (`bytes` starts there); a last line without its newline waits for it. */
  index(bytes: Buffer, from: number): void {
    let start = 0
    for (;;) {
      const newline = bytes.indexOf(NEWLINE, start)
      if (newline === -1) break
      if (newline > start) {
        const chart = chartOf(bytes, start, newline)
        if (chart !== null) {
          let ranges = this.#byChart.get(chart)
          if (!ranges) this.#byChart.set(chart, (ranges = []))
          ranges.push(from + start, from + newline)
        }
      }
      start = newline + 1
    }
    this.#covered = from + start
  }

  /** The byte ranges of the lines of these charts, in the log's order, each [start, end) without its newline. */
  rangesOf(charts: Iterable<string>): [number, number][] {
    const out: [number, number][] = []
    for (const chart of charts) {
      const ranges = this.#byChart.get(chart) ?? []
      for (let i = 0; i < ranges.length; i += 2) out.push([ranges[i]!, ranges[i + 1]!])
    }
    return out.sort((a, b) => a[0] - b[0])
  }

  reset(): void {
    this.#byChart = new Map()
    this.#covered = 0
  }
}
