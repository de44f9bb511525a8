import { readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ScriptedBrowser } from '../../reference-service/test/browser'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { nodeCipher } from '../../src/main/platform-node/node-cipher'
import type { AppError } from '../../src/shared/errors'
import { addUserToken, browserAs, testCore, TestClock, type TestCoreOptions } from '../support/core'

let service: ReferenceService
const local = () => service.deployments.global.base_url
const tokenOf = (username: string, d: 'global' | 'china' = 'global') =>
  service.accounts.find((a) => a.username === username && a.deployment === d)!.user_token

beforeAll(async () => {
  service = await startReferenceService({ testControls: true, deviceIntervalSeconds: 1 })
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

/**
 * A fetch that watches the app's traffic from outside: every request (host, path, whether it
 * carried a credential) and every token the token endpoint handed out.
 */
function watchedFetch() {
  const tokens: { access_token: string; refresh_token?: string }[] = []
  const requests: { origin: string; path: string; method: string; credential: string | null }[] = []
  const tap: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined))
    const body = typeof init?.body === 'string' ? init.body : init?.body instanceof URLSearchParams ? init.body.toString() : ''
    requests.push({
      origin: url.origin,
      path: url.pathname,
      method: init?.method ?? 'GET',
      credential: headers.get('authorization') ?? (/(refresh_token|token)=/.test(body) ? body : null)
    })
    const response = await fetch(input, init)
    if (url.pathname.endsWith('/oidc/oauth/token') && response.ok) tokens.push((await response.clone().json()) as (typeof tokens)[number])
    return response
  }
  return { tap, tokens, requests }
}

function signedInCore(options: Partial<TestCoreOptions> = {}) {
  const watch = watchedFetch()
  const t = testCore({ localBaseUrl: local(), ...options, deps: { fetch: watch.tap, ...options.deps } })
  /** Signs in and waits for the sync that follows a sign-in, so later syncs start afresh. */
  const signIn = async () => {
    const { accountId } = await t.call('accounts:signInBrowser', 'local')
    await t.call('sync:run', accountId, {})
    return accountId
  }
  return { ...t, watch, signIn }
}

const accountIn = async (t: ReturnType<typeof testCore>, id: string) => (await t.accounts()).accounts.find((a) => a.id === id)

describe('browser sign-in (authorization code + PKCE, loopback)', () => {
  it('signs in through the real login and consent pages and keeps only ciphertext on disk', async () => {
    const browser = browserAs('alice')
    const t = signedInCore({ browser })
    const id = await t.signIn()
    const account = await accountIn(t, id)
    expect(account).toMatchObject({ username: 'alice', method: 'oidc', status: 'active', storage: 'encrypted' })
    expect(account!.capabilities).toEqual(expect.arrayContaining(['identity', 'profile', 'offline', 'save', 'recent', 'best']))
    expect(account!.capabilities).not.toContain('user')
    const auth = new URL(t.opened[0]!)
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256')
    expect(auth.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
    expect(auth.searchParams.get('scope')).toContain('milthm:save:read')
    await expect.poll(() => browser.pages[0]).toContain('You can close this tab')
    const [tokens] = t.watch.tokens
    expect(tokens?.refresh_token).toEqual(expect.any(String))
    expect(storeText(t.dataDir)).not.toContain(tokens!.access_token)
    expect(storeText(t.dataDir)).not.toContain(tokens!.refresh_token!)
  })

  it('the page the browser tab shows after signing in speaks the UI language', async () => {
    const browser = browserAs('alice')
    const t = signedInCore({ browser })
    await t.call('settings:update', { language: 'ja' })
    await t.signIn()
    await expect.poll(() => browser.pages[0]).toContain('<html lang="ja">')
    expect(browser.pages[0]).toContain('<h1>サインインしました</h1>')
    expect(browser.pages[0]).toContain('このタブを閉じて、ゲームアカウント・コンパニオンに戻ってください。')
  })

  it('is still signed in after the services restart from disk', async () => {
    const cipher = nodeCipher()
    const first = signedInCore({ cipher })
    const id = await first.signIn()
    await first.core.dispose()
    const second = testCore({ localBaseUrl: local(), cipher, dataDir: first.dataDir })
    expect((await second.accounts()).activeId).toBe(id)
    expect((await second.sync(id)).profile.data?.username).toBe('alice')
  })

  it('maps scope names from discovery: spec names on the China deployment', async () => {
    const t = testCore({ localBaseUrl: service.deployments.china.base_url, browser: browserAs('xiaoming') })
    const { accountId } = await t.call('accounts:signInBrowser', 'local')
    expect(new URL(t.opened[0]!).searchParams.get('scope')).toContain('game:save:read')
    expect((await accountIn(t, accountId))!.capabilities).toEqual(expect.arrayContaining(['save', 'recent', 'best']))
  })

  it('asks for the user scope only when granting it (incremental consent), for the same account', async () => {
    const t = signedInCore()
    const id = await t.signIn()
    const upgraded = await t.call('accounts:grant', id, ['user'])
    expect(new URL(t.opened[0]!).searchParams.get('scope')!.split(' ')).not.toContain('user')
    expect(new URL(t.opened[1]!).searchParams.get('scope')!.split(' ')).toContain('user')
    expect(upgraded.accountId).toBe(id)
    expect((await accountIn(t, id))!.capabilities).toContain('user')
  })

  it('refuses an upgrade signed in as a different user', async () => {
    let who = 'alice'
    const t = testCore({ localBaseUrl: local(), browser: (url) => browserAs(who)(url) })
    const { accountId } = await t.call('accounts:signInBrowser', 'local')
    who = 'tired'
    await expect(t.call('accounts:grant', accountId, ['user'])).rejects.toMatchObject({ code: 'invalid_input' })
  })
})

describe('refresh', () => {
  it('concurrent calls with an expired token cause exactly one refresh', async () => {
    const t = signedInCore()
    const id = await t.signIn()
    await t.sync(id)
    service.controls.expireAccessTokens('global')
    const before = service.controls.counters('global').tokenRefreshes
    // Four panels at once (profile, save info, recent, rank), all meeting the expired token.
    const data = await t.sync(id)
    expect([data.profile, data.save, data.recent, data.rank].map((p) => p.panel.status)).toEqual(['fresh', 'fresh', 'fresh', 'fresh'])
    expect(service.controls.counters('global').tokenRefreshes - before).toBe(1)
  })

  it('refreshes before expiry by the app clock', async () => {
    const clock = new TestClock()
    const t = signedInCore({ clock })
    const id = await t.signIn()
    clock.offset = 3_590_000
    const before = service.controls.counters('global').tokenRefreshes
    await t.sync(id)
    expect(service.controls.counters('global').tokenRefreshes - before).toBe(1)
  })

  it('persists rotated refresh tokens: a restarted app keeps refreshing', async () => {
    const cipher = nodeCipher()
    const first = signedInCore({ cipher })
    const id = await first.signIn()
    service.controls.expireAccessTokens('global')
    await first.sync(id)
    expect(first.watch.tokens).toHaveLength(2)
    expect(first.watch.tokens[1]!.refresh_token).not.toBe(first.watch.tokens[0]!.refresh_token)
    await first.core.dispose()
    const second = testCore({ localBaseUrl: local(), cipher, dataDir: first.dataDir })
    service.controls.expireAccessTokens('global')
    expect((await second.sync(id)).profile.panel.status).toBe('fresh')
  })

  it('a revoked refresh token marks the account "needs sign-in" and keeps it listed', async () => {
    const t = signedInCore()
    const id = await t.signIn()
    await fetch(`${service.deployments.global.issuer}/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: t.watch.tokens[0]!.refresh_token!, client_id: 'companion-desktop' }).toString()
    })
    service.controls.expireAccessTokens('global')
    const data = await t.sync(id)
    expect(data.profile.panel.error?.code).toBe('needs_sign_in')
    expect((await accountIn(t, id))?.status).toBe('needs_sign_in')
  })
})

describe('each account stays with the service it signed in with', () => {
  it('after the deployment moves, API calls, refresh and revocation still go to its own issuer, never to the new address', async () => {
    const elsewhere = await startReferenceService({ testControls: true })
    try {
      const cipher = nodeCipher()
      const first = signedInCore({ cipher })
      const id = await first.signIn()
      await first.core.dispose()
      // The Local deployment now points at another service (a changed COMPANION_LOCAL_BASE_URL).
      const watch = watchedFetch()
      const moved = testCore({
        localBaseUrl: elsewhere.deployments.global.base_url,
        cipher,
        dataDir: first.dataDir,
        deps: { fetch: watch.tap }
      })
      service.controls.expireAccessTokens('global')
      const before = service.controls.counters('global').tokenRefreshes
      expect((await moved.sync(id)).profile.data?.username).toBe('alice')
      expect(service.controls.counters('global').tokenRefreshes - before).toBe(1)
      expect(await moved.call('accounts:signOut', id, { forgetCache: false })).toMatchObject({ revoked: true })
      const other = new URL(elsewhere.origin).origin
      expect(watch.requests.filter((r) => r.origin === other && r.credential !== null)).toEqual([])
      expect(watch.requests.filter((r) => r.origin === other)).toEqual([])
      expect(watch.requests.some((r) => r.path.endsWith('/revoke'))).toBe(true)
    } finally {
      await elsewhere.close()
    }
  })

  it('changing the custom address says which accounts are affected; they send nothing until they sign in again', async () => {
    const elsewhere = await startReferenceService({ testControls: true })
    try {
      const watch = watchedFetch()
      const t = testCore({ localBaseUrl: local(), deps: { fetch: watch.tap } })
      await t.call('settings:update', { customBaseUrl: local(), clientIds: { custom: 'companion-desktop' } })
      const { accountId } = await t.call('accounts:signInBrowser', 'custom')
      await t.call('sync:run', accountId, {})
      const target = elsewhere.deployments.global.base_url
      expect((await t.call('accounts:leaving', target)).map((a) => a.id)).toEqual([accountId])
      expect(await t.call('accounts:leaving', `${local()}/`)).toEqual([])
      await t.call('settings:update', { customBaseUrl: target })
      expect((await accountIn(t, accountId))?.status).toBe('needs_sign_in')
      const sent = watch.requests.length
      const data = await t.sync(accountId)
      expect(data.profile.panel.error?.code).toBe('needs_sign_in')
      expect(watch.requests.slice(sent).filter((r) => r.credential !== null)).toEqual([])
    } finally {
      await elsewhere.close()
    }
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
    await browser.authorize(new URL(next.headers.get('location')!, verificationUri).href, {
      username: 'alice',
      password: 'milthm-demo',
      decision,
      finalPage: /All set|not connected/
    })
  }

  it('shows a user code, polls, and signs in once the user confirms; its page may be opened meanwhile', async () => {
    const t = testCore({ localBaseUrl: local() })
    const device = await t.call('accounts:startDevice', 'local')
    expect(device.userCode).toMatch(/^\w{4}-\w{4}$/)
    expect(device.verificationUriComplete).toContain(encodeURIComponent(device.userCode).slice(0, 4))
    await t.call('shell:openExternal', device.verificationUri)
    expect(t.opened).toEqual([device.verificationUri])
    await confirmDevice(device.verificationUri, device.userCode)
    const { accountId } = await t.call('accounts:finishDevice', device.flowId)
    expect(await accountIn(t, accountId)).toMatchObject({ username: 'alice', method: 'oidc' })
  })

  it('reports access_denied when the user denies', async () => {
    const t = testCore({ localBaseUrl: local() })
    const device = await t.call('accounts:startDevice', 'local')
    await confirmDevice(device.verificationUri, device.userCode, 'deny')
    await expect(t.call('accounts:finishDevice', device.flowId)).rejects.toMatchObject({ code: 'auth_denied' })
  })

  it('reports an expired device code', async () => {
    const shortLived = await startReferenceService({ deviceCodeTtlSeconds: 1, deviceIntervalSeconds: 1 })
    try {
      const t = testCore({ localBaseUrl: shortLived.deployments.global.base_url })
      const device = await t.call('accounts:startDevice', 'local')
      await expect(t.call('accounts:finishDevice', device.flowId)).rejects.toMatchObject({ code: 'device_expired' })
    } finally {
      await shortLived.close()
    }
  })

  it('stops polling when cancelled', async () => {
    const t = testCore({ localBaseUrl: local() })
    const device = await t.call('accounts:startDevice', 'local')
    const done = t.call('accounts:finishDevice', device.flowId)
    await t.call('accounts:cancel')
    await expect(done).rejects.toMatchObject({ code: 'cancelled' })
  })
})

describe('User Token', () => {
  it.each([
    ['the full header value', (t: string) => t],
    ['the bare credential', (t: string) => t.replace(/^Basic /, '')],
    ['with spaces and quotes', (t: string) => `  "${t}"\n`]
  ])('accepts %s, validated with GET /v1/user', async (_, shape) => {
    const t = testCore({ localBaseUrl: local() })
    const check = await addUserToken(t.core.handlers, 'local', shape(tokenOf('alice')))
    expect(check.account).toMatchObject({ username: 'alice', method: 'user_token' })
    expect(check.fields).toEqual(expect.arrayContaining(['uid', 'username', 'nickname', 'email']))
    expect(check.capabilities).toEqual(expect.arrayContaining(['save', 'recent', 'best']))
    await t.core.dispose()
    expect(storeText(t.dataDir)).not.toContain(tokenOf('alice').replace(/^Basic /, ''))
  })

  it('reports which reads a narrower token allows', async () => {
    const t = testCore({ localBaseUrl: local() })
    const check = await addUserToken(
      t.core.handlers,
      'local',
      service.controls.createUserToken('global', 'tired', ['profile', 'milthm:event:recent'])
    )
    expect(check.capabilities).toContain('recent')
    expect(check.capabilities).not.toContain('save')
    expect(check.capabilities).not.toContain('best')
    expect(check.fields).not.toContain('email')
  })

  it('says when a pasted User Token has expired', async () => {
    const token = service.controls.createUserToken('global', 'newbie', ['profile'])
    service.controls.expireUserTokens('global', 'newbie', token)
    const t = testCore({ localBaseUrl: local() })
    await expect(addUserToken(t.core.handlers, 'local', token)).rejects.toMatchObject({
      code: 'credential_invalid',
      message: expect.stringMatching(/expired/),
      data: { serviceCode: 'TokenExpireError', details: { reason: 'token_expired' } }
    })
    expect((await t.accounts()).accounts).toEqual([])
  })

  it('signing out a User Token account says the token stays valid at the service, with its page', async () => {
    const t = testCore({ localBaseUrl: local() })
    const { account } = await addUserToken(t.core.handlers, 'local', tokenOf('alice'))
    const outcome = await t.call('accounts:signOut', account.id, { forgetCache: true })
    expect(outcome).toEqual({ revoked: false, tokenStillValid: true, tokensPage: service.deployments.global.tokens_page })
    await t.call('shell:openExternal', outcome.tokensPage!)
    expect(t.opened).toEqual([outcome.tokensPage])
  })

  it.each([
    ['an unknown token', () => 'Basic ' + Buffer.from('nope:nope-nope').toString('base64'), 'credential_invalid', 'token_refused'],
    ['garbage', () => 'not a token!!', 'invalid_input', 'not_user_token'],
    ['words', () => 'hello world', 'invalid_input', 'not_user_token'],
    ['a word too short to be a token', () => 'Basic helloworld', 'invalid_input', 'not_user_token'],
    [
      'a token without profile access',
      () => service.controls.createUserToken('global', 'alice', ['milthm:save:read']),
      'scope_missing',
      'token_needs_profile'
    ],
    ['a deleted account', () => tokenOf('ghost'), 'not_found', undefined]
  ])('refuses %s with a clear error and saves nothing', async (_, token, code, reason) => {
    const t = testCore({ localBaseUrl: local() })
    const requests = () => structuredClone(service.controls.counters('global').requestsPerRoute)
    const before = requests()
    const refused = addUserToken(t.core.handlers, 'local', token())
    await expect(refused).rejects.toMatchObject({ code })
    await expect(refused.catch((e: AppError) => e.data.details?.reason)).resolves.toBe(reason)
    // Text that is not token-shaped never reaches the service.
    if (reason === 'not_user_token') expect(requests()).toEqual(before)
    expect((await t.accounts()).accounts).toEqual([])
  })
})

describe('sign-in failure paths', () => {
  it('times out when the browser never comes back, and frees the port', async () => {
    const t = testCore({
      localBaseUrl: local(),
      browser: async () => {},
      tuning: { loopbackTimeoutMs: 300, sleep: async () => {} }
    })
    await expect(t.call('accounts:signInBrowser', 'local')).rejects.toMatchObject({ code: 'timeout' })
  })

  it('can be cancelled from the app while it waits for the browser', async () => {
    const t = testCore({ localBaseUrl: local(), browser: async () => {} })
    const pending = t.call('accounts:signInBrowser', 'local')
    await expect.poll(() => t.events.latest('accounts:signInProgress')?.stage).toBe('waiting_for_browser')
    await t.call('accounts:cancel')
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' })
  })

  it('reports a denied consent', async () => {
    const browser = browserAs('alice', 'deny')
    const t = testCore({ localBaseUrl: local(), browser })
    await expect(t.call('accounts:signInBrowser', 'local')).rejects.toMatchObject({ code: 'auth_denied' })
    await expect.poll(() => browser.pages[0]).toContain('did not complete')
  })

  it('ignores a callback whose state does not match and signs in with the real one after it', async () => {
    let forgedStatus = 0
    const forgedFirst = async (url: string) => {
      const redirect = new URL(url).searchParams.get('redirect_uri')!
      forgedStatus = (await fetch(`${redirect}?code=stolen&state=forged`)).status
      await browserAs('alice')(url)
    }
    const t = testCore({ localBaseUrl: local(), browser: forgedFirst })
    const { accountId } = await t.call('accounts:signInBrowser', 'local')
    expect(forgedStatus).toBe(400)
    expect(await accountIn(t, accountId)).toMatchObject({ username: 'alice' })
  })

  it('says so when the loopback port is unavailable', async () => {
    const blocker = createServer()
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r))
    const port = (blocker.address() as { port: number }).port
    try {
      const t = testCore({ localBaseUrl: local(), tuning: { loopbackPort: port, sleep: async () => {} } })
      await expect(t.call('accounts:signInBrowser', 'local')).rejects.toMatchObject({ code: 'port_unavailable' })
    } finally {
      blocker.close()
    }
  })

  it('reports unreachable and invalid discovery', async () => {
    const unreachable = testCore({ localBaseUrl: 'http://127.0.0.1:9/global/api' })
    await expect(unreachable.call('accounts:signInBrowser', 'local')).rejects.toMatchObject({ code: 'discovery_failed' })
    const invalid = testCore({ localBaseUrl: `${service.origin}/nowhere/api` })
    await expect(invalid.call('accounts:signInBrowser', 'local')).rejects.toMatchObject({ code: 'discovery_failed' })
  })

  it('reports a token endpoint error', async () => {
    const failingToken: typeof fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      if (url.endsWith('/oidc/oauth/token'))
        return new Response(JSON.stringify({ error: 'server_error', error_description: 'down for maintenance' }), {
          status: 500,
          headers: { 'content-type': 'application/json' }
        })
      return fetch(input, init)
    }
    const t = testCore({ localBaseUrl: local(), deps: { fetch: failingToken } })
    await expect(t.call('accounts:signInBrowser', 'local')).rejects.toMatchObject({ code: 'token_exchange_failed' })
  })

  it('explains a wrong computer clock (the ID token looks long expired)', async () => {
    const clock = new TestClock()
    clock.offset = 2 * 3_600_000
    const t = testCore({ localBaseUrl: local(), clock })
    await expect(t.call('accounts:signInBrowser', 'local')).rejects.toMatchObject({ code: 'clock_skew' })
  })

  it('asks for a client id where none is registered', async () => {
    const t = testCore({ localBaseUrl: local() })
    await expect(t.call('accounts:signInBrowser', 'global')).rejects.toMatchObject({ code: 'no_client_id' })
  })
})

describe('sign out', () => {
  it('revokes at the server, deletes the secrets and the account', async () => {
    const t = signedInCore()
    const id = await t.signIn()
    expect(await t.call('accounts:signOut', id, { forgetCache: true })).toMatchObject({ revoked: true, tokenStillValid: false })
    expect((await t.accounts()).accounts).toEqual([])
    await t.core.dispose()
    expect(storeText(t.dataDir)).not.toContain(`${id}":`)
    const refresh = await fetch(`${service.deployments.global.issuer}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: t.watch.tokens[0]!.refresh_token!,
        client_id: 'companion-desktop'
      }).toString()
    })
    expect(((await refresh.json()) as { error: string }).error).toBe('invalid_grant')
  })
})
