import { describe, expect, it } from 'vitest'
import { SecretSealer } from '../../../src/main/accounts/secret-seal'
import { sealSecret } from '../../../src/shared/seal'

describe('sealing a pasted secret for the main process', () => {
  it('round-trips through WebCrypto sealing and Node opening, and the sealed form does not contain it', async () => {
    const sealer = new SecretSealer()
    const secret = 'Basic ' + 'QUJDREVGR0hJSktMTU5PUA=='.repeat(20)
    const sealed = await sealSecret(await sealer.publicKey(), secret)
    expect(JSON.stringify(sealed)).not.toContain('QUJDREVG')
    expect(sealer.open(sealed)).toBe(secret)
  })

  it('refuses a tampered or foreign envelope with a clear error', async () => {
    const sealer = new SecretSealer()
    const sealed = await sealSecret(await sealer.publicKey(), 'Basic abcdefgh')
    expect(() => sealer.open({ ...sealed, data: sealed.data.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) })).toThrow(/could not be read/)
    expect(() => new SecretSealer().open(sealed)).toThrow(/expired/)
  })

  it('every key is for one use: a new key each time, and a replayed envelope is refused', async () => {
    const sealer = new SecretSealer()
    const first = await sealer.publicKey()
    const second = await sealer.publicKey()
    expect(second.keyId).not.toBe(first.keyId)
    expect(second.spki).not.toBe(first.spki)
    const sealed = await sealSecret(first, 'Basic abcdefgh')
    expect(sealer.open(sealed)).toBe('Basic abcdefgh')
    expect(() => sealer.open(sealed)).toThrow(/already used/)
    // A failed open uses the key up too: no second try with the same key.
    const other = await sealSecret(second, 'Basic ijklmnop')
    expect(() => sealer.open({ ...other, iv: Buffer.alloc(12).toString('base64') })).toThrow(/could not be read/)
    expect(() => sealer.open(other)).toThrow(/already used/)
  })
})
