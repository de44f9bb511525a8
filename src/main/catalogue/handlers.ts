import type { FeatureHandlers } from '../ipc/dispatcher'
import type { ChartCatalogue } from './chart-catalogue'

export function catalogueHandlers(deps: { catalogue: ChartCatalogue }): FeatureHandlers<'catalogue'> {
  return {
    'catalogue:charts': () => [...deps.catalogue.charts().values()],
    'catalogue:import': (text) => deps.catalogue.import(text)
  }
}
