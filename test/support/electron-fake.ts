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
  encryptionAvailable: true
}

export const app = {
  getPath: (name: string) => (name === 'userData' ? fakeState.userData : join(fakeState.userData, name)),
  getVersion: () => '0.0.0-test',
  getName: () => 'Game Account Companion',
  getLocale: () => 'en-US'
} satisfies Pick<Electron.App, 'getPath' | 'getVersion' | 'getName' | 'getLocale'>

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

export default { app, ipcMain, shell, safeStorage, protocol, net, session, BrowserWindow }
