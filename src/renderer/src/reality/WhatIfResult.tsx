import { useTranslation } from 'react-i18next'
import type { WhatIf, WhatIfChange } from '../../../shared/planner/schema'
import { ChartLink } from '../chart-list/ChartLink'
import { ChartTitle } from '../chart-list/ChartTitle'
import { DifficultyBadge, GradeChip } from '../ui/Chips'
import { formatChartReality, formatNumber, formatReality, formatRealityChange } from '../ui/format'
import { RuleNote } from './PlanResult'

/** Where a raised chart stands against the best 20 (a raised chart never leaves it). */
const placeOf = (c: WhatIfChange) => (c.inBestBefore ? 'stays' : c.inBestAfter ? 'enters' : 'outside')

/** The new Reality as the game would show it, what each score changes, and the charts entering and leaving the best 20. */
export function WhatIfResult({ answer }: { answer: WhatIf }) {
  const { t } = useTranslation()
  return (
    <div className="planner-result" data-testid="what-if-result" aria-live="polite">
      <p className="planner-summary" data-testid="what-if-summary">
        {t('planner.whatIfSummary', {
          from: formatReality(answer.from, 'game'),
          to: formatReality(answer.to, 'game'),
          change: formatRealityChange(answer.from, answer.to, 'game')
        })}
      </p>
      <RuleNote />
      {answer.changes.length === 0 ? (
        <p className="note">{t('planner.nothing')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table static planner-table" data-testid="what-if-changes">
            <thead>
              <tr>
                <th className="col-title">{t('scores.title')}</th>
                <th>{t('scores.difficulty')}</th>
                <th className="col-number" title={t('planner.colNew')} aria-label={t('planner.colNew')}>
                  <span className="header-long">{t('planner.colNew')}</span>
                  <span className="header-short">{t('scores.score')}</span>
                </th>
                <th>{t('scores.grade')}</th>
                <th className="col-number">{t('planner.colValue')}</th>
                <th>{t('planner.colBest')}</th>
              </tr>
            </thead>
            <tbody>
              {answer.changes.map((c) => (
                <tr key={c.chart_id} data-chart={c.chart_id}>
                  <td className="col-title">
                    <ChartLink chartId={c.chart_id} />
                  </td>
                  <td>
                    <DifficultyBadge difficulty={c.difficulty} constant={c.constant} />
                  </td>
                  <td className="col-number">
                    {formatNumber(c.from)} → <strong>{formatNumber(c.to)}</strong>
                  </td>
                  <td>
                    <GradeChip grade={c.grade} />
                  </td>
                  <td className="col-number">
                    {formatChartReality(c.valueFrom)} → {formatChartReality(c.valueTo)}
                  </td>
                  <td>{t(`planner.place_${placeOf(c)}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ChartList title={t('planner.entered')} ids={answer.entered} testId="what-if-entered" />
      <ChartList title={t('planner.left')} ids={answer.left} testId="what-if-left" />
      {answer.skipped.length > 0 && (
        <p className="note warning-text" data-testid="what-if-skipped">
          {t('planner.skipped', { count: answer.skipped.length })}{' '}
          {answer.skipped.map((id, i) => (
            <span key={id}>
              {i > 0 && ', '}
              <ChartTitle chartId={id} />
            </span>
          ))}
        </p>
      )}
    </div>
  )
}

function ChartList({ title, ids, testId }: { title: string; ids: string[]; testId: string }) {
  if (ids.length === 0) return null
  return (
    <>
      <h3>{title}</h3>
      <ul className="compact" data-testid={testId}>
        {ids.map((id) => (
          <li key={id}>
            <ChartLink chartId={id} />
          </li>
        ))}
      </ul>
    </>
  )
}
