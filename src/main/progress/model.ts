import type { ChartInfo, PersonalBest } from '../../shared/data'
import type { CustomFolder, FolderDetail, Goal, GoalDetail, GoalScope, Standing, ViewMode } from '../../shared/progress'
import { bestKey } from '../../shared/player'
import type { SaveBest } from '../backups/save-reader'
import { folderRow, listFolders, type FolderDef, type FolderTable } from './folders'
import { GoalTracker, type BestList } from './goals'
import { BEST_COUNT, playerReality } from '../../shared/reality'
import { NO_STANDINGS, sameStandings, standingsOf, type ChartSources, type ChartStandings } from './standings'

const noSources = (): ChartSources => ({ touch: null, keyboard: null, save: [] })

/**
 * One player's progress, in memory and without I/O: the play history's bests and the latest save's
 * merged per chart, the chart list's folders, and the goals over them. The app feeds it after each
 * sync, import or restore; the CLI feeds it once from a save (and a data.db). What changed is worked
 * out per chart, so a sync that touches 20 charts re-checks the goals covering those 20.
 */
export class ProgressModel {
  #charts: ReadonlyMap<string, ChartInfo> = new Map()
  #history = new Map<string, PersonalBest>()
  /** What each best held when last looked at (by the best itself: the history keeps the same objects). */
  #seen = new Map<PersonalBest, { plays: number; score: number; playedAt: string }>()
  #save = new Map<string, SaveBest[]>()
  #sources = new Map<string, ChartSources>()
  #standings = new Map<string, ChartStandings>()
  /** Bests whose input mode is known (a play, a legacy table): only then do touch and keyboard have rows of their own. */
  #moded = 0
  #custom: readonly CustomFolder[] = []
  #goals: readonly Goal[] = []
  #folders: FolderDef[] | null = null
  #tracker: GoalTracker | null = null

  readonly standingOf = (chartId: string, mode: ViewMode): Standing | null => (this.#standings.get(chartId) ?? NO_STANDINGS)[mode]

  get charts(): ReadonlyMap<string, ChartInfo> {
    return this.#charts
  }

  goals(): readonly Goal[] {
    return this.#goals
  }

  customFolders(): readonly CustomFolder[] {
    return this.#custom
  }

  /** A new chart list: every chart's Reality may change (constants), and so may every folder. */
  setList(charts: ReadonlyMap<string, ChartInfo>): void {
    this.#charts = charts
    for (const id of this.#sources.keys()) this.#restand(id)
    this.#folders = null
    this.#tracker = null
  }

  setCustomFolders(folders: readonly CustomFolder[]): void {
    this.#custom = folders
    this.#folders = null
    this.#tracker = null
  }

  setGoals(goals: readonly Goal[]): void {
    this.#goals = goals
    this.#tracker = null
  }

  /**
   * The play history's bests, all of them: returns the charts whose standings changed. The history
   * hands over the same best objects each time and folds new plays into them in place (a best's
   * play count grows with each): a best is looked at again only when it is new or its count, score
   * or date moved, so a sync costs one look at each best and work on the few it changed.
   */
  setHistory(bests: readonly PersonalBest[]): Set<string> {
    const changed = new Set<string>()
    for (const best of bests) {
      const seen = this.#seen.get(best)
      if (seen && seen.plays === best.plays && seen.score === best.record.score && seen.playedAt === best.record.played_at) continue
      const key = bestKey(best.record.chart_id, best.mode)
      const before = this.#history.get(key)
      if (before && before !== best) this.#seen.delete(before)
      this.#history.set(key, best)
      this.#seen.set(best, { plays: best.plays, score: best.record.score, playedAt: best.record.played_at })
      this.#sourcesOf(best.record.chart_id)[best.mode] = best
      changed.add(best.record.chart_id)
    }
    if (this.#history.size > bests.length) this.#dropGone(bests, changed)
    return this.#restandAll(changed)
  }

  /** Bests the history no longer has (it was cleared, or rebuilt without them). */
  #dropGone(bests: readonly PersonalBest[], changed: Set<string>): void {
    const keys = new Set(bests.map((b) => bestKey(b.record.chart_id, b.mode)))
    for (const [key, best] of this.#history) {
      if (keys.has(key)) continue
      this.#history.delete(key)
      this.#seen.delete(best)
      this.#sourcesOf(best.record.chart_id)[best.mode] = null
      changed.add(best.record.chart_id)
    }
  }

  /** The latest save's bests (null: none): returns the charts whose standings changed. */
  setSave(bests: readonly SaveBest[] | null): Set<string> {
    const next = new Map<string, SaveBest[]>()
    for (const best of bests ?? []) next.set(best.chartId, [...(next.get(best.chartId) ?? []), best])
    const changed = new Set<string>([...this.#save.keys(), ...next.keys()])
    for (const id of changed) this.#sourcesOf(id).save = next.get(id) ?? []
    this.#save = next
    return this.#restandAll(changed)
  }

  #sourcesOf(chartId: string): ChartSources {
    let sources = this.#sources.get(chartId)
    if (!sources) this.#sources.set(chartId, (sources = noSources()))
    return sources
  }

  /** Recomputes these charts' standings; returns those that read differently now, and re-checks the goals covering them. */
  #restandAll(ids: Iterable<string>): Set<string> {
    const touched = new Set<string>()
    for (const id of ids) if (this.#restand(id)) touched.add(id)
    this.#tracker?.touch(touched)
    return touched
  }

  #restand(chartId: string): boolean {
    const sources = this.#sources.get(chartId)
    const before = this.#standings.get(chartId) ?? NO_STANDINGS
    const after = sources ? standingsOf(sources, this.#charts.get(chartId)) : NO_STANDINGS
    this.#moded += modedCount(after) - modedCount(before)
    if (after.any === null) this.#standings.delete(chartId)
    else this.#standings.set(chartId, after)
    return !sameStandings(before, after)
  }

  folders(): FolderDef[] {
    return (this.#folders ??= listFolders(this.#charts, this.#custom))
  }

  /** Touch and keyboard where some best has a known mode; `any` always. */
  modes(): ViewMode[] {
    return this.#moded > 0 ? ['touch', 'keyboard', 'any'] : ['any']
  }

  /** Every folder in every mode. */
  tables(): FolderTable[] {
    const modes = this.modes()
    return this.folders().flatMap((def) => modes.map((mode) => folderRow(def, mode, this.standingOf)))
  }

  /** Per mode, the charts with a best that the chart list does not know (one pass over the standings). */
  unknown(): { mode: ViewMode; charts: string[] }[] {
    const modes = this.modes()
    const lists = modes.map((mode) => ({ mode, charts: [] as string[] }))
    for (const [id, standings] of this.#standings) {
      if (this.#charts.has(id)) continue
      for (const list of lists) if (standings[list.mode] !== null) list.charts.push(id)
    }
    return lists
  }

  /** The charts the list does not know, counted as a folder of their own (`unknown`), in the modes that have any. */
  unknownRows(): FolderTable[] {
    return this.unknown()
      .filter((u) => u.charts.length > 0)
      .map((u) => folderRow({ id: 'unknown', kind: 'unknown', label: 'unknown', charts: u.charts }, u.mode, this.standingOf))
  }

  folder(id: string, mode: ViewMode): FolderDetail | null {
    const def = this.folders().find((f) => f.id === id)
    if (!def) return null
    const { missing: _missing, ...row } = folderRow(def, mode, this.standingOf)
    return { row, charts: def.charts.map((chartId) => ({ chart_id: chartId, best: this.standingOf(chartId, mode) })) }
  }

  readonly resolve = (scope: GoalScope): readonly string[] => {
    if (scope.kind === 'chart') return [scope.chart]
    if (scope.kind === 'charts') return scope.charts
    // The best list depends on the input mode: the goals' tracker asks `bestList` for it.
    if (scope.kind === 'best') return []
    return this.folders().find((f) => f.id === scope.folder)?.charts ?? []
  }

  /** The player's best list in a mode: the charts with the highest Reality, as many as count, and their average. */
  readonly bestList = (mode: ViewMode): BestList => {
    const rated: { id: string; reality: number }[] = []
    for (const [id, standings] of this.#standings) {
      const reality = standings[mode]?.reality
      if (reality !== null && reality !== undefined) rated.push({ id, reality })
    }
    rated.sort((a, b) => b.reality - a.reality || (a.id < b.id ? -1 : 1))
    const best = rated.slice(0, BEST_COUNT)
    return { charts: best.map((b) => b.id), reality: best.length ? playerReality(best.map((b) => b.reality)) : null }
  }

  #goalTracker(): GoalTracker {
    if (!this.#tracker) {
      this.#tracker = new GoalTracker(this)
      this.#tracker.rebuild(this.#goals)
    }
    return this.#tracker
  }

  goalProgress() {
    return this.#goalTracker().progress()
  }

  /** A goal's progress as if it were kept (the editor's "now" line, and the check that refuses one already met). */
  preview(goal: Goal) {
    const tracker = new GoalTracker(this)
    tracker.rebuild([goal])
    return tracker.progress()[0]!
  }

  /** A goal's record changed after a re-check (met, lost). */
  updateGoal(goal: Goal): void {
    this.#goals = this.#goals.map((g) => (g.id === goal.id ? goal : g))
    this.#tracker?.replace(goal)
  }

  goal(goalId: string): GoalDetail | null {
    const tracker = this.#goalTracker()
    const progress = tracker.progress().find((p) => p.goal.id === goalId)
    const charts = tracker.charts(goalId)
    if (!progress || !charts) return null
    return { progress, charts: charts.map((c) => ({ ...c, best: this.standingOf(c.chart_id, progress.goal.mode) })) }
  }
}

const modedCount = (s: ChartStandings) => (s.touch ? 1 : 0) + (s.keyboard ? 1 : 0)
