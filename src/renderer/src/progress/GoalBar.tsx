import { useTranslation } from 'react-i18next'
import type { GoalProgress } from '../../../shared/progress'
import { formatNumber, formatReality } from '../ui/format'
import { useRealityDigits } from '../ui/RealityNumber'

/**
 * A goal's progress as a bar, with its text equivalent ("12/20", and in full for screen readers); a goal on the
 * player's own Reality shows that Reality against the target ("13.42/13.50", as the Reality setting writes it).
 */
export function GoalBar({ progress }: { progress: GoalProgress }) {
  const { t } = useTranslation()
  const digits = useRealityDigits()
  const { met, needed, total, goal } = progress
  if (progress.reality !== undefined && goal.criterion.kind === 'reality') {
    const now = formatReality(progress.reality, digits)
    const target = formatReality(goal.criterion.min, 'game')
    const text = t('progress.goalRealityText', { now, target })
    return (
      <div className="pg-goal-bar">
        <progress value={Math.min(progress.reality ?? 0, goal.criterion.min)} max={goal.criterion.min} aria-label={text} title={text} />
        <span className="pg-goal-count" data-testid="goal-count">
          {t('progress.goalProgress', { met: now, needed: target })}
        </span>
      </div>
    )
  }
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
