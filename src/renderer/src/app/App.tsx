import { createElement, lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react'
import markUrl from '../../../../resources/icon.svg?url'
import { useTranslation } from 'react-i18next'
import { AccountSwitcher, StorageChoiceBanner } from '../accounts/AccountSwitcher'
import { activeAccount, useAccounts } from '../accounts/store'
import { FOCUS_SYNC_MAX_AGE_MS, useSync } from '../sync/store'
import { ProfileScreen } from '../profile/ProfileScreen'
import { useSettings } from '../settings/store'
import { Skeleton } from '../ui/PanelBadge'
import { ChartListBanner } from '../chart-list/ChartListNotes'
import { PageDialogs } from '../dialogs/PageDialog'
import { ChartHistoryHost } from '../chart-list/ChartHistoryHost'
import { FocusTooltip } from '../ui/FocusTooltip'
import { whenIdle } from '../ui/when-idle'
import { DataNoticesBanner } from './DataNoticesBanner'
import { OfflineBanner } from './OfflineBanner'
import { RefreshButton } from './RefreshButton'
import { ScreenBoundary } from './ScreenBoundary'
import { SCREENS, useNav, type Screen } from './navigation'
import { SinceLastTimeOnOpen } from '../sessions/SinceLastTime'
import { SavedFileBanner } from '../exports/SavedFileBanner'

/**
 * A screen whose code loads on first use. Once loaded it renders directly: a React.lazy component
 * suspends on its first render even when its chunk is already here, and React then holds the
 * revealed screen back (up to 300 ms) after the fallback it showed.
 */
function loadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null
  const preload = () => load().then((component) => (loaded = component))
  const lazyScreen = () => lazy(() => preload().then((component) => ({ default: component })))
  let Lazy = lazyScreen()
  return {
    preload,
    loaded: () => loaded !== null,
    Screen: (props: P) => createElement(loaded ?? Lazy, props),
    /** After a failed load (React keeps a lazy component's failure): the next render loads it again. */
    reset: () => void (loaded ?? (Lazy = lazyScreen()))
  }
}

// The profile is the first paint; every other screen loads once the renderer is idle (or on first use), except the one the app
// reopens on, whose code loads alongside the bootstrap call, before the first render.
const screens = {
  welcome: loadable(() => import('../accounts/WelcomeScreen').then((m) => m.WelcomeScreen)),
  scores: loadable(() => import('../scores/ScoresScreen').then((m) => m.ScoresScreen)),
  sessions: loadable(() => import('../sessions/SessionsScreen').then((m) => m.SessionsScreen)),
  reality: loadable(() => import('../reality/RealityScreen').then((m) => m.RealityScreen)),
  progress: loadable(() => import('../progress/ProgressScreen').then((m) => m.ProgressScreen)),
  backups: loadable(() => import('../backups/BackupsScreen').then((m) => m.BackupsScreen)),
  settings: loadable(() => import('../settings/SettingsScreen').then((m) => m.SettingsScreen))
}
const initialScreen = useNav.getState().screen
/** Settles when `screen`'s code is here (the profile's always is). */
const loadCode = (screen: Screen): Promise<unknown> => (screen === 'profile' ? Promise.resolve() : screens[screen].preload())
/** Settles when the screen the app reopens on can render without suspending (a failed load shows the fallback later). */
export const initialScreenReady = loadCode(initialScreen)

/** A few seconds after the start, when the renderer is idle, every other screen's code loads: a click then renders at once. */
function usePreloadedScreens() {
  useEffect(() => {
    let cancel = () => {}
    const warm = () => {
      for (const screen of Object.values(screens)) void screen.preload().catch(() => undefined)
    }
    const later = setTimeout(() => (cancel = whenIdle(warm)), 3_000)
    return () => (clearTimeout(later), cancel())
  }, [])
}

/**
 * The screen to render: the one asked for once its code is here, the one before until then. A screen
 * that suspended would show the fallback, and React holds the content after a fallback up to 300 ms.
 * A failed load renders the screen anyway: its boundary shows the error and the way to reload.
 */
function useLoadedScreen(asked: Screen | null): Screen | null {
  const [shown, setShown] = useState(asked)
  const here = asked === null || codeHere(asked)
  // Follows every screen rendered at once: while the next one's code loads, the last one rendered stays.
  if (here && shown !== asked) setShown(asked)
  useEffect(() => {
    if (asked === null || codeHere(asked)) return
    let current = true
    const show = () => current && setShown(asked)
    loadCode(asked).then(show, show)
    return () => void (current = false)
  }, [asked])
  return here ? asked : shown
}
const codeHere = (screen: Screen) => screen === 'profile' || screens[screen].loaded()

/**
 * The content region is one scroller for every screen: a screen opens at its top, never at the place the screen
 * before it was scrolled to (its heading would be out of view, or its middle shown as if it were its start).
 */
function useScreenOpensAtTop(shown: Screen | null) {
  const region = useRef<HTMLElement>(null)
  useLayoutEffect(() => {
    region.current?.scrollTo({ top: 0, left: 0, behavior: 'instant' })
  }, [shown])
  return region
}

function CurrentScreen({ screen }: { screen: Screen }) {
  const Current = screen === 'profile' ? ProfileScreen : screens[screen].Screen
  return <Current />
}

/** Shows the active account's cache at once, then syncs what is older than a few minutes. */
function useActiveAccountData() {
  const accountId = useAccounts((s) => activeAccount(s.state)?.id)
  const { load, sync } = useSync()
  useEffect(() => {
    if (!accountId) return
    const cached = useSync.getState().byAccount[accountId]
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
  useActiveAccountData()
  usePreloadedScreens()
  const noAccounts = state?.accounts.length === 0
  useEffect(() => {
    // Without an account the app starts on the welcome screen, and stays there until the user
    // continues, so a User Token's check result (what it allows) can be read.
    if (noAccounts && useNav.getState().screen !== 'settings') go('welcome')
  }, [noAccounts, go])
  const signedIn = (state?.accounts.length ?? 0) > 0
  const asked: Screen = !signedIn && screen !== 'settings' ? 'welcome' : screen
  const shown = useLoadedScreen(state ? asked : null)
  const region = useScreenOpensAtTop(shown)
  if (!settings || !state || !shown) return <p className="loading">{t('app.loading')}</p>
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="topbar">
        <span className="brand">
          <img src={markUrl} alt="" width={28} height={28} />
          <span className="brand-name" title={t('app.title')}>
            {t('app.title')}
          </span>
        </span>
        <div className="topbar-actions">
          <RefreshButton />
          <AccountSwitcher />
        </div>
      </header>
      <StorageChoiceBanner />
      <OfflineBanner />
      <DataNoticesBanner />
      <SavedFileBanner />
      {signedIn && <ChartListBanner />}
      <div className="body">
        <nav aria-label={t('nav.label')} className="sidenav">
          {!signedIn && (
            <button type="button" aria-current={asked === 'welcome' ? 'page' : undefined} onClick={() => go('welcome')}>
              {t('nav.welcome')}
            </button>
          )}
          {SCREENS.map((s) => (
            <button
              key={s}
              type="button"
              aria-current={asked === s ? 'page' : undefined}
              disabled={!signedIn && s !== 'settings'}
              onClick={() => go(s)}
            >
              {t(`nav.${s}`)}
            </button>
          ))}
        </nav>
        <main id="main" ref={region} tabIndex={-1} data-screen={shown}>
          {signedIn && <SinceLastTimeOnOpen />}
          <ScreenBoundary key={shown} screen={shown} onReload={() => shown !== 'profile' && screens[shown].reset()}>
            <Suspense
              fallback={
                <div className="screen" data-testid="screen-loading">
                  <Skeleton lines={5} />
                </div>
              }
            >
              <CurrentScreen screen={shown} />
            </Suspense>
          </ScreenBoundary>
        </main>
      </div>
      <PageDialogs />
      {signedIn && <ChartHistoryHost />}
      <FocusTooltip />
    </div>
  )
}
