import { z } from 'zod'
import type { StorageProtection } from '../../shared/accounts'
import type { KeyValueStore, SecretCipher } from '../ports'
import { redactor } from '../logging/redact'

export const OidcSecret = z.object({
  kind: z.literal('oidc'),
  accessToken: z.string(),
  refreshToken: z.string().optional(),
  /** Service-clock milliseconds. */
  expiresAt: z.number(),
  scope: z.string()
})
export const UserTokenSecret = z.object({ kind: z.literal('user_token'), header: z.string() })
export const Secret = z.discriminatedUnion('kind', [OidcSecret, UserTokenSecret])
export type Secret = z.infer<typeof Secret>
export type OidcSecret = z.infer<typeof OidcSecret>

export type InsecureStorageChoice = 'ask' | 'memory' | 'store'
export type Placement = 'encrypted' | 'memory' | 'plaintext'

const KEY = 'secrets'

function registerForRedaction(secret: Secret): void {
  if (secret.kind === 'oidc') {
    redactor.add(secret.accessToken)
    redactor.add(secret.refreshToken)
  } else {
    redactor.add(secret.header)
    redactor.add(secret.header.replace(/^Basic\s+/i, ''))
  }
}

/**
 * The only holder of credentials. Ciphertext goes to the store; nothing readable is ever written.
 * Where the OS offers no real protection (Linux without a keyring reports `basic_text`), secrets
 * stay in memory unless the user explicitly chose to store them anyway.
 */
export class SecretStore {
  readonly #memory = new Map<string, Secret>()

  constructor(
    private readonly store: KeyValueStore,
    private readonly cipher: SecretCipher,
    private readonly insecureChoice: () => InsecureStorageChoice
  ) {}

  protection(): Promise<StorageProtection> {
    return this.cipher.protection()
  }

  async placementFor(): Promise<Placement> {
    const protection = await this.cipher.protection()
    if (protection === 'protected') return 'encrypted'
    if (protection === 'basic_text' && this.insecureChoice() === 'store') return 'plaintext'
    return 'memory'
  }

  async put(id: string, secret: Secret): Promise<Placement> {
    registerForRedaction(secret)
    this.#memory.set(id, secret)
    const placement = await this.placementFor()
    const all = this.#persisted()
    if (placement === 'memory') delete all[id]
    else all[id] = await this.cipher.encrypt(JSON.stringify(secret))
    this.store.set(KEY, all)
    return placement
  }

  async get(id: string): Promise<Secret | null> {
    const cached = this.#memory.get(id)
    // Registered again at each use: the redactor keeps the secrets used most recently (MAX_SECRETS).
    if (cached) {
      registerForRedaction(cached)
      return cached
    }
    const cipherText = this.#persisted()[id]
    if (!cipherText) return null
    try {
      const secret = Secret.parse(JSON.parse(await this.cipher.decrypt(cipherText)))
      registerForRedaction(secret)
      this.#memory.set(id, secret)
      return secret
    } catch {
      return null
    }
  }

  delete(id: string): void {
    this.#memory.delete(id)
    const all = this.#persisted()
    if (id in all) {
      delete all[id]
      this.store.set(KEY, all)
    }
  }

  /** Ciphertexts by account; anything else in the file is kept aside before it could be overwritten. */
  #persisted(): Record<string, string> {
    const raw = this.store.get(KEY)
    if (raw === undefined) return {}
    const isObject = typeof raw === 'object' && raw !== null && !Array.isArray(raw)
    const entries = isObject ? Object.entries(raw) : []
    const valid = entries.filter((e): e is [string, string] => typeof e[1] === 'string')
    if (!isObject || valid.length !== entries.length) this.store.quarantine('some stored sign-ins could not be read')
    return Object.fromEntries(valid)
  }
}
