import { DIFFICULTIES, ratable } from '../../shared/charts'
import { matchesFilter } from '../../shared/folder-filter'
import type { ChartInfo } from '../../shared/data'
import type { CustomFolder, FolderKind, FolderRow, Standing, ViewMode } from '../../shared/progress'
import { CLEAR_SCORE } from '../../shared/grade-lines'
import { GRADES, gradeOf, OVERLOADED, type Grade } from '../../shared/reality'

/** A folder: its id, what it groups, and its charts in list order. */
export interface FolderDef {
  id: string
  kind: FolderKind
  label: string
  charts: readonly string[]
}

/** A row with the charts not played yet, for the CLI's `missing` and a folder's detail. */
export type FolderTable = FolderRow & { missing: string[] }

export type StandingOf = (chartId: string, mode: ViewMode) => Standing | null

/**
 * A chart's level: its constant's whole part (13.0–13.9 is 13), or `N+` where the list marks the
 * chart so. Charts with a constant of 0 (Special, story: no Reality) or none have no level.
 */
export function levelOf(chart: ChartInfo): string | null {
  if (!ratable(chart.constant)) return null
  const whole = String(Math.floor(chart.constant))
  return chart.level?.endsWith('+') && chart.level.slice(0, -1) === whole ? `${whole}+` : whole
}

const levelOrder = (key: string) => Number.parseInt(key, 10) * 2 + (key.endsWith('+') ? 1 : 0)
const difficultyOrder = (name: string) => {
  const i = DIFFICULTIES.findIndex((d) => d.name === name)
  return i === -1 ? DIFFICULTIES.length : i
}

/** Folders of one kind from a key per chart, in the given order of keys. */
function grouped(
  kind: FolderKind,
  charts: Iterable<ChartInfo>,
  keyOf: (c: ChartInfo) => string | null | undefined,
  order: (k: string) => number
) {
  const groups = new Map<string, string[]>()
  for (const chart of charts) {
    const key = keyOf(chart)
    if (!key) continue
    const list = groups.get(key)
    if (list) list.push(chart.chart_id)
    else groups.set(key, [chart.chart_id])
  }
  return [...groups]
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([key, ids]): FolderDef => ({ id: `${kind}:${key}`, kind, label: key, charts: ids }))
}

function customDef(folder: CustomFolder, charts: ReadonlyMap<string, ChartInfo>): FolderDef {
  const picked = folder.charts ? [...new Set(folder.charts)] : []
  const filtered = folder.filter ? [...charts.values()].filter((c) => matchesFilter(c, folder.filter!)).map((c) => c.chart_id) : []
  return { id: `custom:${folder.id}`, kind: 'custom', label: folder.name, charts: [...new Set([...picked, ...filtered])] }
}

/** Every folder: by level, by difficulty, by song pack where the list has packs, then the player's own. */
export function listFolders(charts: ReadonlyMap<string, ChartInfo>, custom: readonly CustomFolder[] = []): FolderDef[] {
  const all = [...charts.values()]
  return [
    ...grouped('level', all, levelOf, levelOrder),
    ...grouped('difficulty', all, (c) => c.difficulty, difficultyOrder),
    ...grouped(
      'pack',
      all,
      (c) => c.pack,
      () => 0
    ),
    ...custom.map((f) => customDef(f, charts))
  ]
}

export const emptyGrades = (): Record<Grade, number> => ({ R: 0, M: 0, SS: 0, S: 0, A: 0, B: 0, C: 0, F: 0 })

/** Charts at each grade or better, from the counts at each grade (R first) and the Overloaded ones (above every grade). */
export function cumulative(grades: Readonly<Record<Grade, number>>, overloaded = 0): Record<Grade, number> {
  const atLeast = emptyGrades()
  let sum = overloaded
  for (const grade of GRADES) atLeast[grade] = sum += grades[grade]
  return atLeast
}

/** One folder in one mode, counted over its charts' standings. */
export function folderRow(def: FolderDef, mode: ViewMode, standingOf: StandingOf): FolderTable {
  const grades = emptyGrades()
  let overloaded = 0
  const missing: string[] = []
  let clear = 0
  let fullCombo = 0
  let allPerfect = 0
  let fromSave = 0
  for (const id of def.charts) {
    const best = standingOf(id, mode)
    if (!best) {
      missing.push(id)
      continue
    }
    const grade = gradeOf(best.score)
    if (grade === OVERLOADED) overloaded++
    else grades[grade]++
    if (best.score >= CLEAR_SCORE || best.fullCombo) clear++
    if (best.fullCombo) fullCombo++
    if (best.allPerfect) allPerfect++
    if (best.fromSave) fromSave++
  }
  const played = def.charts.length - missing.length
  const { id, kind, label } = def
  return {
    folder: id,
    kind,
    label,
    mode,
    charts: def.charts.length,
    played,
    grades,
    overloaded,
    atLeast: cumulative(grades, overloaded),
    clear,
    fullCombo,
    allPerfect,
    fromSave,
    missing
  }
}
