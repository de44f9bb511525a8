import type { FeatureHandlers } from '../ipc/dispatcher'
import type { ChartList } from './chart-list'

export function chartListHandlers(deps: { chartList: ChartList }): FeatureHandlers<'chartList'> {
  const { chartList } = deps
  return {
    'chartList:charts': () => [...chartList.charts().values()],
    'chartList:import': (text, fileName) => chartList.import(text, fileName ?? null),
    /** The player asked (the banner's "Get song names", or "Update now"): that is their agreement to the host. */
    'chartList:update': () => chartList.update({ agreed: true }),
    'chartList:setUrl': (url) => chartList.setUrl(url),
    'chartList:setAutoUpdate': (on) => chartList.setAutoUpdate(on)
  }
}
