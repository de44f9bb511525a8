import { BrowserWindow, session, type WebContents } from 'electron'
import { join } from 'node:path'
import { MIN_SIZE } from '../desktop/window-state'
import { APP_ORIGIN } from './protocol'

/**
 * The electron-vite dev server's address, honoured only in an unpackaged (development) run: a
 * packaged app never lets its launch environment point the window, and the bridge, at another page.
 */
export function devRendererUrl(isPackaged: boolean, env: NodeJS.ProcessEnv = process.env): string | null {
  if (isPackaged) return null
  const url = env.ELECTRON_RENDERER_URL
  try {
    return url && new URL(url).protocol.startsWith('http') ? url : null
  } catch {
    return null
  }
}

export function rendererEntryUrl(devUrl: string | null): string {
  return devUrl ?? `${APP_ORIGIN}/index.html`
}

export function isAppUrl(url: string, devUrl: string | null): boolean {
  if (devUrl && url.startsWith(new URL(devUrl).origin + '/')) return true
  return url.startsWith(`${APP_ORIGIN}/`)
}

/** Deny by default: no new windows, no navigation away, no permissions, no webviews. */
function lockDown(contents: WebContents, devUrl: string | null): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, devUrl)) event.preventDefault()
  })
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url, devUrl)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
}

export function hardenSession(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.defaultSession.setPermissionCheckHandler(() => false)
}

export function createMainWindow(
  devUrl: string | null,
  bounds: { x?: number; y?: number; width: number; height: number; maximized: boolean } = { width: 1280, height: 800, maximized: false },
  show = true
): BrowserWindow {
  const win = new BrowserWindow({
    x: bounds.x,
    y: bounds.y,
    width: bounds.width,
    height: bounds.height,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
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
      spellcheck: false,
      // A middle click (auxclick) could open a link outside the navigation handlers (Electronegativity AUXCLICK_JS_CHECK).
      disableBlinkFeatures: 'Auxclick'
    }
  })
  lockDown(win.webContents, devUrl)
  win.once('ready-to-show', () => {
    if (bounds.maximized) win.maximize()
    // Started at login: hidden in the tray until opened.
    if (show) win.show()
  })
  void win.loadURL(rendererEntryUrl(devUrl))
  return win
}
