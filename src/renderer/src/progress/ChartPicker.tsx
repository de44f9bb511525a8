import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { foldForSearch } from '../../../shared/charts'
import { useSync } from '../sync/store'
import { useChartNames } from '../chart-list/useChartNames'
import { ChartTitle } from '../chart-list/ChartTitle'
import { DifficultyBadge } from '../ui/Chips'

const SHOWN = 30

/**
 * Picks charts of the chart list by title (in any of its scripts): one (`single`) or several. The
 * picked ones stay listed with a button each to take them out again, unless the caller lists them itself (`listPicked`
 * false: What-if, whose rows of new scores are that list).
 */
export function ChartPicker({
  picked,
  onChange,
  single = false,
  listPicked = true
}: {
  picked: string[]
  onChange(ids: string[]): void
  single?: boolean
  listPicked?: boolean
}) {
  const { t } = useTranslation()
  const id = useId()
  const charts = useSync((s) => s.charts)
  const nameOf = useChartNames()
  const [text, setText] = useState('')
  const matches = useMemo(() => {
    const wanted = foldForSearch(text.trim())
    if (!wanted) return []
    return [...charts.keys()].filter((chartId) => nameOf(chartId).search.includes(wanted))
  }, [charts, nameOf, text])
  const toggle = (chartId: string) =>
    onChange(picked.includes(chartId) ? picked.filter((p) => p !== chartId) : single ? [chartId] : [...picked, chartId])
  return (
    <div className="pg-picker">
      <div className="field">
        <label htmlFor={`${id}-search`}>{t('progress.pickerSearch')}</label>
        <input
          id={`${id}-search`}
          type="search"
          value={text}
          placeholder={t('progress.pickerHint')}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      {matches.length > 0 && (
        <fieldset className="pg-picker-results">
          <legend className="visually-hidden">{t('progress.pickerSearch')}</legend>
          {matches.slice(0, SHOWN).map((chartId) => {
            const info = charts.get(chartId)
            return (
              <label key={chartId} className="checkbox">
                <input
                  type={single ? 'radio' : 'checkbox'}
                  name={`${id}-pick`}
                  checked={picked.includes(chartId)}
                  onChange={() => toggle(chartId)}
                />
                <ChartTitle chartId={chartId} /> <DifficultyBadge difficulty={info?.difficulty} constant={info?.constant} />
              </label>
            )
          })}
          {matches.length > SHOWN && <p className="muted">{t('progress.pickerMore', { shown: SHOWN, total: matches.length })}</p>}
        </fieldset>
      )}
      {picked.length > 0 && (
        <div>
          <p className="muted" aria-live="polite">
            {t('progress.pickerSelected', { count: picked.length })}
          </p>
          {listPicked && <PickedList picked={picked} onRemove={toggle} />}
        </div>
      )}
    </div>
  )
}

/** The picked charts, each with a button to take it out again. */
function PickedList({ picked, onRemove }: { picked: string[]; onRemove(chartId: string): void }) {
  const { t } = useTranslation()
  const charts = useSync((s) => s.charts)
  const nameOf = useChartNames()
  return (
    <ul className="pg-picked">
      {picked.map((chartId) => (
        <li key={chartId}>
          <ChartTitle chartId={chartId} />{' '}
          <DifficultyBadge difficulty={charts.get(chartId)?.difficulty} constant={charts.get(chartId)?.constant} />{' '}
          <button
            type="button"
            className="link"
            aria-label={t('progress.pickerRemove', { title: nameOf(chartId).title })}
            onClick={() => onRemove(chartId)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  )
}
