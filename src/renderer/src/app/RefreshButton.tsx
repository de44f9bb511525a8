import { useCallback, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { activeAccount, useAccounts } from '../accounts/store'
import { useSync } from '../sync/store'
import { useAction } from '../ui/useAction'

/**
 * Syncs the active account now, whatever the age of its data. `refresh` is stable and reads the stores and
 * the action's own state when called, never a render's copy: a key pressed between "button enabled" and
 * React's next effect would otherwise still see the old busy state and be dropped. What went wrong, the
 * panels say.
 */
function useRefreshNow() {
  const available = useAccounts((s) => Boolean(activeAccount(s.state)))
  const { busy, run } = useAction({ whileBusy: 'ignore' })
  const refresh = useCallback(() => {
    const accountId = activeAccount(useAccounts.getState().state)?.id
    if (accountId) void run(() => useSync.getState().sync(accountId, 0))
  }, [run])
  return { refresh, busy, available }
}

const isRefreshKey = (e: KeyboardEvent) => e.key === 'F5' || ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'r')

/** The header's Refresh button; F5 and Ctrl/Cmd+R do the same (they never reload the window). */
export function RefreshButton() {
  const { t } = useTranslation()
  const { refresh, busy, available } = useRefreshNow()
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isRefreshKey(e)) return
      e.preventDefault()
      refresh()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [refresh])
  if (!available) return null
  return (
    <button type="button" onClick={refresh} disabled={busy} aria-keyshortcuts="F5 Control+R Meta+R" title={t('app.refreshHint')}>
      <span aria-hidden="true" className={busy ? 'spin' : undefined}>
        ⟳
      </span>{' '}
      {busy ? t('app.refreshing') : t('app.refresh')}
    </button>
  )
}
