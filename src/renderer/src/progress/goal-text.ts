import type { TFunction } from 'i18next'
import { folderWords, packWords, type FolderWords } from '../../../shared/folder-names'
import { goalWords, type GoalPhrases, type GoalShape } from '../../../shared/goal-words'
import type { FolderRow, ViewMode } from '../../../shared/progress'
import { formatNumber } from '../ui/format'

/** A folder's name in words: "Level 12", "Chapter 1", "Cloudburst (Story)", a pack as the list names it, a custom folder's name. */
export function folderText(t: TFunction, words: FolderWords): string {
  switch (words.kind) {
    case 'level':
      return t('progress.levelName', { level: words.level })
    case 'chapter':
      return t('progress.chapterName', { number: words.number })
    case 'unknown':
      return t('progress.unknownName')
    case 'missing':
      return t('progress.missingFolder')
    case 'named':
      return words.name
  }
}

/** A folder's name as the screens show it (never the key the list or the app files it under). */
export function folderName(t: TFunction, row: Pick<FolderRow, 'kind' | 'label'>): string {
  return folderText(t, folderWords(row))
}

/** A song pack as a filter lists it: a chapter by its number, any other pack as the list names it. */
export function packName(t: TFunction, pack: string): string {
  return folderText(t, packWords(pack))
}

export const modeText = (t: TFunction, mode: ViewMode) => t(`progress.mode_${mode}`)

/** The catalogue's phrases for a goal in words, in the language `t` speaks. */
export function goalPhrases(t: TFunction): GoalPhrases {
  return {
    score: (score) => t('progress.text_score', { score }),
    grade: (grade) => t('progress.text_grade', { grade }),
    fullCombo: t('progress.text_fullCombo'),
    allPerfect: t('progress.text_allPerfect'),
    reality: (value) => t('progress.text_reality', { value }),
    overall: (value) => t('progress.text_overall', { value }),
    onChart: (criterion, scope) => t('progress.text_chart', { criterion, scope }),
    onAll: (criterion, scope) => t('progress.text_all', { criterion, scope }),
    onCount: (criterion, count, scope) => t('progress.text_count', { criterion, scope, count }),
    onShare: (criterion, percent, scope) => t('progress.text_percent', { criterion, scope, percent }),
    list: (count) => t('progress.text_list', { count }),
    withMode: (text, mode) => t('progress.text_mode', { text, mode: modeText(t, mode) }),
    number: (value, digits) => formatNumber(value, digits)
  }
}

/**
 * A goal in words, in the reader's language ("SS or better on every chart of Level 12 (Touch)"): the name a new goal
 * gets until the player writes one.
 */
export function goalText(
  t: TFunction,
  goal: GoalShape,
  scopeName: (folderId: string) => string,
  chartName: (chartId: string) => string
): string {
  return goalWords(goal, goalPhrases(t), { folder: scopeName, chart: chartName })
}
