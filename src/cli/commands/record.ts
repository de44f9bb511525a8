import { Option } from 'commander'
import { table } from '../output'
import type { Cli } from '../program'
import { chartText } from '../render'

/** The play a command names: its chart and time (every kept play of that chart at that instant). */
const pointer = (chartId: string, playedAt: string, score?: number) => ({ chart_id: chartId, played_at: playedAt, score })

const scoreOption = () =>
  new Option('--score <score>', 'only the play with this score (when two plays share the instant)').argParser((v) => Number(v))

/** `plays hide|unhide`: a play of the account's kept history leaves every figure, or counts again (each the other's undo). */
function registerPlaysCommands(cli: Cli): void {
  const { program, action, connect, out, labels } = cli
  const plays = program
    .command('plays')
    .description(
      "hide a play of your kept history (the app's data folder, --data-dir) or show it again: a hidden play stays kept, " +
        'and counts in none of the figures the app computes (the service keeps its own)'
    )
  for (const hidden of [true, false]) {
    const command = plays
      .command(hidden ? 'hide' : 'unhide')
      .description(
        hidden ? 'hide the play of <chart_id> at <played_at> (undo: plays unhide)' : 'show a hidden play again (undo: plays hide)'
      )
      .argument('<chart_id>', 'the chart, as `local plays --json` or `recent --json` give it')
      .argument('<played_at>', 'the play time, as given there (RFC 3339)')
      .addOption(scoreOption())
    if (hidden) command.option('--why <text>', 'why it is hidden (one line, kept with the mark)')
    command.action(
      action(async (chartId: string, playedAt: string, opts: { score?: number; why?: string }) => {
        const h = connect()
        const result = await h.core.modules.record.record.hide(
          await h.accountId(),
          [pointer(chartId, playedAt, opts.score)],
          hidden,
          opts.why ?? null
        )
        const undo = `${hidden ? 'plays unhide' : 'plays hide'} ${chartId} ${playedAt}`
        out().data({ ...result, hidden, undo }, () =>
          [
            labels().record.changed(hidden, labels().local.playCount(result.changed), result.plays.length - result.changed),
            ...result.plays.map((p) => `  ${chartText(cli, p.chart_id)} ${cli.time(p.played_at)} ${p.score}`),
            labels().record.undoLine(undo)
          ].join('\n')
        )
      })
    )
  }
}

/** `imports list|undo|redo`: the imports into the account's kept history, and taking one back (or putting it back). */
function registerImportsCommands(cli: Cli): void {
  const { program, action, connect, out, labels } = cli
  const imports = program
    .command('imports')
    .description("the imports into your kept history (data.db, backups' records, history files) and taking one back")
  imports
    .command('list')
    .description('every import, newest first: its id, date, source, how many plays it added, and whether it was taken back')
    .action(
      action(async () => {
        const h = connect()
        const list = h.core.modules.record.record.state(await h.accountId()).imports
        const words = labels().record
        out().data(list, () =>
          list.length === 0
            ? words.noImports
            : table(
                words.importColumns,
                list.map((e) => [
                  e.id,
                  cli.time(e.at),
                  `${words.sources[e.source.kind]}: ${e.source.label}`,
                  e.count,
                  e.undone ? cli.time(e.undone.at) : null
                ])
              )
        )
      })
    )
  imports
    .command('undo')
    .description('take an import back: the plays it added leave the kept history, but those the service reported (undo: imports redo)')
    .argument('<id>', 'the import, as `imports list` gives it')
    .action(
      action(async (id: string) => {
        const h = connect()
        const result = await h.core.modules.record.record.undoImport(await h.accountId(), id)
        const { record, local } = labels()
        out().data({ ...result, undo: `imports redo ${id}` }, () =>
          [
            record.takenBack(local.playCount(result.removed), result.kept ? local.playCount(result.kept) : null),
            record.undoLine(`imports redo ${id}`)
          ].join('\n')
        )
      })
    )
  imports
    .command('redo')
    .description('put back the plays of an import taken back (undo: imports undo)')
    .argument('<id>', 'the import, as `imports list` gives it')
    .action(
      action(async (id: string) => {
        const h = connect()
        const result = await h.core.modules.record.record.redoImport(await h.accountId(), id)
        out().data({ ...result, undo: `imports undo ${id}` }, () =>
          [labels().record.putBack(labels().local.playCount(result.added)), labels().record.undoLine(`imports undo ${id}`)].join('\n')
        )
      })
    )
}

/** The player's marks on their kept history (#55). */
export function registerRecordCommands(cli: Cli): void {
  registerPlaysCommands(cli)
  registerImportsCommands(cli)
}
