import type { Peak, RealityAt, SessionCard, SinceLastTime } from '../../shared/sessions'
import type { FoldedSession, FoldState } from './fold'
import { HIDDEN, type PlayColumns } from './play-table'

/** A rank snapshot the app kept (history-<id>.json): the service's own Reality at a moment, and its best 20. */
export interface RealitySnapshot {
  at: number
  touch: number
  keyboard: number
  best: { touch: string[]; keyboard: string[] }
}

const MODES = ['touch', 'keyboard'] as const

/** The index of the first snapshot (in time order) taken after `ms`. */
function firstSnapshotAfter(snapshots: readonly RealitySnapshot[], ms: number): number {
  let lo = 0
  let hi = snapshots.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (snapshots[mid]!.at > ms) hi = mid
    else lo = mid + 1
  }
  return lo
}

/** The latest snapshot taken in (after, before), or the earliest with `earliest`; null when none is. */
function snapshotIn(snapshots: readonly RealitySnapshot[], after: number, before: number, earliest = false): RealitySnapshot | null {
  const found = earliest ? snapshots[firstSnapshotAfter(snapshots, after)] : snapshots[firstSnapshotAfter(snapshots, before - 1) - 1]
  return found && found.at > after && found.at < before ? found : null
}

/** The service's values only where it kept both sides: a change from one of its values to a computed one says nothing. */
const bothOrNone = (before: RealitySnapshot | null, after: RealitySnapshot | null) =>
  before && after ? ([before, after] as const) : ([null, null] as const)

const at = (value: number, snapshot: RealitySnapshot | null, mode: (typeof MODES)[number]): RealityAt =>
  snapshot ? { value: snapshot[mode], source: 'service' } : { value, source: 'computed' }

/**
 * A session's card: its figures, with Reality before and after from the service where a snapshot was
 * taken between the previous play and the session (and between the session and the next play), else
 * the value the kept plays imply (marked computed).
 */
export function cardOf(
  session: FoldedSession,
  previousEnd: number | null,
  nextStart: number | null,
  snapshots: readonly RealitySnapshot[]
): SessionCard {
  const [before, after] = bothOrNone(
    snapshotIn(snapshots, previousEnd ?? Number.NEGATIVE_INFINITY, session.start),
    snapshotIn(snapshots, session.end, nextStart ?? Number.POSITIVE_INFINITY, true)
  )
  const move = (mode: 0 | 1) => ({
    before: at(session.before[mode], before, MODES[mode]),
    after: at(session.after[mode], after, MODES[mode]),
    entered: session.entered[mode],
    left: session.left[mode]
  })
  const { first: _first, last: _last, before: _b, after: _a, entered: _e, left: _l, ...figures } = session
  return { id: String(session.start), ...figures, touchMove: move(0), keyboardMove: move(1) }
}

export function cardsOf(sessions: readonly FoldedSession[], snapshots: readonly RealitySnapshot[]): SessionCard[] {
  return sessions.map((s, k) => cardOf(s, sessions[k - 1]?.end ?? null, sessions[k + 1]?.start ?? null, snapshots))
}

/** Where the player last looked: the latest play they had seen, and when. */
export interface LookMark {
  at: number
  lookedAt: number
}

/** The first index of sorted plays later than `ms`. */
export function firstAfter(columns: PlayColumns, ms: number): number {
  let lo = 0
  let hi = columns.count
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (columns.at[mid]! > ms) hi = mid
    else lo = mid + 1
  }
  return lo
}

/** The plays from `from` on that count (a hidden one does not). */
function countedFrom(columns: PlayColumns, from: number): number {
  let n = 0
  for (let i = from; i < columns.count; i++) if (!(columns.flags[i]! & HIDDEN)) n++
  return n
}

/** The fold's state at a mark: the bests and best 20 as they stood. */
export type MarkState = Pick<FoldState, 'best' | 'tops'>

/** A copy of the fold's bests and best 20 now (the fold goes on; this stays). */
export const markState = (state: MarkState): MarkState => ({
  best: state.best.slice(),
  tops: [
    { keys: [...state.tops[0].keys], values: [...state.tops[0].values] },
    { keys: [...state.tops[1].keys], values: [...state.tops[1].values] }
  ]
})

const realityOf = (state: MarkState, mode: 0 | 1) => state.tops[mode].values.reduce((sum, v) => sum + v, 0) / 20

/**
 * What changed since the mark: the plays after it, the sessions they are in, the charts whose best
 * they raised over an earlier play, Reality then and now (the service's where snapshots say, else
 * computed), and the charts that entered each best 20. Null when nothing was played since.
 * `then` is the fold's state at the mark, `now` its state after every play.
 */
export function sinceLastTime(
  columns: PlayColumns,
  sessions: readonly FoldedSession[],
  mark: LookMark,
  then: MarkState,
  now: MarkState,
  snapshots: readonly RealitySnapshot[]
): SinceLastTime | null {
  const from = firstAfter(columns, mark.at)
  if (from >= columns.count) return null
  let newBests = 0
  for (let key = 0; key < now.best.length; key++) if ((then.best[key] ?? -1) >= 0 && now.best[key]! > then.best[key]!) newBests++
  const latest = snapshots.at(-1) ?? null
  const [before, after] = bothOrNone(
    snapshotIn(snapshots, mark.at - 1, columns.at[from]!),
    latest && latest.at >= columns.at[columns.count - 1]! ? latest : null
  )
  const entered = (mode: 0 | 1) =>
    before && after
      ? after.best[MODES[mode]].filter((id) => !before.best[MODES[mode]].includes(id))
      : now.tops[mode].keys.filter((k) => !then.tops[mode].keys.includes(k)).map((k) => columns.charts[k >> 1]!)
  const move = (mode: 0 | 1) => ({
    before: at(realityOf(then, mode), before, MODES[mode]),
    after: at(realityOf(now, mode), after, MODES[mode])
  })
  return {
    since: mark.at,
    plays: countedFrom(columns, from),
    sessions: sessions.filter((s) => s.end > mark.at).length,
    newBests,
    touch: move(0),
    keyboard: move(1),
    entered: { touch: entered(0), keyboard: entered(1) }
  }
}

/**
 * The highest Reality of each mode and when it was first reached: from the service's snapshots where
 * any were kept, else from the sessions' computed values.
 */
export function peaksOf(
  snapshots: readonly RealitySnapshot[],
  sessions: readonly FoldedSession[]
): Record<'touch' | 'keyboard', Peak | null> {
  const peak = (mode: 0 | 1): Peak | null => {
    let best: Peak | null = null
    const name = MODES[mode]
    if (snapshots.length)
      for (const s of snapshots) {
        if (!best || s[name] > best.value) best = { value: s[name], at: s.at, source: 'service' }
      }
    else
      for (const s of sessions) {
        if (s.after[mode] > 0 && (!best || s.after[mode] > best.value)) best = { value: s.after[mode], at: s.end, source: 'computed' }
      }
    return best && best.value > 0 ? best : null
  }
  return { touch: peak(0), keyboard: peak(1) }
}
