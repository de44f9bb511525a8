import type { ScoreRecord } from '../shared/api'
import type { ChartChange, LibraryProblem, SaveChart } from '../shared/backups'
import { chartTitle, difficultyCode } from '../shared/charts'
import type { ChartListInfo } from '../shared/data'
import { realityText } from '../shared/game-numbers'
import { AppError } from '../shared/errors'
import { numberText } from '../shared/number-text'
import { OVERLOADED, TOUCH_MODE, playMarks } from '../shared/play-marks'
import { accuracyPercent, isTouchPlay } from '../shared/records'
import type { LocalSession } from '../shared/sessions'
import type { Language } from '../shared/settings'
import { parseRfc3339, wallClockMs } from '../shared/timestamps'
import type { FolderReport, FolderTable, PlayMarks } from '../main/headless/headless'
import { errorText } from './errors'
import { cliNumbers, type CliLabels } from './labels'
import { table } from './output'
import type { Cli } from './program'

/** A chart for people: its title in the --lang reader's script and its difficulty code, or a short id. */
export function chartText(cli: Cli, chartId: string): string {
  const chart = cli.charts().get(chartId)
  if (!chart) return `${chartId.slice(0, 8)}… (${cli.labels().unknownChart})`
  const code = difficultyCode(chart.difficulty)
  const constant = chart.constant !== undefined ? ` ${cli.numbers().plain(chart.constant)}` : ''
  return `${chartTitle(chart, cli.options().lang)}${code ? ` [${code}${constant}]` : ''}`
}

/**
 * A record for scripts: the service's fields as they are (its `modifiers` among them), with the chart list's title,
 * difficulty and constant beside chart_id, and `overloaded` (a score above 1,010,000: play-marks.ts).
 */
export function withChart<R extends { chart_id: string; score: number }>(cli: Cli, record: R) {
  const chart = cli.charts().get(record.chart_id)
  return {
    ...record,
    title: chart?.title ?? null,
    difficulty: chart?.difficulty ?? null,
    constant: chart?.constant ?? null,
    overloaded: playMarks(record).overloaded
  }
}

export const playFormat = (cli: Cli, opts: { exact?: boolean }): PlayFormat => ({
  exact: opts.exact ?? false,
  language: cli.options().lang
})

export const plays = (cli: Cli, records: ScoreRecord[], f: PlayFormat, marks?: readonly (PlayMarks | null)[]) =>
  playTable(records, (id) => chartText(cli, id), cli.labels(), f, marks)

/** A starred backup version's cell in the library tables (`backups list`, `local versions`): the same in every language. */
export const STAR = '★'

/** A play's marks in a table cell, in the --lang language ("hidden, starred, note"), or nothing. */
export function marksCell(marks: PlayMarks | null | undefined, labels: CliLabels): string | null {
  if (!marks) return null
  const words = [marks.hidden && labels.record.hidden, marks.starred && labels.record.starred, marks.note !== null && labels.record.note]
  const cell = words.filter((w): w is string => typeof w === 'string').join(', ')
  return cell || null
}

/** A grade for people: Overloaded (a play above 1,010,000) in the --lang words, never R. */
export const gradeText = (labels: CliLabels, grade: string) => (grade === OVERLOADED ? labels.overloaded : grade)

/** A play's grade for people: Overloaded for a score above 1,010,000, whatever grade the record names. */
export const playGrade = (labels: CliLabels, play: { score: number; grade: string }) =>
  playMarks(play).overloaded ? labels.overloaded : gradeText(labels, play.grade)

/** The input mode of a play, with its other modifiers as written (TouchMode is the mode itself): "keyboard + HeavyDownpour". */
export const inputCell = (mode: string | null, modifiers: readonly string[]) =>
  [...(mode ? [mode] : []), ...modifiers.filter((m) => m !== TOUCH_MODE)].join(' + ') || null

/** One chart's change between two saves (backups diff, local diff). */
export const changeLine = (cli: Cli) => (c: ChartChange) => {
  const labels = cli.labels()
  const name = chartText(cli, c.chart_id)
  const before = c.before ? `${c.before.score} ${gradeText(labels, c.before.grade)}` : labels.changes.new
  const flags = [c.after.fullCombo && !c.before?.fullCombo ? 'FC' : '', c.after.allPerfect && !c.before?.allPerfect ? 'AP' : '']
    .filter(Boolean)
    .join(' ')
  return `  ${name}: ${before} → ${c.after.score} ${gradeText(labels, c.after.grade)}${flags ? ` (${labels.changes.gained(flags)})` : ''}`
}

export const bestLine = (cli: Cli) => (b: SaveChart) =>
  `  ${chartText(cli, b.chart_id)}: ${b.score} ${gradeText(cli.labels(), b.grade)}` +
  (b.reality !== null ? ` (${cli.numbers().decimal(b.reality, 3)})` : '')

/** The chart list kept, for people (charts status, import, update). */
export function statusText(info: ChartListInfo, labels: CliLabels, language: Language): string {
  const text = labels.charts
  const count = (n: number) => numberText(n, language)
  const lines = [
    info.count
      ? text.status(
          labels.chartCount(info.count),
          info.format ?? '—',
          info.origin ?? text.unknownOrigin,
          info.updatedAt ? timeText(info.updatedAt, language) : '—'
        )
      : text.none
  ]
  const change = info.count ? info.lastChange : null
  if (change) lines.push(text.lastChange(count(change.added), count(change.removed), count(change.constantsChanged)))
  if (info.skipped) lines.push(text.skipped(info.skipped))
  lines.push(text.address(info.url ?? labels.restore.none))
  if (info.lastError) lines.push(text.lastFailed(errorText(new AppError(info.lastError), language)))
  return lines.join('\n')
}

/** A manifest the library ignores, in the --lang language: its name and why (the library sends only codes and data). */
export const problemLine = (labels: CliLabels, p: LibraryProblem): string =>
  labels.libraryProblems.ignored(p.name, labels.libraryProblems[p.cause](p.errno))

/**
 * How `rank` and `recent` print for people: Reality as the game shows it (two decimals, cut, never
 * rounded) and times in this computer's time zone, written the way the app writes them; `exact`: the
 * service's values to 4 decimals and times in UTC to the millisecond. `--json` never passes here.
 */
export interface PlayFormat {
  exact: boolean
  language: Language
  /** The time zone of the local times (default: this computer's, from TZ). */
  timeZone?: string
}

export const realityCell = (value: number, f: Pick<PlayFormat, 'exact' | 'language'>) =>
  realityText(value, f.exact ? 'exact' : 'game', f.language)

const dateTimes = new Map<string, Intl.DateTimeFormat>()

/** The app's date and time format (medium date, short time) in `language`, in `timeZone` (default: this computer's). */
function dateTime(language: Language, timeZone?: string): Intl.DateTimeFormat {
  const key = `${language}|${timeZone ?? ''}`
  let format = dateTimes.get(key)
  if (!format) dateTimes.set(key, (format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone })))
  return format
}

/**
 * A time for people, in the --lang language's date format: an instant (a time with an offset, as the service and the
 * library write them) in this computer's time zone; a time written without one (the game's) as written, never
 * shifted. Anything else as it is. `--json` keeps every time as it came.
 */
export function timeText(value: string, language: Language, timeZone?: string): string {
  const ms = parseRfc3339(value)
  if (Number.isFinite(ms)) return dateTime(language, timeZone).format(ms)
  const wall = wallClockMs(value)
  return Number.isFinite(wall) ? dateTime(language, 'UTC').format(wall) : value
}

/** A play time: local, medium date and short time in the --lang language (as the app shows it), or UTC to the millisecond. */
export function timeCell(playedAt: string, f: PlayFormat): string {
  const ms = parseRfc3339(playedAt)
  if (!Number.isFinite(ms)) return playedAt
  return f.exact ? new Date(ms).toISOString() : timeText(playedAt, f.language, f.timeZone)
}

export function playTable(
  records: readonly ScoreRecord[],
  chartText: (chartId: string) => string,
  labels: CliLabels,
  f: PlayFormat,
  marks?: readonly (PlayMarks | null)[]
) {
  // The marks column only where a play has a mark: a table of unmarked plays prints as it always has.
  if (marks && !marks.some((m) => marksCell(m, labels) !== null)) marks = undefined
  return table(
    marks ? [...labels.columns, labels.record.marksColumn] : labels.columns,
    records.map((r, i) => [
      timeCell(r.played_at, f),
      chartText(r.chart_id),
      playGrade(labels, r),
      r.score,
      cliNumbers(f.language).percent(accuracyPercent(r.score_accuracy)),
      realityCell(r.reality, f),
      inputCell(isTouchPlay(r) ? labels.touch : labels.keyboard, r.modifiers),
      ...(marks ? [marksCell(marks[i], labels)] : [])
    ])
  )
}

/** The two Reality lines of `rank`. */
export const realityLines = (rank: { touch_reality: number; keyboard_reality: number }, labels: CliLabels, f: PlayFormat) => [
  `${labels.touchReality} ${realityCell(rank.touch_reality, f)}`,
  `${labels.keyboardReality} ${realityCell(rank.keyboard_reality, f)}`
]

/** One folder in one mode, for scripts: this shape is a public interface (extend it, never rename). */
export interface FolderJson {
  folder: string
  mode: string
  charts: number
  played: number
  grades: FolderTable['grades']
  /** Charts whose best is Overloaded (above 1,010,000): in no grade, counted in every `atLeast`. */
  overloaded: number
  atLeast: FolderTable['atLeast']
  fullCombo: number
  allPerfect: number
  missing: string[]
}

/** `--json`: every folder row, then the charts the list does not know as the folder `unknown`. */
export function folderJson(report: FolderReport): FolderJson[] {
  return [...report.rows, ...report.unknown].map((r) => ({
    folder: r.folder,
    mode: r.mode,
    charts: r.charts,
    played: r.played,
    grades: r.grades,
    overloaded: r.overloaded,
    atLeast: r.atLeast,
    fullCombo: r.fullCombo,
    allPerfect: r.allPerfect,
    missing: r.missing
  }))
}

const GRADES = ['R', 'M', 'SS', 'S', 'A', 'B', 'C', 'F'] as const

/**
 * The table for people: the Overloaded bests, then each grade as "count (at least)" (an Overloaded best counts at every
 * grade or better, never as R), the source of the bests, and what counts where.
 */
export function folderText(report: FolderReport, labels: CliLabels): string {
  const text = labels.folders
  const name = (r: FolderTable) => (r.kind === 'unknown' ? 'unknown' : `${text.kinds[r.kind]} ${r.label}`)
  const rows = [...report.rows, ...report.unknown].map((r) => [
    name(r),
    text.modes[r.mode],
    `${r.played}/${r.charts}`,
    r.overloaded,
    ...GRADES.map((g) => (r.grades[g] || r.atLeast[g] ? `${r.grades[g]} (${r.atLeast[g]})` : '0')),
    r.fullCombo,
    r.allPerfect
  ])
  const lines = [
    [
      report.source.save ? text.source(report.source.save) : null,
      report.source.plays ? text.withPlays(report.plays, report.source.plays) : null
    ]
      .filter(Boolean)
      .join(' ')
  ]
  if (report.saveCharts > 0) lines.push(text.saveNoMode(report.saveCharts))
  if (report.listCharts === 0) lines.push(text.noList)
  // The Overloaded column stands before R, as the result stands above every grade.
  const [folder = '', mode = '', played = '', ...grades] = text.columns
  lines.push(table([folder, mode, played, labels.overloaded, ...grades], rows))
  // The "any input" row holds every unknown chart with a best.
  if (report.unknown.length) lines.push(text.unknown(Math.max(...report.unknown.map((r) => r.charts))))
  return lines.join('\n')
}

/** Folder tables as `--json` or as a table for people (backups folders, local folders). */
export const printFolders = (cli: Cli, report: FolderReport) => cli.out().data(folderJson(report), () => folderText(report, cli.labels()))

/** A duration as h:mm, from two times as data.db wrote them (read on this computer's clock where they have no offset). */
function duration(start: string, end: string): string {
  const minutes = Math.max(0, Math.round((Date.parse(end) - Date.parse(start)) / 60_000))
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`
}

/**
 * `companion local sessions` as text: the rule, one row per session (oldest first, numbered), then
 * each session's new bests under its number, and how many plays had no usable time.
 */
export function sessionsText(
  result: { file: string; sessions: LocalSession[]; untimed: number },
  gap: number,
  labels: CliLabels,
  people: { chartText: (chartId: string) => string; time: (value: string) => string }
): string {
  const { chartText, time } = people
  const l = labels.sessions
  const lines = [result.sessions.length ? l.count(l.sessionCount(result.sessions.length), result.file) : l.none, l.rule(gap)]
  if (result.untimed) lines.push(l.untimed(result.untimed))
  if (!result.sessions.length) return lines.join('\n')
  const rows = result.sessions.map((s, k) => [
    k + 1,
    time(s.start),
    time(s.end),
    duration(s.start, s.end),
    s.plays,
    s.charts,
    s.touch,
    s.keyboard,
    s.newBests.length,
    s.gradeRaises,
    s.skipped
  ])
  lines.push('', table(['#', ...l.columns], rows))
  result.sessions.forEach((s, k) => {
    for (const b of s.newBests)
      lines.push(`#${k + 1} ${l.newBest}: ${chartText(b.chart_id)} (${labels[b.mode]}) ${b.before} → ${b.after}  ${time(b.played_at)}`)
  })
  return lines.join('\n')
}
