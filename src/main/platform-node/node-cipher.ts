import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { StorageProtection } from '../../shared/accounts'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { SecretCipher } from '../ports'

/** AES-256-GCM with a caller-held key: the web host's and the tests' stand-in for safeStorage. */
export function nodeCipher(key: Buffer = randomBytes(32), protection: StorageProtection = 'protected'): SecretCipher {
  return {
    protection: async () => protection,
    async encrypt(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')
    },
    async decrypt(cipherText) {
      const raw = Buffer.from(cipherText, 'base64')
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
      decipher.setAuthTag(raw.subarray(12, 28))
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
    }
  }
}

/**
 * Development web host only: the key lives in a 0600 file beside the data, so sessions survive a
 * restart of `npm run demo:web`. The Electron app uses the OS keychain through safeStorage.
 */
export function fileKeyCipher(keyPath: string): SecretCipher {
  if (!existsSync(keyPath)) {
    mkdirSync(dirname(keyPath), { recursive: true })
    writeFileSync(keyPath, randomBytes(32), { mode: 0o600 })
  }
  return nodeCipher(readFileSync(keyPath))
}
