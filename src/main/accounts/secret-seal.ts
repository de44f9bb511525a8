import { constants, createDecipheriv, generateKeyPair, privateDecrypt, randomUUID, type KeyObject } from 'node:crypto'
import { promisify } from 'node:util'
import type { SealedSecret, SealKey } from '../../shared/accounts'
import { AppError } from '../../shared/errors'

const generate = promisify(generateKeyPair)
/** Keys handed out and not used yet; older ones are forgotten. */
const OUTSTANDING = 4

/**
 * Lets the renderer hand over a pasted secret without it ever appearing in an IPC payload: the
 * renderer encrypts with this process's public key (RSA-OAEP wrapping an AES-GCM key), and only
 * this process can open it. Every key is for one use: a new pair per request, forgotten once a
 * secret was opened with it (or tried), so a replayed sealed secret is refused.
 */
export class SecretSealer {
  readonly #keys = new Map<string, KeyObject>()

  async publicKey(): Promise<SealKey> {
    const { privateKey, publicKey } = await generate('rsa', { modulusLength: 2048 })
    const keyId = randomUUID()
    this.#keys.set(keyId, privateKey)
    for (const old of [...this.#keys.keys()].slice(0, Math.max(0, this.#keys.size - OUTSTANDING))) this.#keys.delete(old)
    return { keyId, spki: publicKey.export({ type: 'spki', format: 'der' }).toString('base64') }
  }

  open(sealed: SealedSecret): string {
    const privateKey = this.#keys.get(sealed.keyId)
    this.#keys.delete(sealed.keyId)
    if (!privateKey) throw AppError.of('invalid_input', 'The form expired or was already used. Paste the token again.')
    try {
      const aesKey = privateDecrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(sealed.wrappedKey, 'base64')
      )
      const data = Buffer.from(sealed.data, 'base64')
      const decipher = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(sealed.iv, 'base64'))
      decipher.setAuthTag(data.subarray(data.length - 16))
      return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8')
    } catch {
      throw AppError.of('invalid_input', 'The token could not be read. Paste it again.')
    }
  }
}
