import { validateChartListUrl } from '../chart-list/chart-list'
import { app, BrowserWindow, Notification, shell } from 'electron'
import { appendFileSync, chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { DEFAULT_LOCAL_BASE_URL, validateBaseUrl } from '../../shared/deployments'
import { Language } from '../../shared/settings'
import { createCore, type Core } from '../core/create-core'
import { CrashGuard } from '../crash-guard/crash-guard'
import { playsWorkerAt } from '../game-folder/plays-off-thread'
import { sessionsWorkerAt } from '../sessions/off-thread'
import { plannerWorkerAt } from '../planner/off-thread'
import { HIDDEN_ARG } from '../desktop/login-item'
import { closeAction } from '../desktop/tray-menu'
import { createDispatcher } from '../ipc/dispatcher'
import { fileLogger } from '../logging/logger'
import { redactor } from '../logging/redact'
import { messagesFor } from '../i18n'
import { electronDesktop } from './desktop'
import { registerIpc } from './ipc'
import { registerAppScheme, serveRenderer } from './protocol'
import { electronSecretCipher } from './secret-cipher'
import { applyLoginItem, currentWindowState, installAppMenu, installTray, restoredBounds } from './shell'
import { openElectronStore } from './store'
import { electronUpdaterPort } from './updater'
import { createMainWindow, devRendererUrl, hardenSession, isAppUrl } from './window'

/** The id Windows shows notifications under (it must match the installer's appId). */
export const APP_USER_MODEL_ID = 'app.companion.milkloud'

registerAppScheme()
if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID)

// Development only (npm run demo): a data folder of its own, so a demo never touches real sign-ins, and its
// logs and default backup folder inside it, so it writes nothing in the user's own folders.
const demoDataDir = !app.isPackaged ? process.env.COMPANION_USER_DATA_DIR : undefined
if (demoDataDir) {
  app.setPath('userData', demoDataDir)
  for (const [name, sub] of [
    ['logs', 'logs'],
    ['documents', 'documents']
  ] as const) {
    mkdirSync(join(demoDataDir, sub), { recursive: true })
    app.setPath(name, join(demoDataDir, sub))
  }
}
/** `npm run demo`: its sample game folder (development only). */
const sampleGameFolder = !app.isPackaged ? (process.env.COMPANION_SAMPLE_GAME_FOLDER ?? null) : null

/**
 * Chromium's own controls (date fields, spelling) follow the app's language from the start: read
 * from the saved settings before the app is ready (a file that does not read changes nothing).
 */
function applySavedLanguage(): void {
  try {
    const saved = (JSON.parse(readFileSync(join(app.getPath('userData'), 'app.json'), 'utf8')) as { settings?: { language?: unknown } })
      .settings
    const language = Language.safeParse(saved?.language)
    if (language.success) app.commandLine.appendSwitch('lang', language.data)
  } catch {
    // no settings yet, or unreadable: the system language
  }
}
applySavedLanguage()

/** `npm run demo` passes the reference service's demo accounts for the welcome screen. */
function demoAccountsFromEnv(): { username: string; password: string }[] {
  try {
    const parsed: unknown = JSON.parse(process.env.COMPANION_DEMO_ACCOUNTS ?? '[]')
    return Array.isArray(parsed)
      ? parsed.filter(
          (a): a is { username: string; password: string } => typeof a?.username === 'string' && typeof a?.password === 'string'
        )
      : []
  } catch {
    return []
  }
}

/** Local (the reference service) exists in development, or when COMPANION_LOCAL_BASE_URL names one; never in a packaged app otherwise. */
function localBaseUrl(): string | null {
  const fromEnv = process.env.COMPANION_LOCAL_BASE_URL
  if (fromEnv) {
    const valid = validateBaseUrl(fromEnv)
    return valid.ok ? valid.url : null
  }
  return app.isPackaged ? null : DEFAULT_LOCAL_BASE_URL
}

/** The chart list's default address: a loopback list host in development (the demo's), else the community's. */
function chartListUrl(): string | null {
  const fromEnv = process.env.COMPANION_CHART_LIST_URL
  if (!fromEnv || app.isPackaged) return null
  const valid = validateChartListUrl(fromEnv)
  return valid.ok ? valid.url : null
}

/**
 * The last line of defence (crash-guard.ts): an unhandled rejection is logged and told, and the app
 * goes on; an uncaught exception relaunches the app once (never in a loop), told at the next start.
 * The log line is written synchronously: the process may end right after it.
 */
function installCrashGuard(core: () => Core | null): CrashGuard {
  const logPath = join(app.getPath('logs'), 'main.log')
  const markerPath = join(app.getPath('userData'), 'crash-marker.json')
  const guard = new CrashGuard({
    clock: { now: () => Date.now() },
    marker: {
      read: () => {
        try {
          return readFileSync(markerPath, 'utf8')
        } catch {
          return null
        }
      },
      write: (text) => {
        writeFileSync(`${markerPath}.tmp`, text, { mode: 0o600 })
        renameSync(`${markerPath}.tmp`, markerPath)
      }
    },
    log: (kind, error) => {
      const stack = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error)
      mkdirSync(dirname(logPath), { recursive: true })
      appendFileSync(logPath, `${JSON.stringify({ level: 60, time: Date.now(), kind, stack: redactor.text(stack), msg: kind })}\n`)
    },
    notify: (title, body) => {
      if (app.isReady() && Notification.isSupported()) new Notification({ title, body }).show()
    },
    messages: () => messagesFor(core()?.desktop.language() ?? 'en'),
    relaunch: () => {
      app.relaunch()
      app.exit(0)
    },
    quit: () => app.exit(1),
    logPath,
    logFileInDataDir: relative(app.getPath('userData'), logPath)
  })
  process.on('uncaughtException', (error) => void guard.uncaughtException(error))
  process.on('unhandledRejection', (reason) => void guard.unhandledRejection(reason))
  return guard
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  let running: Core | null = null
  const crashGuard = installCrashGuard(() => running)
  let mainWindow: BrowserWindow | null = null
  let removeTray: (() => void) | null = null
  let quitting = false
  const devUrl = devRendererUrl(app.isPackaged)
  const startHidden = process.argv.includes(HIDDEN_ARG)

  // eslint-disable-next-line max-lines-per-function -- the app's start, in the order Electron needs it
  void app.whenReady().then(() => {
    hardenSession()
    // The data folder holds sign-ins (encrypted) and the account's data: this user only.
    if (process.platform !== 'win32') chmodSync(app.getPath('userData'), 0o700)
    const logger = fileLogger(join(app.getPath('logs'), 'main.log'))
    serveRenderer(join(import.meta.dirname, '../renderer'))
    const restarted = crashGuard.startupNotice()
    const core = createCore(
      {
        identity: {
          name: app.getName(),
          version: app.getVersion(),
          platform: process.platform,
          host: 'electron',
          systemLanguage: app.getLocale(),
          packaged: app.isPackaged
        },
        dataDir: app.getPath('userData'),
        openRawStore: openElectronStore,
        openExternal: (url) => shell.openExternal(url),
        secretCipher: electronSecretCipher,
        logger,
        desktop: electronDesktop(
          () => mainWindow,
          () => showWindow()
        ),
        startupNotices: restarted ? [restarted] : []
      },
      {
        accounts: { localBaseUrl: localBaseUrl(), localDemoAccounts: demoAccountsFromEnv() },
        chartList: { url: chartListUrl() },
        gameFolder: {
          sampleFolder: sampleGameFolder,
          // Built beside this file (electron.vite.config.ts): a big data.db is imported on it.
          playsWorker: playsWorkerAt(join(import.meta.dirname, 'plays-worker.js'))
        },
        sessions: { worker: sessionsWorkerAt(join(import.meta.dirname, 'sessions-worker.js')) },
        planner: { worker: plannerWorkerAt(join(import.meta.dirname, 'planner-worker.js')) },
        updates: { updater: app.isPackaged ? electronUpdaterPort() : null }
      }
    )
    running = core
    const dispatch = createDispatcher({
      handlers: core.handlers,
      isTrustedSender: (sender) => isAppUrl(sender.url, devUrl),
      onError: (channel, error) => logger.warn({ channel, error }, 'ipc call failed')
    })
    registerIpc(dispatch, core.events, () => mainWindow)
    const windowStore = openElectronStore('window')

    function createWindow(show: boolean): BrowserWindow {
      const bounds = restoredBounds(windowStore.get('state'))
      const win = createMainWindow(devUrl, bounds, show)
      win.on('close', (event) => {
        windowStore.set('state', currentWindowState(win))
        const action = closeAction(core.desktop.settings(), process.platform)
        if (!quitting && action === 'hide') {
          // Automatic backups go on from the tray.
          event.preventDefault()
          win.hide()
        }
      })
      win.on('closed', () => (mainWindow = null))
      return win
    }
    function showWindow(): void {
      mainWindow ??= createWindow(true)
      if (mainWindow.isMinimized()) mainWindow.restore()
      mainWindow.show()
      mainWindow.focus()
    }
    const quit = () => {
      quitting = true
      app.quit()
    }

    mainWindow = createWindow(!startHidden)
    installAppMenu(core.desktop, showWindow)
    // The tray is there while the app may run without its window; the login item follows its setting.
    let loginItem: boolean | null = null
    const syncDesktop = () => {
      const settings = core.desktop.settings()
      const wantTray = settings.keepRunningInTray || startHidden
      if (wantTray && !removeTray)
        removeTray = installTray(core.desktop, join(import.meta.dirname, '../../resources/icon.png'), { open: showWindow, quit })
      if (!wantTray && removeTray) {
        removeTray()
        removeTray = null
      }
      if (settings.startAtLogin === loginItem) return
      loginItem = settings.startAtLogin
      applyLoginItem(loginItem, process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'))
    }
    syncDesktop()
    core.desktop.onChange(syncDesktop)
    app.on('second-instance', showWindow)
    app.on('activate', showWindow)
    app.on('before-quit', () => {
      quitting = true
      void core.dispose()
    })
    core.start()
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
