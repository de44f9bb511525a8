import { constants, createDecipheriv, generateKeyPairSync, privateDecrypt, randomUUID, type KeyObject } from 'node:crypto'
import type { SealedSecret, SealKey } from '../../shared/accounts'
import { AppError } from '../../shared/errors'

/**
 * Lets the renderer hand over a pasted secret without it ever appearing in an IPC payload: the
 * renderer encrypts with this process's public key (RSA-OAEP wrapping an AES-GCM key), and only
 * this process can open it. The key pair lives in memory and is made on first use.
 */
export class SecretSealer {
  #key: { id: string; privateKey: KeyObject; spki: string } | null = null

  publicKey(): SealKey {
    if (!this.#key) {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
      this.#key = { id: randomUUID(), privateKey, spki: publicKey.export({ type: 'spki', format: 'der' }).toString('base64') }
    }
    return { keyId: this.#key.id, spki: this.#key.spki }
  }

  open(sealed: SealedSecret): string {
    if (!this.#key || sealed.keyId !== this.#key.id) throw AppError.of('invalid_input', 'The form expired. Paste the token again.')
    try {
      const aesKey = privateDecrypt({ key: this.#key.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(sealed.wrappedKey, 'base64'))
      const data = Buffer.from(sealed.data, 'base64')
      const decipher = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(sealed.iv, 'base64'))
      decipher.setAuthTag(data.subarray(data.length - 16))
      return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8')
    } catch {
      throw AppError.of('invalid_input', 'The token could not be read. Paste it again.')
    }
  }
}
