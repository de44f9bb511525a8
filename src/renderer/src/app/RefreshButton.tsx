import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { activeAccount, useAccounts } from '../accounts/store'
import { useData } from '../data/store'

/** Syncs the active account now, whatever the age of its data. */
function useRefreshNow() {
  const accountId = useAccounts((s) => activeAccount(s.state)?.id)
  const sync = useData((s) => s.sync)
  const [busy, setBusy] = useState(false)
  const refresh = () => {
    if (!accountId || busy) return
    setBusy(true)
    void sync(accountId, 0)
      .catch(() => {}) // the panels say what went wrong
      .finally(() => setBusy(false))
  }
  return { refresh, busy, available: Boolean(accountId) }
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
  })
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
