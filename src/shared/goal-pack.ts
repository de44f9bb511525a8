import { z } from 'zod'
import { ratable } from './charts'
import type { ChartInfo } from './data'
import { AppError } from './errors'
import { MAX_PACK_BYTES } from './goal-pack-limits'
import { CustomFolder, GoalCriterion, GoalScope, GoalTarget, ViewMode, withGoalRules, type Goal } from './progress'

/**
 * Goal packs (docs/progress.md): a set of goals, with the folders they use, as a versioned JSON file to share. A pack
 * read from a file is untrusted: its size, depth and shape are checked, and every chart and folder it names must be
 * known, before anything of it is shown or kept. Refusals say why in `details.reason` (`pack_*`), for every reader.
 */

export const GOAL_PACK_SCHEMA = 'companion-goal-pack'
export const GOAL_PACK_VERSION = 1
export { MAX_PACK_BYTES }
/** How deep the file's JSON may nest: a pack nests five levels. */
export const MAX_PACK_DEPTH = 16
export const MAX_PACK_GOALS = 500
export const MAX_PACK_FOLDERS = 200

export const PackGoal = withGoalRules(
  z.object({
    /** The goal's id in the pack (a new one is given on import). */
    id: z.string().min(1).max(60),
    /** Absent: the app names it from what it asks, in the reader's language. */
    name: z.string().trim().min(1).max(200).optional(),
    criterion: GoalCriterion,
    mode: ViewMode,
    /** A folder is `custom:<id>` of a folder of the pack, or a folder of the chart list (`level:12`, `difficulty:…`, `pack:…`). */
    scope: GoalScope,
    target: GoalTarget
  })
)
export type PackGoal = z.infer<typeof PackGoal>

export const GoalPack = z.object({
  schema: z.literal(GOAL_PACK_SCHEMA),
  version: z.literal(GOAL_PACK_VERSION),
  name: z.string().trim().min(1).max(120),
  description: z.string().max(2_000).optional(),
  folders: z.array(CustomFolder).max(MAX_PACK_FOLDERS),
  goals: z.array(PackGoal).max(MAX_PACK_GOALS)
})
export type GoalPack = z.infer<typeof GoalPack>

/** Where a pack comes from: a file's text (read in the window or the CLI), or one of the app's examples. */
export const EXAMPLE_PACKS = ['full-combo-level', 'reality-steps'] as const
export type ExamplePack = (typeof EXAMPLE_PACKS)[number]
export const PackSource = z.union([
  // Bounded by characters here; the bytes are bounded again where it is read (MAX_PACK_BYTES).
  z.object({ text: z.string().max(2 * MAX_PACK_BYTES) }),
  z.object({ example: z.enum(EXAMPLE_PACKS) })
])
export type PackSource = z.infer<typeof PackSource>

/** What an export takes: the goals chosen, or a folder with the goals over it. */
export const PackExport = z.object({
  name: z.string().trim().min(1).max(120),
  goals: z.array(z.string().min(1).max(60)).max(MAX_PACK_GOALS).optional(),
  folder: z.string().min(1).max(300).optional()
})
export type PackExport = z.infer<typeof PackExport>

/** What importing a pack would add, goal by goal, against the account as it is now. */
export const PackPreview = z.object({
  name: z.string(),
  description: z.string().nullable(),
  version: z.number().int(),
  folders: z.array(z.object({ id: z.string(), name: z.string(), charts: z.number().int().min(0), exists: z.boolean() })),
  goals: z.array(
    z.object({
      id: z.string(),
      /** The goal as it would be kept (a pack folder's scope pointing at the folder it becomes). */
      name: z.string().nullable(),
      criterion: GoalCriterion,
      mode: ViewMode,
      scope: GoalScope,
      target: GoalTarget,
      /** `add`: it is added; `met`: already met now (not added); `duplicate`: you have this goal already (not added). */
      status: z.enum(['add', 'met', 'duplicate']),
      met: z.number().int().min(0),
      total: z.number().int().min(0),
      needed: z.number().int().min(0)
    })
  )
})
export type PackPreview = z.infer<typeof PackPreview>

export const PackImported = z.object({ goals: z.number().int().min(0), folders: z.number().int().min(0) })
export type PackImported = z.infer<typeof PackImported>

/** A refusal: `reason` names it for every reader (`errorReasons.pack_*` in the window). */
function refuse(reason: string, message: string, details: Record<string, string | number> = {}): never {
  throw AppError.of('invalid_input', message, { details: { reason, ...details } })
}

/** The deepest nesting of arrays and objects in a parsed JSON value, counted without recursion (stops past `limit`). */
export function depthOf(value: unknown, limit = MAX_PACK_DEPTH): number {
  let deepest = 0
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }]
  for (let seen = 0; stack.length > 0 && seen < 5_000_000; seen++) {
    const { value: v, depth } = stack.pop()!
    if (typeof v !== 'object' || v === null) continue
    deepest = Math.max(deepest, depth + 1)
    if (deepest > limit) return deepest
    for (const child of Object.values(v)) if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: depth + 1 })
  }
  return deepest
}

const bytesOf = (text: string) => new TextEncoder().encode(text).length

/**
 * A pack file's text, read as untrusted input: at most MAX_PACK_BYTES, JSON, at most MAX_PACK_DEPTH deep, a pack of
 * this version in the schema's shape, no id twice, every `custom:` folder a goal names in the pack, no folder without
 * charts. Throws an `invalid_input` AppError whose `details.reason` says which (nothing is changed by a refusal).
 */
export function readGoalPack(text: string): GoalPack {
  const size = bytesOf(text)
  if (size > MAX_PACK_BYTES)
    refuse('pack_too_large', `This file is too large for a goal pack (${size} bytes; at most ${MAX_PACK_BYTES}).`, {
      size,
      limit: MAX_PACK_BYTES
    })
  let raw: unknown
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch {
    refuse('pack_not_json', 'This file is not a goal pack: it is not JSON.')
  }
  if (depthOf(raw) > MAX_PACK_DEPTH)
    refuse('pack_too_deep', `This file nests deeper than a goal pack does (more than ${MAX_PACK_DEPTH} levels).`)
  const head = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null
  if (head?.schema !== GOAL_PACK_SCHEMA) refuse('pack_not_a_pack', `This file is not a goal pack (no "schema": "${GOAL_PACK_SCHEMA}").`)
  if (typeof head.version === 'number' && head.version > GOAL_PACK_VERSION)
    refuse('pack_newer', `This goal pack is version ${head.version}, made by a newer version of the app: update the app to read it.`, {
      version: head.version
    })
  const parsed = GoalPack.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const path = issue?.path.map(String).join('.') || '(top)'
    refuse('pack_schema', `This goal pack is not valid at ${path}: ${problemOf(issue)}.`, { path })
  }
  checkStructure(parsed.data)
  return parsed.data
}

/** What is wrong with a field, in words (zod's own messages name JavaScript's types, "undefined" among them). */
function problemOf(issue: { code: string; message: string } | undefined): string {
  switch (issue?.code) {
    case 'invalid_type':
      return /received undefined/.test(issue.message) ? 'it is missing' : 'it is of the wrong kind'
    case 'too_big':
    case 'too_small':
      return 'it is out of range'
    case 'invalid_value':
    case 'invalid_union':
      return 'it is none of the values a goal pack takes'
    default:
      return 'it is not valid'
  }
}

function checkStructure(pack: GoalPack): void {
  if (pack.goals.length + pack.folders.length === 0) refuse('pack_empty', 'This goal pack holds no goals and no folders.')
  const twice = (ids: string[]) => ids.find((id, i) => ids.indexOf(id) !== i)
  const folderTwice = twice(pack.folders.map((f) => f.id))
  if (folderTwice !== undefined)
    refuse('pack_duplicate_id', `This goal pack names the folder id "${folderTwice}" twice.`, { id: folderTwice })
  const goalTwice = twice(pack.goals.map((g) => g.id))
  if (goalTwice !== undefined) refuse('pack_duplicate_id', `This goal pack names the goal id "${goalTwice}" twice.`, { id: goalTwice })
  const empty = pack.folders.find((f) => !f.charts?.length && !hasFilter(f))
  if (empty)
    refuse('pack_empty_folder', `The folder "${empty.name}" of this goal pack has no charts and no filter.`, { folder: empty.name })
  const own = new Set(pack.folders.map((f) => `custom:${f.id}`))
  for (const goal of pack.goals) {
    const { scope } = goal
    if (scope.kind === 'folder' && scope.folder.startsWith('custom:') && !own.has(scope.folder))
      refuse('pack_unknown_folder', `A goal of this pack is over the folder "${scope.folder}", which the pack does not hold.`, {
        folder: scope.folder
      })
  }
}

const hasFilter = (f: CustomFolder) =>
  f.filter !== undefined && Object.values(f.filter).some((v) => (Array.isArray(v) ? v.length > 0 : v !== undefined && v !== ''))

/** Every chart id a pack names (its folders' charts, its goals' charts), each once. */
export function chartsNamed(pack: GoalPack): string[] {
  const ids = new Set<string>()
  for (const folder of pack.folders) for (const id of folder.charts ?? []) ids.add(id)
  for (const { scope } of pack.goals) {
    if (scope.kind === 'chart') ids.add(scope.chart)
    if (scope.kind === 'charts') for (const id of scope.charts) ids.add(id)
  }
  return [...ids]
}

/**
 * A pack against the chart list: every chart it names must be in it, and every folder of the list a goal is over
 * (`level:12`, `difficulty:…`) must exist. Refused with the charts the list does not know (the first ten named).
 */
export function checkPackAgainstList(pack: GoalPack, charts: ReadonlyMap<string, ChartInfo>, listFolders: ReadonlySet<string>): void {
  const unknown = chartsNamed(pack).filter((id) => !charts.has(id))
  if (unknown.length > 0)
    refuse(
      'pack_unknown_charts',
      `This goal pack names ${unknown.length} chart(s) the chart list does not know (${unknown.slice(0, 10).join(', ')}): ` +
        'update the chart list, then import it again.',
      { count: unknown.length, charts: unknown.slice(0, 10).join(', ') }
    )
  for (const { scope } of pack.goals) {
    if (scope.kind === 'folder' && !scope.folder.startsWith('custom:') && !listFolders.has(scope.folder))
      refuse('pack_unknown_folder', `A goal of this pack is over the folder "${scope.folder}", which the chart list does not have.`, {
        folder: scope.folder
      })
  }
}

/** A pack of kept goals and the player's folders they use (`extraFolders`: a folder exported with its goals). */
export function packOf(input: {
  name: string
  goals: readonly Goal[]
  folders: readonly CustomFolder[]
  extraFolders?: readonly string[]
}): GoalPack {
  const used = new Set([...(input.extraFolders ?? []), ...input.goals.flatMap((g) => (g.scope.kind === 'folder' ? [g.scope.folder] : []))])
  return {
    schema: GOAL_PACK_SCHEMA,
    version: GOAL_PACK_VERSION,
    name: input.name,
    folders: input.folders.filter((f) => used.has(`custom:${f.id}`)),
    goals: input.goals.map((g) => ({
      id: g.id,
      // A name the app gave is worded again in the reader's language: it travels as no name.
      ...(g.generated ? {} : { name: g.name }),
      criterion: g.criterion,
      mode: g.mode,
      scope: g.scope,
      target: g.target
    }))
  }
}

/** The words of the example packs, in the reader's language (numbers already written in it). */
export interface ExampleWords {
  fullComboName(difficulty: string, level: number): string
  fullComboFolder(difficulty: string, level: number): string
  realityName(from: number, to: number): string
}

const FULL_COMBO_DIFFICULTY = 'Cloudburst'
const FULL_COMBO_LEVEL = 10
const REALITY_TOP = 13
const BEST = 20

/**
 * The app's example packs, made from the chart list as it is (no chart id is written into the app): null where the
 * list has nothing to make one from.
 */
export function examplePack(kind: ExamplePack, charts: ReadonlyMap<string, ChartInfo>, words: ExampleWords): GoalPack | null {
  const rated = [...charts.values()].filter((c): c is ChartInfo & { constant: number } => ratable(c.constant))
  return kind === 'full-combo-level' ? fullComboPack(rated, words) : realityStepsPack(rated, words)
}

/** "Full Combo every Cloudburst of level 10": Cloudburst (else the most common difficulty), level 10 (else its most common level). */
function fullComboPack(rated: (ChartInfo & { constant: number })[], words: ExampleWords): GoalPack | null {
  const difficulties = mostCommon(rated.map((c) => c.difficulty ?? ''))
  const difficulty = difficulties.includes(FULL_COMBO_DIFFICULTY) ? FULL_COMBO_DIFFICULTY : difficulties.find((d) => d !== '')
  if (difficulty === undefined) return null
  const ofDifficulty = rated.filter((c) => c.difficulty === difficulty)
  const levels = mostCommon(ofDifficulty.map((c) => String(Math.floor(c.constant))))
  const level = levels.includes(String(FULL_COMBO_LEVEL)) ? FULL_COMBO_LEVEL : Number(levels[0])
  const ids = ofDifficulty.filter((c) => Math.floor(c.constant) === level).map((c) => c.chart_id)
  if (ids.length === 0) return null
  return {
    schema: GOAL_PACK_SCHEMA,
    version: GOAL_PACK_VERSION,
    name: words.fullComboName(difficulty, level),
    folders: [{ id: 'full-combo', name: words.fullComboFolder(difficulty, level), charts: ids.slice(0, 5_000) }],
    goals: [
      {
        id: 'full-combo',
        criterion: { kind: 'fullCombo' },
        mode: 'any',
        scope: { kind: 'folder', folder: 'custom:full-combo' },
        target: { kind: 'all' }
      }
    ]
  }
}

/**
 * "Reality 12.00 to 13.00 in steps": five goals on the player's own Reality, a quarter apart, ending at 13.00, or lower
 * where the list has fewer than 20 charts whose most reaches it (a chart's most is its constant + 1.5, at 1,000,000).
 */
function realityStepsPack(rated: (ChartInfo & { constant: number })[], words: ExampleWords): GoalPack | null {
  const ceilings = rated.map((c) => c.constant + 1.5).sort((a, b) => b - a)
  const reference = ceilings[Math.min(BEST, ceilings.length) - 1]
  if (reference === undefined) return null
  const top = Math.min(REALITY_TOP, Math.floor(reference * 4) / 4)
  const from = top - 1
  if (from < 0.25) return null
  return {
    schema: GOAL_PACK_SCHEMA,
    version: GOAL_PACK_VERSION,
    name: words.realityName(from, top),
    folders: [],
    goals: [0, 0.25, 0.5, 0.75, 1].map((d, i) => ({
      id: `reality-${i + 1}`,
      criterion: { kind: 'reality' as const, min: from + d },
      mode: 'touch' as const,
      scope: { kind: 'best' as const },
      target: { kind: 'all' as const }
    }))
  }
}

/** The distinct values, the most frequent first (ties in first-seen order). */
function mostCommon(values: readonly string[]): string[] {
  const counts = new Map<string, number>()
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1]).map(([v]) => v)
}
