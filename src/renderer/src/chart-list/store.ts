import { create } from 'zustand'
import { api, bridgeActions } from '../bridge'

/**
 * What the player does with the chart list: import a file, update from its address, change the address or
 * automatic updates. The list itself (`chartList:changed`) is kept with the account data in sync/store.
 */
export const useChartList = create(() => bridgeActions(api.chartList, ['import', 'update', 'setAutoUpdate', 'setUrl']))
