import { useTranslation } from 'react-i18next'
import { Language, Theme } from '../../../shared/settings'
import { AccountsSettings } from '../accounts/AccountsSettings'
import { useSettings } from './store'

export function SettingsScreen() {
  const { t } = useTranslation()
  const { settings, info, update } = useSettings()
  if (!settings || !info) return null
  return (
    <section className="screen" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settings.title')}</h1>
      <div className="field">
        <label htmlFor="settings-language">{t('settings.language')}</label>
        <select
          id="settings-language"
          value={settings.language ?? ''}
          onChange={(e) => void update({ language: e.target.value === '' ? null : Language.parse(e.target.value) })}
        >
          <option value="">{t('settings.languageSystem')}</option>
          <option value="en">English</option>
          <option value="zh-CN">简体中文</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="settings-theme">{t('settings.theme')}</label>
        <select id="settings-theme" value={settings.theme} onChange={(e) => void update({ theme: Theme.parse(e.target.value) })}>
          <option value="system">{t('settings.themeSystem')}</option>
          <option value="light">{t('settings.themeLight')}</option>
          <option value="dark">{t('settings.themeDark')}</option>
        </select>
      </div>
      <AccountsSettings />
      <h2>{t('settings.about')}</h2>
      <p data-testid="app-version">{t('app.version', { version: info.version })}</p>
    </section>
  )
}
