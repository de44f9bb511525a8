import type { GoalCriterion, GoalScope, GoalTarget, ViewMode } from './progress'

/** What a goal says, without its name: the part the app words. */
export interface GoalShape {
  criterion: GoalCriterion
  scope: GoalScope
  target: GoalTarget
  mode: ViewMode
}

/**
 * One language's phrases for a goal in words ("SS or better on every chart of Level 12 (Touch)"): the renderer builds
 * them from its catalogue, main (notifications) from its texts. Numbers arrive written (`number`) in the language.
 */
export interface GoalPhrases {
  score(score: string): string
  grade(grade: string): string
  fullCombo: string
  allPerfect: string
  reality(value: string): string
  /** The player's own Reality, as a goal over their best list: "your Reality 13.50 or more". */
  overall(value: string): string
  onChart(criterion: string, chart: string): string
  onAll(criterion: string, scope: string): string
  onCount(criterion: string, count: number, scope: string): string
  onShare(criterion: string, percent: string, scope: string): string
  /** A list of charts picked one by one, as a scope: "the list of 3 charts". */
  list(count: number): string
  withMode(text: string, mode: ViewMode): string
  number(value: number, digits: number): string
}

/** The words a goal's charts and folders go by in the text (a chart's title, a folder's name). */
export interface GoalNames {
  folder(folderId: string): string
  chart(chartId: string): string
}

/**
 * A goal in words, in the language of `phrases`: the name a goal gets when the player writes none, worded again in
 * the reader's language wherever it is shown (never stored once in one language).
 */
export function goalWords(goal: GoalShape, phrases: GoalPhrases, names: GoalNames): string {
  const c = goal.criterion
  const criterion =
    c.kind === 'score'
      ? phrases.score(phrases.number(c.min, 0))
      : c.kind === 'grade'
        ? phrases.grade(c.grade)
        : c.kind === 'reality'
          ? phrases.reality(phrases.number(c.min, 2))
          : c.kind === 'fullCombo'
            ? phrases.fullCombo
            : phrases.allPerfect
  const { scope, target } = goal
  let text: string
  if (scope.kind === 'best') text = phrases.overall(phrases.number(c.kind === 'reality' ? c.min : 0, 2))
  else if (scope.kind === 'chart') text = phrases.onChart(criterion, names.chart(scope.chart))
  else {
    const name = scope.kind === 'folder' ? names.folder(scope.folder) : phrases.list(scope.charts.length)
    if (target.kind === 'all') text = phrases.onAll(criterion, name)
    else if (target.kind === 'count') text = phrases.onCount(criterion, target.count, name)
    else text = phrases.onShare(criterion, phrases.number(target.percent, target.percent % 1 ? 1 : 0), name)
  }
  return phrases.withMode(text, goal.mode)
}

const SCOPE = '\u0000'
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Whether `name` is what the app wrote for this goal in the language of `phrases`, whatever chart or folder name it
 * used then (a goal made before names were worded when shown keeps its words of that day: this finds them).
 */
export function isGoalWords(name: string, goal: GoalShape, phrases: GoalPhrases): boolean {
  const pattern = escape(goalWords(goal, phrases, { folder: () => SCOPE, chart: () => SCOPE })).replaceAll(SCOPE, '.+')
  return new RegExp(`^${pattern}$`, 's').test(name)
}
