import { app, BrowserWindow, shell } from 'electron'
import { join } from 'node:path'
import { createCore } from '../core/create-core'
import { DEFAULT_LOCAL_BASE_URL } from '../../shared/deployments'
import { createDispatcher } from '../ipc/dispatcher'
import { fileLogger } from '../logging/logger'
import { registerIpc } from './ipc'
import { registerAppScheme, serveRenderer } from './protocol'
import { electronDesktop } from './desktop'
import { electronSecretCipher } from './secret-cipher'
import { openElectronStore } from './store'
import { createMainWindow, hardenSession, isAppUrl } from './window'

registerAppScheme()

/** `npm run demo` passes the reference service's demo accounts for the welcome screen. */
function demoAccountsFromEnv(): { username: string; password: string }[] {
  try {
    const parsed: unknown = JSON.parse(process.env.COMPANION_DEMO_ACCOUNTS ?? '[]')
    return Array.isArray(parsed) ? parsed.filter((a): a is { username: string; password: string } => typeof a?.username === 'string' && typeof a?.password === 'string') : []
  } catch {
    return []
  }
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  let mainWindow: BrowserWindow | null = null

  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore()
    mainWindow?.focus()
  })

  void app.whenReady().then(() => {
    hardenSession()
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
      openStore: openElectronStore,
      openExternal: (url) => shell.openExternal(url),
      secretCipher: electronSecretCipher,
      logger,
      desktop: electronDesktop(() => mainWindow),
      localBaseUrl: process.env.COMPANION_LOCAL_BASE_URL ?? DEFAULT_LOCAL_BASE_URL,
      localDemoAccounts: demoAccountsFromEnv()
    })
    const dispatch = createDispatcher({
      handlers: core.handlers,
      isTrustedSender: (sender) => isAppUrl(sender.url),
      onError: (channel, error) => logger.warn({ channel, error }, 'ipc call failed')
    })
    registerIpc(dispatch, core.events, () => mainWindow)
    mainWindow = createMainWindow()
    mainWindow.on('closed', () => (mainWindow = null))
    core.startBackground()
    app.on('before-quit', () => core.dispose())
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createMainWindow()
  })
}
