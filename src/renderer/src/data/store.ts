import { create } from 'zustand'
import type { ScoreRecord } from '../../../shared/api'
import type { AccountData, ChartInfo, Insights, RealityPoint } from '../../../shared/data'
import { api, unwrap } from '../bridge'

/** Data is "recent enough" for a focus-triggered sync to skip the network. */
export const FOCUS_SYNC_MAX_AGE_MS = 5 * 60_000

interface DataStore {
  byAccount: Record<string, AccountData>
  charts: ReadonlyMap<string, ChartInfo>
  /** Insights that came with the bootstrap call, for the first paint of the Reality screen. */
  initialInsights: { accountId: string; insights: Insights } | null
  load(accountId: string): Promise<AccountData>
  hydrate(data: AccountData, insights?: Insights | null): void
  sync(accountId: string, maxAgeMs?: number): Promise<void>
  loadCharts(): Promise<void>
  history(accountId: string): Promise<ScoreRecord[]>
  realityHistory(accountId: string): Promise<RealityPoint[]>
  insights(accountId: string): Promise<Insights | null>
}

let subscribed = false

export const useData = create<DataStore>((set, get) => {
  const subscribe = () => {
    if (subscribed) return
    subscribed = true
    api.events.on('data:changed', (data) => {
      set({ byAccount: { ...get().byAccount, [data.accountId]: data } })
      if (!data.offline && [data.profile, data.recent, data.rank].every((p) => p.panel.status !== 'refreshing')) void get().loadCharts()
    })
  }
  return {
  byAccount: {},
  charts: new Map(),
  initialInsights: null,
  hydrate(data, insights) {
    subscribe()
    set({ byAccount: { ...get().byAccount, [data.accountId]: data }, initialInsights: insights ? { accountId: data.accountId, insights } : null })
  },
  async load(accountId) {
    subscribe()
    const data = await unwrap(api.data.view(accountId))
    set({ byAccount: { ...get().byAccount, [accountId]: data } })
    return data
  },
  async sync(accountId, maxAgeMs) {
    const data = await unwrap(api.data.sync(accountId, maxAgeMs === undefined ? {} : { maxAgeMs }))
    set({ byAccount: { ...get().byAccount, [accountId]: data } })
  },
  async loadCharts() {
    const charts = await unwrap(api.catalogue.charts())
    if (charts.length !== get().charts.size) set({ charts: new Map(charts.map((c) => [c.chart_id, c])) })
  },
  history: (accountId) => unwrap(api.data.history(accountId)),
  realityHistory: (accountId) => unwrap(api.data.realityHistory(accountId)),
  insights: (accountId) => unwrap(api.data.insights(accountId))
  }
})
