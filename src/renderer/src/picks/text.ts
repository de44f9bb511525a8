import type { TFunction } from 'i18next'
import type { Pick, PickTarget } from '../../../shared/picks/schema'
import { formatNumber, formatReality } from '../ui/format'

/** Why a chart is picked, in the reader's language. */
export function whyText(t: TFunction, pick: Pick): string {
  const { why } = pick
  switch (why.kind) {
    case 'nearMiss':
      return why.miss === 'grade'
        ? t('picks.why_grade', { gap: formatNumber(why.gap), grade: pick.target?.grade ?? '' })
        : t(`picks.why_${why.miss}`)
    case 'plan':
      return t('picks.why_plan', { toward: formatReality(why.toward, 'game') })
    case 'stale':
      return t('picks.why_stale', { count: why.days })
    case 'unplayed':
      return t('picks.why_unplayed', { level: formatNumber(why.level) })
    case 'random':
      return t('picks.why_random', { count: why.among })
  }
}

/** What to aim for: "987,654 (SS)", "Full Combo", "All Perfect", or a score with a mark. */
export function targetText(t: TFunction, target: PickTarget | null): string | null {
  if (!target) return null
  if (target.mark === 'AP') return t('picks.mark_AP')
  const score = target.score !== null ? t('picks.targetScore', { score: formatNumber(target.score), grade: target.grade ?? '' }) : null
  const mark = target.mark ? t(`picks.mark_${target.mark}`) : null
  return [score, mark].filter(Boolean).join(' · ') || null
}
