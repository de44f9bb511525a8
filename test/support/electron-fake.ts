// Stands in for the `electron` module in tests (see vitest.config.ts). It implements just what the
// adapter folder and electron-store touch, in memory, so adapters can be exercised without Electron.
// Every export `satisfies` the part of Electron's own API types it stands for, so it cannot drift
// from the real module: a changed signature in a new Electron fails the typecheck here.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type * as Electron from 'electron'

type Handler = (event: Electron.IpcMainInvokeEvent, ...args: unknown[]) => unknown
type StorageBackend = ReturnType<Electron.SafeStorage['getSelectedStorageBackend']>

export const fakeState = {
  userData: mkdtempSync(join(tmpdir(), 'companion-electron-fake-')),
  handlers: new Map<string, Handler>(),
  opened: [] as string[],
  backend: 'gnome_libsecret' as StorageBackend,
  encryptionAvailable: true,
  applicationMenu: null as FakeMenu | null,
  trays: [] as Tray[],
  loginItems: [] as Electron.Settings[],
  displays: [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }] as { workArea: Electron.Rectangle }[]
}

export const app = {
  getPath: (name: string) => (name === 'userData' ? fakeState.userData : join(fakeState.userData, name)),
  getVersion: () => '0.0.0-test',
  getName: () => 'Game Account Companion',
  getLocale: () => 'en-US',
  setLoginItemSettings: (settings: Electron.Settings) => void fakeState.loginItems.push(settings)
} satisfies Pick<Electron.App, 'getPath' | 'getVersion' | 'getName' | 'getLocale' | 'setLoginItemSettings'>

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
  openPath: async () => ''
} satisfies Pick<Electron.Shell, 'openExternal' | 'openPath'>

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

export const protocol = { registerSchemesAsPrivileged: () => {}, handle: () => {} } satisfies Pick<
  Electron.Protocol,
  'registerSchemesAsPrivileged' | 'handle'
>
export const net = { fetch: (url: string | Request) => fetch(url) } satisfies Pick<Electron.Net, 'fetch'>
export const session = {
  defaultSession: { setPermissionRequestHandler: () => {}, setPermissionCheckHandler: () => {} } satisfies Pick<
    Electron.Session,
    'setPermissionRequestHandler' | 'setPermissionCheckHandler'
  >
}
export class BrowserWindow {}

export default { app, ipcMain, shell, safeStorage, protocol, net, session, BrowserWindow, Menu, nativeImage, screen, Tray }
