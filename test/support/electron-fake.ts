// Stands in for the `electron` module in tests (see vitest.config.ts). It implements just what the
// adapter folder and electron-store touch, in memory, so adapters can be exercised without Electron.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

type Handler = (event: unknown, ...args: unknown[]) => unknown

export const fakeState = {
  userData: mkdtempSync(join(tmpdir(), 'companion-electron-fake-')),
  handlers: new Map<string, Handler>(),
  opened: [] as string[],
  backend: 'gnome_libsecret' as string,
  encryptionAvailable: true
}

export const app = {
  getPath: (name: string) => (name === 'userData' ? fakeState.userData : join(fakeState.userData, name)),
  getVersion: () => '0.0.0-test',
  getName: () => 'Game Account Companion',
  getLocale: () => 'en-US'
}

export const ipcMain = {
  handle: (channel: string, handler: Handler) => void fakeState.handlers.set(channel, handler),
  removeHandler: (channel: string) => void fakeState.handlers.delete(channel),
  on: () => ipcMain
}

export const shell = {
  openExternal: async (url: string) => void fakeState.opened.push(url),
  openPath: async () => ''
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
}

export const protocol = { registerSchemesAsPrivileged: () => {}, handle: () => {} }
export const net = { fetch: (url: string) => fetch(url) }
export const session = { defaultSession: { setPermissionRequestHandler: () => {}, setPermissionCheckHandler: () => {} } }
export class BrowserWindow {}

export default { app, ipcMain, shell, safeStorage, protocol, net, session, BrowserWindow }
