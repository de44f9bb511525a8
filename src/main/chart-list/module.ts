import type { CoreContext } from '../core/context'
import { ChartList } from './chart-list'
import { chartListHandlers } from './handlers'
import { CHART_LIST_STORES } from './legacy-names'

/** How often a running app looks whether the daily chart list update is due. */
const CHECK_EVERY_MS = 60 * 60 * 1000

/**
 * The chart list (titles, difficulties, constants): imported by the player, or kept up to date
 * from a URL they agreed to (the community list by default; a loopback host in development needs
 * no agreement). The live service publishes none.
 */
export function chartListModule(ctx: CoreContext) {
  const chartList = new ChartList({
    store: ctx.store(CHART_LIST_STORES.state),
    listStore: ctx.store(CHART_LIST_STORES.charts),
    clock: ctx.clock,
    fetch: ctx.fetch,
    defaultUrl: ctx.deps.chartListUrl ?? undefined,
    onChange: (info) => ctx.events.emit('chartList:changed', info),
    logger: ctx.logger,
    timeoutMs: ctx.tuning.timeoutMs
  })
  const updateIfDue = () => {
    if (chartList.updateDue()) chartList.update({ agreed: false }).catch(() => {})
  }
  return {
    chartList,
    charts: () => chartList.charts(),
    /** The list's URL, for the link policy (Settings links to its source). */
    linkUrls: () => [chartList.url()].filter((u): u is string => u !== null),
    handlers: chartListHandlers({ chartList }),
    replay: () => ctx.events.emit('chartList:changed', chartList.info()),
    start() {
      updateIfDue()
      const timer = setInterval(updateIfDue, CHECK_EVERY_MS)
      timer.unref?.()
      ctx.disposables.add(() => clearInterval(timer))
    }
  }
}

export type ChartListModule = ReturnType<typeof chartListModule>
