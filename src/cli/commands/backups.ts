import { registerBackupFolders } from '../folders'
import { dirOption } from '../options'
import { EXIT, table } from '../output'
import { CLI_COMMAND } from '../plays'
import type { Cli } from '../program'
import { bestLine, changeLine, chartCount, problemLine } from '../render'

/** `backups …`: the backup library of the token's account (and `backups folders`, which needs no credential). */
export function registerBackupsCommands(cli: Cli): void {
  const { action, connect, out } = cli
  const backups = cli.program.command('backups').description('the backup library')

  backups
    .command('list')
    .addOption(dirOption())
    .description('backups of this account, newest first (and save files without a manifest)')
    .action(
      action(async (opts: { dir: string }) => {
        const library = await connect().library(opts.dir)
        const { entries, unindexed, problems } = library
        out().data(entries, () => {
          const lines = [
            entries.length
              ? table(
                  ['backed_up_at', 'cloud_updated_at', 'size', 'format', 'pinned', 'file'],
                  entries.map((e) => [e.backedUpAt, e.updatedAt, e.size, e.format, e.pinned ? 'yes' : '', e.path])
                )
              : 'No backups yet.'
          ]
          for (const u of unindexed)
            lines.push(`Unindexed save file: ${u.name} (${u.size} bytes; index it with: ${CLI_COMMAND} backups index '${u.name}')`)
          for (const p of problems) lines.push(problemLine(cli.labels(), p))
          return lines.join('\n')
        })
        if (cli.options().json) for (const u of unindexed) out().info(`unindexed save file: ${u.name}`)
      })
    )

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
        out().data(doc, () =>
          doc.length
            ? table(
                ['backed_up_at', 'state', 'file'],
                doc.map((d) => [d.backedUpAt, d.state, d.file])
              ) + (report.recorded ? '' : '\n(The archive is read-only: results were not recorded.)')
            : 'No backups yet.'
        )
        if (doc.some((d) => d.state !== 'ok')) process.exitCode = EXIT.io
      })
    )

  backups
    .command('diff [from] [to]')
    .addOption(dirOption())
    .description('what changed between two backups (ids or file names; default: the latest against the one before it)')
    .action(
      action(async (from: string | undefined, to: string | undefined, opts: { dir: string }) => {
        const diff = await connect().diff(opts.dir, from ?? null, to ?? null)
        const line = changeLine(cli)
        out().data(diff, () => {
          const lines = [`From ${diff.from.backedUpAt} to ${diff.to.backedUpAt}:`]
          lines.push(`New charts: ${diff.added.length}`, ...diff.added.map(line))
          lines.push(`Improved: ${diff.improved.length}`, ...diff.improved.map(line))
          if (diff.lowered.length) lines.push(`Lower than before: ${diff.lowered.length}`, ...diff.lowered.map(line))
          if (diff.reality.change !== null)
            lines.push(
              `Reality: ${diff.reality.before?.toFixed(4)} → ${diff.reality.after?.toFixed(4)} ` +
                `(${diff.reality.change >= 0 ? '+' : ''}${diff.reality.change.toFixed(4)})`
            )
          return lines.join('\n')
        })
      })
    )

  backups
    .command('summary [backup]')
    .addOption(dirOption())
    .description('what a backup holds (default: the latest): charts, grades, best charts and the Reality they imply from the chart list')
    .action(
      action(async (ref: string | undefined, opts: { dir: string }) => {
        const summary = await connect().summary(opts.dir, ref ?? null)
        out().data(summary, () => {
          const unrated = summary.charts - summary.ratedCharts
          const reality = summary.reality === null ? 'unknown' : summary.reality.toFixed(4)
          return [
            `${chartCount(summary.charts)} (${summary.layout}); Reality computed from the save: ${reality}` +
              (unrated > 0 ? ` (${chartCount(unrated)} without a known constant; import a chart list: ${CLI_COMMAND} charts update)` : ''),
            'Best charts:',
            ...summary.best.map(bestLine(cli))
          ].join('\n')
        })
      })
    )

  backups
    .command('index <file>')
    .addOption(dirOption())
    .description('write a manifest for a save file in the account folder that has none')
    .action(
      action(async (file: string, opts: { dir: string }) => {
        const result = await connect().index(opts.dir, file)
        out().data(result, () => `Indexed as ${result.id}.`)
      })
    )

  // Folders (#43): progress per level, difficulty and song pack, from a backup's save.
  registerBackupFolders(cli, backups)
}
