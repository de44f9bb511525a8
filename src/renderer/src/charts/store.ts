import { create } from 'zustand'
import { api, unwrap, type Unwrapped } from '../bridge'

/**
 * What the player does with the chart list: import a file, update from its address, change the address or
 * automatic updates. The list itself (`catalogue:changed`) is kept with the account data in data/store.
 */
interface ChartListStore {
  importFile: Unwrapped<typeof api.catalogue.import>
  update: Unwrapped<typeof api.catalogue.update>
  setAutoUpdate: Unwrapped<typeof api.catalogue.setAutoUpdate>
  setUrl: Unwrapped<typeof api.catalogue.setUrl>
}

export const useChartList = create<ChartListStore>(() => ({
  importFile: (...args) => unwrap(api.catalogue.import(...args)),
  update: (...args) => unwrap(api.catalogue.update(...args)),
  setAutoUpdate: (...args) => unwrap(api.catalogue.setAutoUpdate(...args)),
  setUrl: (...args) => unwrap(api.catalogue.setUrl(...args))
}))
