import { useTranslation } from 'react-i18next'
import { folderWords, folderWordsOfId } from '../../../shared/folder-names'
import type { FolderRow, Goal } from '../../../shared/progress'
import { chartLabel } from '../chart-list/names'
import { useChartNames } from '../chart-list/useChartNames'
import { folderText, goalText } from './goal-text'

/**
 * A goal's name as shown: the player's own, or, for a goal the app named, its words in the reader's language now, with
 * its folder and chart by the names they go by today.
 */
export function useGoalName(rows: readonly Pick<FolderRow, 'folder' | 'kind' | 'label'>[]): (goal: Goal) => string {
  const { t } = useTranslation()
  const nameOf = useChartNames()
  return (goal) => {
    if (!goal.generated) return goal.name
    const folder = (id: string) => {
      const row = rows.find((r) => r.folder === id)
      return folderText(t, row ? folderWords(row) : folderWordsOfId(id))
    }
    return goalText(t, goal, folder, (chart) => chartLabel(nameOf(chart), t('charts.unknown')))
  }
}
