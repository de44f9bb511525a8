import { foldForSearch, searchTextOf } from './charts'
import type { ChartInfo } from './data'
import type { FolderFilter } from './progress'

/** Whether a chart of the list is in a saved filter: every part given must match (main's folders and the editor's count alike). */
export function matchesFilter(chart: ChartInfo, filter: FolderFilter): boolean {
  if (filter.difficulties?.length && !filter.difficulties.includes(chart.difficulty ?? '')) return false
  if (filter.packs?.length && !filter.packs.includes(chart.pack ?? '')) return false
  const needsConstant = filter.levelMin !== undefined || filter.levelMax !== undefined
  if (needsConstant && chart.constant === undefined) return false
  if (filter.levelMin !== undefined && chart.constant! < filter.levelMin) return false
  if (filter.levelMax !== undefined && chart.constant! > filter.levelMax) return false
  const text = filter.search?.trim()
  return !text || searchTextOf(chart).includes(foldForSearch(text))
}
