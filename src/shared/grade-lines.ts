import type { Grade } from './reality'

/**
 * Where each grade starts (shared/notes/real-service.md), and what counts as a clear: plain numbers
 * without a schema, for the renderer's first scripts as well as main.
 */
export const GRADE_MIN: Readonly<Record<Grade, number>> = {
  R: 1_010_000,
  M: 1_000_000,
  SS: 950_000,
  S: 850_000,
  A: 750_000,
  B: 650_000,
  C: 600_000,
  F: 0
}

/** C or better is a clear (the game's fail is an F); a full combo is a clear whatever the score. */
export const CLEAR_SCORE = 600_000
