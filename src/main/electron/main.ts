import { app, BrowserWindow, shell } from 'electron'
import { chmodSync } from 'node:fs'
import { join } from 'node:path'
import { createCore } from '../core/create-core'
import { DEFAULT_LOCAL_BASE_URL, validateBaseUrl } from '../../shared/deployments'
import { createDispatcher } from '../ipc/dispatcher'
import { fileLogger } from '../logging/logger'
import { registerIpc } from './ipc'
import { registerAppScheme, serveRenderer } from './protocol'
import { electronDesktop } from './desktop'
import { electronSecretCipher } from './secret-cipher'
import { openElectronStore } from './store'
import { createMainWindow, devRendererUrl, hardenSession, isAppUrl } from './window'

registerAppScheme()

// Development only (npm run demo): a data folder of its own, so a demo never touches real sign-ins.
if (!app.isPackaged && process.env.COMPANION_USER_DATA_DIR) app.setPath('userData', process.env.COMPANION_USER_DATA_DIR)

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

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  let mainWindow: BrowserWindow | null = null
  const devUrl = devRendererUrl(app.isPackaged)

  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore()
    mainWindow?.focus()
  })

  void app.whenReady().then(() => {
    hardenSession()
    // The data folder holds sign-ins (encrypted) and the account's data: this user only.
    if (process.platform !== 'win32') chmodSync(app.getPath('userData'), 0o700)
    const logger = fileLogger(join(app.getPath('logs'), 'main.log'))
    serveRenderer(join(import.meta.dirname, '../renderer'))
    const core = createCore({
      identity: {
        name: app.getName(),
        version: app.getVersion(),
        platform: process.platform,
        host: 'electron',
        systemLanguage: app.getLocale()
      },
      dataDir: app.getPath('userData'),
      openRawStore: openElectronStore,
      openExternal: (url) => shell.openExternal(url),
      secretCipher: electronSecretCipher,
      logger,
      desktop: electronDesktop(() => mainWindow),
      localBaseUrl: localBaseUrl(),
      localDemoAccounts: demoAccountsFromEnv()
    })
    const dispatch = createDispatcher({
      handlers: core.handlers,
      isTrustedSender: (sender) => isAppUrl(sender.url, devUrl),
      onError: (channel, error) => logger.warn({ channel, error }, 'ipc call failed')
    })
    registerIpc(dispatch, core.events, () => mainWindow)
    mainWindow = createMainWindow(devUrl)
    mainWindow.on('closed', () => (mainWindow = null))
    core.start()
    app.on('before-quit', () => void core.dispose())
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createMainWindow(devUrl)
  })
}
