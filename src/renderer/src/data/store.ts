import { useMemo } from 'react'
import { create } from 'zustand'
import type { KeptRecord } from '../../../shared/api'
import type { AccountData, CatalogueInfo, ChartInfo, DataNotice, Insights, RealityPoint } from '../../../shared/data'
import { computeInsights } from '../../../shared/insights'
import { api, unwrap } from '../bridge'

/** Data is "recent enough" for a focus-triggered sync to skip the network. */
export const FOCUS_SYNC_MAX_AGE_MS = 5 * 60_000

interface DataStore {
  byAccount: Record<string, AccountData>
  charts: ReadonlyMap<string, ChartInfo>
  catalogue: CatalogueInfo | null
  notices: DataNotice[]
  /** Main sent an account's data: applied only when newer than what is shown. */
  apply(data: AccountData): void
  applyCatalogue(info: CatalogueInfo): Promise<void>
  applyNotices(notices: DataNotice[]): void
  /** Asks main for an account's data (it arrives as an event). */
  load(accountId: string): Promise<void>
  sync(accountId: string, maxAgeMs?: number): Promise<void>
  history(accountId: string): Promise<{ records: KeptRecord[]; unreadable: number }>
  realityHistory(accountId: string): Promise<RealityPoint[]>
}

export const useData = create<DataStore>((set, get) => ({
  byAccount: {},
  charts: new Map(),
  catalogue: null,
  notices: [],
  apply(data) {
    const current = get().byAccount[data.accountId]
    if (current && current.version > data.version) return
    set({ byAccount: { ...get().byAccount, [data.accountId]: data } })
  },
  async applyCatalogue(info) {
    set({ catalogue: info })
    if (info.count === get().charts.size) return
    const charts = await unwrap(api.catalogue.charts())
    set({ charts: new Map(charts.map((c) => [c.chart_id, c])) })
  },
  applyNotices: (notices) => set({ notices }),
  async load(accountId) {
    await unwrap(api.data.load(accountId))
  },
  async sync(accountId, maxAgeMs) {
    await unwrap(api.data.sync(accountId, maxAgeMs === undefined ? {} : { maxAgeMs }))
  },
  history: (accountId) => unwrap(api.data.history(accountId)),
  realityHistory: (accountId) => unwrap(api.data.realityHistory(accountId))
}))

/** Best 20, the next 10 and the score for +0.01, computed here from the rank and the catalogue. */
export function useInsights(accountId: string | undefined): Insights | null {
  const rank = useData((s) => (accountId ? s.byAccount[accountId]?.rank.data : undefined))
  const charts = useData((s) => s.charts)
  return useMemo(() => (rank ? computeInsights(rank, charts) : null), [rank, charts])
}
