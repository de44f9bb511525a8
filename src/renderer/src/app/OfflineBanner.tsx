import { useTranslation } from 'react-i18next'
import { activeAccount, useAccounts } from '../accounts/store'
import { useSync } from '../sync/store'
import { formatRelative } from '../ui/format'
import { useAction } from '../ui/useAction'

/** Shown while the service cannot be reached: the cache is what you see, and when it is from. */
export function OfflineBanner() {
  const { t } = useTranslation()
  const account = useAccounts((s) => activeAccount(s.state))
  const data = useSync((s) => (account ? s.byAccount[account.id] : undefined))
  const sync = useSync((s) => s.sync)
  const retry = useAction() // what went wrong, the panels and this banner say
  if (!account || !data?.offline) return null
  const times = [data.profile.panel, data.recent.panel, data.rank.panel, data.save.panel]
    .map((p) => p.fetchedAt)
    .filter((v): v is number => v !== null)
  const oldest = times.length ? Math.min(...times) : null
  return (
    <div className="banner offline" role="status" data-testid="offline-banner">
      <p>{oldest ? t('offline.showingCached', { when: formatRelative(oldest) }) : t('offline.nothingCached')}</p>
      <button type="button" disabled={retry.busy} onClick={() => void retry.run(() => sync(account.id))}>
        {t('offline.retry')}
      </button>
    </div>
  )
}
