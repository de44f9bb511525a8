import { useTranslation } from 'react-i18next'
import { useSync } from '../sync/store'
import { useChartHistory } from './chart-history'
import { langIfDifferent } from './ChartTitle'
import { chartName } from './names'

/** The hover text of a chart's link: what it opens, and for a chart the list does not know, its whole id. */
export const chartLinkTitle = (opens: string, chartId: string, known: boolean) => (known ? opens : `${opens}\n${chartId}`)

/**
 * A chart's title as a link to its history, the same on every screen: in the link style, reachable by keyboard, cut
 * with an ellipsis where room is short and then whole on hover and focus.
 */
export function ChartLink({ chartId, className }: { chartId: string; className?: string }) {
  const { t, i18n } = useTranslation()
  const charts = useSync((s) => s.charts)
  const open = useChartHistory((s) => s.open)
  const name = chartName(charts, chartId, i18n.language)
  const shown = name.known ? name.title : `${name.title} ${t('charts.unknown')}`
  return (
    <button
      type="button"
      className={className ? `link chart-link ${className}` : 'link chart-link'}
      lang={langIfDifferent(name.lang, i18n.language)}
      title={chartLinkTitle(t('scores.openChart', { title: shown }), chartId, name.known)}
      onClick={() => open(chartId)}
    >
      {shown}
    </button>
  )
}
