import { describe, expect, it } from 'vitest'
import { SecretSealer } from '../../../src/main/auth/secret-seal'
import { sealSecret } from '../../../src/shared/seal'

describe('sealing a pasted secret for the main process', () => {
  it('round-trips through WebCrypto sealing and Node opening, and the sealed form does not contain it', async () => {
    const sealer = new SecretSealer()
    const secret = 'Basic ' + 'QUJDREVGR0hJSktMTU5PUA=='.repeat(20)
    const sealed = await sealSecret(sealer.publicKey(), secret)
    expect(JSON.stringify(sealed)).not.toContain('QUJDREVG')
    expect(sealer.open(sealed)).toBe(secret)
  })

  it('refuses a tampered or foreign envelope with a clear error', async () => {
    const sealer = new SecretSealer()
    const sealed = await sealSecret(sealer.publicKey(), 'Basic abcdefgh')
    expect(() => sealer.open({ ...sealed, data: sealed.data.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) })).toThrow(/could not be read/)
    expect(() => new SecretSealer().open(sealed)).toThrow(/expired/)
  })
})
