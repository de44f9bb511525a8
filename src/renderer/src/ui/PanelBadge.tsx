import { useTranslation } from 'react-i18next'
import type { PanelState } from '../../../shared/data'
import { formatRelative } from './format'

/** A panel's sync state and "last synced" time, e.g. "Stale · synced 2 hours ago". */
export function PanelBadge({ panel }: { panel: PanelState }) {
  const { t } = useTranslation()
  return (
    <span className={`panel-badge status-${panel.status}`} data-testid="panel-badge" title={panel.error?.message}>
      <span className="dot" aria-hidden="true" />
      {t(`panel.${panel.status}`)}
      {panel.fetchedAt !== null && <span className="muted"> · {t('panel.synced', { when: formatRelative(panel.fetchedAt) })}</span>}
    </span>
  )
}

export function Skeleton({ lines = 3 }: { lines?: number }) {
  return (
    <div className="skeleton" aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="skeleton-line" style={{ width: `${90 - i * 15}%` }} />
      ))}
    </div>
  )
}

/** Where a panel cannot show data: say why and what to do. */
export function PanelNotice({ panel, capability }: { panel: PanelState; capability: string }) {
  const { t } = useTranslation()
  if (panel.status === 'unavailable') return <p className="note">{t('panel.unavailableHelp', { what: t(`capabilities.${capability}`) })}</p>
  return null
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
