import { useTranslation } from 'react-i18next'
import { LANGUAGE_NAMES, LANGUAGES, oneOf, THEMES } from '../../../shared/setting-choices'
import { AccountsSettings } from '../accounts/AccountsSettings'
import { useAccounts } from '../accounts/store'
import { ErrorMessage } from '../ui/ErrorMessage'
import { SelectField } from '../ui/SelectField'
import { useAction } from '../ui/useAction'
import { ChartListSettings } from '../chart-list/ChartListSettings'
import { CustomUrlField } from './CustomUrlField'
import { DesktopSettings } from './DesktopSettings'
import { SessionSettings } from '../sessions/SessionSettings'
import { useSettings } from './store'

const LICENSES = [
  'Electron (MIT)',
  'React (MIT)',
  'zustand (MIT)',
  'zod (MIT)',
  'i18next (MIT)',
  'TanStack Table & Virtual (MIT)',
  'uPlot (MIT)',
  'openid-client (MIT)',
  'electron-store (MIT)',
  'sql.js (MIT)',
  'qrcode (MIT)',
  'pino (MIT)'
]

export function SettingsScreen() {
  const { t } = useTranslation()
  const { settings, info, update } = useSettings()
  const saving = useAction()
  const { error } = saving
  if (!settings || !info) return null
  const guarded = (work: () => Promise<unknown>) =>
    void saving.run(async () => {
      await work()
    })
  return (
    <section className="screen" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settings.title')}</h1>
      <div className="grid-2">
        <SelectField
          id="settings-language"
          label={t('settings.language')}
          value={settings.language ?? ''}
          onChange={(value) => guarded(() => update({ language: oneOf(LANGUAGES, value) }))}
        >
          <option value="">{t('settings.languageSystem')}</option>
          {LANGUAGES.map((language) => (
            // Each language in its own name and script, so a reader finds theirs whatever the UI speaks.
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="settings-theme"
          label={t('settings.theme')}
          value={settings.theme}
          onChange={(value) => guarded(() => update({ theme: oneOf(THEMES, value) ?? 'system' }))}
        >
          <option value="system">{t('settings.themeSystem')}</option>
          <option value="light">{t('settings.themeLight')}</option>
          <option value="dark">{t('settings.themeDark')}</option>
        </SelectField>
        <SelectField
          id="settings-reality-digits"
          label={t('settings.realityDigits')}
          value={settings.realityDigits}
          onChange={(value) => guarded(() => update({ realityDigits: value === 'exact' ? 'exact' : 'game' }))}
        >
          <option value="game">{t('settings.realityDigitsGame')}</option>
          <option value="exact">{t('settings.realityDigitsExact')}</option>
        </SelectField>
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={settings.showEmail} onChange={(e) => guarded(() => update({ showEmail: e.target.checked }))} />{' '}
        {t('settings.showEmail')}
      </label>
      <ErrorMessage error={error} />
      <AccountsSettings />
      <DesktopSettings />
      <SessionSettings />
      <DeploymentSettings />
      <ChartListSettings />
      <h2>{t('settings.about')}</h2>
      <p data-testid="app-version">{t('app.version', { version: info.version })}</p>
      <p className="muted">{t('settings.licenses')}</p>
      <ul className="compact muted">
        {LICENSES.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
    </section>
  )
}

function DeploymentSettings() {
  const { t } = useTranslation()
  const { settings, update } = useSettings()
  const { deployments } = useAccounts()
  const saving = useAction()
  const { error } = saving
  if (!settings) return null
  const save = (patch: Parameters<typeof update>[0]) => void saving.run(() => update(patch))
  return (
    <section aria-labelledby="deployments-title">
      <h2 id="deployments-title">{t('settings.deployments')}</h2>
      <p className="muted">{t('clientIds.help', { redirect: 'http://127.0.0.1/callback' })}</p>
      {deployments.map((d) => (
        <div key={d.id} className="field inline wide">
          <label htmlFor={`client-${d.id}`}>{t('settings.clientIdFor', { deployment: t(`deployments.${d.id}`) })}</label>
          <input
            id={`client-${d.id}`}
            defaultValue={settings.clientIds[d.id] ?? ''}
            placeholder={d.clientId ?? t('settings.none')}
            spellCheck={false}
            aria-describedby={`client-${d.id}-source`}
            onBlur={(e) => {
              const value = e.target.value.trim()
              const clientIds = { ...settings.clientIds }
              if (value) clientIds[d.id] = value
              else delete clientIds[d.id]
              save({ clientIds })
            }}
          />
          <small className="muted" id={`client-${d.id}-source`} data-testid={`client-${d.id}-source`}>
            {t(`clientIds.source_${d.clientIdSource ?? 'none'}`, { id: d.clientId })}
          </small>
        </div>
      ))}
      <CustomUrlField id="custom-base" />
      <div className="field">
        <label htmlFor="custom-style">{t('settings.scopeStyle')}</label>
        <select
          id="custom-style"
          value={settings.customScopeStyle}
          onChange={(e) => save({ customScopeStyle: e.target.value as 'live' | 'spec' })}
        >
          <option value="spec">{t('settings.scopeStyle_spec')}</option>
          <option value="live">{t('settings.scopeStyle_live')}</option>
        </select>
      </div>
      <ErrorMessage error={error} />
    </section>
  )
}
