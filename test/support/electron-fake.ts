// Stands in for the `electron` module in tests (see vitest.config.ts). It implements just what the
// adapter folder and electron-store touch, in memory, so adapters can be exercised without Electron.
// Every export `satisfies` the part of Electron's own API types it stands for, so it cannot drift
// from the real module: a changed signature in a new Electron fails the typecheck here.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type * as Electron from 'electron'

type Handler = (event: Electron.IpcMainInvokeEvent, ...args: unknown[]) => unknown
type StorageBackend = ReturnType<Electron.SafeStorage['getSelectedStorageBackend']>

export const fakeState = {
  userData: mkdtempSync(join(tmpdir(), 'companion-electron-fake-')),
  version: '0.0.0-test',
  handlers: new Map<string, Handler>(),
  opened: [] as string[],
  backend: 'gnome_libsecret' as StorageBackend,
  encryptionAvailable: true,
  applicationMenu: null as FakeMenu | null,
  trays: [] as Tray[],
  loginItems: [] as Electron.Settings[],
  displays: [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }] as { workArea: Electron.Rectangle }[],
  /** `app.isPackaged`: the packaged-app proof sets it. */
  packaged: false,
  windows: [] as BrowserWindow[],
  protocolHandlers: new Map<string, (request: Request) => Response | Promise<Response>>(),
  privilegedSchemes: [] as Electron.CustomScheme[],
  appListeners: new Map<string, ((...args: unknown[]) => void)[]>(),
  switches: [] as string[][],
  notifications: [] as Notification[],
  quitRequests: 0,
  paths: new Map<string, string>()
}

/** Calls the listeners the app registered for an `app` event; returns the event passed to them. */
export function emitAppEvent(name: string, ...args: unknown[]) {
  const event = { defaultPrevented: false, preventDefault: () => void (event.defaultPrevented = true) }
  for (const listener of fakeState.appListeners.get(name) ?? []) listener(event, ...args)
  return event
}

export const app = {
  getPath: (name: string) => fakeState.paths.get(name) ?? (name === 'userData' ? fakeState.userData : join(fakeState.userData, name)),
  setPath: (name: string, path: string) => void fakeState.paths.set(name, path),
  getVersion: () => fakeState.version,
  getName: () => 'Game Account Companion',
  getLocale: () => 'en-US',
  getAppPath: () => process.cwd(),
  get isPackaged() {
    return fakeState.packaged
  },
  setLoginItemSettings: (settings: Electron.Settings) => void fakeState.loginItems.push(settings),
  setAppUserModelId: () => {},
  requestSingleInstanceLock: () => true,
  whenReady: () => Promise.resolve(),
  commandLine: { appendSwitch: (name: string, value?: string) => void fakeState.switches.push([name, value ?? '']) },
  on(name: string, listener: (...args: never[]) => void) {
    fakeState.appListeners.set(name, [...(fakeState.appListeners.get(name) ?? []), listener as (...args: unknown[]) => void])
    return app as unknown as Electron.App
  },
  /** As Electron does: before-quit (which may be prevented), then will-quit and quit. */
  quit() {
    fakeState.quitRequests++
    if (emitAppEvent('before-quit').defaultPrevented) return
    emitAppEvent('will-quit')
    emitAppEvent('quit')
  }
} satisfies Pick<
  Electron.App,
  | 'getPath'
  | 'setPath'
  | 'getVersion'
  | 'getName'
  | 'getLocale'
  | 'getAppPath'
  | 'isPackaged'
  | 'setLoginItemSettings'
  | 'setAppUserModelId'
  | 'requestSingleInstanceLock'
  | 'whenReady'
  | 'quit'
> & { commandLine: Pick<Electron.CommandLine, 'appendSwitch'>; on: unknown }

/** A built menu: the template it was built from, with its click handlers. */
export class FakeMenu {
  constructor(readonly template: Electron.MenuItemConstructorOptions[]) {}
  /** Every item, depth first. */
  items(): Electron.MenuItemConstructorOptions[] {
    const walk = (list: Electron.MenuItemConstructorOptions[]): Electron.MenuItemConstructorOptions[] =>
      list.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? walk(i.submenu) : [])])
    return walk(this.template)
  }
}
export const Menu = {
  buildFromTemplate: (template: Electron.MenuItemConstructorOptions[]) => new FakeMenu(template) as unknown as Electron.Menu,
  setApplicationMenu: (menu: Electron.Menu | null) => void (fakeState.applicationMenu = menu as unknown as FakeMenu | null)
} satisfies Pick<typeof Electron.Menu, 'buildFromTemplate' | 'setApplicationMenu'>

export const nativeImage = {
  createFromPath: (path: string) => ({ path, resize: () => ({ path }) }) as unknown as Electron.NativeImage
} satisfies Pick<typeof Electron.nativeImage, 'createFromPath'>

export const screen = {
  getAllDisplays: () => fakeState.displays as unknown as Electron.Display[]
} satisfies Pick<Electron.Screen, 'getAllDisplays'>

/** The tray icon: its tooltip and context menu as the app last set them. */
export class Tray implements Pick<Electron.Tray, 'setToolTip' | 'setContextMenu' | 'destroy'> {
  tooltip = ''
  menu: FakeMenu | null = null
  destroyed = false
  readonly listeners = new Map<string, () => void>()
  constructor(readonly image: Electron.NativeImage) {
    fakeState.trays.push(this)
  }
  setToolTip(tooltip: string) {
    this.tooltip = tooltip
  }
  setContextMenu(menu: Electron.Menu | null) {
    this.menu = menu as unknown as FakeMenu | null
  }
  on(event: string, listener: () => void) {
    this.listeners.set(event, listener)
    return this
  }
  destroy() {
    this.destroyed = true
  }
}

export const ipcMain = {
  handle: (channel: string, handler: Handler) => void fakeState.handlers.set(channel, handler),
  removeHandler: (channel: string) => void fakeState.handlers.delete(channel),
  on(): Electron.IpcMain {
    return ipcMain as unknown as Electron.IpcMain
  }
} satisfies Pick<Electron.IpcMain, 'handle' | 'removeHandler' | 'on'>

export const shell = {
  openExternal: async (url: string) => void fakeState.opened.push(url),
  openPath: async () => '',
  showItemInFolder: () => {},
  trashItem: async () => {}
} satisfies Pick<Electron.Shell, 'openExternal' | 'openPath' | 'showItemInFolder' | 'trashItem'>

export const dialog = {
  showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
  showSaveDialog: async () => ({ canceled: true })
}

/** A system notification: shown ones are kept so a test can click them. */
export class Notification {
  static isSupported = () => true
  readonly listeners = new Map<string, () => void>()
  constructor(readonly options: Electron.NotificationConstructorOptions) {}
  on(event: string, listener: () => void) {
    this.listeners.set(event, listener)
    return this
  }
  show() {
    fakeState.notifications.push(this)
  }
}

const MARK = 'fake-encrypted:'
export const safeStorage = {
  isAsyncEncryptionAvailable: async () => fakeState.encryptionAvailable,
  getSelectedStorageBackend: () => fakeState.backend,
  encryptStringAsync: async (plain: string) => Buffer.from(MARK + Buffer.from(plain).toString('base64')),
  decryptStringAsync: async (data: Buffer) => ({
    shouldReEncrypt: false,
    result: Buffer.from(data.toString().slice(MARK.length), 'base64').toString()
  })
} satisfies Pick<
  Electron.SafeStorage,
  'isAsyncEncryptionAvailable' | 'getSelectedStorageBackend' | 'encryptStringAsync' | 'decryptStringAsync'
>

export const protocol = {
  registerSchemesAsPrivileged: (schemes: Electron.CustomScheme[]) => void fakeState.privilegedSchemes.push(...schemes),
  handle: (scheme: string, handler: (request: Request) => Response | Promise<Response>) =>
    void fakeState.protocolHandlers.set(scheme, handler)
} satisfies Pick<Electron.Protocol, 'registerSchemesAsPrivileged' | 'handle'>

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' }
/** Electron's net.fetch reads file: URLs; Node's fetch does not, so they are read here. */
export const net = {
  fetch: async (input: string | Request) => {
    const url = typeof input === 'string' ? input : input.url
    if (!url.startsWith('file:')) return fetch(input)
    const path = fileURLToPath(url)
    try {
      return new Response(readFileSync(path), { headers: { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' } })
    } catch {
      return new Response('', { status: 404 })
    }
  }
} satisfies Pick<Electron.Net, 'fetch'>
export const session = {
  defaultSession: { setPermissionRequestHandler: () => {}, setPermissionCheckHandler: () => {} } satisfies Pick<
    Electron.Session,
    'setPermissionRequestHandler' | 'setPermissionCheckHandler'
  >
}
type Listener = (...args: unknown[]) => void
class Emitter {
  readonly listeners = new Map<string, Listener[]>()
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener])
    return this
  }
  once(event: string, listener: Listener) {
    const wrapped: Listener = (...args) => {
      this.listeners.set(
        event,
        (this.listeners.get(event) ?? []).filter((l) => l !== wrapped)
      )
      listener(...args)
    }
    return this.on(event, wrapped)
  }
  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args)
  }
}

/** The page a window shows: what it loaded, what main sent it, and the handlers the app set. */
class FakeWebContents extends Emitter {
  readonly mainFrame = { url: '' }
  readonly sent: { channel: string; payload: unknown }[] = []
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler
  }
  send(channel: string, payload: unknown) {
    this.sent.push({ channel, payload })
  }
  isDestroyed = () => false
}

/** A window: the options it was made with, and its visible state. Closing runs the app's close handlers. */
export class BrowserWindow
  extends Emitter
  implements Pick<Electron.BrowserWindow, 'show' | 'hide' | 'focus' | 'isMinimized' | 'restore' | 'isMaximized' | 'isDestroyed'>
{
  readonly webContents = new FakeWebContents()
  visible = false
  maximized = false
  destroyed = false
  constructor(readonly options: Electron.BrowserWindowConstructorOptions) {
    super()
    this.visible = options.show !== false
    fakeState.windows.push(this)
  }
  async loadURL(url: string) {
    this.webContents.mainFrame.url = url
    // The page is ready at once; the app shows the window then.
    queueMicrotask(() => this.emit('ready-to-show'))
  }
  show() {
    this.visible = true
  }
  hide() {
    this.visible = false
  }
  focus() {}
  isMinimized = () => false
  restore() {}
  maximize() {
    this.maximized = true
  }
  isMaximized = () => this.maximized
  isDestroyed = () => this.destroyed
  getNormalBounds() {
    const { x = 0, y = 0, width = 800, height = 600 } = this.options
    return { x, y, width, height }
  }
  /** As the user closing it: the app may prevent that (hide instead); otherwise it is gone. */
  close() {
    const event = { defaultPrevented: false, preventDefault: () => void (event.defaultPrevented = true) }
    this.emit('close', event)
    if (event.defaultPrevented) return
    this.destroyed = true
    this.emit('closed')
    if (fakeState.windows.every((w) => w.destroyed)) emitAppEvent('window-all-closed')
  }
}

/** @public electron-store reads the module's default export (`import electron from 'electron'`). */
export default {
  app,
  ipcMain,
  shell,
  dialog,
  Notification,
  safeStorage,
  protocol,
  net,
  session,
  BrowserWindow,
  Menu,
  nativeImage,
  screen,
  Tray
}
