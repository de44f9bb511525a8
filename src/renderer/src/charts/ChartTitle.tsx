import { useTranslation } from 'react-i18next'
import { useData } from '../data/store'
import { chartName } from './names'

/** The language a text is written in, for the `lang` attribute, only where it differs from the page's. */
export const langIfDifferent = (lang: string | undefined, page: string) =>
  lang && lang.slice(0, 2) !== page.slice(0, 2) ? lang : undefined

/**
 * A chart's title in the reader's script, with the right `lang` for its glyphs. A chart the list
 * does not know shows its short id and "unknown chart", with the full id on hover.
 */
export function ChartTitle({ chartId }: { chartId: string }) {
  const { t, i18n } = useTranslation()
  const charts = useData((s) => s.charts)
  const name = chartName(charts, chartId, i18n.language)
  if (!name.known)
    return (
      <span className="unknown-chart" title={chartId}>
        {name.title} <span className="muted">{t('charts.unknown')}</span>
      </span>
    )
  return (
    <span lang={langIfDifferent(name.lang, i18n.language)} title={name.title}>
      {name.title}
    </span>
  )
}
