/**
 * The game's odd results, and what the app does with them: the one rule every reader (the service's records, the
 * game's data.db, its saves, the app's own play log) and every figure follow. Plain facts without a schema: the
 * renderer's first scripts load this file.
 *
 * What is known (shared/notes/real-service.md, "Results the game marks"):
 * - R ("Rhythm of Rain") is exactly 1,010,000 played straight. A score above 1,010,000 is the game's own
 *   "Overloaded" result, reached with the heavy-downpour modifier: a real play, kept as read.
 * - Service records carry `modifiers`, a list; `TouchMode` (the input mode) is the only value ever seen.
 * - The game has an AutoPlay result ("AutoPlay is Awesome"): a play the game's autoplay made.
 *
 * What is not known, and so assumed here (change it here, and only here, when it is known):
 * - How a record or data.db marks AutoPlay: a play is taken as AutoPlay when one of its modifiers is named like
 *   "AutoPlay" (`Autoplay`, `auto_play`, `AUTO PLAY`…). A save's bests carry no modifiers: they are never AutoPlay.
 * - The name of the heavy-downpour modifier: Overloaded is read from the score alone; whatever modifiers the play
 *   carries are kept and shown as written.
 * - How high an Overloaded score can go: scores up to 2,000,000 are read as plays; a higher one is no score the app
 *   can use (counted, with why), as is a negative or fractional one.
 *
 * What the app does with them:
 * - An Overloaded play keeps its real score (shown, sorted, compared with the real score) and is marked Overloaded,
 *   never shown as R: where a grade goes it shows Overloaded. Wherever the app rates a score (Reality, the grade a
 *   score reaches, what is left to gain) it is rated as 1,010,000, so no figure counts it above the maximum.
 * - An AutoPlay play is kept and marked, and counted nowhere: in no best, session figure, goal, folder, near miss
 *   or Reality. Where counts are shown, how many were left out is said.
 * - Modifiers other than TouchMode are kept and shown beside the play.
 */

/** The highest score a play reaches without a modifier: R. */
export const MAX_SCORE = 1_010_000
/** The highest score read as a play: above this, a score is no play (see above). */
export const MAX_READ_SCORE = 2_000_000
/** The modifier that says a play was on touch; it is the input mode, not a mark. */
export const TOUCH_MODE = 'TouchMode'
/** What a grade shows for a score above 1,010,000 (the game's own name for the result). */
export const OVERLOADED = 'Overloaded'

/** The assumption above: a modifier named like AutoPlay. */
const AUTOPLAY = /^auto[\s_-]*play$/i

export const isOverloaded = (score: number): boolean => score > MAX_SCORE

/** The score the app rates a play at: its own, at most 1,010,000. */
export const ratedScore = (score: number): number => Math.min(score, MAX_SCORE)

export const isAutoPlayModifier = (name: string): boolean => AUTOPLAY.test(name.trim())

export const isAutoPlay = (modifiers: readonly string[]): boolean => modifiers.some(isAutoPlayModifier)

/** A play counts in bests, sessions, goals, folders, near misses and Reality unless AutoPlay made it. */
export const countsAsPlayed = (play: { modifiers: readonly string[] }): boolean => !isAutoPlay(play.modifiers)

/** Why a score is no play: `not_a_number`, `negative`, `fraction`, or `too_high` (above 2,000,000). */
export type ScoreProblem = 'not_a_number' | 'negative' | 'fraction' | 'too_high'

/** What is wrong with a score as a play's, or null when it is one (0 to 2,000,000, whole). */
export function scoreProblem(score: unknown): ScoreProblem | null {
  if (typeof score !== 'number' || !Number.isFinite(score)) return 'not_a_number'
  if (score < 0) return 'negative'
  if (!Number.isInteger(score)) return 'fraction'
  return score > MAX_READ_SCORE ? 'too_high' : null
}

/** What a play is marked with, and how the app counts it. */
export interface PlayMarks {
  /** A score above 1,010,000: the game's Overloaded result. */
  overloaded: boolean
  /** Made by the game's AutoPlay (by the assumption above). */
  autoplay: boolean
  /** Its other modifiers, as written: TouchMode is its input mode and AutoPlay a mark of its own. */
  modifiers: string[]
  /** It counts in bests, sessions, goals, folders, near misses and Reality (not AutoPlay). */
  countable: boolean
  /** The score the app rates it at (at most 1,010,000). */
  scoreForRating: number
}

/** The marks of a play, a record or a save's best (which has no modifiers). */
export function playMarks(play: { score: number; modifiers?: readonly string[] | undefined }): PlayMarks {
  const modifiers = play.modifiers ?? []
  const autoplay = isAutoPlay(modifiers)
  return {
    overloaded: isOverloaded(play.score),
    autoplay,
    modifiers: modifiers.filter((m) => m !== TOUCH_MODE && !isAutoPlayModifier(m)),
    countable: !autoplay,
    scoreForRating: ratedScore(play.score)
  }
}
