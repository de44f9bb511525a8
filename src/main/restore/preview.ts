import type { ChartInfo } from '../../shared/data'
import type { ChartMove, RestorePreview, SavePlayer } from '../../shared/restore'
import { rateBest, summarize } from '../backups/save-insights'
import type { SaveContents } from '../backups/save-reader'
import type { SaveIdentity } from '../game-folder/save-identity'

type Charts = ReadonlyMap<string, ChartInfo>

/** One side of a restore: what the save holds and whose it is (null: unreadable). */
export interface PreviewSide {
  contents: SaveContents | null
  identity: SaveIdentity | null
}

/** A save's own text, bounded: the save is untrusted input, and these travel in every report. */
const bounded = (text: string | null | undefined) => (text ? text.slice(0, 200) : null)

export const playerOf = (identity: SaveIdentity | null): SavePlayer => ({
  player: bounded(identity ? (identity.nickname ?? identity.username ?? identity.userUuid ?? identity.userId) : null),
  username: bounded(identity?.username),
  nickname: bounded(identity?.nickname),
  userId: bounded(identity?.userId),
  userUuid: bounded(identity?.userUuid),
  lastSaveTime: bounded(identity?.lastSaveTime)
})

const idsOf = (identity: SaveIdentity | null) =>
  new Set([identity?.userUuid, identity?.userId].filter((id): id is string => typeof id === 'string' && id.length > 0))

/** Two saves are different players' when both name a player and no id (`UserUUID`, `UserID`) is the same. */
export function otherPlayer(a: SaveIdentity | null, b: SaveIdentity | null): boolean {
  const one = idsOf(a)
  const two = idsOf(b)
  return one.size > 0 && two.size > 0 && ![...one].some((id) => two.has(id))
}

/** `LastSaveTime` of the restored save is before the current one's (both readable, the game's own format). */
export function olderSave(current: string | null | undefined, restored: string | null | undefined): boolean {
  const before = Date.parse(current ?? '')
  const after = Date.parse(restored ?? '')
  return Number.isFinite(before) && Number.isFinite(after) && after < before
}

const byDrop = (a: ChartMove, b: ChartMove) => (b.before ?? 0) - (b.after ?? 0) - ((a.before ?? 0) - (a.after ?? 0))

/**
 * What a restore would change, chart by chart (best scores), with titles and the Reality each side
 * implies from the chart list (summarize: the app's usual rule by game version). A downgrade is any best
 * lowered or lost, or an older `LastSaveTime`.
 */
export function previewOf(
  current: PreviewSide | null,
  restored: PreviewSide,
  charts: Charts,
  extra: { currentSha256: string | null; currentProblem: string | null; withPlays: boolean; playsAvailable: boolean }
): RestorePreview {
  const key = (chartId: string, mode: string | null) => `${chartId}|${mode ?? ''}`
  const rate = (contents: SaveContents | null) =>
    new Map((contents?.bests ?? []).map((b) => rateBest(b, charts)).map((r) => [key(r.chart_id, r.mode), r]))
  const now = rate(current?.contents ?? null)
  const then = rate(restored.contents)
  const move = (chartId: string, title: string | null, difficulty: string | null, before: number | null, after: number | null) => ({
    chart_id: chartId,
    title,
    difficulty,
    before,
    after
  })
  const lowered: ChartMove[] = []
  const lost: ChartMove[] = []
  const raised: ChartMove[] = []
  let unchanged = 0
  for (const [k, mine] of now) {
    const theirs = then.get(k)
    if (!theirs) lost.push(move(mine.chart_id, mine.title, mine.difficulty, mine.score, null))
    else if (theirs.score < mine.score) lowered.push(move(mine.chart_id, mine.title, mine.difficulty, mine.score, theirs.score))
    else if (theirs.score > mine.score) raised.push(move(mine.chart_id, mine.title, mine.difficulty, mine.score, theirs.score))
    else unchanged++
  }
  for (const [k, theirs] of then) if (!now.has(k)) raised.push(move(theirs.chart_id, theirs.title, theirs.difficulty, null, theirs.score))
  lowered.sort(byDrop)
  lost.sort(byDrop)
  raised.sort((a, b) => byDrop(b, a))
  const older = olderSave(current?.identity?.lastSaveTime, restored.identity?.lastSaveTime)
  return {
    lowered,
    lost,
    raised,
    unchanged,
    realityBefore: current?.contents ? summarize(current.contents, charts).reality : null,
    realityAfter: restored.contents ? summarize(restored.contents, charts).reality : null,
    otherPlayer: otherPlayer(current?.identity ?? null, restored.identity),
    downgrade: lowered.length > 0 || lost.length > 0 || older,
    olderSave: older,
    realityRule: 'by-game-version',
    current: current ? playerOf(current.identity) : null,
    currentSha256: extra.currentSha256,
    currentProblem: extra.currentProblem,
    restored: playerOf(restored.identity),
    withPlays: extra.withPlays,
    playsAvailable: extra.playsAvailable
  }
}
