import type { Command } from 'commander'
import { numberText } from '../../shared/number-text'
import { BACKUP_FORMS, byOption, dirOption, type FolderKindFlag } from '../options'
import { EXIT, table } from '../output'
import type { Cli } from '../program'
import { bestLine, changeLine, printFolders, problemLine, STAR } from '../render'

/** `backups list`: the library of the token's account. */
function listCommand(cli: Cli, backups: Command): void {
  const { action, connect, out } = cli
  backups
    .command('list')
    .addOption(dirOption())
    .description('backups of this account, newest first (and save files without a manifest)')
    .action(
      action(async (opts: { dir: string }) => {
        const library = await connect().library(opts.dir)
        const { entries, unindexed, problems } = library
        const labels = cli.labels()
        const text = labels.backups
        out().data(entries, () => {
          const lines = [
            entries.length
              ? table(
                  text.listColumns,
                  entries.map((e) => [
                    cli.time(e.backedUpAt),
                    cli.time(e.updatedAt),
                    e.size,
                    e.format,
                    e.pinned ? labels.yes : '',
                    e.starred ? STAR : '',
                    e.path
                  ])
                )
              : text.none
          ]
          for (const u of unindexed) lines.push(text.unindexed(u.name, labels.byteCount(u.size)))
          for (const p of problems) lines.push(problemLine(labels, p))
          return lines.join('\n')
        })
        if (cli.options().json) for (const u of unindexed) out().info(text.unindexedNote(u.name))
      })
    )
}

/** `backups verify`: every backup hashed again against its manifest. */
function verifyCommand(cli: Cli, backups: Command): void {
  const { action, connect, out } = cli
  backups
    .command('verify')
    .addOption(dirOption())
    .description(
      're-hash every backup against its manifest (exit 5 when any is damaged or missing; a read-only archive is checked without writing)'
    )
    .action(
      action(async (opts: { dir: string }) => {
        const report = await connect().verify(opts.dir)
        const doc = report.entries.map((e) => ({
          id: e.id,
          backedUpAt: e.backedUpAt,
          file: e.path,
          size: e.size,
          sha256: e.sha256,
          state: e.verifyStatus,
          recorded: report.recorded
        }))
        const text = cli.labels().backups
        out().data(doc, () =>
          doc.length
            ? table(
                text.verifyColumns,
                doc.map((d) => [cli.time(d.backedUpAt), d.state && text.states[d.state], d.file])
              ) + (report.recorded ? '' : `\n${text.readOnly}`)
            : text.none
        )
        if (doc.some((d) => d.state !== 'ok')) process.exitCode = EXIT.io
      })
    )
}

/** `backups diff`: what changed between two backups. */
function diffCommand(cli: Cli, backups: Command): void {
  const { action, connect, out } = cli
  backups
    .command('diff [from] [to]')
    .addOption(dirOption())
    .description(`what changed between two backups (each ${BACKUP_FORMS}; default: the latest against the one before it)`)
    .action(
      action(async (from: string | undefined, to: string | undefined, opts: { dir: string }) => {
        const diff = await connect().diff(opts.dir, from ?? null, to ?? null)
        const line = changeLine(cli)
        const text = cli.labels().backups
        const count = (n: number) => numberText(n, cli.options().lang)
        out().data(diff, () => {
          const lines = [text.range(cli.time(diff.from.backedUpAt), cli.time(diff.to.backedUpAt))]
          lines.push(text.added(count(diff.added.length)), ...diff.added.map(line))
          lines.push(text.improved(count(diff.improved.length)), ...diff.improved.map(line))
          if (diff.lowered.length) lines.push(text.lowered(count(diff.lowered.length)), ...diff.lowered.map(line))
          const { before, after } = diff.reality
          if (before !== null && after !== null) {
            const n = cli.numbers()
            lines.push(`Reality: ${n.reality(before)} → ${n.reality(after)} (${n.realityChange(before, after)})`)
          }
          return lines.join('\n')
        })
      })
    )
}

/** `backups summary`: what a backup holds. */
function summaryCommand(cli: Cli, backups: Command): void {
  const { action, connect, out } = cli
  backups
    .command('summary [backup]')
    .addOption(dirOption())
    .description(
      `what a backup holds (${BACKUP_FORMS}; default: the latest): charts, grades, best charts and the Reality they imply ` +
        'from the chart list; a save file needs no credential'
    )
    .action(
      action(async (ref: string | undefined, opts: { dir: string }) => {
        const summary = await connect().summary(opts.dir, ref ?? null)
        const labels = cli.labels()
        out().data(summary, () => {
          const unrated = summary.charts - summary.ratedCharts
          const reality = summary.reality === null ? labels.unknown : cli.numbers().reality(summary.reality)
          return [
            labels.backups.summary(labels.chartCount(summary.charts), summary.layout, reality) +
              (unrated > 0 ? ` (${labels.backups.unrated(labels.chartCount(unrated))})` : ''),
            labels.backups.bestCharts,
            ...summary.best.map(bestLine(cli))
          ].join('\n')
        })
      })
    )
}

/** `backups index`: a manifest for a save file that has none. */
function indexCommand(cli: Cli, backups: Command): void {
  const { action, connect, out } = cli
  backups
    .command('index <file>')
    .addOption(dirOption())
    .description('write a manifest for a save file in the account folder that has none')
    .action(
      action(async (file: string, opts: { dir: string }) => {
        const result = await connect().index(opts.dir, file)
        out().data(result, () => cli.labels().backups.indexed(result.id))
      })
    )
}

/** `backups folders`: folder tables from a backup's save, without a credential or the network. */
function foldersCommand(cli: Cli, backups: Command): void {
  backups
    .command('folders [backup]')
    .description(
      "folder tables (charts per grade, FC and AP, by level, difficulty and song pack) from a backup's save and the chart list: " +
        `${BACKUP_FORMS} (any account's, in --dir), or the newest there; no credential`
    )
    .addOption(dirOption())
    .addOption(byOption())
    .action(
      cli.action(async (ref: string | undefined, opts: { dir: string; by?: FolderKindFlag }) =>
        printFolders(cli, await cli.connect().folders({ dir: opts.dir, ref: ref ?? null, charts: cli.charts(), by: opts.by }))
      )
    )
}

/** `backups …`: the backup library of the token's account (a save file, and `backups folders`, need no credential). */
export function registerBackupsCommands(cli: Cli): void {
  const backups = cli.program.command('backups').description('the backup library')
  listCommand(cli, backups)
  verifyCommand(cli, backups)
  diffCommand(cli, backups)
  summaryCommand(cli, backups)
  indexCommand(cli, backups)
  // Folders (#43): progress per level, difficulty and song pack, from a backup's save.
  foldersCommand(cli, backups)
}
