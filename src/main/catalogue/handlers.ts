import type { FeatureHandlers } from '../ipc/dispatcher'
import type { ChartCatalogue } from './chart-catalogue'

export function catalogueHandlers(deps: { catalogue: ChartCatalogue }): FeatureHandlers<'catalogue'> {
  const { catalogue } = deps
  return {
    'catalogue:charts': () => [...catalogue.charts().values()],
    'catalogue:import': (text, fileName) => catalogue.import(text, fileName ?? null),
    /** The player asked (the banner's "Get song names", or "Update now"): that is their agreement to the host. */
    'catalogue:update': () => catalogue.update({ agreed: true }),
    'catalogue:setUrl': (url) => catalogue.setUrl(url),
    'catalogue:setAutoUpdate': (on) => catalogue.setAutoUpdate(on)
  }
}
