import { describe, expect, it } from 'vitest'
import { ScriptedBrowser, extractCode } from './browser'
import { authorizationUrl, pkce, tokenRequest } from './oauth'
import { call, useService } from './support'

const box = useService()
const issuer = () => box.service.deployments.global.issuer
const base = () => box.service.deployments.global.base_url
const CLIENT = 'companion-desktop'
const SCOPE = 'openid profile offline_access milthm:save:read'

async function codeFlow(options: { port?: number; host?: string; decision?: 'allow' | 'deny'; scope?: string } = {}) {
  const { verifier, challenge } = pkce()
  const redirect = `http://${options.host ?? '127.0.0.1'}:${options.port ?? 51234}/callback`
  const url = authorizationUrl(issuer(), {
    client_id: CLIENT,
    response_type: 'code',
    redirect_uri: redirect,
    scope: options.scope ?? SCOPE,
    state: 'state-123',
    nonce: 'nonce-456',
    prompt: 'consent',
    code_challenge: challenge,
    code_challenge_method: 'S256'
  })
  const landed = await new ScriptedBrowser().authorize(url, { username: 'alice', password: 'milthm-demo', decision: options.decision })
  return { landed, verifier, redirect }
}

async function signIn(scope = SCOPE) {
  const { landed, verifier, redirect } = await codeFlow({ scope })
  const code = landed.searchParams.get('code')!
  const tokens = await tokenRequest(issuer(), {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirect,
    client_id: CLIENT,
    code_verifier: verifier
  })
  expect(tokens.status).toBe(200)
  return tokens.body as { access_token: string; refresh_token: string; id_token: string; scope: string; expires_in: number }
}

describe('OIDC discovery', () => {
  it('serves discovery at {base_url}/oidc/.well-known/openid-configuration with S256 and device flow', async () => {
    const r = await fetch(`${issuer()}/.well-known/openid-configuration`)
    const doc = (await r.json()) as Record<string, unknown>
    expect(doc.issuer).toBe(issuer())
    expect(doc.code_challenge_methods_supported).toEqual(['S256'])
    expect(String(doc.device_authorization_endpoint)).toContain('/global/api/oidc/')
    expect(doc.revocation_endpoint).toBeTruthy()
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(['openid', 'offline_access', 'milthm:save:read']))
  })

  it('names the live endpoint paths (zitadel/oidc under {base_url}/oidc); device codes live 5 minutes, polled every 5 s', async () => {
    const doc = (await (await fetch(`${issuer()}/.well-known/openid-configuration`)).json()) as Record<string, unknown>
    expect({
      authorization: doc.authorization_endpoint,
      token: doc.token_endpoint,
      introspection: doc.introspection_endpoint,
      userinfo: doc.userinfo_endpoint,
      revocation: doc.revocation_endpoint,
      endSession: doc.end_session_endpoint,
      jwks: doc.jwks_uri,
      device: doc.device_authorization_endpoint
    }).toEqual({
      authorization: `${issuer()}/authorize`,
      token: `${issuer()}/oauth/token`,
      introspection: `${issuer()}/oauth/introspect`,
      userinfo: `${issuer()}/userinfo`,
      revocation: `${issuer()}/revoke`,
      endSession: `${issuer()}/end_session`,
      jwks: `${issuer()}/keys`,
      device: `${issuer()}/device_authorization`
    })
    const keys = (await (await fetch(`${issuer()}/keys`)).json()) as { keys: unknown[] }
    expect(keys.keys.length).toBeGreaterThan(0)
    const device = await fetch(`${issuer()}/device_authorization`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: CLIENT, scope: 'openid' }).toString()
    })
    expect(await device.json()).toMatchObject({ expires_in: 300, interval: 5 })
  })
})

describe('authorization code + PKCE on a loopback redirect', () => {
  it('signs in through the login and consent pages and gets tokens the API accepts', async () => {
    const { landed } = await codeFlow()
    expect(landed.searchParams.get('state')).toBe('state-123')
    expect(landed.searchParams.get('iss')).toBe(issuer())
    const tokens = await signIn()
    expect(tokens.scope.split(' ')).toEqual(expect.arrayContaining(['openid', 'profile', 'offline_access', 'milthm:save:read']))
    expect(tokens.refresh_token).toBeTruthy()
    const me = await call(`${base()}/v1/user`, { auth: `Bearer ${tokens.access_token}` })
    expect(me.body.data).toMatchObject({ username: 'alice' })
    const info = await call(`${base()}/v1/game/save/info`, { auth: `Bearer ${tokens.access_token}` })
    expect(info.body.code).toBe('OK')
    const rank = await call(`${base()}/v1/user/alice/rank`, { auth: `Bearer ${tokens.access_token}` })
    expect(rank.body.code).toBe('InsufficientScopeError')
  })

  it('rejects a wrong code verifier', async () => {
    const { landed, redirect } = await codeFlow()
    const r = await tokenRequest(issuer(), {
      grant_type: 'authorization_code',
      code: landed.searchParams.get('code')!,
      redirect_uri: redirect,
      client_id: CLIENT,
      code_verifier: pkce().verifier
    })
    expect(r.status).toBe(400)
    expect(r.body.error).toBe('invalid_grant')
  })

  it('requires PKCE', async () => {
    const url = authorizationUrl(issuer(), {
      client_id: CLIENT,
      response_type: 'code',
      redirect_uri: 'http://127.0.0.1:5000/callback',
      scope: 'openid',
      state: 's'
    })
    const r = await fetch(url, { redirect: 'manual' })
    expect(r.headers.get('location')).toContain('error=invalid_request')
  })

  it.each([1024, 49152, 65535])('accepts any loopback port (%i)', async (port) => {
    const { landed } = await codeFlow({ port })
    expect(landed.port).toBe(String(port))
    expect(landed.searchParams.get('code')).toBeTruthy()
  })

  it('rejects localhost as a redirect host', async () => {
    const url = authorizationUrl(issuer(), {
      client_id: CLIENT,
      response_type: 'code',
      redirect_uri: 'http://localhost:5000/callback',
      scope: 'openid',
      state: 's',
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256'
    })
    const r = await fetch(url, { redirect: 'manual' })
    expect(r.status).toBe(400)
    expect(await r.text()).toContain('redirect_uri')
  })

  it('returns access_denied when the user presses Deny', async () => {
    const { landed } = await codeFlow({ decision: 'deny' })
    expect(landed.searchParams.get('error')).toBe('access_denied')
    expect(landed.searchParams.get('state')).toBe('state-123')
  })

  it('keeps the user on the login page after a wrong password', async () => {
    const url = authorizationUrl(issuer(), {
      client_id: CLIENT,
      response_type: 'code',
      redirect_uri: 'http://127.0.0.1:5000/callback',
      scope: 'openid',
      state: 's',
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256'
    })
    await expect(new ScriptedBrowser().authorize(url, { username: 'alice', password: 'wrong', maxSteps: 6 })).rejects.toThrow(
      /too many steps/
    )
  })
})

describe('refresh tokens', () => {
  it('rotates the refresh token; the old one stops working', async () => {
    const tokens = await signIn()
    const before = box.service.controls.counters('global').tokenRefreshes
    const first = await tokenRequest(issuer(), { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: CLIENT })
    expect(first.status).toBe(200)
    expect(first.body.refresh_token).not.toBe(tokens.refresh_token)
    expect(box.service.controls.counters('global').tokenRefreshes).toBe(before + 1)
    const replay = await tokenRequest(issuer(), { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: CLIENT })
    expect(replay.body.error).toBe('invalid_grant')
  })

  it('issues no refresh token without offline_access', async () => {
    const tokens = await signIn('openid profile')
    expect(tokens.refresh_token).toBeUndefined()
  })

  it('reports an expired access token as 401 TokenExpireError, and a refresh fixes it', async () => {
    const tokens = await signIn()
    box.service.controls.expireAccessTokens('global')
    const expired = await call(`${base()}/v1/user`, { auth: `Bearer ${tokens.access_token}` })
    expect([expired.status, expired.body.code]).toEqual([401, 'TokenExpireError'])
    const refreshed = await tokenRequest(issuer(), { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: CLIENT })
    const ok = await call(`${base()}/v1/user`, { auth: `Bearer ${refreshed.body.access_token}` })
    expect(ok.body.code).toBe('OK')
  })
})

describe('revocation', () => {
  it('revokes a refresh token (and its grant) at the revocation endpoint', async () => {
    const tokens = await signIn()
    const r = await fetch(`${issuer()}/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.refresh_token, client_id: CLIENT }).toString()
    })
    expect(r.status).toBe(200)
    const refresh = await tokenRequest(issuer(), { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: CLIENT })
    expect(refresh.body.error).toBe('invalid_grant')
    const api = await call(`${base()}/v1/user`, { auth: `Bearer ${tokens.access_token}` })
    expect(api.body.code).toBe('InvalidTokenError')
  })
})

describe('device authorization grant', () => {
  async function startDevice() {
    const r = await fetch(`${issuer()}/device_authorization`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: CLIENT, scope: 'openid profile offline_access' }).toString()
    })
    return (await r.json()) as {
      device_code: string
      user_code: string
      verification_uri: string
      verification_uri_complete: string
      interval: number
      expires_in: number
    }
  }
  const poll = (device_code: string) =>
    tokenRequest(issuer(), { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code, client_id: CLIENT })

  it('pends, then issues tokens once the user confirms the code and consents', async () => {
    const device = await startDevice()
    expect(device.user_code).toMatch(/\w{4}-\w{4}/)
    expect((await poll(device.device_code)).body.error).toBe('authorization_pending')
    const browser = new ScriptedBrowser()
    const page = await browser.request(device.verification_uri)
    const html = await page.text()
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html)!
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(form[2]!)![1]!
    const confirm = await browser.request(new URL(form[1]!, device.verification_uri).href, { form: { xsrf, user_code: device.user_code } })
    const confirmHtml = await confirm.text()
    expect(extractCode(confirmHtml)).toBe(device.user_code)
    const confirmForm = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(confirmHtml)!
    const fields = Object.fromEntries([...confirmForm[2]!.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]))
    const next = await browser.request(new URL(confirmForm[1]!, device.verification_uri).href, { form: fields })
    const done = await browser.authorize(new URL(next.headers.get('location')!, device.verification_uri).href, {
      username: 'alice',
      password: 'milthm-demo',
      finalPage: /All set/
    })
    expect(done.pathname).toContain('/device/')
    const tokens = await poll(device.device_code)
    expect(tokens.status).toBe(200)
    expect(tokens.body.access_token).toBeTruthy()
  })

  it('rejects an unknown device code', async () => {
    const r = await poll('not-a-device-code')
    expect(r.body.error).toBe('invalid_grant')
  })
})
