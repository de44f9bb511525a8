import type { CoreContext } from '../core/context'
import { ChartCatalogue } from './chart-catalogue'
import { catalogueHandlers } from './handlers'

/** How often a running app looks whether the daily chart list update is due. */
const CHECK_EVERY_MS = 60 * 60 * 1000

/**
 * The chart list (titles, difficulties, constants): imported by the player, or kept up to date
 * from a URL they agreed to (the community list by default; a loopback host in development needs
 * no agreement). The live service publishes none.
 */
export function catalogueModule(ctx: CoreContext) {
  const catalogue = new ChartCatalogue({
    store: ctx.store('catalogue'),
    listStore: ctx.store('chart-list'),
    clock: ctx.clock,
    fetch: ctx.fetch,
    defaultUrl: ctx.deps.chartListUrl ?? undefined,
    onChange: (info) => ctx.events.emit('catalogue:changed', info),
    logger: ctx.logger,
    timeoutMs: ctx.tuning.timeoutMs
  })
  const updateIfDue = () => {
    if (catalogue.updateDue()) catalogue.update({ agreed: false }).catch(() => {})
  }
  return {
    catalogue,
    charts: () => catalogue.charts(),
    /** The list's URL, for the link policy (Settings links to its source). */
    linkUrls: () => [catalogue.url()].filter((u): u is string => u !== null),
    handlers: catalogueHandlers({ catalogue }),
    replay: () => ctx.events.emit('catalogue:changed', catalogue.info()),
    start() {
      updateIfDue()
      const timer = setInterval(updateIfDue, CHECK_EVERY_MS)
      timer.unref?.()
      ctx.disposables.add(() => clearInterval(timer))
    }
  }
}

export type CatalogueModule = ReturnType<typeof catalogueModule>
