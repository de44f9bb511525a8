import type { CoreContext } from '../core/context'
import { ChartCatalogue } from './chart-catalogue'
import { catalogueHandlers } from './handlers'

/** The chart catalogue (titles, constants): fetched from a service the app syncs with, or imported. */
export function catalogueModule(ctx: CoreContext) {
  const catalogue = new ChartCatalogue(ctx.store('catalogue'), ctx.clock, (info) => ctx.events.emit('catalogue:changed', info), ctx.logger)
  return {
    charts: () => catalogue.charts(),
    /** A service an account synced with: its catalogue is fetched once, unless one was imported. */
    serviceSeen: (baseUrl: string) => void catalogue.refreshFrom(baseUrl, ctx.fetch),
    handlers: catalogueHandlers({ catalogue }),
    replay: () => ctx.events.emit('catalogue:changed', catalogue.info())
  }
}

export type CatalogueModule = ReturnType<typeof catalogueModule>
