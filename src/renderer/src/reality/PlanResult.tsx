import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { KeptRecord } from '../../../shared/api'
import type { PlannerSource } from '../../../shared/ipc/contract'
import type { PlayMode } from '../../../shared/player'
import type { Plan, PlanStep } from '../../../shared/planner/schema'
import type { GoalDraft } from '../../../shared/progress'
import { MAX_SCORE } from '../../../shared/reality'
import { useNav } from '../app/navigation'
import { ChartLink } from '../chart-list/ChartLink'
import { useProgress } from '../progress/store'
import { useSync } from '../sync/store'
import { DifficultyBadge, GradeChip } from '../ui/Chips'
import { ErrorMessage } from '../ui/ErrorMessage'
import { formatChartReality, formatNumber, formatPercent, formatReality, formatSigned } from '../ui/format'
import { useAction } from '../ui/useAction'
import { playsByChart, type ChartPlays } from './step-history'

/** Up to this score a new play on today's game takes the higher of v3 and v2. */
const V2_LIMIT = 1_005_000

/** The account's kept plays, read once a plan is shown (the chart history's channel), for each step's "your plays". */
function useKeptPlays(accountId: string | null): readonly KeptRecord[] | null {
  const history = useSync((s) => s.history)
  const [records, setRecords] = useState<readonly KeptRecord[] | null>(null)
  useEffect(() => {
    if (accountId === null) return
    let live = true
    history(accountId).then(
      (value) => live && setRecords(value.records),
      () => live && setRecords([])
    )
    return () => {
      live = false
    }
  }, [accountId, history])
  return records
}

/** The rule every value follows (the Plan's and what-if's `rule`, by game version), in words. */
export function RuleNote() {
  const { t } = useTranslation()
  return <p className="muted">{t('planner.rule', { limit: formatNumber(V2_LIMIT) })}</p>
}

/**
 * What the plan reaches, the rule it follows, and its steps. On an account, each step with the player's own plays of the
 * chart, and "Make goals" turns each step into a score goal; a save has no history and no goals of its own.
 */
export function PlanResult({ plan, source }: { plan: Plan; source: PlannerSource }) {
  const { t } = useTranslation()
  const account = source.kind === 'account' ? source : null
  const records = useKeptPlays(account?.accountId ?? null)
  const plays =
    account && records
      ? playsByChart(
          records,
          plan.steps.map((s) => s.chart_id),
          account.mode
        )
      : null
  const target = formatReality(plan.target, 'game')
  return (
    <div className="planner-result" data-testid="plan-result" aria-live="polite">
      <p className="planner-summary" data-testid="plan-summary">
        {t('planner.summary', { from: formatReality(plan.from, 'game'), after: formatReality(plan.realityAfter, 'game'), target })}
      </p>
      {!plan.reachable && (
        <p className="note warning-text" data-testid="plan-unreachable">
          {t('planner.unreachable', { target, best: formatReality(plan.best, 'game') })}
        </p>
      )}
      {plan.reachable && plan.steps.length === 0 && <p className="note">{t('planner.reached', { target })}</p>}
      <RuleNote />
      {plan.steps.length > 0 && (
        <>
          <h3>{t('planner.steps', { count: plan.steps.length, effort: formatPercent(plan.effort * 100) })}</h3>
          <p className="muted">{t('planner.effortHelp', { max: formatNumber(MAX_SCORE) })}</p>
          {!plan.optimal && <p className="note">{t('planner.notOptimal')}</p>}
          <StepsTable steps={plan.steps} plays={plays} withPlays={account !== null} />
          {account && <MakeGoals plan={plan} accountId={account.accountId} mode={account.mode} />}
        </>
      )}
    </div>
  )
}

function StepsTable({ steps, plays, withPlays }: { steps: PlanStep[]; plays: Map<string, ChartPlays> | null; withPlays: boolean }) {
  const { t } = useTranslation()
  return (
    <div className="table-wrap">
      <table className="data-table static planner-table" data-testid="plan-steps">
        <thead>
          <tr>
            <th className="col-rank">#</th>
            <th className="col-title">{t('scores.title')}</th>
            <th>{t('scores.difficulty')}</th>
            {/* In a small window the header is the word alone ("Score"); the whole for the eye on hover and for screen readers. */}
            <th className="col-number" title={t('planner.colScores')} aria-label={t('planner.colScores')}>
              <span className="header-long">{t('planner.colScores')}</span>
              <span className="header-short">{t('scores.score')}</span>
            </th>
            <th>{t('scores.grade')}</th>
            <th className="col-number col-value">{t('planner.colValue')}</th>
            <th className="col-number">{t('planner.colEffort')}</th>
            {withPlays && <th>{t('planner.colPlays')}</th>}
          </tr>
        </thead>
        <tbody>
          {steps.map((s, i) => (
            <tr key={s.chart_id} data-chart={s.chart_id}>
              <td className="col-rank">{i + 1}</td>
              <td className="col-title">
                <ChartLink chartId={s.chart_id} />
              </td>
              <td>
                <DifficultyBadge difficulty={s.difficulty} constant={s.constant} />
              </td>
              <td className="col-number step-scores">
                {formatNumber(s.from)} → <strong>{formatNumber(s.to)}</strong>{' '}
                <span className="muted step-gain">({formatSigned(s.to - s.from)})</span>
              </td>
              <td>
                <GradeChip grade={s.grade} />
              </td>
              <td className="col-number col-value">
                {formatChartReality(s.valueFrom)} → {formatChartReality(s.valueTo)}
              </td>
              <td className="col-number">{formatPercent(s.effort * 100)}</td>
              {withPlays && <td className="planner-plays">{plays ? <StepPlays plays={plays.get(s.chart_id)!} needed={s.to} /> : '…'}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** How far the player's own plays say a step is: their best on the chart (and how many plays), and the latest scores. */
function StepPlays({ plays, needed }: { plays: ChartPlays; needed: number }) {
  const { t } = useTranslation()
  if (plays.best === null) return <span className="muted">{t('planner.notPlayed')}</span>
  return (
    <span>
      {t('planner.playsBest', { count: plays.plays, best: formatNumber(plays.best), gap: formatNumber(Math.max(0, needed - plays.best)) })}
      <br />
      <span className="muted">{t('planner.playsRecent', { scores: plays.recent.map((s) => formatNumber(s)).join(', ') })}</span>
    </span>
  )
}

/**
 * The plan as goals, re-checked like every goal: one score goal per step (the step's chart, its score, the plan's input
 * mode), or one goal on the player's own Reality at the plan's target.
 */
function MakeGoals({ plan, accountId, mode }: { plan: Plan; accountId: string; mode: PlayMode }) {
  const { t } = useTranslation()
  const createGoal = useProgress((s) => s.createGoal)
  const action = useAction({ whileBusy: 'ignore' })
  const [made, setMade] = useState(false)
  const make = (drafts: GoalDraft[]) =>
    action.run(async () => {
      for (const draft of drafts) await createGoal(accountId, draft)
      setMade(true)
      return t('planner.goalsMade', { count: drafts.length })
    })
  const perStep = (): GoalDraft[] =>
    plan.steps.map((step) => ({
      criterion: { kind: 'score', min: step.to },
      mode,
      scope: { kind: 'chart', chart: step.chart_id },
      target: { kind: 'all' }
    }))
  const reality: GoalDraft = { criterion: { kind: 'reality', min: plan.target }, mode, scope: { kind: 'best' }, target: { kind: 'all' } }
  const openGoals = () => {
    useProgress.getState().setTab('goals')
    useNav.getState().go('progress')
  }
  return (
    <div className="row planner-goals">
      <button type="button" onClick={() => void make(perStep())} disabled={action.busy || made}>
        {t('planner.makeGoals', { count: plan.steps.length })}
      </button>
      <button type="button" onClick={() => void make([reality])} disabled={action.busy || made}>
        {t('planner.makeRealityGoal', { target: formatReality(plan.target, 'game') })}
      </button>
      {action.message && (
        <p className="note success" role="status">
          {action.message}{' '}
          <button type="button" className="link" onClick={openGoals}>
            {t('planner.openGoals')}
          </button>
        </p>
      )}
      <ErrorMessage error={action.error} />
    </div>
  )
}
