import { Option, type Command } from 'commander'
import { join } from 'node:path'
import { accuracyPercent } from '../../shared/records'
import type { LocalBackupResult, LocalPlays } from '../../shared/game-folder'
import { MAX_READ_SCORE } from '../../shared/play-marks'
import type { Language } from '../../shared/settings'
import { numberText } from '../../shared/number-text'
import { cliLabels, type CliLabels } from '../labels'
import {
  addRetentionOptions,
  byOption,
  dirOption,
  gameDirOption,
  gapMinutes,
  retentionOf,
  type FolderKindFlag,
  type RetentionFlags
} from '../options'
import { EXIT, table } from '../output'
import { abortOnInterrupt, type Cli } from '../program'
import { changeLine, chartText, inputCell, marksCell, playGrade, printFolders, sessionsText } from '../render'
import type { LocalPlay } from '../../shared/game-folder'
import type { PlayMarks } from '../../main/headless/headless'
import { registerRestoreCommands } from './restore'
import { errorText } from '../errors'
import { AppError } from '../../shared/errors'

/** The `local` services of the command's one core: the game's save on this computer (`--game-dir`, or the usual place). */
const game = (cli: Cli, gameDir: string | undefined) => cli.connect().local(gameDir ?? null)

const fileOption = () => new Option('--file <data.db>', "read this data.db instead (e.g. a phone's, copied over)")

/** `local status`: where the game's data folder is, and its files. */
function statusCommand(cli: Cli, local: Command): void {
  const { action, out } = cli
  local
    .command('status')
    .description("where the game's data folder is and its files (sizes, last changes)")
    .addOption(gameDirOption())
    .action(
      action(async (opts: { gameDir?: string }) => {
        const status = await game(cli, opts.gameDir).status()
        const text = cli.labels().local
        out().data(status, () =>
          status.folder
            ? [
                (status.chosen ? text.gameFolderChosen : text.gameFolder)(status.folder),
                table(
                  text.fileColumns,
                  status.files.map((f) => [f.name, f.size, cli.time(f.modifiedAt)])
                )
              ].join('\n')
            : [text.notFound, ...status.searched.map((s) => `  ${s}`), text.pointGameDir].join('\n')
        )
        if (!status.folder) process.exitCode = EXIT.service
      })
    )
}

/** What `local backup` kept, for people: the version's files with their sizes and checksums, and what retention moved. */
function localBackupText(result: LocalBackupResult, labels: CliLabels, dir: string): string {
  const text = labels.local
  if (result.status === 'up-to-date') return `${text.upToDate}\n${result.path ?? ''}`
  const saved = result.method === 'online-backup' ? text.savedSnapshot : text.saved
  const moved = result.removedByRetention.length
  return [
    saved(result.path ?? '—', labels.byteCount(result.size), result.sha256),
    ...result.parts.map((p) => `  ${text.part(p.role, join(result.folder, p.file), labels.byteCount(p.size), p.sha256)}`),
    ...(moved ? [labels.backup.retention(text.olderVersions(moved), join(dir, '.trash'))] : [])
  ].join('\n')
}

/** `local backup`: the game's save as a "This computer" version in the library. */
function backupCommand(cli: Cli, local: Command): void {
  const { action, out } = cli
  const backup = local
    .command('backup')
    .description(
      'back up the local save (saves.db with its data.db) into the backup library as a "This computer" version; ' +
        'nothing is written when the latest version holds the same bytes'
    )
    .addOption(dirOption())
    .addOption(gameDirOption())
  addRetentionOptions(backup, { last: 'local versions (plus daily/weekly and pinned ones)', each: 'version' }).action(
    action(async (opts: { dir: string; gameDir?: string } & RetentionFlags) => {
      const signal = abortOnInterrupt()
      const result = await game(cli, opts.gameDir).backup(opts.dir, retentionOf(opts), signal)
      out().data(result, () => localBackupText(result, cli.labels(), opts.dir))
    })
  )
}

/** How many plays data.db kept, how many of them are Overloaded, and the rows no play could be read from (and why). */
function playsSummary(plays: LocalPlays, labels: CliLabels, language: Language): string {
  const text = labels.local
  const overloaded = plays.plays.filter((p) => p.overloaded).length
  const tooHigh = plays.scoreTooHigh
    ? `, ${text.scoreTooHigh(numberText(plays.scoreTooHigh, language), numberText(MAX_READ_SCORE, language))}`
    : ''
  const notes = [
    ...(overloaded ? [text.overloadedPlays(overloaded)] : []),
    ...(plays.skipped ? [text.unreadableRows(plays.skipped) + tooHigh] : [])
  ]
  return text.plays(text.playCount(plays.plays.length), plays.file) + (notes.length ? ` (${notes.join('; ')})` : '')
}

/** A play's marks when no account is known (no credential given): not known, so null rather than "not hidden". */
const UNKNOWN_MARKS = { hidden: null, note: null, starred: null }

/**
 * The marks of data.db's plays in the kept history of the token's account, when a credential is given (reading the
 * account needs the service once); without one, or when it cannot be read, none (said on stderr in the second case).
 */
async function localMarks(cli: Cli, plays: readonly LocalPlay[]): Promise<(PlayMarks | null)[]> {
  if (!cli.options().tokenFile && !process.env.COMPANION_USER_TOKEN) return plays.map(() => null)
  try {
    return await cli.connect().marksOf(plays)
  } catch (error) {
    const why = error instanceof AppError ? errorText(error, cli.options().lang) : String(error)
    cli.out().info(cli.labels().record.marksUnreadable(why))
    return plays.map(() => null)
  }
}

/** `local plays`: every play data.db kept. */
function playsCommand(cli: Cli, local: Command): void {
  const { action, out, labels, numbers } = cli
  local
    .command('plays')
    .description('every play the game kept in data.db, newest first')
    .addOption(gameDirOption())
    .addOption(fileOption())
    .action(
      action(async (opts: { gameDir?: string; file?: string }) => {
        const plays = await game(cli, opts.gameDir).plays(opts.file ?? null)
        const marks = await localMarks(cli, plays.plays)
        // The marks column only where a play has a mark: a table of unmarked plays prints as it always has.
        const marked = marks.some((m) => marksCell(m, labels()) !== null)
        out().data({ ...plays, plays: plays.plays.map((p, i) => ({ ...p, ...(marks[i] ?? UNKNOWN_MARKS) })) }, () =>
          [
            playsSummary(plays, labels(), cli.options().lang),
            table(
              marked ? [...labels().columns, labels().record.marksColumn] : labels().columns,
              plays.plays.map((p, i) => [
                cli.time(p.played_at),
                chartText(cli, p.chart_id),
                playGrade(labels(), p),
                p.score,
                p.score_accuracy === null ? null : numbers().percent(accuracyPercent(p.score_accuracy)),
                p.reality === null ? null : numbers().decimal(p.reality, 3),
                inputCell(p.mode && labels()[p.mode], p.modifiers),
                ...(marked ? [marksCell(marks[i], labels())] : [])
              ])
            )
          ].join('\n')
        )
        if (plays.plays.length === 0) process.exitCode = EXIT.service
      })
    )
}

/** `local sessions`: the plays data.db kept, grouped into sittings. */
function sessionsCommand(cli: Cli, local: Command): void {
  const { action, out, labels } = cli
  local
    .command('sessions')
    .description(
      'sessions of the plays data.db kept, oldest first: a new one begins after more than --gap minutes without a play; ' +
        'plays without a usable time are left out and counted'
    )
    .addOption(gameDirOption().conflicts('file'))
    .addOption(fileOption())
    .option('--gap <minutes>', 'minutes without a play that end a session (30 to 360)', gapMinutes, 120)
    .option('--player <name or id>', 'whose plays, when data.db holds more than one player')
    .action(
      action(async (opts: { gameDir?: string; file?: string; gap: number; player?: string }) => {
        const chart = (id: string) => {
          const found = cli.charts().get(id)
          return found ? { title: found.title, difficulty: found.difficulty ?? null } : undefined
        }
        const result = await game(cli, opts.gameDir).sessions(opts.file ?? null, {
          gapMinutes: opts.gap,
          player: opts.player ?? null,
          chart
        })
        out().data(result.sessions, () =>
          sessionsText(result, opts.gap, labels(), { chartText: (id) => chartText(cli, id), time: cli.time })
        )
        if (cli.options().json && result.untimed) out().info(labels().sessions.untimed(result.untimed))
        if (result.sessions.length === 0) process.exitCode = EXIT.service
      })
    )
}

/** `local diff`: the game's save against the latest cloud backup of the same player. */
function diffCommand(cli: Cli, local: Command): void {
  const { action, out, labels } = cli
  local
    .command('diff')
    .description('the local save against the latest cloud backup of the same player in --dir (spends no download)')
    .addOption(dirOption())
    .addOption(gameDirOption())
    .action(
      action(async (opts: { dir: string; gameDir?: string }) => {
        const diff = await game(cli, opts.gameDir).diff(opts.dir)
        const line = changeLine(cli)
        // --json is never translated: it keeps the English verdict sentence it has always carried as `message`.
        out().data({ ...diff, message: cliLabels('en').verdicts[diff.verdict] }, () => {
          const l = labels()
          const text = l.local
          const count = (n: number) => numberText(n, cli.options().lang)
          const lines = [l.verdicts[diff.verdict]]
          if (diff.cloud) lines.push(text.against(cli.time(diff.cloud.updatedAt), diff.cloud.backupId))
          lines.push(text.betterHere(count(diff.betterLocally.length)), ...diff.betterLocally.map(line))
          lines.push(text.onlyHere(count(diff.onlyLocal.length)), ...diff.onlyLocal.map(line))
          lines.push(text.betterInCloud(count(diff.betterInCloud.length)), ...diff.betterInCloud.map(line))
          lines.push(text.onlyInCloud(count(diff.onlyInCloud.length)), ...diff.onlyInCloud.map(line))
          const reality = (r: number | null) => (r === null ? l.restore.unknown : cli.numbers().reality(r))
          lines.push(text.reality(reality(diff.local.reality), diff.cloud ? reality(diff.cloud.reality) : '—'))
          return lines.join('\n')
        })
        if (diff.verdict === 'no-cloud') process.exitCode = EXIT.service
      })
    )
}

/** `local folders`: folder tables from the game's own files, without a credential or the network. */
function foldersCommand(cli: Cli, local: Command): void {
  local
    .command('folders')
    .description("folder tables from the game's own files: data.db's plays (by input mode) and saves.db's bests, over the chart list")
    .addOption(gameDirOption())
    .addOption(byOption())
    .action(
      cli.action(async (opts: { gameDir?: string; by?: FolderKindFlag }) =>
        printFolders(cli, await game(cli, opts.gameDir).folders(cli.charts(), opts.by))
      )
    )
}

/** `local …`: the game's own save on this computer, without a credential or the network. */
export function registerLocalCommands(cli: Cli): void {
  const local = cli.program
    .command('local')
    .description(
      "the game's own save on this computer (saves.db, data.db): no credential and no network. Looked for in the game's usual " +
        'data folder for this system, or in --game-dir'
    )
  statusCommand(cli, local)
  backupCommand(cli, local)
  playsCommand(cli, local)
  sessionsCommand(cli, local)
  diffCommand(cli, local)
  // Folders (#43): progress per level, difficulty and song pack, from the game's own files.
  foldersCommand(cli, local)
  // #40: "This computer" versions, and putting a version back into the game's folder.
  registerRestoreCommands(cli, local)
}
