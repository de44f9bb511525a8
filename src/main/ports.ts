import type { StorageProtection } from '../shared/accounts'
import type { FolderRequest } from '../shared/dialogs'

/**
 * What the services need from the platform. The Electron adapter, the web host, the CLI and the
 * tests each provide these; no service imports `electron` or touches globals directly.
 */
export interface KeyValueStore {
  get(key: string): unknown
  set(key: string, value: unknown): void
  delete(key: string): void
  /** Absolute path of the file backing the store. */
  readonly path: string
  /** A reader found a value it cannot use: keep a copy of the file (once) before anything overwrites it, and say so. */
  quarantine(detail: string): void
}

/** Opens the store library's file `<data folder>/<name>.json` (electron-store in the app, conf elsewhere). */
export type OpenRawStore = (name: string) => import('./storage/local-data').RawStore

export interface Clock {
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }

export type OpenExternal = (url: string) => Promise<void>

export interface AppIdentity {
  name: string
  version: string
  platform: string
  host: 'electron' | 'web'
  systemLanguage: string
  /** A packaged build (electron-builder); updates are only looked for there. */
  packaged?: boolean
  /** Who writes manifests and holds the library's locks: the app (default) or the CLI. */
  program?: 'app' | 'cli'
}

/** Encrypts secrets at rest: Electron safeStorage in the app, AES-GCM with a given key elsewhere. */
export interface SecretCipher {
  protection(): Promise<StorageProtection>
  encrypt(plain: string): Promise<string>
  decrypt(cipherText: string): Promise<string>
}

export type Fetch = typeof fetch

/** What only a desktop shell can do. The web host and tests provide stand-ins. */
export interface DesktopPort {
  documentsDir: string
  /** A folder the user picks; `request` says why and what to offer (the web host's page shows them as a list). */
  chooseFolder(request?: FolderRequest): Promise<string | null>
  chooseSavePath(suggestedName: string): Promise<string | null>
  revealInFolder(path: string): void
  /** A system notification; `onClick` runs when the user clicks it. */
  notify(title: string, body: string, onClick?: () => void): void
  /** Moves a file to the OS trash; null where there is none (the library's own `.trash` is used). */
  trashItem: ((path: string) => Promise<void>) | null
}

/**
 * The file operations the data folder and the backup library use. The Node implementation is
 * `nodeFiles` (platform-node/files.ts); tests wrap it to inject faults (disk full, read-only).
 */
export interface FileSystem {
  readFile(path: string): Promise<Buffer>
  readdir(path: string): Promise<string[]>
  lstat(path: string): Promise<import('node:fs').Stats>
  stat(path: string): Promise<import('node:fs').Stats>
  realpath(path: string): Promise<string>
  mkdir(path: string, options?: { recursive?: boolean; mode?: number }): Promise<unknown>
  rm(path: string, options?: { force?: boolean; recursive?: boolean }): Promise<void>
  rename(from: string, to: string): Promise<void>
  open(path: string, flags: string, mode?: number): Promise<import('node:fs/promises').FileHandle>
  utimes(path: string, atime: Date, mtime: Date): Promise<void>
  /** Unique temp name, fsync of file and folder, rename over `path`. */
  writeAtomic(path: string, data: string | Uint8Array, options?: { mode?: number }): Promise<void>
  /** Gives `from` the second name `to` (a hard link): `exists` when `to` is taken, `no-links` where the disk has none for it. */
  link(from: string, to: string): Promise<'linked' | 'exists' | 'no-links'>
  /** Whether two paths name one file: the same disk and file id, compared exactly (Windows ids do not fit a double). */
  sameFile(a: string, b: string): Promise<boolean>
  /**
   * Gives `from` the name `to` only if `to` does not exist (never overwrites); false when it does. `flush: false`:
   * the caller flushes the folder itself, once for several names.
   */
  moveExclusive(from: string, to: string, options?: { flush?: boolean }): Promise<boolean>
  syncDir(path: string): Promise<void>
}
