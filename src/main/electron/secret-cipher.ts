import { safeStorage } from 'electron'
import type { StorageProtection } from '../../shared/accounts'

/** Encrypts with the OS keychain through Electron's safeStorage (async API). */
export const electronSecretCipher = {
  async protection(): Promise<StorageProtection> {
    if (!(await safeStorage.isAsyncEncryptionAvailable())) return 'unavailable'
    if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') return 'basic_text'
    return 'protected'
  },
  async encrypt(plain: string): Promise<string> {
    return (await safeStorage.encryptStringAsync(plain)).toString('base64')
  },
  async decrypt(cipherText: string): Promise<string> {
    const { result } = await safeStorage.decryptStringAsync(Buffer.from(cipherText, 'base64'))
    return result
  }
}
