import { useTranslation } from 'react-i18next'
import { ChartLink } from '../chart-list/ChartLink'
import { formatDateTime, formatNumber } from '../ui/format'
import { useRecordState } from './store'
import './record.css'

/** A play's key read back: chart, instant (ms) and score (the chart id may hold a "|": read from the right). */
function playOfKey(key: string): { chartId: string; at: number; score: number } | null {
  const last = key.lastIndexOf('|')
  const middle = key.lastIndexOf('|', last - 1)
  if (middle <= 0) return null
  const at = Number(key.slice(middle + 1, last))
  const score = Number(key.slice(last + 1))
  return Number.isFinite(at) && Number.isFinite(score) ? { chartId: key.slice(0, middle), at, score } : null
}

/** The player card's starred plays (#55), newest first: the chart (a link to its history), the score and when. */
export function StarredPlays({ accountId }: { accountId: string }) {
  const { t } = useTranslation()
  const state = useRecordState(accountId)
  const starred = Object.entries(state?.plays ?? {})
    .filter(([, mark]) => mark.starred)
    .flatMap(([key, mark]) => {
      const play = playOfKey(key)
      return play ? [{ key, ...play, note: mark.note }] : []
    })
    .sort((a, b) => b.at - a.at)
  if (starred.length === 0) return null
  return (
    <section aria-labelledby="starred-plays-title" data-testid="starred-plays">
      <h2 id="starred-plays-title">{t('record.starredPlays', { count: starred.length })}</h2>
      <ul className="starred-plays">
        {starred.slice(0, 10).map((p) => (
          <li key={p.key}>
            <span aria-hidden="true">★ </span>
            <ChartLink chartId={p.chartId} /> {formatNumber(p.score)} <span className="muted">{formatDateTime(p.at)}</span>
            {p.note && <span className="muted"> · {p.note}</span>}
          </li>
        ))}
      </ul>
    </section>
  )
}
