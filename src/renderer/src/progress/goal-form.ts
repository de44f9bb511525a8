import type { GoalCriterion, GoalDraft, GoalScope, GoalTarget, ViewMode } from '../../../shared/progress'
import type { Grade } from '../../../shared/reality'
import { readNumber, type NumberRange } from '../ui/read-number'

export type CriterionKind = GoalCriterion['kind']
type ScopeKind = GoalScope['kind']
type TargetKind = GoalTarget['kind']
export const CRITERIA: CriterionKind[] = ['grade', 'score', 'fullCombo', 'allPerfect', 'reality']

/** The goal editor's fields, as text where the player types numbers. */
export interface GoalForm {
  criterion: CriterionKind
  grade: Grade
  score: string
  reality: string
  mode: ViewMode
  scope: ScopeKind
  charts: string[]
  folder: string
  target: TargetKind
  count: string
  percent: string
}

/** The form as the editor opens. */
export const NEW_GOAL_FORM: GoalForm = {
  criterion: 'grade',
  grade: 'SS',
  score: '1000000',
  reality: '12',
  mode: 'any',
  scope: 'folder',
  charts: [],
  folder: '',
  target: 'all',
  count: '10',
  percent: '80'
}

/** What each number of the form accepts: the goal's own bounds (src/shared/progress.ts), in the player's steps. */
export const GOAL_RANGES = {
  score: { min: 1, max: 1_010_000 },
  reality: { min: 0.01, max: 30, decimals: 2 },
  count: { min: 1, max: 100_000 },
  percent: { min: 0.1, max: 100, decimals: 2 }
} satisfies Record<string, NumberRange>

/** The form's number, or null while it is not one the goal accepts. */
function numberOf(f: GoalForm, field: keyof typeof GOAL_RANGES): number | null {
  const value = readNumber(f[field], GOAL_RANGES[field])
  return Number.isNaN(value) ? null : value
}

function criterionOf(f: GoalForm): GoalCriterion | null {
  if (f.criterion === 'grade') return { kind: 'grade', grade: f.grade }
  if (f.criterion === 'score' || f.criterion === 'reality') {
    const min = numberOf(f, f.criterion)
    return min === null ? null : { kind: f.criterion, min }
  }
  return { kind: f.criterion }
}

function targetOf(f: GoalForm): GoalTarget | null {
  if (f.target === 'all' || f.scope === 'chart' || f.scope === 'best') return { kind: 'all' }
  const value = numberOf(f, f.target)
  if (value === null) return null
  return f.target === 'count' ? { kind: 'count', count: value } : { kind: 'percent', percent: value }
}

/** The scopes the form offers for a criterion: the player's own Reality (their best list) for a Reality goal only. */
export const scopesFor = (criterion: CriterionKind): ScopeKind[] =>
  criterion === 'reality' ? ['best', 'folder', 'charts', 'chart'] : ['folder', 'charts', 'chart']

/** The form after a change: a scope the new criterion does not offer goes back to a folder. */
export function changed(f: GoalForm, patch: Partial<GoalForm>): GoalForm {
  const next = { ...f, ...patch }
  return scopesFor(next.criterion).includes(next.scope) ? next : { ...next, scope: 'folder', charts: [] }
}

function scopeOf(f: GoalForm): GoalScope | null {
  if (f.scope === 'best') return f.criterion === 'reality' ? { kind: 'best' } : null
  if (f.scope === 'folder') return f.folder ? { kind: 'folder', folder: f.folder } : null
  if (f.charts.length === 0) return null
  return f.scope === 'chart' ? { kind: 'chart', chart: f.charts[0]! } : { kind: 'charts', charts: f.charts }
}

/** The goal the form asks for, or null while it is not a whole one (a number out of range, no folder or chart, any mode for Reality). */
export function draftOf(f: GoalForm): Omit<GoalDraft, 'name'> | null {
  const criterion = criterionOf(f)
  const scope = scopeOf(f)
  const target = targetOf(f)
  const mode = f.criterion === 'reality' && f.mode === 'any' ? null : f.mode
  return criterion && scope && target && mode ? { criterion, scope, target, mode } : null
}
