import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { api, unwrap } from '../bridge'
import { formatDateTime } from '../ui/format'
import { useSettings } from './store'

/** The app on the desktop: tray, start at login (the Electron app only), and new versions. */
export function DesktopSettings() {
  const { t } = useTranslation()
  const { settings, info, update, updates } = useSettings()
  useEffect(() => {
    void unwrap(api.updates.load()).catch(() => {})
  }, [])
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
      {checks && (
        <div className="updates" data-testid="updates">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={settings.checkForUpdates}
              onChange={(e) => void update({ checkForUpdates: e.target.checked })}
            />{' '}
            {t('desktop.checkForUpdates')}
          </label>
          <p role="status" className="muted" data-testid="update-status">
            {updates.status === 'available'
              ? t('desktop.update_available', { version: updates.version })
              : updates.status === 'downloading'
                ? t('desktop.update_downloading', { version: updates.version, percent: Math.round(updates.percent) })
                : updates.status === 'downloaded'
                  ? t('desktop.update_downloaded', { version: updates.version })
                  : updates.status === 'latest'
                    ? t('desktop.update_latest', { when: formatDateTime(updates.checkedAt) })
                    : updates.status === 'error'
                      ? t('desktop.update_error', { message: updates.message })
                      : updates.status === 'checking'
                        ? t('desktop.update_checking')
                        : updates.status === 'disabled'
                          ? t('desktop.update_off')
                          : t('desktop.update_idle', { version: info.version })}
          </p>
          <div className="row">
            <button
              type="button"
              disabled={updates.status === 'checking' || updates.status === 'downloading'}
              onClick={() => void unwrap(api.updates.check())}
            >
              {t('desktop.checkNow')}
            </button>
            {updates.status === 'available' && (
              <button type="button" className="primary" onClick={() => void unwrap(api.updates.download())}>
                {t('desktop.download', { version: updates.version })}
              </button>
            )}
            {updates.status === 'downloaded' && (
              <button type="button" className="primary" onClick={() => void unwrap(api.updates.install())}>
                {t('desktop.install')}
              </button>
            )}
          </div>
        </div>
      )}
    </section>
  )
}
