import { z } from 'zod'
import { MAX_SCORE, SCORE_GRADES } from '../reality'

/**
 * What the planner and what-if answer, as the app and `companion … --json` carry them (docs/planner.md).
 * Field names are a public interface: extend, never rename.
 */

/** Whose list: an account's input mode, or a save file's list (one best per chart, modes together). */
export const PlanMode = z.enum(['touch', 'keyboard', 'save'])
export type PlanMode = z.infer<typeof PlanMode>

/**
 * The rule every value follows, the app's usual one (as the restore preview says): a best keeps the value of
 * its own rule (the service's own Reality where it has one), and a raised score is a new play on today's game,
 * so from 4.0 the higher of v3 and v2 up to 1,005,000 unless all-perfect, else v3; the best 20 over 20.
 */
export const REALITY_RULE = 'by-game-version'

export const PlanOptions = z.object({
  /** Only charts already played are raised (charts not yet played are never added). */
  playedOnly: z.boolean().optional(),
  /** At most this many charts raised. */
  maxCharts: z.number().int().min(1).max(1_000).nullish(),
  /** Only charts of this level or lower are raised (a level is the constant's whole part, as in Progress). */
  maxLevel: z.number().int().min(0).max(30).nullish(),
  /** Charts not yet played, of the player's level or lower, may be added (their score is 0). */
  includeUnplayedAtLevel: z.boolean().optional()
})
export type PlanOptions = z.infer<typeof PlanOptions>

/** A target Reality as the game shows it: two decimals (more are rounded up to the next hundredth). */
export const PlanTarget = z.number().finite().min(0).max(100)

/** A chart whose best a plan or a what-if raises: from its best now to a new score. */
const RaisedChart = z.object({
  chart_id: z.string(),
  title: z.string().nullable(),
  difficulty: z.string().nullable(),
  /** The best now, and the new score. */
  from: z.number().int(),
  to: z.number().int(),
  /** The grade `to` is. */
  grade: z.enum(SCORE_GRADES)
})

export const PlanStep = RaisedChart.extend({
  constant: z.number(),
  /** (to − from) / (1,010,000 − from): the share of what is left to the maximum. */
  effort: z.number(),
  /** The chart's value now and at `to`. */
  valueFrom: z.number(),
  valueTo: z.number()
})
export type PlanStep = z.infer<typeof PlanStep>

export const Plan = z.object({
  mode: PlanMode,
  rule: z.literal(REALITY_RULE),
  /** Reality now, exact (the game shows it cut to two decimals). */
  from: z.number(),
  /** The target asked for, in hundredths' precision. */
  target: z.number(),
  /** The target can be reached under the options; when not, the steps reach `best` as shown. */
  reachable: z.boolean(),
  /** The highest Reality reachable under the options, exact: every chart allowed at its most, the best set chosen. */
  best: z.number(),
  /** Reality once every step is done, exact. */
  realityAfter: z.number(),
  /** Cheapest first. */
  steps: z.array(PlanStep),
  /** The steps' efforts summed. */
  effort: z.number(),
  /** The search proved no plan of the kind compared (docs/planner.md) takes less effort (false only if it hit its node limit). */
  optimal: z.boolean(),
  /** No plan of that kind takes less effort than this: `effort` when optimal, else how far from the least it may be. */
  leastEffort: z.number(),
  bestCount: z.number().int()
})
export type Plan = z.infer<typeof Plan>

/** A score typed on a chart, or one picked: the best + 5,000, SS (950,000), AP (1,010,000, all-perfect). */
export const WHAT_IF_PRESETS = ['best+5000', 'SS', 'AP'] as const
export const WhatIfScore = z
  .object({
    chart_id: z.string().min(1).max(100),
    score: z.number().int().min(0).max(MAX_SCORE).optional(),
    preset: z.enum(WHAT_IF_PRESETS).optional()
  })
  .refine((s) => (s.score === undefined) !== (s.preset === undefined), 'a score or a preset, not both')
export type WhatIfScore = z.infer<typeof WhatIfScore>

export const WhatIfChange = RaisedChart.extend({
  constant: z.number().nullable(),
  /** The chart's value before (null: not played yet) and after. */
  valueFrom: z.number().nullable(),
  valueTo: z.number(),
  inBestBefore: z.boolean(),
  inBestAfter: z.boolean()
})
export type WhatIfChange = z.infer<typeof WhatIfChange>

export const WhatIf = z.object({
  mode: PlanMode,
  rule: z.literal(REALITY_RULE),
  /** Reality before and after, exact (the game shows each cut to two decimals). */
  from: z.number(),
  to: z.number(),
  /** Chart ids that enter and leave the best 20. */
  entered: z.array(z.string()),
  left: z.array(z.string()),
  /** Each chart whose best the scores raise. */
  changes: z.array(WhatIfChange),
  /** Chart ids that could not be applied: not in the list, or no constant to rate the score with. */
  skipped: z.array(z.string())
})
export type WhatIf = z.infer<typeof WhatIf>
