import { useTranslation } from 'react-i18next'
import { formatNumber } from '../ui/format'
import { Skeleton } from '../ui/PanelBadge'
import { PickCard } from './PickCard'
import { RandomPick } from './RandomPick'
import { usePicks } from './store'
import './picks.css'

/**
 * "Play next" (on Sessions and on the Profile): a short list of charts worth playing now, each with why and a target,
 * worked out again after every session; and a random pick with its filters.
 */
export function PlayNext({ accountId, idBase }: { accountId: string; idBase: string }) {
  const { t } = useTranslation()
  const state = usePicks(accountId)
  const levels = (['touch', 'keyboard'] as const).filter((m) => state?.level[m] != null)
  return (
    <section className="play-next" aria-labelledby={`${idBase}-title`} data-testid="play-next">
      <div className="screen-head">
        <h2 id={`${idBase}-title`}>{t('picks.title')}</h2>
        {levels.length > 0 && (
          <span className="muted">
            {t('picks.levels', {
              levels: levels
                .map((m) => t('picks.levelOf', { mode: t(`picks.mode_${m}`), level: formatNumber(state!.level[m]!) }))
                .join(', ')
            })}
          </span>
        )}
      </div>
      {!state || (state.status === 'computing' && state.picks.length === 0) ? (
        <Skeleton lines={2} />
      ) : state.status === 'error' && state.picks.length === 0 ? (
        <p className="note warning-text">{t('picks.failed')}</p>
      ) : state.picks.length === 0 ? (
        <p className="muted" data-testid="picks-none">
          {t('picks.none')}
        </p>
      ) : (
        <ol className="pick-cards" data-testid="picks">
          {state.picks.map((p) => (
            <PickCard key={`${p.chart_id}|${p.mode}`} pick={p} />
          ))}
        </ol>
      )}
      <RandomPick accountId={accountId} idBase={idBase} />
    </section>
  )
}
