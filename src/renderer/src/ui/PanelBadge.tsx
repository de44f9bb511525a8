import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import type { Capability } from '../../../shared/deployments'
import { activeAccount, useAccounts } from '../accounts/store'
import { useNav } from '../app/navigation'
import { ErrorMessage } from './ErrorMessage'
import type { PanelState } from '../../../shared/data'
import { formatNumber, formatRelative } from './format'
import { MAX_READ_SCORE } from '../../../shared/play-marks'
import { useAction } from './useAction'
import { useNow } from './useNow'

/**
 * A panel's sync state and "last synced" time, e.g. "Stale · synced 2 hours ago". It keeps its own
 * minute clock, so the time stays true on a screen that does not render again, and a screen that
 * renders often (a sort, a filter) does not format it again.
 */
export const PanelBadge = memo(function PanelBadge({ panel }: { panel: PanelState }) {
  const { t } = useTranslation()
  useNow() // renders again every minute; the time itself is read at render, so a sync just done never reads "in 30 seconds"
  return (
    <span className={`panel-badge status-${panel.status}`} data-testid="panel-badge" title={panel.error?.message}>
      <span className="dot" aria-hidden="true" />
      {t(`panel.${panel.status}`)}
      {panel.fetchedAt !== null && <span className="muted"> · {t('panel.synced', { when: formatRelative(panel.fetchedAt) })}</span>}
    </span>
  )
})

export function Skeleton({ lines = 3 }: { lines?: number }) {
  return (
    <div className="skeleton" aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="skeleton-line" style={{ width: `${90 - i * 15}%` }} />
      ))}
    </div>
  )
}

/**
 * Where a panel cannot show data: say why and what to do. A browser sign-in can ask for the
 * missing permission at once; a User Token cannot grow, so the way out is a token that allows it.
 */
export function PanelNotice({ panel, capability }: { panel: PanelState; capability: Capability }) {
  const { t } = useTranslation()
  const account = useAccounts((s) => activeAccount(s.state))
  const grant = useAccounts((s) => s.grant)
  const go = useNav((s) => s.go)
  const asking = useAction()
  const { busy, error } = asking
  if (panel.status !== 'unavailable' || !account) return null
  const what = t(`capabilities.${capability}`)
  if (panel.error?.details?.reason === 'no_username')
    return (
      <p className="note" data-testid="panel-notice">
        {t('panel.noUsername', { what })}
      </p>
    )
  const ask = () =>
    asking.run(async () => {
      await grant(account.id, [capability])
    })
  return (
    <div className="note" data-testid="panel-notice">
      <p>{t('panel.unavailableHelp', { what })}</p>
      {account.method === 'oidc' ? (
        <button type="button" className="primary" disabled={busy} onClick={() => void ask()}>
          {t('panel.allow', { what })}
        </button>
      ) : (
        <button type="button" onClick={() => go('welcome')}>
          {t('panel.addToken')}
        </button>
      )}
      <ErrorMessage error={error} />
    </div>
  )
}

/** A screen's heading with the sync state of the panel it shows. */
export function ScreenHead({ id, title, panel }: { id: string; title: string; panel?: PanelState }) {
  return (
    <div className="screen-head">
      <h1 id={id}>{title}</h1>
      {panel && <PanelBadge panel={panel} />}
    </div>
  )
}

/** Records the service sent that did not match the spec: skipped and counted, never a failed panel. */
export function SkippedNote({ count, scoreTooHigh = 0 }: { count: number; scoreTooHigh?: number | undefined }) {
  const { t } = useTranslation()
  if (count <= 0) return null
  return (
    <p className="muted" data-testid="skipped-records">
      {t('panel.skipped', { count })}
      {scoreTooHigh > 0 && ` ${t('panel.scoreTooHigh', { count: scoreTooHigh, max: formatNumber(MAX_READ_SCORE) })}`}
    </p>
  )
}
