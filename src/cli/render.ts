import type { ScoreRecord } from '../shared/api'
import type { ChartChange, LibraryProblem, SaveChart } from '../shared/backups'
import { chartTitle, difficultyCode } from '../shared/charts'
import { plural } from '../shared/plural'
import type { ChartListInfo } from '../shared/data'
import type { CliLabels } from './labels'
import { CLI_COMMAND, playTable, type PlayFormat } from './plays'
import type { Cli } from './program'

/** A chart for people: its title in the --lang reader's script and its difficulty code, or a short id. */
export function chartText(cli: Cli, chartId: string): string {
  const chart = cli.charts().get(chartId)
  if (!chart) return `${chartId.slice(0, 8)}… (${cli.labels().unknownChart})`
  const code = difficultyCode(chart.difficulty)
  const constant = chart.constant !== undefined ? ` ${cli.numbers().plain(chart.constant)}` : ''
  return `${chartTitle(chart, cli.options().lang)}${code ? ` [${code}${constant}]` : ''}`
}

/** A record for scripts: the service's fields as they are, with the chart list's title, difficulty and constant beside chart_id. */
export function withChart<R extends { chart_id: string }>(cli: Cli, record: R) {
  const chart = cli.charts().get(record.chart_id)
  return { ...record, title: chart?.title ?? null, difficulty: chart?.difficulty ?? null, constant: chart?.constant ?? null }
}

export const playFormat = (cli: Cli, opts: { exact?: boolean }): PlayFormat => ({
  exact: opts.exact ?? false,
  language: cli.options().lang
})

export const plays = (cli: Cli, records: ScoreRecord[], f: PlayFormat) => playTable(records, (id) => chartText(cli, id), cli.labels(), f)

/** "1 chart", "2 charts": the CLI's own sentences are English (only its tables follow --lang). */
export const chartCount = (count: number) => plural('en', count, { one: '{{count}} chart', other: '{{count}} charts' })

/** One chart's change between two saves (backups diff, local diff). */
export const changeLine = (cli: Cli) => (c: ChartChange) => {
  const name = chartText(cli, c.chart_id)
  const before = c.before ? `${c.before.score} ${c.before.grade}` : 'new'
  const flags = [c.after.fullCombo && !c.before?.fullCombo ? 'FC' : '', c.after.allPerfect && !c.before?.allPerfect ? 'AP' : '']
    .filter(Boolean)
    .join(' ')
  return `  ${name}: ${before} → ${c.after.score} ${c.after.grade}${flags ? ` (${flags} gained)` : ''}`
}

export const bestLine = (cli: Cli) => (b: SaveChart) =>
  `  ${chartText(cli, b.chart_id)}: ${b.score} ${b.grade}${b.reality !== null ? ` (${b.reality.toFixed(3)})` : ''}`

/** The chart list kept, for people (charts status, import, update). */
export function statusText(info: ChartListInfo): string {
  const lines = [
    info.count
      ? `${chartCount(info.count)} (${info.format}) from ${info.origin ?? 'an unknown source'}, updated ${info.updatedAt}.`
      : `No chart list yet: charts show as short ids. Run: ${CLI_COMMAND} charts update   (or: ${CLI_COMMAND} charts import FILE)`
  ]
  const change = info.count ? info.lastChange : null
  if (change) lines.push(`Last update: ${change.added} added, ${change.removed} removed, ${change.constantsChanged} constants changed.`)
  if (info.skipped)
    lines.push(
      plural('en', info.skipped, {
        one: '{{count}} entry without a usable chart id was left out.',
        other: '{{count}} entries without a usable chart id were left out.'
      })
    )
  lines.push(`Update address: ${info.url ?? 'none'}`)
  if (info.lastError) lines.push(`Last update failed: ${info.lastError.message}`)
  return lines.join('\n')
}

/** A manifest the library ignores, in the --lang language: its name and why (the library sends only codes and data). */
export const problemLine = (labels: CliLabels, p: LibraryProblem): string =>
  labels.libraryProblems.ignored(p.name, labels.libraryProblems[p.cause](p.errno))
