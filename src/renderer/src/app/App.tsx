import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { AccountSwitcher, StorageChoiceBanner } from '../accounts/AccountSwitcher'
import { WelcomeScreen } from '../accounts/WelcomeScreen'
import { useAccounts } from '../accounts/store'
import { ProfileScreen } from '../profile/ProfileScreen'
import { SettingsScreen } from '../settings/SettingsScreen'
import { useSettings } from '../settings/store'
import { SCREENS, useNav, type Screen } from './navigation'

const ENABLED: readonly Screen[] = ['profile', 'settings']

function CurrentScreen({ screen }: { screen: Screen }) {
  switch (screen) {
    case 'welcome':
      return <WelcomeScreen />
    case 'settings':
      return <SettingsScreen />
    default:
      return <ProfileScreen />
  }
}

export function App() {
  const { t } = useTranslation()
  const { settings, load } = useSettings()
  const { state, load: loadAccounts } = useAccounts()
  const { screen, go } = useNav()
  useEffect(() => {
    void load()
    void loadAccounts()
  }, [load, loadAccounts])
  if (!settings || !state) return <p className="loading">{t('app.loading')}</p>
  const signedIn = state.accounts.length > 0
  const shown: Screen = !signedIn && screen !== 'settings' ? 'welcome' : screen
  return (
    <div className="shell">
      <a className="skip-link" href="#main">{t('app.skipToContent')}</a>
      <header className="topbar">
        <span className="brand">{t('app.title')}</span>
        <AccountSwitcher />
      </header>
      <StorageChoiceBanner />
      <div className="body">
        <nav aria-label={t('nav.label')} className="sidenav">
          {SCREENS.filter((s) => ENABLED.includes(s)).map((s) => (
            <button key={s} type="button" aria-current={shown === s ? 'page' : undefined} disabled={!signedIn && s !== 'settings'} onClick={() => go(s)}>
              {t(`nav.${s}`)}
            </button>
          ))}
        </nav>
        <main id="main" tabIndex={-1}>
          <CurrentScreen screen={shown} />
        </main>
      </div>
    </div>
  )
}
