/**
 * What the services need from the platform. The Electron adapter, the web host, the CLI and the
 * tests each provide these; no service imports `electron` or touches globals directly.
 */
export interface KeyValueStore {
  get(key: string): unknown
  set(key: string, value: unknown): void
  delete(key: string): void
  /** Absolute path of the file backing the store (for diagnostics and the secret scan test). */
  readonly path: string
}

export type OpenStore = (name: string) => KeyValueStore

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
}

export type StorageProtectionLevel = 'protected' | 'basic_text' | 'unavailable'

/** Encrypts secrets at rest: Electron safeStorage in the app, AES-GCM with a given key elsewhere. */
export interface SecretCipher {
  protection(): Promise<StorageProtectionLevel>
  encrypt(plain: string): Promise<string>
  decrypt(cipherText: string): Promise<string>
}

export type Fetch = typeof fetch

/** What only a desktop shell can do. The web host and tests provide stand-ins. */
export interface DesktopPort {
  documentsDir: string
  chooseFolder(): Promise<string | null>
  chooseSavePath(suggestedName: string): Promise<string | null>
  revealInFolder(path: string): void
  notify(title: string, body: string): void
}
