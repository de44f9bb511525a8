import { randomUUID } from 'node:crypto'
import type { ChartInfo } from '../../shared/data'
import { AppError } from '../../shared/errors'
import {
  checkPackAgainstList,
  examplePack,
  MAX_PACK_BYTES,
  readGoalPack,
  type ExampleWords,
  type GoalPack,
  type PackPreview,
  type PackSource
} from '../../shared/goal-pack'
import { numberText } from '../../shared/number-text'
import type { CustomFolder, Goal, GoalScope, ViewMode } from '../../shared/progress'
import type { Language } from '../../shared/settings'
import { messagesFor } from '../i18n'
import { io } from '../platform-node/io'
import type { FileSystem } from '../ports'
import { goalNameIn, type GoalContext } from './goal-names'
import { GoalTracker } from './goals'
import { listFolders, type FolderDef } from './folders'
import type { ProgressModel } from './model'

/** The example packs' words in `language`, numbers written its way. */
export function exampleWords(language: Language): ExampleWords {
  const text = messagesFor(language).progress.packs
  const reality = (value: number) => numberText(value, language, 2)
  return {
    fullComboName: (difficulty, level) => text.fullComboName(difficulty, numberText(level, language)),
    fullComboFolder: (difficulty, level) => text.fullComboFolder(difficulty, numberText(level, language)),
    realityName: (from, to) => text.realityName(reality(from), reality(to))
  }
}

/** The pack a source names: a file's text read as untrusted input, or an example made from the chart list now. */
export function packFromSource(source: PackSource, charts: ReadonlyMap<string, ChartInfo>, language: Language): GoalPack {
  if ('text' in source) return readGoalPack(source.text)
  const pack = examplePack(source.example, charts, exampleWords(language))
  if (!pack)
    throw AppError.of('invalid_input', 'The chart list has no charts to make this example from: update the chart list first.', {
      details: { reason: 'pack_no_example' }
    })
  return pack
}

/** The folders of the chart list a goal of a pack may be over (`level:12`, `difficulty:…`, `pack:…`). */
export const listFolderIds = (charts: ReadonlyMap<string, ChartInfo>): Set<string> => new Set(listFolders(charts).map((f) => f.id))

const sameCharts = (a: readonly string[] | undefined, b: readonly string[] | undefined) => {
  const x = new Set(a ?? [])
  const y = new Set(b ?? [])
  return x.size === y.size && [...x].every((id) => y.has(id))
}
const sameFolder = (a: CustomFolder, b: CustomFolder) =>
  a.name === b.name && sameCharts(a.charts, b.charts) && JSON.stringify(a.filter ?? null) === JSON.stringify(b.filter ?? null)
const sameGoal = (a: Pick<Goal, 'criterion' | 'mode' | 'scope' | 'target'>, b: Pick<Goal, 'criterion' | 'mode' | 'scope' | 'target'>) =>
  JSON.stringify([a.criterion, a.mode, a.scope, a.target]) === JSON.stringify([b.criterion, b.mode, b.scope, b.target])

/** What importing a pack would do: the preview, and the folders and goals it adds (nothing is changed here). */
export interface ImportPlan {
  preview: PackPreview
  folders: CustomFolder[]
  goals: Omit<Goal, 'name' | 'generated'>[]
  names: (string | null)[]
}

/**
 * A pack against an account's progress: checked against the chart list, each folder matched with one of the player's
 * that is the same (kept, not added twice) or given a new id, each goal over the folder it becomes, and each goal
 * found new, already met now, or one the player has already.
 */
export function planImport(model: ProgressModel, pack: GoalPack, now: string): ImportPlan {
  checkPackAgainstList(pack, model.charts, listFolderIds(model.charts))
  const kept = model.customFolders()
  const idOf = new Map<string, string>()
  const added: CustomFolder[] = []
  for (const folder of pack.folders) {
    const same = kept.find((k) => sameFolder(k, folder))
    const id = same?.id ?? randomUUID()
    idOf.set(`custom:${folder.id}`, `custom:${id}`)
    if (!same) added.push({ ...folder, id })
  }
  const defs = listFolders(model.charts, [...kept, ...added])
  const resolve = (scope: GoalScope) =>
    scope.kind === 'folder' ? (defs.find((f) => f.id === scope.folder)?.charts ?? []) : model.resolve(scope)
  const goals = pack.goals.map((g) => {
    const scope: GoalScope = g.scope.kind === 'folder' ? { kind: 'folder', folder: idOf.get(g.scope.folder) ?? g.scope.folder } : g.scope
    const goal = { criterion: g.criterion, mode: g.mode as ViewMode, scope, target: g.target }
    const tracker = new GoalTracker({ resolve, standingOf: model.standingOf, bestList: model.bestList })
    const record: Goal = {
      ...goal,
      id: randomUUID(),
      name: g.name ?? 'pack',
      createdAt: now,
      metAt: null,
      lostAt: null,
      lostReason: null,
      metTotal: null,
      notified: false
    }
    tracker.rebuild([record])
    const progress = tracker.progress()[0]!
    const status = model.goals().some((k) => sameGoal(k, goal)) ? 'duplicate' : progress.done ? 'met' : 'add'
    return { pack: g, record, status, progress } as const
  })
  const preview: PackPreview = {
    name: pack.name,
    description: pack.description ?? null,
    version: pack.version,
    folders: pack.folders.map((f) => {
      const id = idOf.get(`custom:${f.id}`)!
      return {
        id,
        name: f.name,
        charts: defs.find((d) => d.id === id)?.charts.length ?? 0,
        exists: !added.some((a) => `custom:${a.id}` === id)
      }
    }),
    goals: goals.map(({ pack: g, record, status, progress }) => ({
      id: g.id,
      name: g.name ?? null,
      criterion: record.criterion,
      mode: record.mode,
      scope: record.scope,
      target: record.target,
      status,
      met: progress.met,
      total: progress.total,
      needed: progress.needed
    }))
  }
  const adding = goals.filter((g) => g.status === 'add')
  return {
    preview,
    folders: added,
    goals: adding.map(({ record: { name: _name, ...rest } }) => rest),
    names: adding.map((g) => g.pack.name ?? null)
  }
}

/** Where the names of a pack's goals come from when it is described outside an account (the CLI). */
export function packContext(pack: GoalPack, charts: ReadonlyMap<string, ChartInfo>): GoalContext & { defs: FolderDef[] } {
  const defs = listFolders(charts, pack.folders)
  return { defs, charts, folders: defs.map((f) => ({ folder: f.id, kind: f.kind, label: f.label })) }
}

/** A pack as the CLI describes it: its folders with their charts now, each goal in words in `language`. */
export function describePack(pack: GoalPack, charts: ReadonlyMap<string, ChartInfo>, language: Language) {
  const context = packContext(pack, charts)
  return {
    folders: pack.folders.map((f) => ({
      id: f.id,
      name: f.name,
      charts: context.defs.find((d) => d.id === `custom:${f.id}`)?.charts.length ?? 0
    })),
    goals: pack.goals.map((g) => ({ ...g, words: g.name ?? goalNameIn(language, g, context) }))
  }
}

/** A goal pack file named on the command line: at most MAX_PACK_BYTES read (its size looked at first), then read as untrusted. */
export async function readPackFile(files: Pick<FileSystem, 'stat' | 'readFile'>, path: string): Promise<GoalPack> {
  const size = (await io('Reading the goal pack', () => files.stat(path))).size
  if (size > MAX_PACK_BYTES)
    throw AppError.of('invalid_input', `This file is too large for a goal pack (${size} bytes; at most ${MAX_PACK_BYTES}).`, {
      details: { reason: 'pack_too_large', size, limit: MAX_PACK_BYTES }
    })
  const bytes = await io('Reading the goal pack', () => files.readFile(path))
  return readGoalPack(new TextDecoder('utf-8', { fatal: false }).decode(bytes))
}

/** A pack file as the CLI shows it: read as untrusted, checked against the chart list where there is one, described. */
export async function describePackFile(
  files: Pick<FileSystem, 'stat' | 'readFile'>,
  path: string,
  charts: ReadonlyMap<string, ChartInfo>,
  language: Language
) {
  const pack = await readPackFile(files, path)
  if (charts.size > 0) checkPackAgainstList(pack, charts, listFolderIds(charts))
  return { pack, checked: charts.size > 0, ...describePack(pack, charts, language) }
}
