import type { SealedSecret, SealKey } from './accounts'

const b64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes)))
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

/** Seals a secret for the main process (see SecretSealer): AES-GCM, key wrapped with RSA-OAEP. */
export async function sealSecret(key: SealKey, secret: string): Promise<SealedSecret> {
  const rsa = await crypto.subtle.importKey('spki', unb64(key.spki), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt'])
  const aes = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt'])
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, aes, new TextEncoder().encode(secret))
  const wrappedKey = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, rsa, await crypto.subtle.exportKey('raw', aes))
  return { keyId: key.keyId, wrappedKey: b64(wrappedKey), iv: b64(iv), data: b64(data) }
}
