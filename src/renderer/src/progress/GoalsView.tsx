import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AppErrorData } from '../../../shared/errors'
import type { GoalDetail, GoalProgress, ProgressState } from '../../../shared/progress'
import { gradeOf } from '../../../shared/reality'
import { ChartTitle } from '../chart-list/ChartTitle'
import { useConfirm } from '../ui/ConfirmDialog'
import { DifficultyBadge, GradeChip } from '../ui/Chips'
import { useSync } from '../sync/store'
import { ErrorMessage, toErrorData } from '../ui/ErrorMessage'
import { useAction } from '../ui/useAction'
import { formatChartReality, formatDate, formatNumber } from '../ui/format'
import { GoalBar } from './GoalBar'
import { GoalEditor } from './GoalEditor'
import { ExportPackDialog, ImportPackDialog } from './GoalPacks'
import { modeText } from './goal-text'
import { useGoalName } from './useGoalName'
import { useProgress } from './store'

/** Where a goal stands in words: met (when), no longer met (since when, and why), or under way. */
function GoalStatus({ progress }: { progress: GoalProgress }) {
  const { t } = useTranslation()
  const { goal } = progress
  if (progress.total === 0) return <p className="note">{t('progress.goalNoCharts')}</p>
  if (goal.lostAt && goal.lostReason)
    return (
      <p className="warning-text" data-testid="goal-status">
        {t(`progress.goalLost_${goal.lostReason}`, { date: formatDate(goal.lostAt) })}
      </p>
    )
  if (progress.done && goal.metAt)
    return (
      <p className="gain" data-testid="goal-status">
        {t('progress.goalMet', { date: formatDate(goal.metAt) })}
      </p>
    )
  return (
    <p className="muted" data-testid="goal-status">
      {progress.needed > progress.total
        ? t('progress.goalNeedsMore', { total: progress.total })
        : t('progress.goalOpen', { date: formatDate(goal.createdAt) })}
    </p>
  )
}

function GoalCharts({ accountId, progress }: { accountId: string; progress: GoalProgress }) {
  const { t } = useTranslation()
  const chartList = useSync((s) => s.charts)
  const [detail, setDetail] = useState<GoalDetail | null>(null)
  const [error, setError] = useState<AppErrorData | null>(null)
  const load = useProgress((s) => s.goal)
  useEffect(() => {
    let live = true
    load(accountId, progress.goal.id).then(
      (d) => live && setDetail(d),
      (e: unknown) => live && setError(toErrorData(e))
    )
    return () => {
      live = false
    }
  }, [accountId, progress, load])
  if (error) return <ErrorMessage error={error} />
  if (!detail) return null
  // A goal on the player's own Reality: the charts it is the average of, each with its Reality.
  const overall = progress.reality !== undefined
  const list = (title: string, counts: boolean) => {
    // Those left, the closest first.
    const charts = overall
      ? detail.charts
      : detail.charts.filter((c) => c.counts === counts).sort((a, b) => (b.best?.score ?? -1) - (a.best?.score ?? -1))
    return (
      <section className="pg-list">
        <h3>{t(title, { count: charts.length })}</h3>
        <ul>
          {charts.map((c) => (
            <li key={c.chart_id}>
              <ChartTitle chartId={c.chart_id} />{' '}
              <DifficultyBadge difficulty={chartList.get(c.chart_id)?.difficulty} constant={chartList.get(c.chart_id)?.constant} />{' '}
              {c.best ? (
                <span className="muted">
                  {formatNumber(c.best.score)} <GradeChip grade={gradeOf(c.best.score)} />
                  {c.best.allPerfect ? ' AP' : c.best.fullCombo ? ' FC' : ''}
                  {overall && ` · ${formatChartReality(c.best.reality)}`}
                </span>
              ) : (
                <span className="muted">—</span>
              )}
            </li>
          ))}
        </ul>
      </section>
    )
  }
  return (
    <div className="pg-goal-charts" data-testid="goal-charts">
      {overall ? (
        list('progress.bestList', true)
      ) : (
        <>
          {list('progress.counting', true)}
          {list('progress.left', false)}
        </>
      )}
    </div>
  )
}

function GoalCard({ accountId, progress, name }: { accountId: string; progress: GoalProgress; name: string }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const deleteGoal = useProgress((s) => s.deleteGoal)
  const removing = useAction()
  const { error } = removing
  const confirm = useConfirm()
  const { goal } = progress
  const remove = () =>
    removing.run(async () => {
      const ok = await confirm.ask({
        title: t('progress.deleteGoalTitle', { name }),
        body: t('progress.deleteGoalBody'),
        confirm: t('progress.deleteGoal'),
        danger: true
      })
      if (ok) await deleteGoal(accountId, goal.id)
    })
  return (
    <li className={`pg-goal${progress.done ? ' pg-goal-done' : ''}`} data-testid="goal">
      <div className="row">
        <h2 className="pg-goal-name">{name}</h2>
        <span className="muted">{modeText(t, goal.mode)}</span>
      </div>
      <GoalBar progress={progress} />
      <GoalStatus progress={progress} />
      <div className="row">
        <button type="button" className="link" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('progress.hideCharts') : t('progress.showCharts')}
        </button>
        <button type="button" className="link" onClick={() => void remove()}>
          {t('progress.deleteGoal')}
        </button>
      </div>
      {open && <GoalCharts accountId={accountId} progress={progress} />}
      <ErrorMessage error={error} />
      {confirm.dialog}
    </li>
  )
}

export function GoalsView({ state, accountId }: { state: ProgressState; accountId: string }) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState(false)
  const [packs, setPacks] = useState<'export' | 'import' | null>(null)
  const nameOf = useGoalName(state.rows)
  return (
    <div data-testid="goals-view">
      {editing ? (
        <GoalEditor accountId={accountId} state={state} onDone={() => setEditing(false)} />
      ) : (
        <div className="row">
          <button type="button" className="primary" onClick={() => setEditing(true)}>
            {t('progress.newGoal')}
          </button>
          <button type="button" onClick={() => setPacks('import')}>
            {t('progress.packImport')}
          </button>
          {state.goals.length > 0 && (
            <button type="button" onClick={() => setPacks('export')}>
              {t('progress.packExport')}
            </button>
          )}
        </div>
      )}
      {packs === 'export' && <ExportPackDialog accountId={accountId} state={state} onClose={() => setPacks(null)} />}
      {packs === 'import' && <ImportPackDialog accountId={accountId} state={state} onClose={() => setPacks(null)} />}
      {state.goals.length === 0 ? (
        <p className="muted">{t('progress.noGoals')}</p>
      ) : (
        <ul className="pg-goals" data-testid="goals">
          {state.goals.map((p) => (
            <GoalCard key={p.goal.id} accountId={accountId} progress={p} name={nameOf(p.goal)} />
          ))}
        </ul>
      )}
    </div>
  )
}
