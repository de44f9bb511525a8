import { randomUUID } from 'node:crypto'
import type { AccountsState, AccountSummary, DeviceSignIn, SignInStage, UserTokenCheck } from '../../shared/accounts'
import {
  capabilitiesOf,
  scopeName,
  styleFromSupportedScopes,
  type Capability,
  type DeploymentId,
  type ScopeStyle
} from '../../shared/deployments'
import { AppError } from '../../shared/errors'
import type { Language, Settings } from '../../shared/settings'
import { staticCredentials, type Credentials, type ServiceHttp } from '../api/http'
import { ServiceClient } from '../api/service-client'
import type { Clock, Fetch } from '../ports'
import type { Logger } from '../logging/logger'
import { accountKey } from './account-key'
import type { AccountRecord, AccountRegistry } from './account-registry'
import { callbackPage } from './callback-page'
import { messagesFor } from '../i18n'
import type { DeploymentCatalog, ResolvedDeployment } from './deployment-catalog'
import { openLoopback } from './loopback'
import { OidcClient, oidc, type DeviceStart, type TokenSet } from './oidc-client'
import type { SecretStore } from './secret-store'
import { normalizeUserToken } from './user-token'
import { redactor } from '../logging/redact'

export interface AuthDeps {
  catalog: DeploymentCatalog
  registry: AccountRegistry
  secrets: SecretStore
  http: ServiceHttp
  fetch: Fetch
  clock: Clock
  settings: () => Settings
  /** The UI language, for the page the browser tab shows after signing in. */
  language?: () => Language
  /** Opens the system browser (never an app window), only at the issuer's authorization endpoint. */
  openSignIn: (url: string, isAuthorizationUrl: (url: string) => boolean) => Promise<void>
  onChange: () => void
  /** Sign-in progress; while waiting for the browser, the address it was sent to (for Copy and Open again). */
  onProgress?: (stage: SignInStage, detail?: { url: string; opened: boolean }) => void
  logger?: Logger
  loopbackTimeoutMs?: number
  loopbackPort?: number
}

/** Refresh this long before the access token expires. */
const REFRESH_MARGIN_MS = 60_000
const BASE_CAPABILITIES: Capability[] = ['identity', 'profile', 'offline', 'save', 'recent', 'best']

function summary(record: AccountRecord): AccountSummary {
  const { scopes: _scopes, scopeStyle: _style, issuer: _issuer, ...rest } = record
  return rest
}

export class AuthService {
  readonly #clients = new Map<string, Promise<OidcClient>>()
  readonly #refreshing = new Map<string, Promise<string>>()
  readonly #devices = new Map<string, { controller: AbortController; result: Promise<AccountSummary>; links: string[] }>()
  #browserFlow: AbortController | null = null
  /** The running browser sign-in's address and how to open it again. */
  #reopen: (() => Promise<void>) | null = null

  constructor(private readonly deps: AuthDeps) {}

  // ---- state -------------------------------------------------------------------------------

  async state(): Promise<AccountsState> {
    return {
      accounts: this.deps.registry.list().map(summary),
      activeId: this.deps.registry.activeId(),
      protection: await this.deps.secrets.protection(),
      insecureStorage: this.deps.settings().insecureStorage
    }
  }

  setActive(id: string): void {
    if (!this.deps.registry.get(id)) throw AppError.of('not_found', 'That account is not signed in.')
    this.deps.registry.setActive(id)
    this.deps.onChange()
  }

  client(record: Pick<AccountRecord, 'baseUrl'>): ServiceClient {
    return new ServiceClient(this.deps.http, record.baseUrl)
  }

  // ---- OIDC sign-in ------------------------------------------------------------------------

  #oidcFor(d: ResolvedDeployment): Promise<OidcClient> {
    if (!d.clientId) {
      throw AppError.of('no_client_id', `No OIDC client is registered for ${d.label}. Enter a client id in Settings, or use a User Token.`)
    }
    const key = `${d.baseUrl} ${d.clientId}`
    let client = this.#clients.get(key)
    if (!client) {
      client = OidcClient.discover(d.baseUrl, d.clientId, this.deps)
      this.#clients.set(key, client)
      client.catch(() => this.#clients.delete(key))
    }
    return client
  }

  #scopeFor(style: ScopeStyle, extra: readonly Capability[]): string {
    const wanted = new Set<Capability>([...BASE_CAPABILITIES, ...extra])
    if (this.deps.settings().showEmail) wanted.add('email')
    return [...wanted].map((c) => scopeName(c, style)).join(' ')
  }

  /** Authorization code + PKCE S256 + state + nonce on a one-shot 127.0.0.1 listener. */
  // eslint-disable-next-line max-lines-per-function -- one sign-in in the system browser, its steps in the order they happen
  async signInWithBrowser(
    deploymentId: DeploymentId,
    options: { capabilities?: Capability[]; accountId?: string } = {}
  ): Promise<AccountSummary> {
    this.#browserFlow?.abort()
    const controller = new AbortController()
    this.#browserFlow = controller
    const progress = this.deps.onProgress ?? (() => {})
    try {
      const d = this.deps.catalog.resolve(deploymentId)
      progress('discovering')
      const client = await this.#oidcFor(d)
      const style = styleFromSupportedScopes(client.supportedScopes, d.scopeStyle)
      const existing = options.accountId ? this.deps.registry.get(options.accountId) : undefined
      if (existing && existing.baseUrl !== d.baseUrl)
        throw this.#needsSignIn(existing.id, "This account's service address changed. Sign in again.")
      const scope = this.#scopeFor(style, [...(existing?.capabilities ?? []), ...(options.capabilities ?? [])])
      const state = oidc.randomState()
      const language = this.deps.language?.() ?? 'en'
      const texts = messagesFor(language).signInPage
      const listener = await openLoopback({
        timeoutMs: this.deps.loopbackTimeoutMs ?? 5 * 60_000,
        signal: controller.signal,
        port: this.deps.loopbackPort,
        // In the app's language and theme: a light app does not send the player to a dark page.
        page: (outcome) => callbackPage(outcome, language, this.deps.settings().theme),
        texts,
        state
      })
      const verifier = oidc.randomPKCECodeVerifier()
      const nonce = oidc.randomNonce()
      const url = client.authorizationUrl({
        redirect_uri: listener.redirectUri,
        scope,
        state,
        nonce,
        // OIDC issues a refresh token (offline_access) only after explicit consent.
        prompt: 'consent',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256'
      })
      const open = () => this.deps.openSignIn(url.href, (u) => client.isAuthorizationUrl(u))
      this.#reopen = open
      // A browser that did not open (no display, a broken handler) is not the end: the link is
      // shown with Copy and Open again while the listener waits.
      const opened = await open().then(
        () => true,
        (error: unknown) => {
          if (error instanceof AppError && error.code === 'invalid_input') throw error
          this.deps.logger?.warn({ error }, 'the system browser did not open for sign-in')
          return false
        }
      )
      progress('waiting_for_browser', { url: url.href, opened })
      const callback = await listener.callback
      try {
        progress('exchanging')
        const tokens = await client.exchangeCode(
          callback.url,
          { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce },
          scope
        )
        progress('loading_profile')
        const account = await this.#completeOidc(d, style, tokens, client, 'browser', existing)
        callback.respond({ ok: true, message: texts.closeTab })
        progress('done')
        this.deps.logger?.info({ accountId: account.id, deploymentId, capabilities: account.capabilities }, 'signed in with the browser')
        return account
      } catch (error) {
        callback.respond({
          ok: false,
          // The app's own details are English: other languages get the translated pointer to the app, which says it all.
          message: error instanceof AppError && language === 'en' ? error.message : texts.failed
        })
        throw error
      }
    } catch (error) {
      progress('failed')
      this.deps.logger?.warn({ deploymentId, error }, 'browser sign-in failed')
      throw error
    } finally {
      if (this.#browserFlow === controller) {
        this.#browserFlow = null
        this.#reopen = null
      }
    }
  }

  async #completeOidc(
    d: ResolvedDeployment,
    style: ScopeStyle,
    tokens: TokenSet,
    client: OidcClient,
    via: 'browser' | 'device',
    existing?: AccountRecord
  ): Promise<AccountSummary> {
    redactor.add(tokens.accessToken)
    redactor.add(tokens.refreshToken)
    const profile = await this.client(d).currentUser(staticCredentials(`Bearer ${tokens.accessToken}`))
    const uid = profile.uid ?? profile.username
    if (!uid) throw AppError.of('unexpected_response', 'The service did not say which account signed in.')
    const id = accountKey(d.id, d.baseUrl, uid)
    if (existing && existing.id !== id) {
      throw AppError.of(
        'invalid_input',
        `You signed in as a different account (${profile.username ?? uid}). Sign ` +
          `in as ${existing.username ?? existing.uid} to grant the permission.`
      )
    }
    const scopes = tokens.scope.split(' ').filter(Boolean)
    const storage = await this.deps.secrets.put(id, {
      kind: 'oidc',
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      expiresAt: tokens.expiresAt,
      scope: tokens.scope
    })
    const record: AccountRecord = {
      id,
      deploymentId: d.id,
      baseUrl: d.baseUrl,
      uid: profile.uid ?? null,
      username: profile.username ?? null,
      nickname: profile.nickname ?? null,
      method: 'oidc',
      // A grant made later in the browser keeps how the account first signed in.
      via: existing?.via ?? via,
      capabilities: capabilitiesOf(scopes, style),
      status: 'active',
      storage,
      addedAt: existing?.addedAt ?? new Date(this.deps.clock.now()).toISOString(),
      scopes,
      scopeStyle: style,
      issuer: client.pin()
    }
    this.deps.registry.upsert(record)
    this.deps.onChange()
    return summary(record)
  }

  // ---- device flow -------------------------------------------------------------------------

  async startDeviceSignIn(deploymentId: DeploymentId): Promise<DeviceSignIn> {
    const d = this.deps.catalog.resolve(deploymentId)
    const client = await this.#oidcFor(d)
    if (!client.supportsDeviceFlow)
      throw AppError.of('invalid_input', `${d.label} does not offer sign-in with a device code. Use the browser instead.`)
    const style = styleFromSupportedScopes(client.supportedScopes, d.scopeStyle)
    const scope = this.#scopeFor(style, [])
    const start: DeviceStart = await client.startDevice(scope)
    const flowId = randomUUID()
    const controller = new AbortController()
    const result = client
      .pollDevice(start, scope, controller.signal)
      .then((tokens) => this.#completeOidc(d, style, tokens, client, 'device'))
      .finally(() => this.#devices.delete(flowId))
    result.catch(() => {})
    this.#devices.set(flowId, { controller, result, links: [start.verificationUri, start.verificationUriComplete ?? ''] })
    return {
      flowId,
      userCode: start.userCode,
      verificationUri: start.verificationUri,
      verificationUriComplete: start.verificationUriComplete,
      expiresAt: start.expiresAt
    }
  }

  async finishDeviceSignIn(flowId: string): Promise<AccountSummary> {
    const flow = this.#devices.get(flowId)
    if (!flow) throw AppError.of('not_found', 'That device sign-in is no longer running. Start again.')
    return flow.result
  }

  /** Addresses sign-in itself points the user to: issuers seen in discovery, and device-code pages of running flows. */
  trustedLinkUrls(): string[] {
    const issuers = this.deps.registry
      .list()
      .flatMap((a) => (a.issuer ? [a.issuer.metadata.issuer, a.issuer.metadata.authorization_endpoint ?? ''] : []))
    return [...issuers, ...[...this.#devices.values()].flatMap((f) => f.links)].filter(Boolean)
  }

  /** Opens the running browser sign-in's page again (the renderer never names the address). */
  async reopenSignIn(): Promise<void> {
    if (!this.#reopen) throw AppError.of('not_found', 'No browser sign-in is waiting.')
    await this.#reopen()
  }

  cancel(): void {
    this.#browserFlow?.abort()
    for (const flow of this.#devices.values()) flow.controller.abort()
  }

  // ---- User Token --------------------------------------------------------------------------

  /** Validates a pasted User Token with GET /v1/user (and read probes) before saving it. */
  async addUserToken(deploymentId: DeploymentId, pasted: string): Promise<UserTokenCheck> {
    const d = this.deps.catalog.resolve(deploymentId)
    const header = normalizeUserToken(pasted)
    // Known to the redactor before the first request: a server echoing it cannot put it on screen.
    redactor.add(header)
    redactor.add(header.replace(/^Basic\s+/i, ''))
    const credentials = staticCredentials(header)
    const client = this.client(d)
    const profile = await client.currentUser(credentials).catch((error: unknown) => {
      if (error instanceof AppError && error.data.status === 401) {
        const expired = error.data.serviceCode === 'TokenExpireError'
        const message = expired
          ? 'This User Token has expired. Create a new one on the token page.'
          : 'This User Token was not accepted. Copy the whole "Authorization header" value again.'
        // A reason of its own: the service's words for an expired sign-in ("sign in again") do not fit a token just pasted.
        const details = { ...error.data.details, reason: expired ? 'token_expired' : 'token_refused' }
        throw new AppError({ ...error.data, code: 'credential_invalid', message, details })
      }
      throw error
    })
    const fields = Object.keys(profile).filter((k) => profile[k as keyof typeof profile] !== undefined)
    if (!profile.uid) {
      throw AppError.of(
        'scope_missing',
        'This User Token does not let the app read which account it belongs ' +
          'to (it needs the "profile" or "user" scope). Create one with it.',
        // Its own words: "sign in again and allow it" (a sign-in's) is no way out for a token, which cannot grow.
        { details: { reason: 'token_needs_profile' } }
      )
    }
    const capabilities = await this.#probeCapabilities(client, credentials, profile.username ?? null, fields)
    const who = { uid: profile.uid, username: profile.username, nickname: profile.nickname }
    const record = await this.#keepUserToken(
      { deploymentId: d.id, baseUrl: d.baseUrl, scopeStyle: d.scopeStyle },
      who,
      header,
      capabilities
    )
    this.deps.logger?.info({ accountId: record.id, deploymentId: d.id, capabilities }, 'User Token added')
    return { account: summary(record), fields, capabilities }
  }

  /**
   * A User Token given for this run (the CLI's, from its token file or the environment): its account read
   * once and kept as signed in for as long as this core runs, without probing what it may read (each
   * command asks the service for what it needs, and the service says no where the token may not).
   */
  async useUserToken(deployment: { id: DeploymentId; baseUrl: string }, header: string): Promise<AccountRecord> {
    const { uid, username, nickname } = await this.client(deployment).currentUser(staticCredentials(header))
    if (!username || !uid)
      throw AppError.of('scope_missing', 'This User Token cannot read your username: create one with the "profile" scope.')
    const d = { deploymentId: deployment.id, baseUrl: deployment.baseUrl, scopeStyle: 'spec' as const }
    return this.#keepUserToken(d, { uid, username, nickname }, header, [])
  }

  async #keepUserToken(
    d: Pick<AccountRecord, 'deploymentId' | 'baseUrl' | 'scopeStyle'>,
    profile: { uid: string; username?: string | null; nickname?: string | null },
    header: string,
    capabilities: Capability[]
  ): Promise<AccountRecord> {
    const id = accountKey(d.deploymentId, d.baseUrl, profile.uid)
    const storage = await this.deps.secrets.put(id, { kind: 'user_token', header })
    const record: AccountRecord = {
      id,
      deploymentId: d.deploymentId,
      baseUrl: d.baseUrl,
      uid: profile.uid,
      username: profile.username ?? null,
      nickname: profile.nickname ?? null,
      method: 'user_token',
      via: 'token',
      capabilities,
      status: 'active',
      storage,
      addedAt: new Date(this.deps.clock.now()).toISOString(),
      scopes: [],
      scopeStyle: d.scopeStyle,
      issuer: null
    }
    this.deps.registry.upsert(record)
    this.deps.onChange()
    return record
  }

  /** A User Token's scopes cannot be read, so try each read once (none spends a download). */
  async #probeCapabilities(
    client: ServiceClient,
    credentials: Credentials,
    username: string | null,
    fields: string[]
  ): Promise<Capability[]> {
    const capabilities: Capability[] = ['identity']
    if (fields.includes('username') || fields.includes('nickname')) capabilities.push('profile')
    if (fields.includes('email')) capabilities.push('email')
    // Recent scores and rank are asked for by username: without one they cannot be probed (nor read).
    const probes: [Capability, () => Promise<unknown>][] = [['save', () => client.saveInfo(credentials)]]
    if (username) probes.push(['recent', () => client.recent(credentials, username)], ['best', () => client.rank(credentials, username)])
    const results = await Promise.allSettled(probes.map(([, probe]) => probe()))
    results.forEach((result, i) => {
      const denied = result.status === 'rejected' && result.reason instanceof AppError && result.reason.code === 'scope_missing'
      if (!denied) capabilities.push(probes[i]![0])
    })
    return capabilities
  }

  // ---- credentials for the API -------------------------------------------------------------

  /**
   * The issuer this account signed in with. Accounts from before issuers were pinned are
   * discovered again at their own base URL (never the deployment's current one) and pinned then.
   */
  async #issuerOf(record: AccountRecord): Promise<OidcClient> {
    if (record.issuer) return OidcClient.pinned(record.issuer, this.deps)
    const current = this.deps.catalog.view(record.deploymentId)
    if (current.baseUrl !== record.baseUrl || !current.clientId)
      throw this.#needsSignIn(record.id, "This account's service address changed. Sign in again.")
    const client = await OidcClient.discover(record.baseUrl, current.clientId, this.deps)
    this.deps.registry.update(record.id, { issuer: client.pin() })
    return client
  }

  /** Accounts of a deployment that would no longer be at its address: they must sign in again. */
  accountsLeaving(deploymentId: DeploymentId, baseUrl: string | null): AccountSummary[] {
    return this.deps.registry
      .list()
      .filter((a) => a.deploymentId === deploymentId && a.baseUrl !== baseUrl)
      .map(summary)
  }

  /** After a deployment's address changed: its accounts stop sending anything until they sign in again. */
  markLeaving(deploymentId: DeploymentId, baseUrl: string | null): void {
    const leaving = this.accountsLeaving(deploymentId, baseUrl).filter((a) => a.status !== 'needs_sign_in')
    for (const account of leaving) this.deps.registry.update(account.id, { status: 'needs_sign_in' })
    if (leaving.length) this.deps.onChange()
  }

  #needsSignIn(id: string, message: string): AppError {
    this.deps.registry.update(id, { status: 'needs_sign_in' })
    this.deps.onChange()
    return AppError.of('needs_sign_in', message)
  }

  credentials(id: string): Credentials {
    return {
      header: async () => {
        if (this.deps.registry.get(id)?.status === 'needs_sign_in')
          throw AppError.of('needs_sign_in', 'This account needs to sign in again; nothing is sent for it until then.')
        const secret = await this.deps.secrets.get(id)
        if (!secret) throw this.#needsSignIn(id, 'This account has no stored session on this computer. Sign in again.')
        if (secret.kind === 'user_token') return secret.header
        if (secret.refreshToken && this.deps.clock.now() > secret.expiresAt - REFRESH_MARGIN_MS)
          return this.#refresh(id, secret.accessToken)
        return `Bearer ${secret.accessToken}`
      },
      refreshed: async (stale) => {
        const secret = await this.deps.secrets.get(id)
        if (!secret || secret.kind === 'user_token') return null
        return this.#refresh(id, stale.replace(/^Bearer\s+/i, ''))
      }
    }
  }

  /** One refresh per account at a time, however many calls are waiting for it. */
  #refresh(id: string, staleAccessToken: string): Promise<string> {
    const running = this.#refreshing.get(id)
    if (running) return running
    const work = this.#doRefresh(id, staleAccessToken).finally(() => this.#refreshing.delete(id))
    this.#refreshing.set(id, work)
    return work
  }

  async #doRefresh(id: string, staleAccessToken: string): Promise<string> {
    const record = this.deps.registry.get(id)
    const secret = await this.deps.secrets.get(id)
    if (!record || !secret || secret.kind !== 'oidc') throw this.#needsSignIn(id, 'Sign in again.')
    if (secret.accessToken !== staleAccessToken && this.deps.clock.now() < secret.expiresAt - REFRESH_MARGIN_MS)
      return `Bearer ${secret.accessToken}`
    if (!secret.refreshToken) throw this.#needsSignIn(id, 'The session expired. Sign in again; your cached data stays readable.')
    const client = await this.#issuerOf(record)
    try {
      const tokens = await client.refresh(secret.refreshToken, secret.scope)
      redactor.add(tokens.accessToken)
      redactor.add(tokens.refreshToken)
      await this.deps.secrets.put(id, { kind: 'oidc', ...tokens })
      this.deps.logger?.info({ accountId: id }, 'session refreshed')
      return `Bearer ${tokens.accessToken}`
    } catch (error) {
      this.deps.logger?.warn({ accountId: id, error }, 'session refresh failed')
      if (error instanceof AppError && error.code === 'needs_sign_in') {
        this.deps.secrets.delete(id)
        throw this.#needsSignIn(id, error.message)
      }
      throw error
    }
  }

  // ---- sign out ----------------------------------------------------------------------------

  /** Revokes at the server when it can, then forgets the secrets and the account. */
  async signOut(id: string): Promise<{ revoked: boolean }> {
    const record = this.deps.registry.get(id)
    if (!record) throw AppError.of('not_found', 'That account is not signed in.')
    const secret = await this.deps.secrets.get(id)
    let revoked = false
    if (secret?.kind === 'oidc') {
      try {
        const client = await this.#issuerOf(record)
        if (secret.refreshToken) revoked = await client.revoke(secret.refreshToken)
        await client.revoke(secret.accessToken)
      } catch (error) {
        // Offline or the server refused: the local session is removed anyway.
        this.deps.logger?.warn({ accountId: id, error }, 'revocation at sign-out failed')
      }
    }
    this.deps.logger?.info({ accountId: id, method: record.method, revoked }, 'signed out')
    this.deps.secrets.delete(id)
    this.deps.registry.remove(id)
    this.deps.onChange()
    return { revoked }
  }

  /** After the user chose to store sessions on a keyring-less system, persist what is in memory. */
  async persistMemorySessions(): Promise<void> {
    for (const record of this.deps.registry.list()) {
      const secret = await this.deps.secrets.get(record.id)
      if (secret) this.deps.registry.update(record.id, { storage: await this.deps.secrets.put(record.id, secret) })
    }
    this.deps.onChange()
  }
}
