import {
  GRADE_MIN,
  type Goal,
  type GoalCriterion,
  type GoalProgress,
  type GoalScope,
  type GoalTarget,
  type Standing,
  type ViewMode
} from '../../shared/progress'
import { shownHundredths } from '../../shared/planner/list'
import type { StandingOf } from './folders'

/** Whether a chart's best meets a goal's criterion (no best: not yet). */
export function meets(criterion: GoalCriterion, best: Standing | null): boolean {
  if (!best) return false
  switch (criterion.kind) {
    case 'score':
      return best.score >= criterion.min
    case 'grade':
      return best.score >= GRADE_MIN[criterion.grade]
    case 'fullCombo':
      return best.fullCombo
    case 'allPerfect':
      return best.allPerfect
    case 'reality':
      return best.reality !== null && best.reality >= criterion.min - 1e-9
  }
}

/** How many charts the target asks for out of `total`: all, N, or X % rounded up. */
export function neededFor(target: GoalTarget, total: number): number {
  if (target.kind === 'all') return total
  if (target.kind === 'count') return target.count
  return Math.ceil((target.percent / 100) * total - 1e-9)
}

/** A goal is done when its scope has charts and as many of them as the target asks for meet it. */
export const isDone = (met: number, needed: number, total: number) => total > 0 && needed > 0 && met >= needed

export type ResolveScope = (scope: GoalScope) => readonly string[]

/** The player's best list in one mode: the charts their Reality is the average of, and that Reality (null: none yet). */
export interface BestList {
  charts: readonly string[]
  reality: number | null
}

/** What the goals are checked against: where a scope's charts are, each chart's best, and the best list. */
export interface GoalReads {
  resolve: ResolveScope
  standingOf: StandingOf
  bestList(mode: ViewMode): BestList
}

interface Tracked {
  goal: Goal
  charts: readonly string[]
  met: Set<string>
  /** A goal over the best list: the player's Reality when last looked at. */
  reality?: number | null
}

/** Whether a Reality reaches `min` as the game shows it (cut to two decimals). */
export const reachesShown = (reality: number | null, min: number) => reality !== null && shownHundredths(reality) >= Math.round(min * 100)

/**
 * Every goal with the charts it covers and those that meet it. A sync touches a few charts: only
 * the goals covering them are looked at again, through an index from chart to goals; a new chart
 * list, new folders or new goals rebuild it all. A goal over the best list is looked at again on any change.
 */
export class GoalTracker {
  #tracked: Tracked[] = []
  #byChart = new Map<string, Tracked[]>()
  #overall: Tracked[] = []
  readonly #reads: GoalReads

  constructor(reads: GoalReads) {
    this.#reads = reads
  }

  rebuild(goals: readonly Goal[]): void {
    const { resolve, standingOf } = this.#reads
    this.#byChart = new Map()
    this.#overall = []
    this.#tracked = goals.map((goal) => {
      if (goal.scope.kind === 'best') {
        const tracked: Tracked = { goal, charts: [], met: new Set() }
        this.#overall.push(tracked)
        return tracked
      }
      const charts = [...new Set(resolve(goal.scope))]
      const tracked: Tracked = { goal, charts, met: new Set() }
      for (const id of charts) {
        if (meets(goal.criterion, standingOf(id, goal.mode))) tracked.met.add(id)
        const list = this.#byChart.get(id)
        if (list) list.push(tracked)
        else this.#byChart.set(id, [tracked])
      }
      return tracked
    })
    this.#lookAtBestLists()
  }

  /** Looks again at the goals covering these charts. */
  touch(chartIds: Iterable<string>): void {
    const { standingOf } = this.#reads
    let any = false
    for (const id of chartIds) {
      any = true
      for (const tracked of this.#byChart.get(id) ?? []) {
        if (meets(tracked.goal.criterion, standingOf(id, tracked.goal.mode))) tracked.met.add(id)
        else tracked.met.delete(id)
      }
    }
    if (any) this.#lookAtBestLists()
  }

  /** The goals over the best list, against each mode's list as it is now (each list worked out once). */
  #lookAtBestLists(): void {
    const lists = new Map<ViewMode, BestList>()
    for (const tracked of this.#overall) {
      const mode = tracked.goal.mode
      const list = lists.get(mode) ?? this.#reads.bestList(mode)
      lists.set(mode, list)
      tracked.charts = list.charts
      tracked.reality = list.reality
      tracked.met = new Set(reachesShown(list.reality, minOf(tracked.goal)) ? list.charts : [])
    }
  }

  /** A goal's record changed (met, lost): the same charts, the new record. */
  replace(goal: Goal): void {
    const tracked = this.#tracked.find((t) => t.goal.id === goal.id)
    if (tracked) tracked.goal = goal
  }

  progress(): GoalProgress[] {
    return this.#tracked.map((t) => {
      if (t.reality !== undefined) {
        const done = reachesShown(t.reality, minOf(t.goal))
        return { goal: t.goal, total: 1, met: done ? 1 : 0, needed: 1, done, reality: t.reality }
      }
      const total = t.charts.length
      const needed = neededFor(t.goal.target, total)
      return { goal: t.goal, total, met: t.met.size, needed, done: isDone(t.met.size, needed, total) }
    })
  }

  /** The charts a goal covers, and whether each meets it (a goal over the best list: the list, counting when it is met). */
  charts(goalId: string): { chart_id: string; counts: boolean }[] | null {
    const tracked = this.#tracked.find((t) => t.goal.id === goalId)
    return tracked ? tracked.charts.map((id) => ({ chart_id: id, counts: tracked.met.has(id) })) : null
  }
}

/** The Reality a goal asks for (a goal over the best list is always a Reality goal). */
const minOf = (goal: Goal) => (goal.criterion.kind === 'reality' ? goal.criterion.min : Number.POSITIVE_INFINITY)

/** A goal is met now when it was found met and not found unmet since. */
export const isMet = (goal: Goal) => goal.metAt !== null && goal.lostAt === null

/**
 * The goal's record after a re-check: met (with the date, notified the first time only), or no
 * longer met (with the date, and why: its folder grew, or its charts' bests went down).
 */
export function advance(progress: GoalProgress, now: string): { goal: Goal; change: 'met' | 'lost' | null; notify: boolean } {
  const { goal } = progress
  if (progress.done && !isMet(goal)) {
    const met: Goal = { ...goal, metAt: now, lostAt: null, lostReason: null, metTotal: progress.total, notified: true }
    return { goal: met, change: 'met', notify: !goal.notified }
  }
  if (!progress.done && isMet(goal)) {
    const grew = goal.metTotal !== null && progress.total > goal.metTotal
    return { goal: { ...goal, lostAt: now, lostReason: grew ? 'grew' : 'lower' }, change: 'lost', notify: false }
  }
  return { goal, change: null, notify: false }
}
