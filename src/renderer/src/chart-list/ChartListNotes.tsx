import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { InsightRow } from '../../../shared/data'
import { activeAccount, useAccounts } from '../accounts/store'
import { useNav } from '../app/navigation'
import { useSync } from '../sync/store'
import { ErrorMessage } from '../ui/ErrorMessage'
import { useAction } from '../ui/useAction'
import { useChartList } from './store'

const hostOf = (url: string) => {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

/** The active account's data names charts the list does not know (or there is no list at all). */
function useUnknownCharts(): number {
  const charts = useSync((s) => s.charts)
  const account = useAccounts((s) => activeAccount(s.state))
  const data = useSync((s) => (account ? s.byAccount[account.id] : undefined))
  const ids = new Set<string>()
  for (const r of data?.recent.data ?? []) ids.add(r.chart_id)
  for (const r of [...(data?.rank.data?.touch_ranks ?? []), ...(data?.rank.data?.keyboard_ranks ?? [])]) ids.add(r.chart_id)
  let unknown = 0
  for (const id of ids) if (!charts.has(id)) unknown++
  return unknown
}

/**
 * Where charts show without names: offers the community list, naming its host, and sends nothing
 * before the player agrees. Importing a file is one click away.
 */
export function ChartListBanner() {
  const { t } = useTranslation()
  const info = useSync((s) => s.chartList)
  const unknown = useUnknownCharts()
  const go = useNav((s) => s.go)
  const [dismissed, setDismissed] = useState(false)
  const updating = useAction()
  const update = useChartList((s) => s.update)
  if (dismissed || !info || unknown === 0 || info.updating || (info.url && !info.needsConsent && !info.lastError)) return null
  const agree = () =>
    updating.run(async () => {
      await update()
    })
  return (
    <div className="banner chart-list-banner" role="region" aria-label={t('charts.bannerLabel')} data-testid="chart-list-banner">
      <p>{t('charts.unnamed', { count: unknown })}</p>
      {info.url && (
        <button type="button" className="primary" onClick={() => void agree()}>
          {t('charts.getNames', { host: hostOf(info.url) })}
        </button>
      )}
      <button type="button" className="link" onClick={() => go('settings')}>
        {t('charts.importInstead')}
      </button>
      <button type="button" onClick={() => setDismissed(true)}>
        {t('charts.notNow')}
      </button>
      <ErrorMessage error={updating.error ?? info.lastError} />
    </div>
  )
}

/** Said once per list of rows: the chart list's constants contradict the records, so it is older than the game. */
export function StaleListNote({ rows }: { rows: readonly InsightRow[] }) {
  const { t } = useTranslation()
  const info = useSync((s) => s.chartList)
  const go = useNav((s) => s.go)
  const update = useChartList((s) => s.update)
  const stale = new Set(rows.filter((r) => r.stale).map((r) => r.record.chart_id)).size
  if (stale === 0) return null
  const canUpdate = info?.url && !info.needsConsent
  return (
    <p className="note warning-text" data-testid="stale-list">
      {t('charts.staleList', { count: stale })}{' '}
      <button
        type="button"
        className="link"
        onClick={() => (canUpdate ? void update().catch(() => {}) : go('settings'))}
        disabled={info?.updating}
      >
        {canUpdate ? t('charts.updateNow') : t('charts.openSettings')}
      </button>
    </p>
  )
}
