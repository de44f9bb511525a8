/**
 * Milthm's Reality (game version 4.0 and later), as documented in shared/notes/real-service.md.
 * Used by the reference service to compute ranks and by the app for insights and save summaries.
 */
export const MAX_SCORE = 1_010_000
export const BEST_COUNT = 20

export type Grade = 'R' | 'M' | 'SS' | 'S' | 'A' | 'B' | 'C' | 'F'

export function chartReality(constant: number, score: number): number {
  const c = constant
  const s = score
  if (c < 0.001) return 0
  if (s >= 1_000_000) return c + 1.5
  if (s >= 850_000) return c + (s - 850_000) / 100_000
  if (s >= 700_000) return Math.max(0, c * (0.5 + (s - 700_000) / 300_000) + (s - 850_000) / 100_000)
  if (s >= 600_000) return Math.max(0, ((c - 3) * (s - 600_000)) / 200_000)
  return 0
}

export function gradeOf(score: number): Grade {
  if (score >= 1_010_000) return 'R'
  if (score >= 1_000_000) return 'M'
  if (score >= 950_000) return 'SS'
  if (score >= 850_000) return 'S'
  if (score >= 750_000) return 'A'
  if (score >= 650_000) return 'B'
  if (score >= 600_000) return 'C'
  return 'F'
}

/** Sum of the best 20 chart values divided by 20, even with fewer than 20 plays. */
export function playerReality(chartValues: readonly number[]): number {
  const best = [...chartValues].sort((a, b) => b - a).slice(0, BEST_COUNT)
  return best.reduce((sum, v) => sum + v, 0) / BEST_COUNT
}

/**
 * Recovers the chart constant from a record's score and Reality where the formula can be
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
 * The lowest integer score whose chart value reaches `target`, or null when even the maximum
 * score does not. The formula is continuous and non-decreasing in the score, so a binary search works.
 */
export function scoreForReality(constant: number, target: number): number | null {
  if (chartReality(constant, MAX_SCORE) < target) return null
  let lo = 0
  let hi = MAX_SCORE
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2)
    if (chartReality(constant, mid) >= target) hi = mid
    else lo = mid + 1
  }
  return lo
}
