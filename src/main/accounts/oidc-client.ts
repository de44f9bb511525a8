import * as oidc from 'openid-client'
import { z } from 'zod'
import { AppError } from '../../shared/errors'
import { allowsInsecureHttp } from '../../shared/deployments'
import type { Clock, Fetch } from '../ports'
import { boundedFetch, LIMITS } from '../api/bounded'

export interface TokenSet {
  accessToken: string
  refreshToken?: string
  /** Clock milliseconds. */
  expiresAt: number
  scope: string
}

export interface DeviceStart {
  response: oidc.DeviceAuthorizationResponse
  userCode: string
  verificationUri: string
  verificationUriComplete: string | null
  expiresAt: number
}

/** Turns openid-client and network failures into app errors with a clear next step. */
export function mapOidcError(error: unknown, stage: 'discovery' | 'token' | 'refresh' | 'device'): AppError {
  if (error instanceof AppError) return error
  if (error instanceof oidc.ResponseBodyError) {
    const detail = error.error_description ? `: ${error.error_description}` : ''
    if (error.error === 'invalid_grant' && stage === 'refresh')
      return AppError.of('needs_sign_in', `The session was revoked or expired${detail}. Sign in again.`)
    if (error.error === 'access_denied') return AppError.of('auth_denied', `Access was denied${detail}.`)
    if (error.error === 'expired_token')
      return AppError.of('device_expired', 'The device code expired before it was confirmed. Start again.')
    return AppError.of('token_exchange_failed', `The sign-in server refused the request (${error.error}${detail}).`, {
      status: error.status
    })
  }
  if (error instanceof oidc.AuthorizationResponseError) {
    if (error.error === 'access_denied') return AppError.of('auth_denied', 'You denied access in the browser.')
    return AppError.of('token_exchange_failed', `The sign-in server returned an error (${error.error}).`)
  }
  const code = (error as { code?: string }).code
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') {
    return AppError.of(
      'clock_skew',
      "The sign-in answer looks like it comes from the future or the past: check your computer's date, time and time zone."
    )
  }
  if (error instanceof Error && error.name === 'AbortError') return AppError.of('cancelled', 'Sign-in was cancelled.')
  if (stage === 'discovery') {
    const network = error instanceof TypeError || code === 'ECONNREFUSED'
    return AppError.of(
      'discovery_failed',
      network
        ? 'The sign-in server could not be reached. Check your connection and the deployment address.'
        : `The sign-in server's configuration is invalid (${(error as Error).message}).`
    )
  }
  if (error instanceof TypeError) return AppError.of('network', 'The sign-in server could not be reached. Check your connection.')
  return AppError.of('token_exchange_failed', `Signing in failed: ${(error as Error).message}`)
}

/** What an account keeps of its issuer at sign-in, so refresh and revocation never go anywhere else. */
export const PinnedIssuer = z.object({
  clientId: z.string().max(200),
  /** The server metadata from discovery, as received (bounded; URLs checked on use). */
  metadata: z
    .object({
      issuer: z.string().max(2048),
      authorization_endpoint: z.string().max(2048).optional(),
      token_endpoint: z.string().max(2048).optional(),
      revocation_endpoint: z.string().max(2048).optional(),
      device_authorization_endpoint: z.string().max(2048).optional(),
      jwks_uri: z.string().max(2048).optional(),
      userinfo_endpoint: z.string().max(2048).optional(),
      scopes_supported: z.array(z.string().max(200)).max(200).optional()
    })
    .passthrough()
})
export type PinnedIssuer = z.infer<typeof PinnedIssuer>

/** openid-client, configured for one issuer and this app's public client. */
export class OidcClient {
  private constructor(
    private readonly config: oidc.Configuration,
    private readonly clock: Clock
  ) {}

  static #options(deps: { fetch: Fetch; clock: Clock }) {
    // openid-client reads Date.now(); the skew makes it follow the injected clock instead.
    return { [oidc.clockSkew]: Math.round((deps.clock.now() - Date.now()) / 1000) }
  }

  static async discover(baseUrl: string, clientId: string, deps: { fetch: Fetch; clock: Clock }): Promise<OidcClient> {
    const execute = allowsInsecureHttp(baseUrl) ? [oidc.allowInsecureRequests] : []
    try {
      const config = await oidc.discovery(new URL(`${baseUrl}/oidc`), clientId, OidcClient.#options(deps), oidc.None(), {
        execute,
        [oidc.customFetch]: (url, init) => boundedFetch(deps.fetch, LIMITS.oidc)(url, init as RequestInit)
      })
      return new OidcClient(config, deps.clock)
    } catch (error) {
      throw mapOidcError(error, 'discovery')
    }
  }

  /** The issuer an account signed in with, from what it kept: no discovery, no other address. */
  static pinned(pinned: PinnedIssuer, deps: { fetch: Fetch; clock: Clock }): OidcClient {
    const config = new oidc.Configuration(pinned.metadata as oidc.ServerMetadata, pinned.clientId, OidcClient.#options(deps), oidc.None())
    if (allowsInsecureHttp(pinned.metadata.issuer)) oidc.allowInsecureRequests(config)
    config[oidc.customFetch] = (url, init) => boundedFetch(deps.fetch, LIMITS.oidc)(url, init as RequestInit)
    return new OidcClient(config, deps.clock)
  }

  get metadata() {
    return this.config.serverMetadata()
  }

  /** What to keep on the account, to come back to exactly this issuer. */
  pin(): PinnedIssuer {
    return PinnedIssuer.parse({
      clientId: this.config.clientMetadata().client_id,
      metadata: JSON.parse(JSON.stringify(this.metadata)) as unknown
    })
  }

  /** True when `url` is this issuer's own authorization endpoint (the only page sign-in opens). */
  isAuthorizationUrl(url: string): boolean {
    const endpoint = this.metadata.authorization_endpoint
    if (!endpoint) return false
    try {
      const a = new URL(url)
      const b = new URL(endpoint)
      return a.origin === b.origin && a.pathname === b.pathname && (a.protocol === 'https:' || allowsInsecureHttp(a.origin))
    } catch {
      return false
    }
  }

  get supportsDeviceFlow(): boolean {
    return Boolean(this.metadata.device_authorization_endpoint)
  }

  get supportedScopes(): string[] | undefined {
    return this.metadata.scopes_supported
  }

  authorizationUrl(params: Record<string, string>): URL {
    return oidc.buildAuthorizationUrl(this.config, params)
  }

  #tokens(response: oidc.TokenEndpointResponse, fallbackScope: string): TokenSet {
    return {
      accessToken: response.access_token,
      refreshToken: response.refresh_token,
      expiresAt: this.clock.now() + (response.expires_in ?? 3600) * 1000,
      scope: response.scope ?? fallbackScope
    }
  }

  async exchangeCode(
    callbackUrl: URL,
    checks: { pkceCodeVerifier: string; expectedState: string; expectedNonce: string },
    scope: string
  ): Promise<TokenSet> {
    try {
      const response = await oidc.authorizationCodeGrant(this.config, callbackUrl, { ...checks, idTokenExpected: true })
      return this.#tokens(response, scope)
    } catch (error) {
      throw mapOidcError(error, 'token')
    }
  }

  async refresh(refreshToken: string, scope: string): Promise<TokenSet> {
    try {
      const response = await oidc.refreshTokenGrant(this.config, refreshToken)
      const tokens = this.#tokens(response, scope)
      return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken }
    } catch (error) {
      throw mapOidcError(error, 'refresh')
    }
  }

  async startDevice(scope: string): Promise<DeviceStart> {
    try {
      const response = await oidc.initiateDeviceAuthorization(this.config, { scope })
      return {
        response,
        userCode: response.user_code,
        verificationUri: response.verification_uri,
        verificationUriComplete: response.verification_uri_complete ?? null,
        expiresAt: this.clock.now() + response.expires_in * 1000
      }
    } catch (error) {
      throw mapOidcError(error, 'device')
    }
  }

  /** Polls at the server's interval; openid-client handles authorization_pending and slow_down. */
  async pollDevice(start: DeviceStart, scope: string, signal: AbortSignal): Promise<TokenSet> {
    // The library notices the signal only after its polling interval: Cancel answers at once.
    const cancelled = new Promise<never>((_, reject) => {
      if (signal.aborted) reject(AppError.of('cancelled', 'Sign-in was cancelled.'))
      signal.addEventListener('abort', () => reject(AppError.of('cancelled', 'Sign-in was cancelled.')), { once: true })
    })
    try {
      const polled = oidc.pollDeviceAuthorizationGrant(this.config, start.response, undefined, { signal })
      polled.catch(() => {}) // after a cancel nobody awaits it
      return this.#tokens(await Promise.race([polled, cancelled]), scope)
    } catch (error) {
      if (signal.aborted) throw AppError.of('cancelled', 'Sign-in was cancelled.')
      throw mapOidcError(error, 'device')
    }
  }

  async revoke(token: string): Promise<boolean> {
    if (!this.metadata.revocation_endpoint) return false
    await oidc.tokenRevocation(this.config, token)
    return true
  }
}

export { oidc }
