import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider'
import type { DeploymentRuntime } from './model'
import { escapeHtml, page } from './pages'
import type { memoryAdapterFor } from './oidc-adapter'

export const NATIVE_CLIENT_ID = 'companion-desktop'

/** Endpoint paths under the issuer, as the live service (zitadel/oidc) has them; `code_verification` is this service's own. */
export const LIVE_ROUTES = {
  authorization: '/authorize',
  token: '/oauth/token',
  introspection: '/oauth/introspect',
  userinfo: '/userinfo',
  revocation: '/revoke',
  end_session: '/end_session',
  jwks: '/keys',
  device_authorization: '/device_authorization',
  code_verification: '/device'
}

export interface ProviderOptions {
  adapter: ReturnType<typeof memoryAdapterFor>
  accessTokenTtlSeconds: number
  deviceCodeTtlSeconds: number
  /** The polling interval the device authorization response announces (RFC 8628 `interval`). */
  deviceIntervalSeconds: number
  cookieKeys: string[]
  jwks: { keys: Record<string, unknown>[] }
}

/**
 * One oidc-provider per deployment. Access tokens are opaque; the API in this same process checks
 * them with `AccessToken.find` (in-process introspection), so scopes and expiry come from the
 * provider's own records with no second token format to keep in sync.
 */
export function createProvider(deployment: DeploymentRuntime, issuer: string, options: ProviderOptions): Provider {
  const scopeNames = Object.values(deployment.config.scopes)
  const configuration: Configuration = {
    clients: [
      {
        client_id: NATIVE_CLIENT_ID,
        client_name: 'Game Account Companion',
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        redirect_uris: ['http://127.0.0.1/callback'],
        grant_types: ['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code'],
        response_types: ['code']
      }
    ],
    scopes: ['openid', 'offline_access', 'profile', 'email', 'user', ...scopeNames],
    claims: {
      openid: ['sub'],
      profile: ['preferred_username', 'nickname', 'picture', 'zone'],
      user: ['preferred_username', 'nickname', 'picture', 'zone'],
      email: ['email']
    },
    pkce: { required: () => true },
    // The live provider's paths (zitadel/oidc under `{base_url}/oidc`); clients take them from discovery.
    routes: LIVE_ROUTES,
    features: {
      devInteractions: { enabled: false },
      introspection: { enabled: true },
      revocation: { enabled: true },
      deviceFlow: {
        enabled: true,
        userCodeInputSource: async (ctx, form, out, err) => {
          const denied = out?.error === 'access_denied' || err?.name === 'AccessDenied' || err?.name === 'AbortedError'
          const message = denied
            ? '<p class="error" role="alert">Access denied: the device was not connected.</p>'
            : err
              ? '<p class="error" role="alert">That code is not valid. Check it and try again.</p>'
              : ''
          // The provider's form holds the one code field (prefilled from verification_uri_complete): label it.
          const field = form.replace('name="user_code"', 'id="user-code" name="user_code" aria-describedby="code-help"')
          ctx.body = page(
            'Connect a device',
            `<h1>Enter the code shown in the app</h1>${message}<label for="user-code">Code</label>` +
              `<p id="code-help" class="hint">Eight letters, as shown in the app.</p>${field}` +
              `<button type="submit" form="op.deviceInputForm">Continue</button>`,
            deployment.config.label
          )
        },
        userCodeConfirmSource: async (ctx, form, _client, _info, userCode) => {
          ctx.body = page(
            'Confirm device',
            `<h1>Is this the code shown in the app?</h1><p><code>${escapeHtml(userCode)}</code></p>${form}` +
              `<button type="submit" form="op.deviceConfirmForm">Yes, continue</button>` +
              `<button class="secondary" type="submit" form="op.deviceConfirmForm" name="abort" value="yes">No, abort</button>`,
            deployment.config.label
          )
        },
        successSource: async (ctx) => {
          ctx.body = page('Device connected', '<h1>All set</h1><p>You can return to the app.</p>', deployment.config.label)
        }
      }
    },
    findAccount: async (_ctx, sub) => {
      const account = deployment.accounts.byUid(sub)
      if (!account || account.deleted) return undefined
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          preferred_username: account.username,
          nickname: account.nickname,
          picture: account.avatar,
          zone: account.zone,
          email: account.email
        })
      }
    },
    interactions: { url: (_ctx, interaction) => `${deployment.config.prefix}/interaction/${interaction.uid}` },
    adapter: options.adapter,
    cookies: { keys: options.cookieKeys },
    jwks: options.jwks as Configuration['jwks'],
    ttl: {
      AccessToken: options.accessTokenTtlSeconds,
      AuthorizationCode: 300,
      DeviceCode: options.deviceCodeTtlSeconds,
      IdToken: 3600,
      Interaction: 3600,
      Grant: 30 * 86_400,
      Session: 14 * 86_400,
      RefreshToken: 30 * 86_400
    },
    renderError: async (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'html'
      ctx.body = page(
        'Sign-in problem',
        `<h1>Something went wrong</h1><p class="error">${escapeHtml(out.error)}: ${escapeHtml(out.error_description ?? '')}</p>`,
        deployment.config.label
      )
    }
  }
  const provider = new Provider(issuer, configuration)
  provider.use(async (ctx, next) => {
    await next()
    if (ctx.path === LIVE_ROUTES.device_authorization && ctx.status === 200 && ctx.body && typeof ctx.body === 'object')
      (ctx.body as Record<string, unknown>).interval = options.deviceIntervalSeconds
  })
  provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
    if (ctx.oidc.params?.grant_type === 'refresh_token') deployment.counters.tokenRefreshes++
  })
  return provider
}
