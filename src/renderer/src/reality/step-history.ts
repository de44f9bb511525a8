import type { KeptRecord } from '../../../shared/api'
import { countsAsPlayed } from '../../../shared/play-marks'
import { modeOf, type PlayMode } from '../../../shared/player'
import { parseRfc3339 } from '../../../shared/timestamps'

/** How many of a chart's latest plays a plan's step shows. */
const RECENT = 3

/** What the player's own plays say of one chart in one input mode: the best, how many plays, the latest scores (newest first). */
export interface ChartPlays {
  best: number | null
  plays: number
  recent: number[]
}

/** Each asked chart's plays in `mode`, from the kept history (AutoPlay's left out: it counts nowhere). */
export function playsByChart(records: readonly KeptRecord[], chartIds: readonly string[], mode: PlayMode): Map<string, ChartPlays> {
  const wanted = new Set(chartIds)
  const byChart = new Map<string, KeptRecord[]>()
  for (const r of records) {
    if (!wanted.has(r.chart_id) || !countsAsPlayed(r) || modeOf(r) !== mode) continue
    const list = byChart.get(r.chart_id)
    if (list) list.push(r)
    else byChart.set(r.chart_id, [r])
  }
  const out = new Map<string, ChartPlays>()
  for (const id of chartIds) {
    const plays = (byChart.get(id) ?? []).sort((a, b) => parseRfc3339(b.played_at) - parseRfc3339(a.played_at))
    out.set(id, {
      best: plays.length ? Math.max(...plays.map((p) => p.score)) : null,
      plays: plays.length,
      recent: plays.slice(0, RECENT).map((p) => p.score)
    })
  }
  return out
}
