import { lazy, Suspense, useEffect } from 'react'
import markUrl from '../../../../resources/icon.svg?url'
import { useTranslation } from 'react-i18next'
import { AccountSwitcher, StorageChoiceBanner } from '../accounts/AccountSwitcher'
import { activeAccount, useAccounts } from '../accounts/store'
import { FOCUS_SYNC_MAX_AGE_MS, useData } from '../data/store'
import { ProfileScreen } from '../profile/ProfileScreen'
import { useSettings } from '../settings/store'
import { Skeleton } from '../ui/PanelBadge'
import { bootstrap } from './bootstrap'
import { DataNoticesBanner } from './DataNoticesBanner'
import { OfflineBanner } from './OfflineBanner'
import { RefreshButton } from './RefreshButton'
import { SCREENS, useNav, type Screen } from './navigation'

// The profile is the first paint; every other screen loads on first use, except the one the app
// reopens on, whose code starts loading at once, alongside the bootstrap call.
const loaders = {
  welcome: () => import('../accounts/WelcomeScreen').then((m) => ({ default: m.WelcomeScreen })),
  scores: () => import('../scores/ScoresScreen').then((m) => ({ default: m.ScoresScreen })),
  reality: () => import('../reality/RealityScreen').then((m) => ({ default: m.RealityScreen })),
  backups: () => import('../backups/BackupsScreen').then((m) => ({ default: m.BackupsScreen })),
  settings: () => import('../settings/SettingsScreen').then((m) => ({ default: m.SettingsScreen }))
}
const initialScreen = useNav.getState().screen
if (initialScreen !== 'profile') void loaders[initialScreen]()
const WelcomeScreen = lazy(loaders.welcome)
const ScoresScreen = lazy(loaders.scores)
const RealityScreen = lazy(loaders.reality)
const BackupsScreen = lazy(loaders.backups)
const SettingsScreen = lazy(loaders.settings)

function CurrentScreen({ screen }: { screen: Screen }) {
  switch (screen) {
    case 'welcome':
      return <WelcomeScreen />
    case 'settings':
      return <SettingsScreen />
    case 'scores':
      return <ScoresScreen />
    case 'reality':
      return <RealityScreen />
    case 'backups':
      return <BackupsScreen />
    default:
      return <ProfileScreen />
  }
}

/** Shows the active account's cache at once, then syncs what is older than a few minutes. */
function useActiveAccountData() {
  const accountId = useAccounts((s) => activeAccount(s.state)?.id)
  const { load, sync } = useData()
  useEffect(() => {
    if (!accountId) return
    const cached = useData.getState().byAccount[accountId]
    void (cached ? Promise.resolve() : load(accountId)).then(() => sync(accountId, FOCUS_SYNC_MAX_AGE_MS))
    const onFocus = () => void sync(accountId, FOCUS_SYNC_MAX_AGE_MS)
    window.addEventListener('focus', onFocus)
    return () => window.removeEventListener('focus', onFocus)
  }, [accountId, load, sync])
}

export function App() {
  const { t } = useTranslation()
  const settings = useSettings((s) => s.settings)
  const state = useAccounts((s) => s.state)
  const { screen, go } = useNav()
  useEffect(() => {
    void bootstrap()
  }, [])
  useActiveAccountData()
  const noAccounts = state?.accounts.length === 0
  useEffect(() => {
    // Without an account the app starts on the welcome screen, and stays there until the user
    // continues, so a User Token's check result (what it allows) can be read.
    if (noAccounts && useNav.getState().screen !== 'settings') go('welcome')
  }, [noAccounts, go])
  if (!settings || !state) return <p className="loading">{t('app.loading')}</p>
  const signedIn = state.accounts.length > 0
  const shown: Screen = !signedIn && screen !== 'settings' ? 'welcome' : screen
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="topbar">
        <span className="brand">
          <img src={markUrl} alt="" width={28} height={28} />
          {t('app.title')}
        </span>
        <div className="topbar-actions">
          <RefreshButton />
          <AccountSwitcher />
        </div>
      </header>
      <StorageChoiceBanner />
      <OfflineBanner />
      <DataNoticesBanner />
      <div className="body">
        <nav aria-label={t('nav.label')} className="sidenav">
          {!signedIn && (
            <button type="button" aria-current={shown === 'welcome' ? 'page' : undefined} onClick={() => go('welcome')}>
              {t('nav.welcome')}
            </button>
          )}
          {SCREENS.map((s) => (
            <button
              key={s}
              type="button"
              aria-current={shown === s ? 'page' : undefined}
              disabled={!signedIn && s !== 'settings'}
              onClick={() => go(s)}
            >
              {t(`nav.${s}`)}
            </button>
          ))}
        </nav>
        <main id="main" tabIndex={-1}>
          <Suspense
            fallback={
              <div className="screen">
                <Skeleton lines={5} />
              </div>
            }
          >
            <CurrentScreen screen={shown} />
          </Suspense>
        </main>
      </div>
    </div>
  )
}
