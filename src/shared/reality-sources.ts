import type { PersonalBest } from './data'
import { playerReality } from './reality'
import { parseRfc3339 } from './timestamps'

/**
 * Two Realities a player meets: the service's ranking (one per input mode, with `rank`) and the one the
 * cloud save's info reports (`save/info` meta, computed from the save). Where they differ, why:
 * `older`: bests were set after the save was uploaded; `modes`: the save keeps one best per chart with
 * touch and keyboard together, while the service ranks each mode apart; `constants`: the kept bests
 * with the modes together still give another value than the save's, so the save was rated with other
 * chart constants than the service's records carry.
 */
export type RealityGapReason = 'older' | 'modes' | 'constants'

export interface RealityGap {
  touch: number
  keyboard: number
  /** When the service's values were fetched (ms); null when not known. */
  rankAt: number | null
  save: number
  /** The cloud save's `updated_at`. */
  saveAt: string
  /** The kept bests' Reality with both modes together: what a save holding every one of them would say. */
  together: number | null
  /** Bests (a chart in one input mode) set after the save. */
  newerBests: number
  reasons: RealityGapReason[]
}

/** Values closer than this are the same: the save's value comes to 3 decimals, the service's to 4. */
const SAME = 0.0005
/** The save's value rounded to 3 decimals is still "this value". */
const ROUNDED = 0.0006

/** Reality of the bests with one value per chart, the better of touch and keyboard. */
export function realityTogether(bests: readonly PersonalBest[]): number | null {
  if (bests.length === 0) return null
  const perChart = new Map<string, number>()
  for (const b of bests) perChart.set(b.record.chart_id, Math.max(perChart.get(b.record.chart_id) ?? 0, b.record.reality))
  return playerReality([...perChart.values()])
}

/** Null when there is nothing to explain: no save value, no ranking, or the save says what a mode says. */
export function realityGap(input: {
  rank: { touch_reality: number; keyboard_reality: number } | null
  rankAt: number | null
  save: { value: number | undefined; updatedAt: string } | null
  bests: readonly PersonalBest[]
}): RealityGap | null {
  const { rank, save, bests } = input
  if (!rank || !save || save.value === undefined || !Number.isFinite(save.value)) return null
  const { touch_reality: touch, keyboard_reality: keyboard } = rank
  if (Math.abs(save.value - touch) < SAME || Math.abs(save.value - keyboard) < SAME) return null
  const savedAt = parseRfc3339(save.updatedAt)
  const newerBests = Number.isFinite(savedAt) ? bests.filter((b) => parseRfc3339(b.record.played_at) > savedAt).length : 0
  const together = realityTogether(bests)
  const bothModes = bests.some((b) => b.mode === 'touch') && bests.some((b) => b.mode === 'keyboard')
  const reasons: RealityGapReason[] = []
  if (newerBests > 0) reasons.push('older')
  if (bothModes && together !== null && Math.abs(together - touch) >= SAME && Math.abs(together - keyboard) >= SAME) reasons.push('modes')
  if (newerBests === 0 && together !== null && Math.abs(together - save.value) > ROUNDED) reasons.push('constants')
  return { touch, keyboard, rankAt: input.rankAt, save: save.value, saveAt: save.updatedAt, together, newerBests, reasons }
}
