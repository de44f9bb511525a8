import { z } from 'zod'
import { PlanMode } from '../planner/schema'
import { NearMissKind } from '../progress'
import { SCORE_GRADES } from '../reality'

/**
 * "Play next" (docs/picks.md): a short list of charts worth playing tonight, each with why and a target, and a random
 * pick. Field names are a public interface (`companion pick --json` prints them): extend, never rename.
 */

export const PickWhy = z.discriminatedUnion('kind', [
  /** One judgement from All Perfect or a Full Combo, or `gap` points from the next grade. */
  z.object({ kind: z.literal('nearMiss'), miss: NearMissKind, gap: z.number().int().min(0) }),
  /** A step of the planner's cheapest plan to `toward` (Reality as the game shows it: the next 0.01 or 0.05). */
  z.object({ kind: z.literal('plan'), toward: z.number(), effort: z.number() }),
  /** Not played in this mode for `days` days (since `lastPlayedAt`). */
  z.object({ kind: z.literal('stale'), lastPlayedAt: z.string(), days: z.number().int().min(0) }),
  /** Not played yet, at the player's level (the highest level among the best 20). */
  z.object({ kind: z.literal('unplayed'), level: z.number().int() }),
  /** Drawn at random with `seed` among `among` charts that match the filter. */
  z.object({ kind: z.literal('random'), seed: z.number().int(), among: z.number().int().min(0) })
])
export type PickWhy = z.infer<typeof PickWhy>

/** What to aim for: a score (and the grade it is), a mark, or both. */
export const PickTarget = z.object({
  score: z.number().int().nullable(),
  grade: z.enum(SCORE_GRADES).nullable(),
  mark: z.enum(['FC', 'AP']).nullable()
})
export type PickTarget = z.infer<typeof PickTarget>

export const Pick = z.object({
  chart_id: z.string(),
  title: z.string().nullable(),
  difficulty: z.string().nullable(),
  constant: z.number().nullable(),
  /** The input mode it is picked for (`save`: a save's bests, which have none). */
  mode: PlanMode,
  /** The best score now in that mode; null: not played. */
  best: z.number().int().nullable(),
  why: PickWhy,
  /** Null: nothing to aim for can be worked out (no constant, and no grade left above the best). */
  target: PickTarget.nullable()
})
export type Pick = z.infer<typeof Pick>

/** The random pick's filter: every part given must match. */
export const RandomFilter = z.object({
  /** A level: the constant's whole part (13.0–13.9 is 13). */
  level: z.number().int().min(0).max(30).optional(),
  difficulty: z.string().min(1).max(60).optional(),
  pack: z.string().min(1).max(200).optional(),
  /** Only charts not played in any input mode. */
  unplayed: z.boolean().optional()
})
export type RandomFilter = z.infer<typeof RandomFilter>

/** A seed for the random pick: the same seed, filter and data pick the same chart. */
export const PickSeed = z.number().int().min(0).max(0xffff_ffff)

export const RandomPick = z.object({
  seed: z.number().int(),
  /** Charts that matched the filter. */
  among: z.number().int().min(0),
  /** Null: no chart matched. */
  pick: Pick.nullable()
})
export type RandomPick = z.infer<typeof RandomPick>

/** An account's picks, sent as `picks:changed` after every change of its plays, its latest save or the chart list. */
export const PicksState = z.object({
  accountId: z.string(),
  /** Grows with every change. */
  version: z.number().int(),
  status: z.enum(['computing', 'ready', 'error']),
  picks: z.array(Pick),
  /** Each mode's level (the highest level among its best 20), null with no rated best. */
  level: z.object({ touch: z.number().int().nullable(), keyboard: z.number().int().nullable() }),
  /** When the picks were worked out (ISO). */
  computedAt: z.string().nullable()
})
export type PicksState = z.infer<typeof PicksState>
