import { useEffect, useMemo, useState } from 'react'
import { create } from 'zustand'
import type { KeptRecord } from '../../../shared/api'
import type { AccountData, ChartListInfo, ChartInfo, DataNotice, Insights, RealityPoint } from '../../../shared/data'
import { computeInsights } from '../../../shared/insights'
import { bestKey, type PersonalBest, type PlayerStats } from '../../../shared/player'
import { api, unwrap, type Unwrapped } from '../bridge'

/** Data is "recent enough" for a focus-triggered sync to skip the network. */
export const FOCUS_SYNC_MAX_AGE_MS = 5 * 60_000

interface SyncStore {
  byAccount: Record<string, AccountData>
  charts: ReadonlyMap<string, ChartInfo>
  chartList: ChartListInfo | null
  notices: DataNotice[]
  /** Each account's personal bests and play counts, as main last sent them. */
  players: Record<string, PlayerStats>
  applyPlayer(stats: PlayerStats): void
  /** Main sent an account's data: applied only when newer than what is shown. */
  apply(data: AccountData): void
  applyChartList(info: ChartListInfo): Promise<void>
  applyNotices(notices: DataNotice[]): void
  /** Shows one of the app's own files (a notice's) in the system's file manager. */
  revealDataFile: Unwrapped<typeof api.app.revealDataFile>
  /** Asks main for an account's data (it arrives as an event). */
  load(accountId: string): Promise<void>
  sync(accountId: string, maxAgeMs?: number): Promise<void>
  history(accountId: string): Promise<{ records: KeptRecord[]; unreadable: number }>
  realityHistory(accountId: string, since?: string): Promise<RealityPoint[]>
}

let loadedCharts = '0|'

export const useSync = create<SyncStore>((set, get) => ({
  byAccount: {},
  charts: new Map(),
  chartList: null,
  notices: [],
  players: {},
  applyPlayer: (stats) => set({ players: { ...get().players, [stats.accountId]: stats } }),
  apply(data) {
    const current = get().byAccount[data.accountId]
    if (current && current.version > data.version) return
    set({ byAccount: { ...get().byAccount, [data.accountId]: data } })
  },
  async applyChartList(info) {
    set({ chartList: info })
    // The charts are asked for again only when the kept list changed (not on every status event).
    const version = `${info.count}|${info.updatedAt ?? ''}`
    if (version === loadedCharts) return
    loadedCharts = version
    const charts = await unwrap(api.chartList.charts())
    set({ charts: new Map(charts.map((c) => [c.chart_id, c])) })
  },
  applyNotices: (notices) => set({ notices }),
  revealDataFile: (...args) => unwrap(api.app.revealDataFile(...args)),
  async load(accountId) {
    await unwrap(api.sync.load(accountId))
  },
  async sync(accountId, maxAgeMs) {
    await unwrap(api.sync.run(accountId, maxAgeMs === undefined ? {} : { maxAgeMs }))
  },
  history: (accountId) => unwrap(api.sync.history(accountId)),
  realityHistory: (accountId, since) => unwrap(api.sync.realityHistory(accountId, since === undefined ? {} : { since }))
}))

/** Best 20, the next 10 and the score for +0.01, computed here from the rank and the chart list. */
export function useInsights(accountId: string | undefined): Insights | null {
  const rank = useSync((s) => (accountId ? s.byAccount[accountId]?.rank.data : undefined))
  const charts = useSync((s) => s.charts)
  return useMemo(() => (rank ? computeInsights(rank, charts) : null), [rank, charts])
}

/** The player's bests, counts, and a lookup by chart and mode. */
export function usePlayer(accountId: string | undefined): (PlayerStats & { byKey: ReadonlyMap<string, PersonalBest> }) | null {
  const stats = useSync((s) => (accountId ? s.players[accountId] : undefined))
  return useMemo(
    () => (stats ? { ...stats, byKey: new Map(stats.bests.map((b) => [bestKey(b.record.chart_id, b.mode), b])) } : null),
    [stats]
  )
}

/**
 * Reality over time, loaded once the account's data is here and again whenever a new snapshot was
 * kept. With `lastDays`, only the points since then (and the one before): the player card's week,
 * without years of history crossing the bridge at start-up.
 */
export function useRealityPoints(accountId: string | undefined, lastDays?: number): RealityPoint[] {
  const snapshots = useSync((s) => (accountId ? s.byAccount[accountId]?.history.snapshots : undefined))
  const realityHistory = useSync((s) => s.realityHistory)
  const [points, setPoints] = useState<RealityPoint[]>([])
  useEffect(() => {
    if (!accountId || snapshots === undefined) return
    let live = true
    // The point just before `since` comes too: the change stays right as the window moves on with the clock.
    const since = lastDays === undefined ? undefined : new Date(Date.now() - lastDays * 86_400_000).toISOString()
    void realityHistory(accountId, since).then(
      (value) => live && setPoints(value),
      () => {}
    )
    return () => {
      live = false
    }
  }, [accountId, snapshots, realityHistory, lastDays])
  return points
}
