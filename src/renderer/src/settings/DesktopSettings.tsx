import { useEffect } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { UpdateState } from '../../../shared/settings'
import { formatDateTime, formatPercent } from '../ui/format'
import { useSettings } from './store'

/** The app on the desktop: tray, start at login (the Electron app only), and new versions. */
export function DesktopSettings() {
  const { t } = useTranslation()
  const { settings, info, update, updates, loadUpdates } = useSettings()
  useEffect(() => {
    void loadUpdates().catch(() => {})
  }, [loadUpdates])
  if (!settings || !info) return null
  const electron = info.host === 'electron'
  const checks = updates && !(updates.status === 'disabled' && updates.reason === 'not_packaged')
  if (!electron && !checks) return null
  return (
    <section aria-labelledby="desktop-title">
      <h2 id="desktop-title">{t('desktop.title')}</h2>
      {electron && (
        <>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={settings.keepRunningInTray}
              onChange={(e) => void update({ keepRunningInTray: e.target.checked })}
            />{' '}
            {t('desktop.keepRunning')}
          </label>
          {settings.keepRunningInTray && !settings.autoBackup.enabled && <p className="muted">{t('desktop.keepRunningNeedsAuto')}</p>}
          <label className="checkbox">
            <input type="checkbox" checked={settings.startAtLogin} onChange={(e) => void update({ startAtLogin: e.target.checked })} />{' '}
            {t('desktop.startAtLogin')}
          </label>
        </>
      )}
      {checks && <Updates version={info.version} />}
    </section>
  )
}

function updateStatus(t: TFunction, updates: UpdateState, version: string): string {
  switch (updates.status) {
    case 'available':
      return t('desktop.update_available', { version: updates.version })
    case 'downloading':
      return t('desktop.update_downloading', { version: updates.version, percent: formatPercent(updates.percent) })
    case 'downloaded':
      return t('desktop.update_downloaded', { version: updates.version })
    case 'latest':
      return t('desktop.update_latest', { when: formatDateTime(updates.checkedAt) })
    case 'error':
      return t('desktop.update_error', { message: updates.message })
    case 'checking':
      return t('desktop.update_checking')
    case 'disabled':
      return t('desktop.update_off')
    case 'idle':
      return t('desktop.update_idle', { version })
  }
}

/** New versions: the automatic check's switch, what the updater is doing, and the user's next step. */
function Updates({ version }: { version: string }) {
  const { t } = useTranslation()
  const { settings, update, updates, checkUpdates, downloadUpdate, installUpdate, cancelUpdate } = useSettings()
  if (!settings || !updates) return null
  const setChecks = (on: boolean) => void update({ checkForUpdates: on })
  return (
    <div className="updates" data-testid="updates">
      <label className="checkbox">
        <input type="checkbox" checked={settings.checkForUpdates} onChange={(e) => setChecks(e.target.checked)} />{' '}
        {t('desktop.checkForUpdates')}
      </label>
      <p role="status" className="muted" data-testid="update-status">
        {updateStatus(t, updates, version)}
      </p>
      {updates.status === 'downloading' && (
        <progress max={100} value={updates.percent} aria-label={t('desktop.downloadProgress')} data-testid="update-progress" />
      )}
      {updates.status === 'available' && updates.notes && <p className="update-notes">{updates.notes}</p>}
      <div className="row">
        {updates.status === 'downloading' ? (
          <button type="button" onClick={() => void cancelUpdate()}>
            {t('desktop.cancelDownload')}
          </button>
        ) : (
          <button type="button" disabled={updates.status === 'checking'} onClick={() => void checkUpdates()}>
            {t('desktop.checkNow')}
          </button>
        )}
        {updates.status === 'available' && (
          <button type="button" className="primary" onClick={() => void downloadUpdate()}>
            {t('desktop.download', { version: updates.version })}
          </button>
        )}
        {updates.status === 'downloaded' && (
          <button type="button" className="primary" onClick={() => void installUpdate()}>
            {t('desktop.install')}
          </button>
        )}
      </div>
    </div>
  )
}
