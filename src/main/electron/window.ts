import { BrowserWindow, session, type WebContents } from 'electron'
import { join } from 'node:path'
import { APP_ORIGIN } from './protocol'

export function rendererEntryUrl(): string {
  return process.env.ELECTRON_RENDERER_URL ?? `${APP_ORIGIN}/index.html`
}

export function isAppUrl(url: string): boolean {
  const devUrl = process.env.ELECTRON_RENDERER_URL
  if (devUrl && url.startsWith(new URL(devUrl).origin + '/')) return true
  return url.startsWith(`${APP_ORIGIN}/`)
}

/** Deny by default: no new windows, no navigation away, no permissions, no webviews. */
function lockDown(contents: WebContents): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault()
  })
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
}

export function hardenSession(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.defaultSession.setPermissionCheckHandler(() => false)
}

export function createMainWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Game Account Companion',
    backgroundColor: '#10131a',
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      spellcheck: false
    }
  })
  lockDown(win.webContents)
  win.once('ready-to-show', () => win.show())
  void win.loadURL(rendererEntryUrl())
  return win
}

