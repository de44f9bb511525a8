import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSync } from '../sync/store'
import { namesFor, type ChartName } from './names'

/** `nameOf(chartId)` for the current chart list and UI language. */
export function useChartNames(): (chartId: string) => ChartName {
  const charts = useSync((s) => s.charts)
  const { i18n } = useTranslation()
  const language = i18n.language
  return useMemo(() => namesFor(charts, language), [charts, language])
}
