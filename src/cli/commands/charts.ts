import type { Cli } from '../program'
import { statusText } from '../render'

/** `charts …`: the chart list that names charts, kept in --data-dir. */
export function registerChartsCommands(cli: Cli): void {
  const { action, connect, out } = cli
  const charts = cli.program
    .command('charts')
    .description('the chart list that names charts (song titles, difficulties, constants): kept in --data-dir')

  charts
    .command('status')
    .description('the chart list kept: where it came from, how many charts, what the last update changed')
    .action(
      action(async () => {
        const info = await connect().core.modules.chartList.chartList.info()
        out().data(info, () => statusText(info, cli.labels(), cli.options().lang))
      })
    )

  charts
    .command('import <file>')
    .description('read a chart list file: the community\'s resources.json, its constant.js (read as data, never run), or {"charts": […]}')
    .action(
      action(async (file: string) => {
        const info = await connect().core.modules.chartList.importFile(file)
        out().data(info, () => statusText(info, cli.labels(), cli.options().lang))
      })
    )

  charts
    .command('update')
    .option('--url <url>', 'update from this address from now on (https; http only for 127.0.0.1)')
    .description('fetch the chart list from its address (the community list by default); nothing is sent until you run this')
    .action(
      action(async (opts: { url?: string }) => {
        const info = await connect().updateCharts(opts.url)
        out().data(info, () => statusText(info, cli.labels(), cli.options().lang))
      })
    )
}
