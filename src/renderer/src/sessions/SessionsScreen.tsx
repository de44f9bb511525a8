import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SessionMode, SessionsState } from '../../../shared/sessions'
import { activeAccount, useAccounts } from '../accounts/store'
import { useNav } from '../app/navigation'
import { ScreenHead, Skeleton } from '../ui/PanelBadge'
import { useNow } from '../ui/useNow'
import { addDays, dayOf, playsIn } from './calendar'
import { SessionCalendar } from './SessionCalendar'
import { SessionList } from './SessionList'
import { SessionSummaryView } from './SessionSummaryView'
import { useSessionCards, useSessionsState } from './store'
import { PlayNext } from '../picks/PlayNext'
import { dateFormat } from './date-format'
import { useDuration } from './text'
import './sessions.css'

/**
 * Sessions: every sitting at the game, newest first, from the whole kept history (it works offline),
 * with a calendar of the last 12 months and a filter by input mode; a session opens its summary.
 */
export function SessionsScreen() {
  const { t, i18n } = useTranslation()
  const account = useAccounts((s) => activeAccount(s.state))
  const state = useSessionsState(account?.id)
  const cards = useSessionCards(account?.id)
  const now = useNow()
  const [mode, setMode] = useState<SessionMode | null>(null)
  const [day, setDay] = useState<number | null>(null)
  const [open, setOpen] = useState<string | null>(null)
  const shown = useMemo(() => {
    const list = (cards ?? []).filter((c) => playsIn(c, mode) > 0 && (day === null || (c.start >= day && c.start < addDays(day, 1))))
    return list.reverse()
  }, [cards, mode, day])
  if (!account) return null
  const label =
    day === null ? t('sessions.listLabel') : t('sessions.dayShown', { date: dateFormat(i18n.language, { dateStyle: 'full' }).format(day) })

  return (
    <section className="screen wide sessions-screen" aria-labelledby="sessions-title">
      <ScreenHead id="sessions-title" title={t('sessions.heading')} />
      {state && <SessionRule state={state} />}
      {open !== null ? (
        <SessionSummaryView accountId={account.id} id={open} version={state?.version ?? 0} onBack={() => setOpen(null)} />
      ) : (
        <>
          <PlayNext accountId={account.id} idBase="sessions-next" />
          <ModeFilter mode={mode} setMode={setMode} />
          {state?.status === 'error' && <p className="note warning-text">{t('sessions.failed')}</p>}
          {!cards ? (
            <>
              <p className="muted" role="status">
                {t('sessions.computing')}
              </p>
              <Skeleton lines={5} />
            </>
          ) : cards.length === 0 ? (
            <p className="note" data-testid="sessions-none">
              {t('sessions.none')}
            </p>
          ) : (
            <>
              <SessionCalendar cards={cards} mode={mode} now={now} onPick={(d) => setDay(dayOf(d))} />
              <div className="screen-head">
                <h2 data-testid="session-list-title">{label}</h2>
                <span className="muted">{t('sessions.count', { count: shown.length })}</span>
                {day !== null && (
                  <button type="button" className="link" onClick={() => setDay(null)}>
                    {t('sessions.showAll')}
                  </button>
                )}
              </div>
              {shown.length === 0 ? (
                <p className="muted">{t(day === null ? 'sessions.noneInMode' : 'sessions.noneThatDay')}</p>
              ) : (
                <SessionList cards={shown} onOpen={setOpen} label={label} />
              )}
            </>
          )}
        </>
      )}
    </section>
  )
}

/** How sessions are cut (with the way to change it), and the plays with no time that no session holds. */
function SessionRule({ state }: { state: SessionsState }) {
  const { t } = useTranslation()
  const go = useNav((s) => s.go)
  const duration = useDuration()
  return (
    <>
      <p className="muted" data-testid="session-rule">
        {t('sessions.rule', { gap: duration(state.gapMinutes) })}{' '}
        <button type="button" className="link" onClick={() => go('settings')}>
          {t('sessions.ruleChange')}
        </button>
      </p>
      {state.untimed > 0 && (
        <p className="muted" data-testid="session-untimed">
          {t('sessions.untimed', { count: state.untimed })}
        </p>
      )}
      {state.autoplay > 0 && (
        <p className="muted" data-testid="session-autoplay">
          {t('sessions.autoplayLeftOut', { count: state.autoplay })}
        </p>
      )}
    </>
  )
}

/** All sessions, or those with plays in one input mode. */
function ModeFilter({ mode, setMode }: { mode: SessionMode | null; setMode(mode: SessionMode | null): void }) {
  const { t } = useTranslation()
  return (
    <div role="radiogroup" aria-label={t('sessions.modes')} className="segmented">
      {([null, 'touch', 'keyboard'] as const).map((m) => (
        <button key={m ?? 'all'} type="button" role="radio" aria-checked={mode === m} onClick={() => setMode(m)}>
          {t(`sessions.mode_${m ?? 'all'}`)}
        </button>
      ))}
    </div>
  )
}
