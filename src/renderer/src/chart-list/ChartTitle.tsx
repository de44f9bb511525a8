import { useTranslation } from 'react-i18next'
import { useSync } from '../sync/store'
import { Clipped } from '../ui/Clipped'
import { chartName } from './names'

/** The language a text is written in, for the `lang` attribute, only where it differs from the page's. */
export const langIfDifferent = (lang: string | undefined, page: string) =>
  lang && lang.slice(0, 2) !== page.slice(0, 2) ? lang : undefined

/**
 * A chart's title in the reader's script, with the right `lang` for its glyphs, cut with an ellipsis where room is
 * short (the whole title on hover). A chart the list does not know shows its short id and "unknown chart", with the
 * full id on hover.
 */
export function ChartTitle({ chartId }: { chartId: string }) {
  const { t, i18n } = useTranslation()
  const charts = useSync((s) => s.charts)
  const name = chartName(charts, chartId, i18n.language)
  if (!name.known)
    return (
      <Clipped className="unknown-chart" text={`${name.title} ${t('charts.unknown')}\n${chartId}`}>
        {name.title} <span className="muted">{t('charts.unknown')}</span>
      </Clipped>
    )
  return <Clipped text={name.title} lang={langIfDifferent(name.lang, i18n.language)} />
}
