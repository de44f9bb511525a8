import type { KeptRecord, ScoreRecord } from './api'
import type { PersonalBest, RealityPoint } from './data'
import { accuracyPercent, isTouchPlay } from './records'
import { countsAsPlayed } from './play-marks'
import { parseRfc3339 } from './timestamps'

// The schemas of what these functions keep are in data.ts: the renderer's first scripts load this file.
export type { PersonalBest, PlayerStats } from './data'

/**
 * What a player cares about beyond the service's own lists: the personal best per chart and input
 * mode, how many plays led there, and what a recent play did to it. Pure functions: main keeps
 * the bests up to date as plays arrive, the renderer derives counts and marks from them.
 */

export type PlayMode = 'touch' | 'keyboard'
export const modeOf = (record: Pick<ScoreRecord, 'modifiers'>): PlayMode => (isTouchPlay(record) ? 'touch' : 'keyboard')
export const bestKey = (chartId: string, mode: PlayMode) => `${chartId}|${mode}`

const time = (at: string) => parseRfc3339(at)

/**
 * Folds plays into the bests (in place). Order does not matter for the best itself; the previous
 * score is the best that the new best replaced. A play AutoPlay made is in no best (play-marks.ts):
 * how many were left out is the answer. An Overloaded play is a best as any other, at its real score.
 */
export function foldPlays(bests: Map<string, PersonalBest>, records: readonly KeptRecord[]): number {
  let leftOut = 0
  for (const record of records) {
    if (!countsAsPlayed(record)) {
      leftOut++
      continue
    }
    const mode = modeOf(record)
    const key = bestKey(record.chart_id, mode)
    const current = bests.get(key)
    const combo = comboMark(record)
    if (!current) {
      bests.set(key, { mode, record, plays: 1, previousScore: null, firstPlayedAt: record.played_at, combo })
      continue
    }
    current.plays++
    current.combo = betterCombo(current.combo, combo)
    if (time(record.played_at) < time(current.firstPlayedAt)) current.firstPlayedAt = record.played_at
    const better = record.score > current.record.score
    const tieButEarlier = record.score === current.record.score && time(record.played_at) < time(current.record.played_at)
    if (better) {
      current.previousScore = current.record.score
      current.record = record
    } else if (tieButEarlier) {
      current.record = record
    }
  }
  return leftOut
}

/**
 * Folds into `bests` the bests of plays folded apart, from an empty map (a worker's, for plays
 * that come after those already in `bests`): the same as folding those plays into `bests` in the
 * order they were folded apart.
 */
export function mergeBests(bests: Map<string, PersonalBest>, later: Iterable<PersonalBest>): void {
  for (const part of later) {
    const key = bestKey(part.record.chart_id, part.mode)
    const current = bests.get(key)
    if (!current) {
      bests.set(key, { ...part })
      continue
    }
    current.plays += part.plays
    current.combo = betterCombo(current.combo, part.combo)
    if (time(part.firstPlayedAt) < time(current.firstPlayedAt)) current.firstPlayedAt = part.firstPlayedAt
    if (part.record.score > current.record.score) {
      // The last best replaced is the higher of the one kept and the one the later plays replaced.
      current.previousScore = Math.max(current.record.score, part.previousScore ?? Number.NEGATIVE_INFINITY)
      current.record = part.record
    } else if (part.record.score === current.record.score && time(part.record.played_at) < time(current.record.played_at)) {
      current.record = part.record
    }
  }
}

/**
 * A play's or a chart's mark as the game shows it: AP (all perfect: every note Exact or Perfect), FC (full combo: no
 * Bad and no Miss), or none. Read from the judgement counts where the record has them; else from what a save says
 * (`AchievedStatus`: 4 full combo, 5 all perfect, carried as `full_combo` / `all_perfect`) and an accuracy of 100 %.
 */
export type ComboMark = 'AP' | 'FC' | null

export interface ComboFacts {
  score_accuracy: number
  score_great_count?: number | undefined
  score_good_count?: number | undefined
  score_bad_count?: number | undefined
  score_miss_count?: number | undefined
  full_combo?: boolean | undefined
  all_perfect?: boolean | undefined
}

export function comboMark(r: ComboFacts): ComboMark {
  const { score_great_count: great, score_good_count: good, score_bad_count: bad, score_miss_count: miss } = r
  if (bad !== undefined && miss !== undefined) {
    if (bad + miss > 0) return null
    if (great !== undefined && good !== undefined) return great + good === 0 ? 'AP' : 'FC'
  }
  if (r.all_perfect === true || accuracyPercent(r.score_accuracy) >= 99.9995) return 'AP'
  return (bad === 0 && miss === 0) || r.full_combo === true ? 'FC' : null
}

const COMBO_RANK = { AP: 2, FC: 1 } as const
/** The higher of two marks (AP over FC over none). */
export const betterCombo = (a: ComboMark | undefined, b: ComboMark | undefined): ComboMark =>
  (a ? COMBO_RANK[a] : 0) >= (b ? COMBO_RANK[b] : 0) ? (a ?? null) : (b ?? null)

/** A personal best's mark: the best mark ever reached on its chart in its mode (as the game keeps it), else its record's. */
export const bestCombo = (best: Pick<PersonalBest, 'record' | 'combo'>): ComboMark => betterCombo(best.combo, comboMark(best.record))

/** What a recent play did: set a new personal best, and its score against the best before it. */
export function playMark(record: ScoreRecord, bests: ReadonlyMap<string, PersonalBest>): { newBest: boolean; delta: number | null } {
  const best = bests.get(bestKey(record.chart_id, modeOf(record)))
  if (!best) return { newBest: false, delta: null }
  const isTheBest = best.record.score === record.score && time(best.record.played_at) === time(record.played_at)
  if (isTheBest) return { newBest: true, delta: best.previousScore === null ? null : record.score - best.previousScore }
  return { newBest: false, delta: record.score - best.record.score }
}

/** A mode's Reality `days` ago (the last snapshot at or before then) and now (the latest); null without such a snapshot. */
export function realityThen(points: readonly RealityPoint[], mode: PlayMode, now: number, days = 7): { then: number; now: number } | null {
  if (points.length === 0) return null
  const then = now - days * 86_400_000
  let before: RealityPoint | null = null
  for (const p of points) if (time(p.at) <= then) before = p
  if (!before) return null
  return { then: before[mode], now: points.at(-1)![mode] }
}

/** The change of a mode's Reality since `days` ago: against the last snapshot at or before then. */
export function realityChange(points: readonly RealityPoint[], mode: PlayMode, now: number, days = 7): number | null {
  const values = realityThen(points, mode, now, days)
  return values && values.now - values.then
}

/** Reality points within the last `days` (all when null), keeping the one just before as the start. */
export function pointsInRange(points: readonly RealityPoint[], now: number, days: number | null): RealityPoint[] {
  if (days === null) return [...points]
  const from = now - days * 86_400_000
  const start = points.findIndex((p) => time(p.at) >= from)
  if (start === -1) return points.slice(-1)
  return points.slice(Math.max(0, start - 1))
}
