import { z } from 'zod'
import { ratable } from './charts'
import type { ChartInfo } from './data'
import { CLEAR_SCORE } from './grade-lines'

/**
 * The skill profile (docs/progress.md): per level (the constant's whole part) and input mode, the spread of the
 * player's best scores and how many charts are cleared, full-combo'd and all-perfect, now and month by month from the
 * kept history. Pure: the caller gives the bests, the plays and the chart list.
 */

const count = z.number().int().min(0)
const Mode = z.enum(['touch', 'keyboard'])

/** Best scores at a level: the lowest, the quartiles and the highest, each a score the player has (nearest rank). */
export const SkillSpread = z.object({ min: z.number(), q1: z.number(), median: z.number(), q3: z.number(), max: z.number() })
export type SkillSpread = z.infer<typeof SkillSpread>

export const SkillLevel = z.object({
  level: z.number().int(),
  /** Charts of the chart list at this level. */
  charts: count,
  /** Charts at this level with a best in this mode. */
  played: count,
  spread: SkillSpread.nullable(),
  /** C or better, or a full combo. */
  clear: count,
  fullCombo: count,
  allPerfect: count
})
export type SkillLevel = z.infer<typeof SkillLevel>

export const SkillMode = z.object({
  mode: Mode,
  levels: z.array(SkillLevel),
  /** Bests on charts with no level (no constant in the chart list, or one of 0): in no row. */
  unplaced: count
})
export type SkillMode = z.infer<typeof SkillMode>

/** A level's median best at the end of a month (UTC), in one mode. */
export const SkillMonth = z.object({ month: z.string(), mode: Mode, level: z.number().int(), median: z.number(), played: count })
export type SkillMonth = z.infer<typeof SkillMonth>

export const SkillProfile = z.object({
  modes: z.array(SkillMode),
  /** Month by month (oldest first), from the kept history: at most `MONTHS` months, up to this one. */
  months: z.array(SkillMonth)
})
export type SkillProfile = z.infer<typeof SkillProfile>

/** A best as the profile reads it. */
export interface SkillBest {
  chart_id: string
  mode: 'touch' | 'keyboard'
  score: number
  combo: 'AP' | 'FC' | null
}

/** A play as the history over time reads it (`at`: ms since the epoch). */
export interface SkillPlay {
  chart_id: string
  mode: 'touch' | 'keyboard'
  score: number
  at: number
}

export const MONTHS = 12
const MODES = ['touch', 'keyboard'] as const

/** A chart's level: the constant's whole part; null without a usable constant (none, or 0). */
export const skillLevelOf = (chart: ChartInfo | undefined): number | null =>
  chart && ratable(chart.constant) ? Math.floor(chart.constant) : null

/** The score at rank ⌈p·n⌉ of sorted scores (p = 0: the lowest). */
const rank = (sorted: readonly number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!

export function spreadOf(scores: readonly number[]): SkillSpread | null {
  if (scores.length === 0) return null
  const sorted = [...scores].sort((a, b) => a - b)
  return { min: sorted[0]!, q1: rank(sorted, 0.25), median: rank(sorted, 0.5), q3: rank(sorted, 0.75), max: sorted.at(-1)! }
}

/** The profile now, per mode: a row for every level the chart list has or the player has bests at. */
export function skillNow(bests: readonly SkillBest[], charts: ReadonlyMap<string, ChartInfo>): SkillMode[] {
  const listed = new Map<number, number>()
  for (const chart of charts.values()) {
    const level = skillLevelOf(chart)
    if (level !== null) listed.set(level, (listed.get(level) ?? 0) + 1)
  }
  return MODES.map((mode) => {
    const byLevel = new Map<number, SkillBest[]>()
    let unplaced = 0
    for (const best of bests) {
      if (best.mode !== mode) continue
      const level = skillLevelOf(charts.get(best.chart_id))
      if (level === null) unplaced++
      else if (byLevel.has(level)) byLevel.get(level)!.push(best)
      else byLevel.set(level, [best])
    }
    const levels = [...new Set([...listed.keys(), ...byLevel.keys()])].sort((a, b) => a - b)
    return {
      mode,
      unplaced,
      levels: levels.map((level) => {
        const at = byLevel.get(level) ?? []
        return {
          level,
          charts: listed.get(level) ?? 0,
          played: at.length,
          spread: spreadOf(at.map((b) => b.score)),
          clear: at.filter((b) => b.score >= CLEAR_SCORE || b.combo !== null).length,
          fullCombo: at.filter((b) => b.combo !== null).length,
          allPerfect: at.filter((b) => b.combo === 'AP').length
        }
      })
    }
  })
}

/** `YYYY-MM` of an instant, in UTC. */
export const monthOf = (at: number): string => new Date(at).toISOString().slice(0, 7)

/** The first instant of the month after `month` (UTC). */
function nextMonthStart(month: string): number {
  const [year, m] = month.split('-').map(Number) as [number, number]
  return Date.UTC(year, m, 1)
}

/**
 * Month by month, up to the month of `now` (at most `months` of them, from the first play's month): each level's
 * median best score in each mode at the month's end, from every play before it.
 */
export function skillOverTime(
  plays: readonly SkillPlay[],
  charts: ReadonlyMap<string, ChartInfo>,
  now: number,
  months = MONTHS
): SkillMonth[] {
  const sorted = plays.filter((p) => Number.isFinite(p.at) && p.at <= now).sort((a, b) => a.at - b.at)
  if (sorted.length === 0) return []
  const first = Math.max(sorted[0]!.at, Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() - (months - 1), 1))
  const bests = new Map<string, { play: SkillPlay; level: number }>()
  const out: SkillMonth[] = []
  let i = 0
  for (let month = monthOf(first), guard = 0; guard <= months; month = monthOf(nextMonthStart(month)), guard++) {
    const end = nextMonthStart(month)
    for (; i < sorted.length && sorted[i]!.at < end; i++) {
      const play = sorted[i]!
      const level = skillLevelOf(charts.get(play.chart_id))
      const key = `${play.chart_id}|${play.mode}`
      if (level !== null && play.score > (bests.get(key)?.play.score ?? -1)) bests.set(key, { play, level })
    }
    out.push(...snapshot(month, bests.values()))
    if (end > now) break
  }
  return out
}

function snapshot(month: string, bests: Iterable<{ play: SkillPlay; level: number }>): SkillMonth[] {
  const groups = new Map<string, number[]>()
  for (const { play, level } of bests) {
    const key = `${play.mode}|${level}`
    if (groups.has(key)) groups.get(key)!.push(play.score)
    else groups.set(key, [play.score])
  }
  return [...groups]
    .map(([key, scores]) => {
      const [mode, level] = key.split('|') as ['touch' | 'keyboard', string]
      return { month, mode, level: Number(level), median: spreadOf(scores)!.median, played: scores.length }
    })
    .sort((a, b) => (a.mode < b.mode ? -1 : a.mode > b.mode ? 1 : a.level - b.level))
}

export function skillProfile(input: {
  bests: readonly SkillBest[]
  plays: readonly SkillPlay[]
  charts: ReadonlyMap<string, ChartInfo>
  now: number
}): SkillProfile {
  return { modes: skillNow(input.bests, input.charts), months: skillOverTime(input.plays, input.charts, input.now) }
}
