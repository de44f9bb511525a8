import type { KeptRecord } from '../../shared/api'
import { GRADE_MIN, type NearMiss, type Standing, type ViewMode } from '../../shared/progress'
import { bestKey, modeOf, type PlayMode } from '../../shared/player'
import { GRADES } from '../../shared/reality'
import { countsAsPlayed } from '../../shared/play-marks'
import { parseRfc3339 } from '../../shared/timestamps'
import type { StandingOf } from './folders'
import { recordMarks } from './standings'

/** Points of score from the next grade that still count as a near miss. */
export const GRADE_REACH = 1_000

const counted = (n: number | undefined): n is number => typeof n === 'number'

/** One Good (great + good) from all perfect: no bad, no miss, and exactly one great or good. */
function oneFromAllPerfect(r: KeptRecord): boolean {
  const { score_great_count: great, score_good_count: good, score_bad_count: bad, score_miss_count: miss } = r
  return counted(bad) && counted(miss) && bad + miss === 0 && (great ?? 0) + (good ?? 0) === 1 && (counted(great) || counted(good))
}

/** One Bad or Miss from a full combo. */
const oneFromFullCombo = (r: KeptRecord) =>
  counted(r.score_bad_count) && counted(r.score_miss_count) && r.score_bad_count + r.score_miss_count === 1

/** The next grade above a score, and how far it is. */
export function nextGrade(score: number): { grade: (typeof GRADES)[number]; gap: number } | null {
  for (let i = GRADES.length - 1; i >= 0; i--) {
    const grade = GRADES[i]!
    if (GRADE_MIN[grade] > score) return { grade, gap: GRADE_MIN[grade] - score }
  }
  return null
}

interface Closest {
  chart: string
  mode: PlayMode
  allPerfect: KeptRecord | null
  fullCombo: KeptRecord | null
  best: KeptRecord | null
  /** Some play of this chart in this mode had the mark. */
  hadAllPerfect: boolean
  hadFullCombo: boolean
  /** The latest play's time (ISO), as it was written. */
  lastAt: string | null
  lastMs: number
}

const higher = (a: KeptRecord | null, b: KeptRecord) => (!a || b.score > a.score ? b : a)

/**
 * Per chart and mode: the best play, and the best of the plays one judgement from all perfect or from a full combo.
 * A play AutoPlay made is no near miss, and no mark the chart has (play-marks.ts).
 */
export function closestPlays(plays: readonly KeptRecord[]): Map<string, Closest> {
  const byKey = new Map<string, Closest>()
  for (const play of plays) {
    if (!countsAsPlayed(play)) continue
    const mode = modeOf(play)
    const key = bestKey(play.chart_id, mode)
    let entry = byKey.get(key)
    if (!entry) {
      entry = {
        chart: play.chart_id,
        mode,
        allPerfect: null,
        fullCombo: null,
        best: null,
        hadAllPerfect: false,
        hadFullCombo: false,
        lastAt: null,
        lastMs: Number.NEGATIVE_INFINITY
      }
      byKey.set(key, entry)
    }
    const at = parseRfc3339(play.played_at)
    if (at > entry.lastMs) [entry.lastMs, entry.lastAt] = [at, play.played_at]
    entry.best = higher(entry.best, play)
    const marks = recordMarks(play)
    entry.hadAllPerfect ||= marks.allPerfect
    entry.hadFullCombo ||= marks.fullCombo
    if (oneFromAllPerfect(play)) entry.allPerfect = higher(entry.allPerfect, play)
    if (oneFromFullCombo(play)) entry.fullCombo = higher(entry.fullCombo, play)
  }
  return byKey
}

/** A mark is had when the mode's best has it, or the save (whose mode is unknown) does. */
const has = (standingOf: StandingOf, chart: string, mode: ViewMode, mark: (s: Standing) => boolean) => {
  const here = standingOf(chart, mode)
  const any = standingOf(chart, 'any')
  return (here !== null && mark(here)) || (any !== null && mark(any))
}

const ORDER = { allPerfect: 0, fullCombo: 1, grade: 2 } as const

/** What the closest plays are short of, against the marks the chart already has (in a play, or in the save). */
export function missesFrom(closest: ReadonlyMap<string, Closest>, standingOf: StandingOf): NearMiss[] {
  const misses: NearMiss[] = []
  for (const { chart, mode, allPerfect, fullCombo, best, hadAllPerfect, hadFullCombo } of closest.values()) {
    if (allPerfect && !hadAllPerfect && !has(standingOf, chart, mode, (s) => s.allPerfect))
      misses.push({ chart_id: chart, mode, kind: 'allPerfect', grade: null, gap: 1, play: allPerfect })
    if (fullCombo && !hadFullCombo && !has(standingOf, chart, mode, (s) => s.fullCombo))
      misses.push({ chart_id: chart, mode, kind: 'fullCombo', grade: null, gap: 1, play: fullCombo })
    const next = best ? nextGrade(best.score) : null
    if (best && next && next.gap <= GRADE_REACH && !has(standingOf, chart, mode, (s) => s.score >= GRADE_MIN[next.grade]))
      misses.push({ chart_id: chart, mode, kind: 'grade', grade: next.grade, gap: next.gap, play: best })
  }
  return misses.sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || a.gap - b.gap || b.play.score - a.play.score)
}

/**
 * Charts one Good from all perfect, one Bad or Miss from a full combo, or within 1,000 points of the
 * next grade, each with the play that came closest. A mark the chart already has (in that mode, or
 * in the save, which keeps no mode) is no near miss; the save's bests carry no judgements, so near
 * misses come from the kept plays.
 */
export function nearMisses(plays: readonly KeptRecord[], standingOf: StandingOf): NearMiss[] {
  return missesFrom(closestPlays(plays), standingOf)
}
