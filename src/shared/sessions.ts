import { z } from 'zod'

/**
 * Sessions: the plays of one sitting at the game, grouped by the gap rule (a new session begins after
 * more than `gapMinutes` without a play). What crosses the bridge is defined here; the rule itself
 * is in src/main/sessions (and docs/sessions.md).
 */

const count = z.number().int().min(0)
const Mode = z.enum(['touch', 'keyboard'])
export type SessionMode = z.infer<typeof Mode>

/** A Reality value at one moment: the service's own (a rank snapshot at that time) or computed from the kept plays. */
export const RealityAt = z.object({ value: z.number(), source: z.enum(['service', 'computed']) })
export type RealityAt = z.infer<typeof RealityAt>

/** One input mode's Reality before and after a session, and how many charts entered and left its best 20. */
export const ModeMove = z.object({ before: RealityAt, after: RealityAt, entered: count, left: count })
export type ModeMove = z.infer<typeof ModeMove>

/** A session's headline figures: what a card in the list shows. Times are instants (ms since the epoch). */
export const SessionCard = z.object({
  /** Stable while the session keeps its first play: its start, as text. */
  id: z.string(),
  start: z.number(),
  end: z.number(),
  /** Plays that count (those the player hid are counted apart). */
  plays: count,
  /** Plays the player hid: kept in the session's time, counted in no figure. */
  hidden: count.default(0),
  charts: count,
  touch: count,
  keyboard: count,
  /** Charts (per input mode) whose personal best the session raised over an earlier play. */
  newBests: count,
  /** Charts (per input mode) played for the first time. */
  firstPlays: count,
  gradeRaises: count,
  /** First full combos / all perfects on a chart and mode, where the records say. */
  fullCombos: count,
  allPerfects: count,
  touchMove: ModeMove,
  keyboardMove: ModeMove
})
export type SessionCard = z.infer<typeof SessionCard>

/** The highest Reality of a mode and when it was first reached. */
export const Peak = z.object({ value: z.number(), at: z.number(), source: z.enum(['service', 'computed']) })
export type Peak = z.infer<typeof Peak>

/** What changed since the player last looked (the mark is kept per account). */
export const SinceLastTime = z.object({
  /** The latest play the player had seen when they last looked. */
  since: z.number(),
  plays: count,
  sessions: count,
  newBests: count,
  touch: z.object({ before: RealityAt, after: RealityAt }),
  keyboard: z.object({ before: RealityAt, after: RealityAt }),
  /** Charts that entered each best 20. */
  entered: z.object({ touch: z.array(z.string()), keyboard: z.array(z.string()) })
})
export type SinceLastTime = z.infer<typeof SinceLastTime>

/** An account's sessions at a glance, sent as `sessions:changed` (the list itself is asked for with `sessions:list`). */
export const SessionsState = z.object({
  accountId: z.string(),
  /** Grows with every change: the renderer asks for the list again when it moved. */
  version: z.number().int(),
  status: z.enum(['computing', 'ready', 'error']),
  count,
  plays: count,
  /** Plays left out because they had no usable time (from the last import of the game's data.db). */
  untimed: count,
  /** Kept plays AutoPlay made, left out of every session (play-marks.ts: counted nowhere). */
  autoplay: count.default(0),
  /** Kept plays the player hid: in their session's time, counted in no figure. */
  hidden: count.default(0),
  gapMinutes: z.number().int(),
  since: SinceLastTime.nullable(),
  peaks: z.object({ touch: Peak.nullable(), keyboard: Peak.nullable() })
})
export type SessionsState = z.infer<typeof SessionsState>

const Change = z.object({ chart_id: z.string(), mode: Mode })

/** Full Combo or All Perfect, as the game writes them; null for neither. */
const Combo = z.enum(['FC', 'AP']).nullable()

/** A best the session raised; `combo`: the best mark reached on the chart in its mode by the session's end. */
export const NewBest = Change.extend({ before: z.number(), after: z.number(), played_at: z.string(), combo: Combo })
export type NewBest = z.infer<typeof NewBest>

export const GradeRaise = Change.extend({ before: z.string(), after: z.string() })
export type GradeRaise = z.infer<typeof GradeRaise>

/** A play of the session with what it did: its gain against the best before it (null: the first play of the chart). */
export const SessionPlay = Change.extend({
  played_at: z.string(),
  score: z.number(),
  grade: z.string(),
  accuracy: z.number(),
  reality: z.number(),
  gain: z.number().nullable(),
  newBest: z.boolean(),
  /** The play's own mark. */
  combo: Combo,
  /** The player hid it: listed, against nothing, in no figure. */
  hidden: z.boolean().default(false)
})
export type SessionPlay = z.infer<typeof SessionPlay>

const Best20 = z.object({ entered: z.array(z.string()), left: z.array(z.string()) })

/** Everything one session did, for its summary. */
export const SessionSummary = z.object({
  card: SessionCard,
  newBests: z.array(NewBest),
  gradeRaises: z.array(GradeRaise),
  fullCombos: z.array(Change),
  allPerfects: z.array(Change),
  best20: z.object({ touch: Best20, keyboard: Best20 }),
  plays: z.array(SessionPlay)
})
export type SessionSummary = z.infer<typeof SessionSummary>

/** A session as `companion local sessions --json` prints it (a public interface: extend it, never rename). */
export interface LocalSession {
  start: string
  end: string
  plays: number
  charts: number
  touch: number
  keyboard: number
  newBests: {
    chart_id: string
    title: string | null
    difficulty: string | null
    mode: SessionMode
    before: number
    after: number
    played_at: string
  }[]
  gradeRaises: number
  /** Plays of this session the game kept without a usable time (placed by their order in data.db). */
  skipped: number
}
