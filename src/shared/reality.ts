/**
 * Milthm's Reality, as documented in shared/notes/real-service.md. `chartReality` is the "v3"
 * formula of game 4.0 and later; `chartValue` applies the fuller rules (v2 and v3 by game version
 * and all-perfect). A record's own `reality` from the service stays authoritative: these are for
 * "what if" hints and for save-file records, which carry no Reality.
 */
import { isOverloaded, MAX_SCORE, OVERLOADED, ratedScore } from './play-marks'

export { MAX_SCORE, OVERLOADED }
export const BEST_COUNT = 20

export const GRADES = ['R', 'M', 'SS', 'S', 'A', 'B', 'C', 'F'] as const
export type Grade = (typeof GRADES)[number]

/**
 * What a score shows where a grade goes, best first: Overloaded above 1,010,000 (play-marks.ts: never R), else its
 * grade. Grade counts, goals and near misses use the grades alone.
 */
export const SCORE_GRADES = [OVERLOADED, ...GRADES] as const
export type ScoreGrade = (typeof SCORE_GRADES)[number]

/** The v3 formula (game 4.0 and later); a score above 1,010,000 is rated as 1,010,000. */
export function chartReality(constant: number, score: number): number {
  const c = constant
  const s = ratedScore(score)
  if (c < 0.001) return 0
  if (s >= 1_000_000) return c + 1.5
  if (s >= 850_000) return c + (s - 850_000) / 100_000
  if (s >= 700_000) return Math.max(0, c * (0.5 + (s - 700_000) / 300_000) + (s - 850_000) / 100_000)
  if (s >= 600_000) return Math.max(0, ((c - 3) * (s - 600_000)) / 200_000)
  return 0
}

/** The legacy v2 formula; a score above 1,010,000 is rated as 1,010,000. */
export function chartRealityV2(constant: number, score: number): number {
  const c = constant
  const s = ratedScore(score)
  if (c < 0.001) return 0
  if (s >= 1_005_000) return c + 1
  if (s >= 995_000) return 1.4 / (Math.exp(363.175 - 0.000365 * s) + 1) - 0.4 + c
  if (s >= 980_000) return ((Math.exp((3.1 * (s - 980_000)) / 15_000) - 1) / (Math.exp(3.1) - 1)) * 0.8 - 0.5 + c
  if (s >= 700_000) return s / 280_000 - 4 + c
  return 0
}

/** Versions already read: a list holds a handful, each on thousands of records (kept bounded, whatever the input). */
const majors = new Map<string, number | null>()

/** Major version of a game version string such as `v4.4.2+--1da9fc23` or `4.1.0`; null when unreadable. */
export function gameMajor(version: string | null | undefined): number | null {
  const text = version ?? ''
  let major = majors.get(text)
  if (major === undefined) {
    const match = /^\s*v?(\d+)(?:\.|$)/i.exec(text)
    major = match ? Number(match[1]) : null
    if (majors.size < 256) majors.set(text, major)
  }
  return major
}

export interface ChartPlay {
  constant: number
  score: number
  allPerfect?: boolean
  /** The game version of the play; unknown is treated as the current game (4.0 or later). */
  gameVersion?: string | null
  /** Legacy save records (`SongRecords`) come from before 4.0 even without a version string. */
  legacy?: boolean
}

/**
 * One chart's value under the rules by game version: from 4.0, `max(v3, v2)` while the score is at
 * most 1,005,000 and not all-perfect, else v3; before 4.0, v3 above 1,005,000 or when all-perfect,
 * else v2.
 */
export function chartValue(play: ChartPlay): number {
  const c = play.constant
  const s = ratedScore(play.score)
  const ap = play.allPerfect ?? false
  const major = gameMajor(play.gameVersion)
  const modern = play.legacy ? false : major === null || major >= 4
  if (modern) return s <= 1_005_000 && !ap ? Math.max(chartReality(c, s), chartRealityV2(c, s)) : chartReality(c, s)
  return s > 1_005_000 || ap ? chartReality(c, s) : chartRealityV2(c, s)
}

/** The grade a score reaches; above 1,010,000, Overloaded (see play-marks.ts). */
export function gradeOf(score: number): ScoreGrade {
  if (isOverloaded(score)) return OVERLOADED
  return letterGradeOf(score)
}

/** The grade of a score of at most 1,010,000 (a higher one is rated as 1,010,000: R). */
export function letterGradeOf(score: number): Grade {
  if (score >= 1_010_000) return 'R'
  if (score >= 1_000_000) return 'M'
  if (score >= 950_000) return 'SS'
  if (score >= 850_000) return 'S'
  if (score >= 750_000) return 'A'
  if (score >= 650_000) return 'B'
  if (score >= 600_000) return 'C'
  return 'F'
}

/**
 * A grade as written, in any case (`ss` is SS); one missing or outside the table is the grade `score` earns. A score
 * above 1,010,000 is Overloaded whatever is written (a source may say R: play-marks.ts).
 */
export function gradeNamed(named: string | null | undefined, score: number): ScoreGrade {
  if (isOverloaded(score)) return OVERLOADED
  const upper = named?.trim().toUpperCase()
  return GRADES.find((g) => g === upper) ?? gradeOf(score)
}

/** Save files store a grade as `BestLevel`: 0 R, 1 M, 2 SS, 3 S, 4 A, 5 B, 6 C, 7 F. */
export function gradeOfLevel(level: number): Grade | null {
  return Number.isInteger(level) ? (GRADES[level] ?? null) : null
}

/** Sum of the best 20 chart values divided by 20, even with fewer than 20 plays (`count`: another size, for tests of the rule). */
export function playerReality(chartValues: readonly number[], count = BEST_COUNT): number {
  const best = [...chartValues].sort((a, b) => b - a).slice(0, count)
  return best.reduce((sum, v) => sum + v, 0) / count
}

/**
 * Recovers the chart constant from a record's score and Reality where the v3 formula can be
 * inverted (any band where the value is positive). Returns null where it cannot be known.
 */
export function recoverConstant(score: number, reality: number): number | null {
  const s = score
  const r = reality
  if (!Number.isFinite(s) || !Number.isFinite(r)) return null
  if (s >= 1_000_000) return r - 1.5
  if (s >= 850_000) return r - (s - 850_000) / 100_000
  if (r <= 0) return null
  if (s >= 700_000) return (r - (s - 850_000) / 100_000) / (0.5 + (s - 700_000) / 300_000)
  if (s > 600_000) return 3 + (r * 200_000) / (s - 600_000)
  return null
}

/**
 * The lowest integer score whose chart value reaches `target` under the rules of `play` (its
 * constant, game version and legacy flag; a higher score is assumed not all-perfect), or null when
 * even the maximum score does not. Every rule is non-decreasing in the score, so a binary search works.
 */
export function scoreForReality(
  constant: number,
  target: number,
  play: Omit<ChartPlay, 'constant' | 'score' | 'allPerfect'> = {}
): number | null {
  const value = (score: number) => chartValue({ ...play, constant, score })
  if (value(MAX_SCORE) < target) return null
  let lo = 0
  let hi = MAX_SCORE
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2)
    if (value(mid) >= target) hi = mid
    else lo = mid + 1
  }
  return lo
}
