import { create } from 'zustand'
import { api, bridgeActions } from '../bridge'

/**
 * What the player does with the chart list: import a file, update from its address, change the address or
 * automatic updates. The list itself (`catalogue:changed`) is kept with the account data in data/store.
 */
export const useChartList = create(() => bridgeActions(api.catalogue, ['import', 'update', 'setAutoUpdate', 'setUrl']))
