import type { TFunction } from 'i18next'
import type { FolderRow, GoalCriterion, GoalDraft, ViewMode } from '../../../shared/progress'
import { formatNumber } from '../ui/format'

/** A folder's name as the screens show it: "Level 12", a difficulty or pack as the list writes it, a custom folder's name. */
export function folderName(t: TFunction, row: Pick<FolderRow, 'kind' | 'label'>): string {
  if (row.kind === 'level') return t('progress.levelName', { level: row.label })
  if (row.kind === 'unknown') return t('progress.unknownName')
  return row.label
}

export function criterionText(t: TFunction, c: GoalCriterion): string {
  if (c.kind === 'score') return t('progress.text_score', { score: formatNumber(c.min) })
  if (c.kind === 'grade') return t('progress.text_grade', { grade: c.grade })
  if (c.kind === 'reality') return t('progress.text_reality', { value: formatNumber(c.min, 2) })
  return t(`progress.text_${c.kind}`)
}

export const modeText = (t: TFunction, mode: ViewMode) => t(`progress.mode_${mode}`)

/**
 * A goal in words, in the reader's language ("SS or better on every chart of Level 12 (Touch)"):
 * the name a new goal gets until the player writes one.
 */
export function goalText(
  t: TFunction,
  goal: Pick<GoalDraft, 'criterion' | 'scope' | 'target' | 'mode'>,
  scopeName: (folderId: string) => string,
  chartName: (chartId: string) => string
): string {
  const criterion = criterionText(t, goal.criterion)
  const { scope, target } = goal
  let text: string
  if (scope.kind === 'chart') text = t('progress.text_chart', { criterion, scope: chartName(scope.chart) })
  else {
    const name = scope.kind === 'folder' ? scopeName(scope.folder) : t('progress.text_list', { count: scope.charts.length })
    if (target.kind === 'all') text = t('progress.text_all', { criterion, scope: name })
    else if (target.kind === 'count') text = t('progress.text_count', { criterion, scope: name, count: target.count })
    else text = t('progress.text_percent', { criterion, scope: name, percent: formatNumber(target.percent, target.percent % 1 ? 1 : 0) })
  }
  return t('progress.text_mode', { text, mode: modeText(t, goal.mode) })
}
