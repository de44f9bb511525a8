import { chartTitle, difficultyLabel } from '../../shared/charts'
import type { ChartInfo } from '../../shared/data'
import { folderWords, folderWordsOfId, type FolderWords } from '../../shared/folder-names'
import { goalWords, isGoalWords, type GoalPhrases, type GoalShape } from '../../shared/goal-words'
import { numberText } from '../../shared/number-text'
import type { Goal } from '../../shared/progress'
import { Language } from '../../shared/settings'
import { messagesFor } from '../i18n'

/** Main's phrases for a goal in words, in `language` (the renderer's catalogue says the same, word for word). */
export function goalPhrasesIn(language: Language): GoalPhrases {
  const text = messagesFor(language).progress.goal
  return {
    score: text.score,
    grade: text.grade,
    fullCombo: text.fullCombo,
    allPerfect: text.allPerfect,
    reality: text.reality,
    overall: text.overall,
    onChart: text.onChart,
    onAll: text.onAll,
    onCount: (criterion, count, scope) => text.onCount(count).replaceAll('{{criterion}}', criterion).replaceAll('{{scope}}', scope),
    onShare: text.onShare,
    list: (count) => text.list(count),
    withMode: (words, mode) => text.withMode(words, text.modes[mode]),
    number: (value, digits) => numberText(value, language, digits)
  }
}

function folderIn(language: Language, words: FolderWords): string {
  const text = messagesFor(language).progress.goal
  switch (words.kind) {
    case 'level':
      return text.level(words.level)
    case 'chapter':
      return text.chapter(numberText(words.number, language))
    case 'unknown':
      return text.unknownFolder
    case 'missing':
      return text.missingFolder
    case 'named':
      return words.name
  }
}

/** Where a goal's folder and charts get their names: the folder rows of now, and the chart list. */
export interface GoalContext {
  folders: readonly { folder: string; kind: string; label: string }[]
  charts: ReadonlyMap<string, ChartInfo>
}

/** A goal in words in `language`, its folder and chart by the names they go by now (as the screens word it). */
export function goalNameIn(language: Language, goal: GoalShape, context: GoalContext): string {
  const text = messagesFor(language).progress.goal
  return goalWords(goal, goalPhrasesIn(language), {
    folder: (id) => {
      const row = context.folders.find((f) => f.folder === id)
      return folderIn(language, row ? folderWords(row) : folderWordsOfId(id))
    },
    chart: (id) => {
      const chart = context.charts.get(id)
      if (!chart) return `${id.slice(0, 8)}… ${text.unknownChart}`
      const difficulty = difficultyLabel(chart.difficulty)
      return difficulty ? `${chartTitle(chart, language)} (${difficulty})` : chartTitle(chart, language)
    }
  })
}

/** A goal's name as a notification says it: the player's own, or the app's words for it in `language`. */
export function shownGoalName(language: Language, goal: Goal, context: GoalContext): string {
  return goal.generated ? goalNameIn(language, goal, context) : goal.name
}

/**
 * A goal kept before the app marked the names it wrote: its name is the app's when it reads as the app's words for this
 * goal in one of the languages (whatever the folder or chart was called then), and it is worded in the reader's
 * language from then on. A name the player wrote stays theirs.
 */
export function withGeneratedMark(goal: Goal): Goal {
  if (goal.generated !== undefined) return goal
  const generated = Language.options.some((language) => isGoalWords(goal.name, goal, goalPhrasesIn(language)))
  return generated ? { ...goal, generated } : goal
}
