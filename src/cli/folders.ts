import { Option, type Command } from 'commander'
import type { FolderReport, FolderTable } from '../main/headless/headless'
import type { CliLabels } from './labels'
import { dirOption, gameDirOption } from './options'
import { table } from './output'
import type { Cli } from './program'

/** One folder in one mode, for scripts: this shape is a public interface (extend it, never rename). */
export interface FolderJson {
  folder: string
  mode: string
  charts: number
  played: number
  grades: FolderTable['grades']
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
    atLeast: r.atLeast,
    fullCombo: r.fullCombo,
    allPerfect: r.allPerfect,
    missing: r.missing
  }))
}

const GRADES = ['R', 'M', 'SS', 'S', 'A', 'B', 'C', 'F'] as const

/** The table for people: each grade as "count (at least)", the source of the bests, and what counts where. */
export function folderText(report: FolderReport, text: CliLabels['folders']): string {
  const name = (r: FolderTable) => (r.kind === 'unknown' ? 'unknown' : `${text.kinds[r.kind]} ${r.label}`)
  const rows = [...report.rows, ...report.unknown].map((r) => [
    name(r),
    text.modes[r.mode],
    `${r.played}/${r.charts}`,
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
  lines.push(table(text.columns, rows))
  // The "any input" row holds every unknown chart with a best.
  if (report.unknown.length) lines.push(text.unknown(Math.max(...report.unknown.map((r) => r.charts))))
  return lines.join('\n')
}

type Kind = 'level' | 'difficulty' | 'pack'
const byOption = () => new Option('--by <kind>', 'only the folders of one kind').choices(['level', 'difficulty', 'pack'])
const print = (cli: Cli, report: FolderReport) => cli.out().data(folderJson(report), () => folderText(report, cli.labels().folders))

/** `backups folders`: folder tables from a backup's save, without a credential or the network. */
export function registerBackupFolders(cli: Cli, backups: Command): void {
  backups
    .command('folders [backup]')
    .description(
      "folder tables (charts per grade, FC and AP, by level, difficulty and song pack) from a backup's save and the chart list: " +
        'a save file, a backup in --dir, or the newest there; no credential'
    )
    .addOption(dirOption())
    .addOption(byOption())
    .action(
      cli.action(async (ref: string | undefined, opts: { dir: string; by?: Kind }) =>
        print(cli, await cli.connect().folders({ dir: opts.dir, ref: ref ?? null, charts: cli.charts(), by: opts.by }))
      )
    )
}

/** `local folders`: folder tables from the game's own files, without a credential or the network. */
export function registerLocalFolders(cli: Cli, local: Command): void {
  local
    .command('folders')
    .description("folder tables from the game's own files: data.db's plays (by input mode) and saves.db's bests, over the chart list")
    .addOption(gameDirOption())
    .addOption(byOption())
    .action(
      cli.action(async (opts: { gameDir?: string; by?: Kind }) =>
        print(
          cli,
          await cli
            .connect()
            .local(opts.gameDir ?? null)
            .folders(cli.charts(), opts.by)
        )
      )
    )
}
