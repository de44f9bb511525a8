import { useTranslation } from 'react-i18next'
import type { GoalProgress } from '../../../shared/progress'
import { formatNumber } from '../ui/format'

/** A goal's progress as a bar, with its text equivalent ("12/20", and in full for screen readers). */
export function GoalBar({ progress }: { progress: GoalProgress }) {
  const { t } = useTranslation()
  const { met, needed, total } = progress
  const text = t('progress.goalProgressText', { met: formatNumber(met), count: needed, total: formatNumber(total) })
  return (
    <div className="pg-goal-bar">
      <progress value={Math.min(met, needed)} max={Math.max(needed, 1)} aria-label={text} title={text} />
      <span className="pg-goal-count" data-testid="goal-count">
        {t('progress.goalProgress', { met: formatNumber(met), needed: formatNumber(needed) })}
      </span>
    </div>
  )
}
