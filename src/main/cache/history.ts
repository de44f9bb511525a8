import type { RankData } from '../../shared/api'
import { parseRfc3339 } from '../../shared/timestamps'
import type { RealityPoint } from '../../shared/data'
import { countsAsPlayed } from '../../shared/play-marks'
import { BEST_COUNT } from '../../shared/reality'

/** Rank snapshots kept by the app (plays are kept separately, in a RecordLog). */
export interface HistoryDoc {
  /** Chart ids interned once; snapshots refer to them by index. */
  charts: string[]
  snapshots: Snapshot[]
}

export interface Snapshot {
  at: string
  touch: number
  keyboard: number
  touchBest: number[]
  keyboardBest: number[]
}

export const MAX_RECORDS = 100_000
export const MAX_SNAPSHOTS = 4_000
const KEEP_ALL_SNAPSHOTS_MS = 180 * 86_400_000

export function emptyHistory(): HistoryDoc {
  return { charts: [], snapshots: [] }
}

function intern(doc: HistoryDoc, ids: readonly string[]): number[] {
  return ids.map((id) => {
    let index = doc.charts.indexOf(id)
    if (index === -1) index = doc.charts.push(id) - 1
    return index
  })
}

const sameList = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i])

/** A mode's best 20 as the app lists them: the service's, a record AutoPlay made left out (play-marks.ts). */
const best20 = (ranks: RankData['touch_ranks']) =>
  ranks
    .filter(countsAsPlayed)
    .slice(0, BEST_COUNT)
    .map((r) => r.chart_id)

/** Records a rank snapshot when it differs from the previous one; returns whether it did. */
export function addSnapshot(doc: HistoryDoc, rank: RankData, at: string): boolean {
  const touchBest = intern(doc, best20(rank.touch_ranks)).sort((a, b) => a - b)
  const keyboardBest = intern(doc, best20(rank.keyboard_ranks)).sort((a, b) => a - b)
  const last = doc.snapshots.at(-1)
  if (
    last &&
    last.touch === rank.touch_reality &&
    last.keyboard === rank.keyboard_reality &&
    sameList(last.touchBest, touchBest) &&
    sameList(last.keyboardBest, keyboardBest)
  ) {
    return false
  }
  doc.snapshots.push({ at, touch: rank.touch_reality, keyboard: rank.keyboard_reality, touchBest, keyboardBest })
  return true
}

/**
 * Bounded growth: every snapshot of the last 180 days is kept; older ones are thinned to the last
 * of each day, then of each week, until the total fits.
 */
export function thinSnapshots(snapshots: Snapshot[], now: number): Snapshot[] {
  if (snapshots.length <= MAX_SNAPSHOTS) return snapshots
  const cutoff = now - KEEP_ALL_SNAPSHOTS_MS
  const recent = snapshots.filter((s) => parseRfc3339(s.at) >= cutoff)
  const older = snapshots.filter((s) => parseRfc3339(s.at) < cutoff)
  const lastPer = (list: Snapshot[], bucketMs: number) => {
    const byBucket = new Map<number, Snapshot>()
    for (const s of list) byBucket.set(Math.floor(parseRfc3339(s.at) / bucketMs), s)
    return [...byBucket.values()]
  }
  let kept = lastPer(older, 86_400_000)
  if (kept.length + recent.length > MAX_SNAPSHOTS) kept = lastPer(kept, 7 * 86_400_000)
  return [...kept, ...recent].slice(-MAX_SNAPSHOTS)
}

/** Reality over time, with the charts that entered and left each best 20. */
export function realityPoints(doc: HistoryDoc, since?: number): RealityPoint[] {
  const ids = (list: number[]) => list.map((i) => doc.charts[i] ?? '?')
  const diff = (a: number[], b: number[]) => ids(a.filter((x) => !b.includes(x)))
  const after = since === undefined ? 0 : doc.snapshots.findIndex((s) => parseRfc3339(s.at) >= since)
  const first = after === -1 ? doc.snapshots.length - 1 : Math.max(0, after - 1)
  return doc.snapshots.slice(first).map((s, at) => {
    const i = first + at
    const prev = doc.snapshots[i - 1]
    return {
      at: s.at,
      touch: s.touch,
      keyboard: s.keyboard,
      entered: { touch: prev ? diff(s.touchBest, prev.touchBest) : [], keyboard: prev ? diff(s.keyboardBest, prev.keyboardBest) : [] },
      left: { touch: prev ? diff(prev.touchBest, s.touchBest) : [], keyboard: prev ? diff(prev.keyboardBest, s.keyboardBest) : [] }
    }
  })
}
