import { join } from 'node:path'
import { numberText } from '../../shared/number-text'
import { progressBar, table } from '../output'
import { addRetentionOptions, dirOption, retentionOf, type RetentionFlags } from '../options'
import { abortOnInterrupt, type Cli } from '../program'

/** A value of the save's metadata for people: a number in the --lang digits, a time on this computer's clock, else as sent. */
const metaValue = (cli: Cli, value: unknown): string =>
  typeof value === 'number' ? cli.numbers().plain(value) : typeof value === 'string' ? cli.time(value) : JSON.stringify(value)

/** `save info` and `backup`: the cloud save, and one backup run of it. */
export function registerSaveCommands(cli: Cli): void {
  const { program, action, connect, out } = cli
  program
    .command('save')
    .description('cloud save commands')
    .command('info')
    .description('cloud-save metadata (spends no download)')
    .action(
      action(async () => {
        const info = await connect().saveInfo()
        out().data(info, () =>
          table(cli.labels().fieldColumns, [
            ['updated_at', cli.time(info.updated_at)],
            ['size', info.size],
            ...Object.entries(info.meta ?? {}).map(([k, v]) => [`meta.${k}`, metaValue(cli, v)])
          ])
        )
      })
    )

  const backup = program
    .command('backup')
    .description(
      'one backup run: no download when the latest backup still holds the cloud save (unless --force); verified, atomic, ' +
        'resumable. Applies no retention unless --keep-last/--keep-daily/--keep-weekly is given; removed backups go to <dir>/.trash'
    )
    .addOption(dirOption())
    .option('--force', 'download even when unchanged (spends one of the daily downloads)', false)
  addRetentionOptions(backup, { last: 'backups (plus daily/weekly ones and pinned ones)', each: 'backup' }).action(
    action(async (opts: { dir: string; force: boolean } & RetentionFlags) => {
      const o = cli.options()
      const showProgress = process.stderr.isTTY && !o.quiet && !o.json
      const result = await connect().backup({
        dir: opts.dir,
        force: opts.force,
        retention: retentionOf(opts),
        signal: abortOnInterrupt(),
        onProgress: (p) => {
          if (showProgress && p.stage === 'waiting') process.stderr.write(`${cli.labels().backup.waiting}\n`)
          if (showProgress && p.stage === 'downloading') process.stderr.write(progressBar(p.received, p.total, p.rate, cli.numbers()))
          if (showProgress && (p.stage === 'done' || p.stage === 'failed' || p.stage === 'cancelled')) process.stderr.write('\n')
        }
      })
      const doc = {
        status: result.status === 'up-to-date' ? 'up-to-date' : 'downloaded',
        file: result.path,
        sha256: result.sha256,
        size: result.size,
        format: result.format,
        reason: result.reason,
        downloadsSpent: result.downloadsSpent,
        resumedBytes: result.resumedBytes,
        removedByRetention: result.removedByRetention
      }
      const labels = cli.labels()
      const text = labels.backup
      out().data(doc, () => {
        if (result.status === 'up-to-date') return `${text.upToDate}\n${doc.file ?? ''}`
        const lines = [
          text.saved(doc.file ?? '—', doc.size === null ? '—' : labels.byteCount(doc.size), doc.format ?? '—', doc.sha256 ?? '—'),
          text.why(text.reasons[result.reason], numberText(result.downloadsSpent, o.lang))
        ]
        if (result.resumedBytes > 0) lines.push(text.resumed(labels.byteCount(result.resumedBytes)))
        const moved = result.removedByRetention.length
        if (moved) lines.push(text.retention(text.olderBackups(moved), join(opts.dir, '.trash')))
        return lines.join('\n')
      })
    })
  )
}
