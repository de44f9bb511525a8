import { useTranslation } from 'react-i18next'
import type { ChartCounts } from '../../../shared/chart-counts'
import type { AccountData } from '../../../shared/data'
import { GRADES, OVERLOADED } from '../../../shared/reality'
import { realityGap } from '../../../shared/reality-sources'
import { saveMetaOf } from '../../../shared/records'
import { usePlayer } from '../sync/store'
import { GradeChip } from '../ui/Chips'
import { formatDateTime, formatNumber, formatReality } from '../ui/format'
import { useRealityDigits } from '../ui/RealityNumber'
import './one-truth.css'

/** Charts by the grade of their best: what the numbers count is said above them. */
export function GradeCounts({ counts }: { counts: ChartCounts }) {
  const { t } = useTranslation()
  return (
    <div className="grade-counts-block">
      <p className="muted grade-counts-title" id="grade-counts-title">
        {t('chartCounts.byGrade', { count: counts.charts })}
      </p>
      <ul className="grade-counts" aria-labelledby="grade-counts-title" data-testid="grade-counts">
        {counts.overloaded > 0 && (
          <li>
            <GradeChip grade={OVERLOADED} /> <span className="count">{formatNumber(counts.overloaded)}</span>
          </li>
        )}
        {GRADES.map((g) => (
          <li key={g}>
            <GradeChip grade={g} /> <span className="count">{formatNumber(counts.grades[g])}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * Where the service's Reality (the card) and the cloud save's (its info) differ: which is which, from
 * when, and why, in one line. Nothing when they agree.
 */
export function RealitySources({ accountId, data }: { accountId: string; data: AccountData }) {
  const { t, i18n } = useTranslation()
  const player = usePlayer(accountId)
  const digits = useRealityDigits()
  const info = data.save.data
  const gap = realityGap({
    rank: data.rank.data,
    rankAt: data.rank.panel.fetchedAt,
    save: info ? { value: saveMetaOf(info.meta).reality_value, updatedAt: info.updated_at } : null,
    bests: player?.bests ?? []
  })
  if (!gap) return null
  const why = gap.reasons.map((r) => t(`oneTruth.reason_${r}`, { count: gap.newerBests }))
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' })
  return (
    <p className="note reality-sources" data-testid="reality-sources">
      {t('oneTruth.line', {
        touch: formatReality(gap.touch, digits),
        keyboard: formatReality(gap.keyboard, digits),
        rankAt: gap.rankAt === null ? '—' : formatDateTime(gap.rankAt),
        save: formatReality(gap.save, digits),
        saveAt: formatDateTime(gap.saveAt),
        why: why.length ? list.format(why) : t('oneTruth.reason_none')
      })}
    </p>
  )
}
