import { parseRfc3339 } from './timestamps'

/**
 * The player's own marks on their record (#55): a play hidden (kept, and left out of every figure), a note and a star
 * on a play or a session, a session's name. Plain facts without a schema: the renderer's first scripts load this
 * file; the schemas are in record.ts.
 */

/** A play as the player points at it: its chart, when it was played and its score (the play log's own key). */
export interface PlayRef {
  chart_id: string
  played_at: string
  score: number
}

/** Same chart, same instant (whatever the offset notation) and same score: the same play. The play log's key. */
export function playKey(play: PlayRef, playedAt = parseRfc3339(play.played_at)): string {
  return `${play.chart_id}|${playedAt}|${play.score}`
}

/** The longest note on a play, a session or a backup (characters). */
export const NOTE_MAX = 2000
/** The longest reason given for hiding a play, and the longest session name (characters, one line). */
export const LINE_MAX = 120
/** At most this many plays hidden, plays with a note or a star, and sessions named or noted, per account. */
export const MARKS_MAX = 20_000
/** At most this many plays named in one hide or show. */
export const PLAYS_PER_CHANGE_MAX = 1_000
/** The imports an account keeps in its list (the oldest leave it, and their plays can no longer be taken back at once). */
export const IMPORTS_MAX = 300

/**
 * What is wrong with a text the player typed for a note (`multiline`) or a name or reason (one line), or null: control
 * characters (but a note's line breaks and tabs) and the marks that reorder text are refused, so a note prints as
 * written in a table, a CSV file or a terminal.
 */
export function textProblem(text: string, options: { multiline: boolean; max: number }): 'too_long' | 'control' | null {
  if (text.length > options.max) return 'too_long'
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    const lineBreak = options.multiline && (c === 0x0a || c === 0x09 || c === 0x0d)
    if (lineBreak) continue
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) return 'control'
  }
  return null
}
