import { useTranslation } from 'react-i18next'
import { useNav } from '../app/navigation'
import { formatDate } from '../ui/format'
import { GoalBar } from './GoalBar'
import { useGoalName } from './useGoalName'
import { useAccountProgress, useProgress } from './store'
import './progress.css'

/** The Profile's goals: each goal's progress, the ones met marked; the Progress screen has the rest. */
export function GoalsOnProfile({ accountId }: { accountId: string }) {
  const { t } = useTranslation()
  const state = useAccountProgress(accountId)
  const go = useNav((s) => s.go)
  const nameOf = useGoalName(state?.rows ?? [])
  const openGoals = () => {
    useProgress.getState().setTab('goals')
    go('progress')
  }
  if (!state) return null
  const goals = [...state.goals].sort((a, b) => Number(a.done) - Number(b.done)).slice(0, 5)
  return (
    <section aria-labelledby="profile-goals-title" data-testid="profile-goals">
      <div className="screen-head">
        <h2 id="profile-goals-title">{t('progress.profileGoals')}</h2>
        <button type="button" className="link" onClick={openGoals}>
          {t('progress.profileAll')}
        </button>
      </div>
      {goals.length === 0 ? (
        <p className="muted">{t('progress.profileNone')}</p>
      ) : (
        <ul className="pg-profile-goals">
          {goals.map((p) => (
            <li key={p.goal.id}>
              <span className="pg-goal-name">{nameOf(p.goal)}</span>
              <GoalBar progress={p} />
              {p.done && p.goal.metAt && <span className="muted">{t('progress.goalMet', { date: formatDate(p.goal.metAt) })}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
