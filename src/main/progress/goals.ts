import {
  GRADE_MIN,
  type Goal,
  type GoalCriterion,
  type GoalProgress,
  type GoalScope,
  type GoalTarget,
  type Standing
} from '../../shared/progress'
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

interface Tracked {
  goal: Goal
  charts: readonly string[]
  met: Set<string>
}

/**
 * Every goal with the charts it covers and those that meet it. A sync touches a few charts: only
 * the goals covering them are looked at again, through an index from chart to goals; a new chart
 * list, new folders or new goals rebuild it all.
 */
export class GoalTracker {
  #tracked: Tracked[] = []
  #byChart = new Map<string, Tracked[]>()

  rebuild(goals: readonly Goal[], resolve: ResolveScope, standingOf: StandingOf): void {
    this.#byChart = new Map()
    this.#tracked = goals.map((goal) => {
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
  }

  /** Looks again at the goals covering these charts. */
  touch(chartIds: Iterable<string>, standingOf: StandingOf): void {
    for (const id of chartIds) {
      for (const tracked of this.#byChart.get(id) ?? []) {
        if (meets(tracked.goal.criterion, standingOf(id, tracked.goal.mode))) tracked.met.add(id)
        else tracked.met.delete(id)
      }
    }
  }

  /** A goal's record changed (met, lost): the same charts, the new record. */
  replace(goal: Goal): void {
    const tracked = this.#tracked.find((t) => t.goal.id === goal.id)
    if (tracked) tracked.goal = goal
  }

  progress(): GoalProgress[] {
    return this.#tracked.map((t) => {
      const total = t.charts.length
      const needed = neededFor(t.goal.target, total)
      return { goal: t.goal, total, met: t.met.size, needed, done: isDone(t.met.size, needed, total) }
    })
  }

  /** The charts a goal covers, and whether each meets it. */
  charts(goalId: string): { chart_id: string; counts: boolean }[] | null {
    const tracked = this.#tracked.find((t) => t.goal.id === goalId)
    return tracked ? tracked.charts.map((id) => ({ chart_id: id, counts: tracked.met.has(id) })) : null
  }
}

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
