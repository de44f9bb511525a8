import { useTranslation } from 'react-i18next'
import type { Pick } from '../../../shared/picks/schema'
import { ChartLink } from '../chart-list/ChartLink'
import { useSync } from '../sync/store'
import { DifficultyBadge } from '../ui/Chips'
import { formatNumber } from '../ui/format'
import { targetText, whyText } from './text'

/** One pick: the chart (its history a click away), its mode, why it is picked, the best now and the target. */
export function PickCard({ pick }: { pick: Pick }) {
  const { t } = useTranslation()
  const chart = useSync((s) => s.charts.get(pick.chart_id))
  const target = targetText(t, pick.target)
  return (
    <li className="pick-card" data-testid="pick" data-kind={pick.why.kind}>
      <div className="pick-title">
        <ChartLink chartId={pick.chart_id} />
      </div>
      <div className="pick-meta">
        <DifficultyBadge difficulty={chart?.difficulty ?? pick.difficulty} constant={chart?.constant ?? pick.constant} />
        {pick.mode !== 'save' && <span className="muted">{t(`picks.mode_${pick.mode}`)}</span>}
      </div>
      <div className="pick-why">{whyText(t, pick)}</div>
      <div className="pick-scores">
        <span className="muted">{pick.best === null ? t('picks.notPlayed') : t('picks.best', { score: formatNumber(pick.best) })}</span>
        {target && <strong>{t('picks.target', { target })}</strong>}
      </div>
    </li>
  )
}
