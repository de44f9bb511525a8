import { z } from 'zod'
import { KeptRecord } from './api'
import { AppErrorData } from './error-schema'
import { GRADES, type Grade } from './reality'

/**
 * Folders, goals and near misses (issue #43): the shapes that cross IPC. A folder groups charts of
 * the chart list (by level, difficulty, song pack, or as the player builds it); a goal is a target
 * over one chart, a list of charts or a folder; a near miss is a chart one judgement or a few points
 * from the next mark.
 */

/** An input mode, or `any`: every best whatever its mode, the save's (which has none) included. */
export const ViewMode = z.enum(['touch', 'keyboard', 'any'])
export type ViewMode = z.infer<typeof ViewMode>

/** `unknown`: the charts with a best that the chart list does not know, listed apart. */
export const FolderKind = z.enum(['level', 'difficulty', 'pack', 'custom', 'unknown'])
export type FolderKind = z.infer<typeof FolderKind>

export { GRADE_MIN } from './grade-lines'

export const GradeName = z.enum(GRADES)
const gradeCounts = z.object(Object.fromEntries(GRADES.map((g) => [g, z.number().int().min(0)])) as Record<Grade, z.ZodNumber>)

/** A saved filter: the charts of the list that match every part given. */
export const FolderFilter = z.object({
  difficulties: z.array(z.string().max(60)).max(20).optional(),
  levelMin: z.number().min(0).max(30).optional(),
  levelMax: z.number().min(0).max(30).optional(),
  packs: z.array(z.string().max(200)).max(100).optional(),
  /** Part of a title, in any of its scripts (matched as the Scores filter matches). */
  search: z.string().max(200).optional()
})
export type FolderFilter = z.infer<typeof FolderFilter>

const chartId = z.string().min(1).max(100)

/** A folder the player built: picked charts, or a filter kept as a folder. */
export const CustomFolder = z.object({
  id: z.string().min(1).max(60),
  name: z.string().trim().min(1).max(120),
  charts: z.array(chartId).max(5_000).optional(),
  filter: FolderFilter.optional()
})
export type CustomFolder = z.infer<typeof CustomFolder>
export const CustomFolderDraft = CustomFolder.extend({ id: z.string().min(1).max(60).optional() })
export type CustomFolderDraft = z.infer<typeof CustomFolderDraft>

/** One folder in one mode: how many of its charts are played, at each grade, cleared, full-combo'd, all-perfect. */
export const FolderRow = z.object({
  /** `level:12`, `level:12+`, `difficulty:Cloudburst`, `pack:chapter1`, `custom:<id>`. */
  folder: z.string(),
  kind: FolderKind,
  /** The level, difficulty name or pack as the list writes it; a custom folder's name. */
  label: z.string(),
  mode: ViewMode,
  charts: z.number().int().min(0),
  played: z.number().int().min(0),
  grades: gradeCounts,
  /** Charts whose best is Overloaded (above 1,010,000, play-marks.ts): in no grade, never counted as R. */
  overloaded: z.number().int().min(0).default(0),
  /** Cumulative: charts at this grade or better ("SS or better: 41/57"); an Overloaded best is at every grade or better. */
  atLeast: gradeCounts,
  clear: z.number().int().min(0),
  fullCombo: z.number().int().min(0),
  allPerfect: z.number().int().min(0),
  /** Played charts whose best here is the save's (the save has no input mode). */
  fromSave: z.number().int().min(0)
})
export type FolderRow = z.infer<typeof FolderRow>

/** A chart's best in one mode, from the play history merged with the latest save. */
export const Standing = z.object({
  score: z.number(),
  accuracy: z.number().nullable(),
  fullCombo: z.boolean(),
  allPerfect: z.boolean(),
  /** The chart's Reality at this best (the record's own, else from the list's constant); null when unknown. */
  reality: z.number().nullable(),
  /** The best score is the save's, not a kept play's. */
  fromSave: z.boolean(),
  playedAt: z.string().nullable()
})
export type Standing = z.infer<typeof Standing>

export const FolderChart = z.object({ chart_id: z.string(), best: Standing.nullable() })
export type FolderChart = z.infer<typeof FolderChart>

export const FolderDetail = z.object({ row: FolderRow, charts: z.array(FolderChart) })
export type FolderDetail = z.infer<typeof FolderDetail>

export const GoalCriterion = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('score'), min: z.number().int().min(1).max(1_010_000) }),
  z.object({ kind: z.literal('grade'), grade: GradeName }),
  z.object({ kind: z.literal('fullCombo') }),
  z.object({ kind: z.literal('allPerfect') }),
  z.object({ kind: z.literal('reality'), min: z.number().min(0.01).max(30) })
])
export type GoalCriterion = z.infer<typeof GoalCriterion>

/**
 * What a goal is over: one chart, a list, a folder, or the player's best list (`best`: the charts their Reality is the
 * average of; a Reality goal over it asks for the player's own Reality, as the game shows it).
 */
export const GoalScope = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('chart'), chart: chartId }),
  z.object({ kind: z.literal('charts'), charts: z.array(chartId).min(1).max(5_000) }),
  z.object({ kind: z.literal('folder'), folder: z.string().min(1).max(300) }),
  z.object({ kind: z.literal('best') })
])
export type GoalScope = z.infer<typeof GoalScope>

export const GoalTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('count'), count: z.number().int().min(1).max(100_000) }),
  z.object({ kind: z.literal('percent'), percent: z.number().min(0.1).max(100) })
])
export type GoalTarget = z.infer<typeof GoalTarget>

type GoalShapeFields = { criterion: GoalCriterion; mode: ViewMode; scope: GoalScope; target: GoalTarget }

/**
 * The rules of every goal, wherever it is written (the editor, a pack): Reality is per input mode, so a Reality goal is
 * for touch or keyboard; a goal over the player's best list asks for their Reality, on the whole list.
 */
export const withGoalRules = <T extends z.ZodType<GoalShapeFields>>(schema: T) =>
  schema
    .refine((g) => g.criterion.kind !== 'reality' || g.mode !== 'any', {
      message: 'a Reality goal is for touch or keyboard',
      path: ['mode']
    })
    .refine((g) => g.scope.kind !== 'best' || (g.criterion.kind === 'reality' && g.target.kind === 'all'), {
      message: "a goal over the player's best list is a Reality goal on the whole list",
      path: ['scope']
    })

/** What the player asks for. Without a name the app names the goal, in words worded again in the reader's language wherever it is shown. */
export const GoalDraft = withGoalRules(
  z.object({
    name: z.string().trim().min(1).max(200).optional(),
    criterion: GoalCriterion,
    mode: ViewMode,
    scope: GoalScope,
    target: GoalTarget
  })
)
export type GoalDraft = z.infer<typeof GoalDraft>

/** Why a goal met before is no longer met: its folder grew (a chart-list update), or its charts' bests went down (a restore). */
export const LostReason = z.enum(['grew', 'lower'])
export type LostReason = z.infer<typeof LostReason>

export const Goal = z.object({
  id: z.string().min(1).max(60),
  /** The player's name for it; for a goal the app named (`generated`), its words in the language of the day it was made. */
  name: z.string().min(1).max(200),
  /** The app named it: shown in the reader's language from what it asks, never as `name` (kept for older versions). */
  generated: z.boolean().optional(),
  criterion: GoalCriterion,
  mode: ViewMode,
  scope: GoalScope,
  target: GoalTarget,
  createdAt: z.string(),
  /** When it was last found met; kept after it becomes unmet, as when it was. */
  metAt: z.string().nullable(),
  /** When a goal met before was found unmet, and why; null while it is met or was never met. */
  lostAt: z.string().nullable(),
  lostReason: LostReason.nullable(),
  /** The charts in scope when it was met (to tell a grown folder from lower bests). */
  metTotal: z.number().int().min(0).nullable(),
  /** A goal is notified once, the first time it is met. */
  notified: z.boolean()
})
export type Goal = z.infer<typeof Goal>

export const GoalProgress = z.object({
  goal: Goal,
  /** A goal over the best list: the player's Reality now, exact (null: no chart with a Reality yet). */
  reality: z.number().nullable().optional(),
  /** Charts in scope now. */
  total: z.number().int().min(0),
  /** Charts that meet the criterion. */
  met: z.number().int().min(0),
  /** Charts the target asks for (all, N, or X % of the total, rounded up). */
  needed: z.number().int().min(0),
  done: z.boolean()
})
export type GoalProgress = z.infer<typeof GoalProgress>

export const GoalChart = z.object({ chart_id: z.string(), best: Standing.nullable(), counts: z.boolean() })
export const GoalDetail = z.object({ progress: GoalProgress, charts: z.array(GoalChart) })
export type GoalDetail = z.infer<typeof GoalDetail>

/** The latest save whose bests are merged in: the backup it is, and how many charts it holds. */
export const SaveUsed = z.object({ backupId: z.string(), backedUpAt: z.string(), source: z.string(), charts: z.number().int().min(0) })
export type SaveUsed = z.infer<typeof SaveUsed>

/** An account's progress: folder tables, the charts the list does not know, goals and custom folders. */
export const ProgressState = z.object({
  accountId: z.string(),
  modes: z.array(ViewMode),
  rows: z.array(FolderRow),
  /** Per mode: charts with a best that the chart list does not know. */
  unknown: z.array(z.object({ mode: ViewMode, charts: z.array(z.string()) })),
  save: SaveUsed.nullable(),
  /** The save's bests could not be read (a damaged backup): folders count the play history alone. */
  saveProblem: AppErrorData.nullable(),
  listCount: z.number().int().min(0),
  goals: z.array(GoalProgress),
  folders: z.array(CustomFolder)
})
export type ProgressState = z.infer<typeof ProgressState>

export const NearMissKind = z.enum(['allPerfect', 'fullCombo', 'grade'])
export type NearMissKind = z.infer<typeof NearMissKind>

export const NearMiss = z.object({
  chart_id: z.string(),
  mode: z.enum(['touch', 'keyboard']),
  kind: NearMissKind,
  /** The grade within reach (grade near misses). */
  grade: GradeName.nullable(),
  /** Judgements (AP, FC: 1) or points of score (grade) still missing. */
  gap: z.number().int().min(0),
  /** The play that came closest. */
  play: KeptRecord
})
export type NearMiss = z.infer<typeof NearMiss>
