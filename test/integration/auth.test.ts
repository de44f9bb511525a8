import { readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ScriptedBrowser } from '../../reference-service/test/browser'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { nodeCipher } from '../../src/main/platform-node/node-cipher'
import { browserAs, testCore, TestClock } from '../support/core'

let service: ReferenceService
const local = () => service.deployments.global.base_url
const tokenOf = (username: string, d: 'global' | 'china' = 'global') => service.accounts.find((a) => a.username === username && a.deployment === d)!.user_token

beforeAll(async () => {
  service = await startReferenceService({ testControls: true })
})
afterAll(async () => {
  await service?.close()
})

function storeText(dataDir: string): string {
  return readdirSync(dataDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => readFileSync(join(dataDir, f), 'utf8'))
    .join('\n')
}

describe('browser sign-in (authorization code + PKCE, loopback)', () => {
  it('signs in through the real login and consent pages and keeps only ciphertext on disk', async () => {
    const browser = browserAs('alice')
    const { core, dataDir, opened } = testCore({ localBaseUrl: local(), browser })
    const account = await core.auth.signInWithBrowser('local')
    expect(account).toMatchObject({ username: 'alice', method: 'oidc', status: 'active', storage: 'encrypted' })
    expect(account.capabilities).toEqual(expect.arrayContaining(['identity', 'profile', 'offline', 'save', 'recent', 'best']))
    expect(account.capabilities).not.toContain('user')
    const auth = new URL(opened[0]!)
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256')
    expect(auth.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
    expect(auth.searchParams.get('scope')).toContain('milthm:save:read')
    await expect.poll(() => browser.pages[0]).toContain('You can close this tab')
    const secret = await core.secrets.get(account.id)
    expect(secret?.kind).toBe('oidc')
    if (secret?.kind === 'oidc') {
      expect(storeText(dataDir)).not.toContain(secret.accessToken)
      expect(storeText(dataDir)).not.toContain(secret.refreshToken!)
    }
  })

  it('is still signed in after the services restart from disk', async () => {
    const cipher = nodeCipher()
    const first = testCore({ localBaseUrl: local(), cipher })
    const account = await first.core.auth.signInWithBrowser('local')
    const second = testCore({ localBaseUrl: local(), cipher, dataDir: first.dataDir })
    expect((await second.core.auth.state()).activeId).toBe(account.id)
    const profile = await second.core.auth.client(account).currentUser(second.core.auth.credentials(account.id))
    expect(profile.username).toBe('alice')
  })

  it('maps scope names from discovery: spec names on the China deployment', async () => {
    const { core, opened } = testCore({ localBaseUrl: service.deployments.china.base_url, browser: browserAs('xiaoming') })
    const account = await core.auth.signInWithBrowser('local')
    expect(new URL(opened[0]!).searchParams.get('scope')).toContain('game:save:read')
    expect(account.capabilities).toEqual(expect.arrayContaining(['save', 'recent', 'best']))
  })

  it('asks for the user scope only when granting it (incremental consent), for the same account', async () => {
    const { core, opened } = testCore({ localBaseUrl: local() })
    const account = await core.auth.signInWithBrowser('local')
    const upgraded = await core.auth.signInWithBrowser('local', { accountId: account.id, capabilities: ['user'] })
    expect(new URL(opened[0]!).searchParams.get('scope')!.split(' ')).not.toContain('user')
    expect(new URL(opened[1]!).searchParams.get('scope')!.split(' ')).toContain('user')
    expect(upgraded.id).toBe(account.id)
    expect(upgraded.capabilities).toContain('user')
  })

  it('refuses an upgrade signed in as a different user', async () => {
    let who = 'alice'
    const { core } = testCore({ localBaseUrl: local(), browser: (url) => browserAs(who)(url) })
    const account = await core.auth.signInWithBrowser('local')
    who = 'tired'
    await expect(core.auth.signInWithBrowser('local', { accountId: account.id, capabilities: ['user'] })).rejects.toMatchObject({ code: 'invalid_input' })
  })
})

describe('refresh', () => {
  it('50 concurrent calls with an expired token cause exactly one refresh', async () => {
    const { core } = testCore({ localBaseUrl: local() })
    const account = await core.auth.signInWithBrowser('local')
    service.controls.expireAccessTokens('global')
    const before = service.controls.counters('global').tokenRefreshes
    const client = core.auth.client(account)
    const results = await Promise.all(Array.from({ length: 50 }, () => client.currentUser(core.auth.credentials(account.id))))
    expect(results.every((p) => p.username === 'alice')).toBe(true)
    expect(service.controls.counters('global').tokenRefreshes - before).toBe(1)
  })

  it('refreshes before expiry by the app clock, once, however many calls wait', async () => {
    const clock = new TestClock()
    const { core } = testCore({ localBaseUrl: local(), clock })
    const account = await core.auth.signInWithBrowser('local')
    clock.offset = 3_590_000
    const before = service.controls.counters('global').tokenRefreshes
    await Promise.all(Array.from({ length: 20 }, () => core.auth.credentials(account.id).header()))
    expect(service.controls.counters('global').tokenRefreshes - before).toBe(1)
  })

  it('persists rotated refresh tokens: a restarted app keeps refreshing', async () => {
    const cipher = nodeCipher()
    const first = testCore({ localBaseUrl: local(), cipher })
    const account = await first.core.auth.signInWithBrowser('local')
    const original = await first.core.secrets.get(account.id)
    service.controls.expireAccessTokens('global')
    await first.core.auth.client(account).currentUser(first.core.auth.credentials(account.id))
    const rotated = await first.core.secrets.get(account.id)
    expect(rotated?.kind === 'oidc' && original?.kind === 'oidc' && rotated.refreshToken !== original.refreshToken).toBe(true)
    const second = testCore({ localBaseUrl: local(), cipher, dataDir: first.dataDir })
    service.controls.expireAccessTokens('global')
    const profile = await second.core.auth.client(account).currentUser(second.core.auth.credentials(account.id))
    expect(profile.username).toBe('alice')
  })

  it('a revoked refresh token marks the account "needs sign-in" and keeps it listed', async () => {
    const { core } = testCore({ localBaseUrl: local() })
    const account = await core.auth.signInWithBrowser('local')
    const secret = await core.secrets.get(account.id)
    if (secret?.kind !== 'oidc') throw new Error('expected oidc')
    await fetch(`${service.deployments.global.issuer}/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: secret.refreshToken!, client_id: 'companion-desktop' }).toString()
    })
    service.controls.expireAccessTokens('global')
    await expect(core.auth.client(account).currentUser(core.auth.credentials(account.id))).rejects.toMatchObject({ code: 'needs_sign_in' })
    const state = await core.auth.state()
    expect(state.accounts.find((a) => a.id === account.id)?.status).toBe('needs_sign_in')
  })
})

describe('device authorization grant', () => {
  async function confirmDevice(verificationUri: string, userCode: string, decision: 'allow' | 'deny' = 'allow') {
    const browser = new ScriptedBrowser()
    const html = await (await browser.request(verificationUri)).text()
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html)!
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(form[2]!)![1]!
    const confirm = await (await browser.request(new URL(form[1]!, verificationUri).href, { form: { xsrf, user_code: userCode } })).text()
    const cf = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(confirm)!
    const fields = Object.fromEntries([...cf[2]!.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]))
    const next = await browser.request(new URL(cf[1]!, verificationUri).href, { form: fields })
    await browser.authorize(new URL(next.headers.get('location')!, verificationUri).href, { username: 'alice', password: 'milthm-demo', decision, finalPage: /All set|not connected/ })
  }

  it('shows a user code, polls, and signs in once the user confirms', async () => {
    const { core } = testCore({ localBaseUrl: local() })
    const device = await core.auth.startDeviceSignIn('local')
    expect(device.userCode).toMatch(/^\w{4}-\w{4}$/)
    expect(device.verificationUriComplete).toContain(encodeURIComponent(device.userCode).slice(0, 4))
    await confirmDevice(device.verificationUri, device.userCode)
    const account = await core.auth.finishDeviceSignIn(device.flowId)
    expect(account).toMatchObject({ username: 'alice', method: 'oidc' })
  })

  it('reports access_denied when the user denies', async () => {
    const { core } = testCore({ localBaseUrl: local() })
    const device = await core.auth.startDeviceSignIn('local')
    await confirmDevice(device.verificationUri, device.userCode, 'deny')
    await expect(core.auth.finishDeviceSignIn(device.flowId)).rejects.toMatchObject({ code: 'auth_denied' })
  })

  it('reports an expired device code', async () => {
    const shortLived = await startReferenceService({ deviceCodeTtlSeconds: 1 })
    try {
      const { core } = testCore({ localBaseUrl: shortLived.deployments.global.base_url })
      const device = await core.auth.startDeviceSignIn('local')
      await expect(core.auth.finishDeviceSignIn(device.flowId)).rejects.toMatchObject({ code: 'device_expired' })
    } finally {
      await shortLived.close()
    }
  })

  it('stops polling when cancelled', async () => {
    const { core } = testCore({ localBaseUrl: local() })
    const device = await core.auth.startDeviceSignIn('local')
    const done = core.auth.finishDeviceSignIn(device.flowId)
    core.auth.cancel()
    await expect(done).rejects.toMatchObject({ code: 'cancelled' })
  })
})

describe('User Token', () => {
  it.each([
    ['the full header value', (t: string) => t],
    ['the bare credential', (t: string) => t.replace(/^Basic /, '')],
    ['with spaces and quotes', (t: string) => `  "${t}"\n`]
  ])('accepts %s, validated with GET /v1/user', async (_, shape) => {
    const { core, dataDir } = testCore({ localBaseUrl: local() })
    const check = await core.auth.addUserToken('local', shape(tokenOf('alice')))
    expect(check.account).toMatchObject({ username: 'alice', method: 'user_token' })
    expect(check.fields).toEqual(expect.arrayContaining(['uid', 'username', 'nickname', 'email']))
    expect(check.capabilities).toEqual(expect.arrayContaining(['save', 'recent', 'best']))
    expect(storeText(dataDir)).not.toContain(tokenOf('alice').replace(/^Basic /, ''))
  })

  it('reports which reads a narrower token allows', async () => {
    const { core } = testCore({ localBaseUrl: local() })
    const check = await core.auth.addUserToken('local', service.controls.createUserToken('global', 'tired', ['profile', 'milthm:event:recent']))
    expect(check.capabilities).toContain('recent')
    expect(check.capabilities).not.toContain('save')
    expect(check.capabilities).not.toContain('best')
    expect(check.fields).not.toContain('email')
  })

  it('says when a pasted User Token has expired', async () => {
    const token = service.controls.createUserToken('global', 'newbie', ['profile'])
    service.controls.expireUserTokens('global', 'newbie', token)
    const { core } = testCore({ localBaseUrl: local() })
    await expect(core.auth.addUserToken('local', token)).rejects.toMatchObject({ code: 'credential_invalid', message: expect.stringMatching(/expired/), data: { serviceCode: 'TokenExpireError' } })
    expect((await core.auth.state()).accounts).toEqual([])
  })

  it.each([
    ['an unknown token', () => 'Basic ' + Buffer.from('nope:nope-nope').toString('base64'), 'credential_invalid'],
    ['garbage', () => 'not a token!!', 'invalid_input'],
    ['a token without profile access', () => service.controls.createUserToken('global', 'alice', ['milthm:save:read']), 'scope_missing'],
    ['a deleted account', () => tokenOf('ghost'), 'not_found']
  ])('refuses %s with a clear error and saves nothing', async (_, token, code) => {
    const { core } = testCore({ localBaseUrl: local() })
    await expect(core.auth.addUserToken('local', token())).rejects.toMatchObject({ code })
    expect((await core.auth.state()).accounts).toEqual([])
  })
})

describe('sign-in failure paths', () => {
  it('times out when the browser never comes back, and frees the port', async () => {
    const { core } = testCore({ localBaseUrl: local(), browser: async () => {}, deps: { tuning: { loopbackTimeoutMs: 300, sleep: async () => {} } } })
    await expect(core.auth.signInWithBrowser('local')).rejects.toMatchObject({ code: 'timeout' })
  })

  it('can be cancelled from the app', async () => {
    const { core } = testCore({ localBaseUrl: local(), browser: async () => {} })
    const pending = core.auth.signInWithBrowser('local')
    setTimeout(() => core.auth.cancel(), 100)
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' })
  })

  it('reports a denied consent', async () => {
    const browser = browserAs('alice', 'deny')
    const { core } = testCore({ localBaseUrl: local(), browser })
    await expect(core.auth.signInWithBrowser('local')).rejects.toMatchObject({ code: 'auth_denied' })
    await expect.poll(() => browser.pages[0]).toContain('did not complete')
  })

  it('refuses a callback whose state does not match', async () => {
    const forged = async (url: string) => {
      const redirect = new URL(url).searchParams.get('redirect_uri')!
      await fetch(`${redirect}?code=stolen&state=forged`)
    }
    const { core } = testCore({ localBaseUrl: local(), browser: forged })
    await expect(core.auth.signInWithBrowser('local')).rejects.toMatchObject({ code: 'state_mismatch' })
  })

  it('says so when the loopback port is unavailable', async () => {
    const blocker = createServer()
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r))
    const port = (blocker.address() as { port: number }).port
    try {
      const { core } = testCore({ localBaseUrl: local(), deps: { tuning: { loopbackPort: port, sleep: async () => {} } } })
      await expect(core.auth.signInWithBrowser('local')).rejects.toMatchObject({ code: 'port_unavailable' })
    } finally {
      blocker.close()
    }
  })

  it('reports unreachable and invalid discovery', async () => {
    const unreachable = testCore({ localBaseUrl: 'http://127.0.0.1:9/global/api' })
    await expect(unreachable.core.auth.signInWithBrowser('local')).rejects.toMatchObject({ code: 'discovery_failed' })
    const invalid = testCore({ localBaseUrl: `${service.origin}/nowhere/api` })
    await expect(invalid.core.auth.signInWithBrowser('local')).rejects.toMatchObject({ code: 'discovery_failed' })
  })

  it('reports a token endpoint error', async () => {
    const failingToken: typeof fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      if (url.endsWith('/oidc/token')) return new Response(JSON.stringify({ error: 'server_error', error_description: 'down for maintenance' }), { status: 500, headers: { 'content-type': 'application/json' } })
      return fetch(input, init)
    }
    const { core } = testCore({ localBaseUrl: local(), deps: { fetch: failingToken } })
    await expect(core.auth.signInWithBrowser('local')).rejects.toMatchObject({ code: 'token_exchange_failed' })
  })

  it('explains a wrong computer clock (the ID token looks long expired)', async () => {
    const clock = new TestClock()
    clock.offset = 2 * 3_600_000
    const { core } = testCore({ localBaseUrl: local(), clock })
    await expect(core.auth.signInWithBrowser('local')).rejects.toMatchObject({ code: 'clock_skew' })
  })

  it('asks for a client id where none is registered', async () => {
    const { core } = testCore({ localBaseUrl: local() })
    await expect(core.auth.signInWithBrowser('global')).rejects.toMatchObject({ code: 'no_client_id' })
  })
})

describe('sign out', () => {
  it('revokes at the server, deletes the secrets and the account', async () => {
    const { core, dataDir } = testCore({ localBaseUrl: local() })
    const account = await core.auth.signInWithBrowser('local')
    const secret = await core.secrets.get(account.id)
    if (secret?.kind !== 'oidc') throw new Error('expected oidc')
    const { revoked } = await core.auth.signOut(account.id)
    expect(revoked).toBe(true)
    expect(await core.secrets.get(account.id)).toBeNull()
    expect((await core.auth.state()).accounts).toEqual([])
    expect(storeText(dataDir)).not.toContain(account.id + '":')
    const refresh = await fetch(`${service.deployments.global.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: secret.refreshToken!, client_id: 'companion-desktop' }).toString()
    })
    expect(((await refresh.json()) as { error: string }).error).toBe('invalid_grant')
  })
})
