import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { NearMiss } from '../../../shared/progress'
import type { PlayMode } from '../../../shared/player'
import { ChartTitle } from '../chart-list/ChartTitle'
import { useSync } from '../sync/store'
import { DifficultyBadge } from '../ui/Chips'
import { formatDate, formatNumber } from '../ui/format'
import { useProgress } from './store'
import './progress.css'

/** What a near miss is missing, in words. */
function missText(t: ReturnType<typeof useTranslation>['t'], miss: NearMiss): string {
  if (miss.kind === 'grade') return t('progress.near_grade', { gap: formatNumber(miss.gap), grade: miss.grade })
  return t(`progress.near_${miss.kind}`)
}

/**
 * Near misses, beside Push next: charts one Good from All Perfect, one Bad or Miss from a Full Combo,
 * or within 1,000 points of the next grade, each with the play that came closest. Asked again when
 * plays are added, hidden or shown again.
 */
export function NearMisses({ accountId, mode }: { accountId: string; mode: PlayMode }) {
  const { t } = useTranslation()
  const plays = useSync((s) => s.players[accountId]?.plays)
  // A play hidden or shown again moves them too.
  const hidden = useSync((s) => s.players[accountId]?.hiddenVersion)
  const charts = useSync((s) => s.charts)
  const [misses, setMisses] = useState<NearMiss[] | null>(null)
  const [all, setAll] = useState(false)
  const nearMisses = useProgress((s) => s.nearMisses)
  useEffect(() => {
    let live = true
    nearMisses(accountId).then(
      (list) => live && setMisses(list),
      () => live && setMisses([])
    )
    return () => {
      live = false
    }
  }, [accountId, plays, hidden, nearMisses])
  if (!misses) return null
  const mine = misses.filter((m) => m.mode === mode)
  const shown = all ? mine : mine.slice(0, 10)
  return (
    <section aria-labelledby="near-misses-title" className="pg-near">
      <h2 id="near-misses-title">{t('progress.nearTitle')}</h2>
      <p className="muted">{t('progress.nearHelp')}</p>
      {mine.length === 0 ? (
        <p className="muted">{t('progress.nearNone')}</p>
      ) : (
        <ol className="push-list" data-testid="near-misses">
          {shown.map((m) => {
            const info = charts.get(m.chart_id)
            return (
              <li key={`${m.chart_id}|${m.kind}`}>
                <span className="push-title">
                  <ChartTitle chartId={m.chart_id} />
                </span>
                <DifficultyBadge difficulty={info?.difficulty} constant={info?.constant} />
                <strong>{missText(t, m)}</strong>
                <span className="muted">
                  {t('progress.nearPlay', { score: formatNumber(m.play.score), date: formatDate(m.play.played_at) })}
                </span>
              </li>
            )
          })}
        </ol>
      )}
      {mine.length > 10 && (
        <button type="button" className="link" onClick={() => setAll(!all)}>
          {all ? t('progress.nearShowFewer') : t('progress.nearShowAll', { count: mine.length })}
        </button>
      )}
    </section>
  )
}
