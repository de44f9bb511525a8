import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SessionMode } from '../../../shared/sessions'
import { activeAccount, useAccounts } from '../accounts/store'
import { useNav } from '../app/navigation'
import { ChartTitle } from '../chart-list/ChartTitle'
import { useSync } from '../sync/store'
import { DifficultyBadge } from '../ui/Chips'
import { formatDateTime } from '../ui/format'
import { MoveText } from './MoveText'
import { useSessions, useSessionsState } from './store'
import './sessions.css'

const MODES = ['touch', 'keyboard'] as const

/** "New in your Touch best 20: …" with each chart's title and difficulty badge, as the session summaries show them. */
function EnteredCharts({ mode, chartIds }: { mode: SessionMode; chartIds: readonly string[] }) {
  const { t } = useTranslation()
  const charts = useSync((s) => s.charts)
  const [head, tail] = t('sessions.sinceEntered', { mode: t(`sessions.mode_${mode}`), charts: '\u0000' }).split('\u0000')
  return (
    <>
      {head}
      {chartIds.map((id, i) => (
        <span key={id}>
          {i > 0 && ', '}
          <ChartTitle chartId={id} /> <DifficultyBadge difficulty={charts.get(id)?.difficulty} constant={charts.get(id)?.constant} flat />
        </span>
      ))}
      {tail}
    </>
  )
}

/** What changed since the player last looked: plays and sessions, new bests, Reality, new best-20 entries. Dismissed, it stays so. */
export function SinceLastTimeCard({ accountId }: { accountId: string }) {
  const { t } = useTranslation()
  const state = useSessionsState(accountId)
  const look = useSessions((s) => s.look)
  const go = useNav((s) => s.go)
  const since = state?.since
  if (!since || since.plays === 0) return null
  const changed = (mode: SessionMode) => since[mode].before.value !== since[mode].after.value
  return (
    <aside className="since-card tinted-card" aria-labelledby={`since-title-${accountId}`} data-testid="since-last-time">
      <h2 id={`since-title-${accountId}`}>{t('sessions.sinceTitle')}</h2>
      <p className="muted">{t('sessions.sinceWhen', { when: formatDateTime(since.since) })}</p>
      <ul className="since-facts">
        <li>
          {t('sessions.sincePlays', { count: since.plays })} {t('sessions.sinceSessions', { count: since.sessions })}
        </li>
        {since.newBests > 0 && <li>{t('sessions.newBests', { count: since.newBests })}</li>}
        {MODES.filter(changed).map((mode) => (
          <li key={mode}>
            <MoveText mode={mode} move={{ ...since[mode], entered: 0, left: 0 }} />
          </li>
        ))}
        {MODES.filter((mode) => since.entered[mode].length > 0).map((mode) => (
          <li key={`entered-${mode}`}>
            <EnteredCharts mode={mode} chartIds={since.entered[mode]} />
          </li>
        ))}
      </ul>
      <div className="row">
        <button type="button" className="primary" onClick={() => void look(accountId).catch(() => {})}>
          {t('sessions.dismiss')}
        </button>
        <button type="button" className="link" onClick={() => go('sessions')}>
          {t('sessions.seeSessions')}
        </button>
      </div>
    </aside>
  )
}

/** The card on the screen the app opened on (the Profile shows its own), until the player moves on. */
export function SinceLastTimeOnOpen() {
  const screen = useNav((s) => s.screen)
  const account = useAccounts((s) => activeAccount(s.state))
  const [opened] = useState(screen)
  const [left, setLeft] = useState(false)
  if (!left && screen !== opened) setLeft(true)
  if (left || screen !== opened || screen === 'profile' || screen === 'welcome' || !account) return null
  return (
    <div className="since-on-open">
      <SinceLastTimeCard accountId={account.id} />
    </div>
  )
}
