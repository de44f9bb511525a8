// The bench's report: each figure against its baseline, as a table (or `--json`), with the scenarios skipped and why.

export interface Result {
  name: string
  value: number
  unit: string
  baseline: number
  baselineLabel: string
  ratio: number
  target: string
  met: boolean
}

/** Records one figure; `ratio` defaults to value / baseline. */
export type Record = (r: Omit<Result, 'ratio'> & { ratio?: number }) => void

export type Log = (line: string) => void

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** The median of `runs` timed runs of synchronous work, after `warm` untimed ones (the JIT's) and a collection (the bench exposes gc). */
export function medianTime(work: () => unknown, runs: number, warm = 10): number {
  for (let i = 0; i < warm; i++) work()
  global.gc?.()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    work()
    times.push(performance.now() - t)
  }
  return median(times)
}

export class Report {
  readonly results: Result[] = []
  readonly skipped: { name: string; why: string }[] = []
  readonly #started = performance.now()

  constructor(readonly log: Log) {}

  record: Record = (r) => {
    const ratio = r.ratio ?? r.value / r.baseline
    this.results.push({ ...r, ratio: Math.round(ratio * 1000) / 1000 })
    this.log(`  ${r.name}: ${r.value} ${r.unit} (baseline ${r.baselineLabel} ${r.baseline}) → ${r.met ? 'met' : 'MISSED'} ${r.target}`)
  }

  /** A figure not measured in this run, and why (a tool this machine lacks: never installed by the bench). */
  skip = (name: string, why: string) => {
    this.skipped.push({ name, why })
    this.log(`  ${name}: SKIPPED (${why})`)
  }

  print(json: boolean): void {
    if (json) {
      const rows = this.results.map(({ name, value, unit, baseline, ratio, target, met }) => ({
        name,
        value,
        unit,
        baseline,
        ratio,
        target,
        met
      }))
      console.log(JSON.stringify([...rows, ...this.skipped.map(({ name, why }) => ({ name, skipped: why }))]))
      return
    }
    const rows = [
      ...this.results.map((r) => [
        r.name,
        `${r.value} ${r.unit}`,
        `${r.baseline} (${r.baselineLabel})`,
        `${r.ratio}×`,
        r.target,
        r.met ? 'pass' : 'miss'
      ]),
      ...this.skipped.map((s) => [s.name, '-', '-', '-', s.why, 'skipped'])
    ]
    const head = ['scenario', 'figure', 'baseline', 'ratio', 'target', 'met']
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`
    console.log([line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n'))
    const met = this.results.filter((r) => r.met).length
    const skipped = this.skipped.length ? `, ${this.skipped.length} skipped` : ''
    console.log(`\n${met}/${this.results.length} targets met${skipped} in ${Math.round((performance.now() - this.#started) / 1000)} s`)
  }
}

/** What a scenario is given: where its figures go, its log, how many timed runs, and how to say it skipped one. */
export interface Bench {
  record: Record
  log: Log
  skip: (name: string, why: string) => void
  runs: number
}
