import type { ChartListInfo } from '../../shared/data'
import type { CoreContext } from '../kernel/context'
import { ChartList } from './chart-list'
import { chartListHandlers } from './handlers'
import { CHART_LIST_STORES } from './legacy-names'
import { readListFile } from './list-file'

/** How often a running app looks whether the daily chart list update is due. */
const CHECK_EVERY_MS = 60 * 60 * 1000

export interface ChartListOptions {
  /** The chart list's update URL until the player sets one: a loopback list host in development, else the community's. */
  url?: string | null
  /** How long one request for the list may take (tests: short). */
  timeoutMs?: number
}

/**
 * The chart list (titles, difficulties, constants): imported by the player, or kept up to date
 * from a URL they agreed to (the community list by default; a loopback host in development needs
 * no agreement). The live service publishes none. Its state goes to the window and, as the
 * `chartListChanged` signal, to the features whose figures depend on the list.
 */
export function chartListModule(ctx: CoreContext, options: ChartListOptions = {}) {
  const publish = (info: ChartListInfo) => {
    ctx.events.emit('chartList:changed', info)
    void ctx.signals.chartListChanged.fire(info)
  }
  const chartList = new ChartList({
    store: ctx.store(CHART_LIST_STORES.state),
    listStore: ctx.store(CHART_LIST_STORES.charts),
    clock: ctx.clock,
    fetch: ctx.fetch,
    defaultUrl: options.url ?? undefined,
    onChange: publish,
    logger: ctx.logger,
    timeoutMs: options.timeoutMs
  })
  const updateIfDue = () => {
    if (chartList.updateDue()) chartList.update({ agreed: false }).catch(() => {})
  }
  return {
    chartList,
    charts: () => chartList.charts(),
    /** The list's URL, for the link policy (Settings links to its source). */
    linkUrls: () => [chartList.url()].filter((u): u is string => u !== null),
    /** A chart list file the player named (the CLI's `charts import`), read and kept. */
    importFile: async (path: string) => {
      const { text, name } = await readListFile(ctx.files, path)
      return chartList.import(text, name)
    },
    handlers: chartListHandlers({ chartList }),
    replay: () => publish(chartList.info()),
    start() {
      updateIfDue()
      const timer = setInterval(updateIfDue, CHECK_EVERY_MS)
      timer.unref?.()
      ctx.disposables.add(() => clearInterval(timer))
    }
  }
}

export type ChartListModule = ReturnType<typeof chartListModule>
