import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { InsightRow } from '../../../shared/data'
import type { PlayMode } from '../../../shared/player'
import { planPushes, STEP_KINDS, type ChartOutlook, type PushPlan, type PushStep, type StepKind } from '../../../shared/push-next'
import { gradeOf, MAX_SCORE } from '../../../shared/reality'
import { ChartLink } from '../chart-list/ChartLink'
import { useSync, usePlayer } from '../sync/store'
import { DifficultyBadge, GradeChip } from '../ui/Chips'
import { formatNumber } from '../ui/format'
import './push-next.css'

/** How many steps each group shows before "Show every chart". */
const FIRST: Record<StepKind, number> = { reality: 10, enter: 5, grade: 5 }

/** A Reality gain to 4 decimals; one too small to show there is "under 0.0001", never "+0.0000". */
const gainText = (gain: number) => (gain > 0 && gain < 0.00005 ? `+<${formatNumber(0.0001, 4)}` : `+${formatNumber(gain, 4)}`)

/**
 * "Push next": what a step on each chart brings (+0.01 Reality, a place in the best 20, the next grade),
 * grouped by that and ordered by effort; every chart that cannot add 0.01 says exactly what it can do.
 */
export function PushNext({ best, mode, accountId }: { best: InsightRow[]; mode: PlayMode; accountId: string }) {
  const { t } = useTranslation()
  const player = usePlayer(accountId)
  const charts = useSync((s) => s.charts)
  const [all, setAll] = useState(false)
  const plan = useMemo(
    () =>
      planPushes(
        best.map((r) => r.record),
        (player?.bests ?? []).filter((b) => b.mode === mode).map((b) => b.record),
        charts
      ),
    [best, player, mode, charts]
  )
  if (plan.charts.length === 0) return null
  const hidden = STEP_KINDS.some((k) => plan[k].length > FIRST[k]) || plan.charts.some(cannot)
  return (
    <section aria-labelledby="push-next-title" data-testid="push-next">
      <h2 id="push-next-title">{t('reality.pushNext')}</h2>
      <p className="muted">{t('pushNext.help')}</p>
      {plan.reality.length === 0 && <p className="note">{t('pushNext.noneReality')}</p>}
      {STEP_KINDS.map((kind) => (
        <StepGroup key={kind} kind={kind} steps={all ? plan[kind] : plan[kind].slice(0, FIRST[kind])} total={plan[kind].length} />
      ))}
      {all && <CannotList plan={plan} />}
      {(hidden || all) && (
        <button type="button" className="link" onClick={() => setAll(!all)}>
          {all ? t('pushNext.showFewer') : t('pushNext.showAll', { count: plan.charts.length })}
        </button>
      )}
    </section>
  )
}

const cannot = (o: ChartOutlook) => o.status !== 'plus_one'

function StepGroup({ kind, steps, total }: { kind: StepKind; steps: PushStep[]; total: number }) {
  const { t } = useTranslation()
  if (total === 0) return null
  return (
    <div className="push-group">
      <h3 id={`push-${kind}-title`}>
        {t(`pushNext.group_${kind}`)} <span className="badge">{formatNumber(total)}</span>
      </h3>
      <p className="muted">{t(`pushNext.groupHelp_${kind}`)}</p>
      <ol className="push-list" data-testid={`push-${kind}`} aria-labelledby={`push-${kind}-title`}>
        {steps.map((step) => (
          <StepItem key={step.row.record.chart_id} step={step} />
        ))}
      </ol>
      {steps.length < total && <p className="muted">{t('pushNext.more', { count: total - steps.length })}</p>}
    </div>
  )
}

/** One step: the chart, where it stands, the score to reach, its effort, and everything reaching it brings. */
function StepItem({ step }: { step: PushStep }) {
  const { t, i18n } = useTranslation()
  const share = useMemo(() => new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }), [i18n.language])
  const { record } = step.row
  // Entering takes the least above the 20th: what it can add at most is what matters there.
  const gain =
    step.kind === 'enter'
      ? t('pushNext.upTo', { gain: gainText(step.mostGain), score: formatNumber(step.mostGainAt) })
      : step.realityGain > 0
        ? t('pushNext.realityGain', { gain: gainText(step.realityGain) })
        : t('pushNext.noRealityGain')
  const brings = [
    step.enters ? t('pushNext.entersBest') : step.inBest ? t('pushNext.inBest') : t('pushNext.outsideBest'),
    gain,
    step.grade ? t('pushNext.reachesGrade', { grade: step.grade }) : null
  ].filter((x): x is string => x !== null)
  return (
    <li data-kind={step.kind} data-chart={record.chart_id} data-effort={step.effort}>
      <ChartLink chartId={record.chart_id} className="push-title" />
      <DifficultyBadge difficulty={step.row.difficulty} constant={step.row.constant} />
      <span className="push-from">
        {formatNumber(record.score)} <GradeChip grade={gradeOf(record.score)} />
      </span>
      <span className="push-step">{t('pushNext.reach', { score: formatNumber(step.target), gain: formatNumber(step.gain) })}</span>
      <span className="push-effort muted">{t('pushNext.effort', { share: share.format(step.effort) })}</span>
      <span className="push-brings" data-testid="push-brings">
        {brings.join(' · ')}
      </span>
    </li>
  )
}

/** Every chart that cannot add 0.01, with what it can do instead, in words. */
function CannotList({ plan }: { plan: PushPlan }) {
  const { t } = useTranslation()
  const charts = plan.charts.filter(cannot)
  if (charts.length === 0) return null
  return (
    <div className="push-group">
      <h3 id="push-cannot-title">
        {t('pushNext.cannotTitle')} <span className="badge">{formatNumber(charts.length)}</span>
      </h3>
      <ul className="push-list" data-testid="push-cannot" aria-labelledby="push-cannot-title">
        {charts.map((o) => (
          <li key={o.row.record.chart_id} data-chart={o.row.record.chart_id} data-status={o.status}>
            <ChartLink chartId={o.row.record.chart_id} className="push-title" />
            <DifficultyBadge difficulty={o.row.difficulty} constant={o.row.constant} />
            <span className="push-from">
              {formatNumber(o.row.record.score)} <GradeChip grade={gradeOf(o.row.record.score)} />
            </span>
            <span className="push-brings" data-testid="push-brings">
              {t(`pushNext.status_${o.status}`, {
                gain: gainText(o.mostGain),
                score: formatNumber(o.mostGainAt ?? MAX_SCORE),
                max: formatNumber(MAX_SCORE),
                ceiling: formatNumber(o.ceiling, 3),
                floor: formatNumber(plan.floor, 3)
              })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
