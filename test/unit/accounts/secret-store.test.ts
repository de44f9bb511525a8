import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SecretStore, type InsecureStorageChoice } from '../../../src/main/accounts/secret-store'
import { guardedTestStore } from '../../support/stores'
import { nodeCipher } from '../../../src/main/platform-node/node-cipher'
import type { StorageProtection } from '../../../src/shared/accounts'
import { MAX_SECRETS, redactor } from '../../../src/main/logging/redact'

const secret = {
  kind: 'oidc' as const,
  accessToken: 'access-AAAAAAAAAAAA',
  refreshToken: 'refresh-BBBBBBBBBBBB',
  expiresAt: 1,
  scope: 'openid'
}

function setup(protection: StorageProtection, choice: InsecureStorageChoice = 'ask') {
  const dir = mkdtempSync(join(tmpdir(), 'secrets-'))
  const { store } = guardedTestStore(dir, 'secrets')
  const key = Buffer.alloc(32, 1)
  let current = choice
  const make = () => new SecretStore(guardedTestStore(dir, 'secrets').store, nodeCipher(key, protection), () => current)
  return { store, make, setChoice: (c: InsecureStorageChoice) => (current = c) }
}

describe('SecretStore', () => {
  it('encrypts at rest when the OS protects secrets', async () => {
    const { store, make } = setup('protected')
    expect(await make().put('a', secret)).toBe('encrypted')
    const text = readFileSync(store.path, 'utf8')
    expect(text).not.toContain('access-AAAA')
    expect(text).not.toContain('refresh-BBBB')
    expect(await make().get('a')).toEqual(secret)
  })

  it.each(['ask', 'memory'] as const)('keeps secrets in memory only on basic_text when the choice is %s', async (choice) => {
    const { store, make } = setup('basic_text', choice)
    const s = make()
    expect(await s.put('a', secret)).toBe('memory')
    expect(await s.get('a')).toEqual(secret)
    expect(readFileSync(store.path, 'utf8')).not.toContain('a"')
    expect(await make().get('a')).toBeNull()
  })

  it('stores anyway on basic_text when the user chose to', async () => {
    const { make } = setup('basic_text', 'store')
    expect(await make().put('a', secret)).toBe('plaintext')
    expect(await make().get('a')).toEqual(secret)
  })

  it('is memory-only when encryption is unavailable, whatever the choice', async () => {
    const { make } = setup('unavailable', 'store')
    expect(await make().put('a', secret)).toBe('memory')
    expect(await make().get('a')).toBeNull()
  })

  it('a session in use stays known to the log redactor however many others come and go', async () => {
    const s = setup('protected').make()
    const mine = { ...secret, accessToken: 'access-in-use-CCCCCCCC', refreshToken: 'refresh-in-use-DDDDDDDD' }
    await s.put('mine', mine)
    for (let round = 0; round < 4; round++) {
      // Other sessions, more than the redactor holds, then a request that reads this one.
      for (let n = 0; n < MAX_SECRETS; n++) redactor.add(`someone-else-${round}-${n}`)
      await s.get('mine')
    }
    expect(redactor.text('mine access-in-use-CCCCCCCC refresh-in-use-DDDDDDDD')).toBe('mine [redacted] [redacted]')
  })

  it('treats undecryptable data as no session, and deletes cleanly', async () => {
    const { store, make } = setup('protected')
    store.set('secrets', { a: 'garbage' })
    expect(await make().get('a')).toBeNull()
    const s = make()
    await s.put('b', secret)
    s.delete('b')
    expect(await make().get('b')).toBeNull()
  })
})
