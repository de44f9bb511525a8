import { z } from 'zod'

export const DeploymentId = z.enum(['global', 'china', 'local', 'custom'])
export type DeploymentId = z.infer<typeof DeploymentId>

/** `spec`: the names in the interface spec; `live`: the names live clients request (`milthm:`). */
export const ScopeStyle = z.enum(['live', 'spec'])
export type ScopeStyle = z.infer<typeof ScopeStyle>

/** What the app can be allowed to do; features speak in capabilities, never in scope names. */
export const Capability = z.enum(['identity', 'profile', 'user', 'email', 'offline', 'save', 'recent', 'best'])
export type Capability = z.infer<typeof Capability>

const GAME_SCOPES: Record<ScopeStyle, Record<'save' | 'recent' | 'best', string>> = {
  spec: { save: 'game:save:read', recent: 'game:event:recent', best: 'game:stats:best_performance' },
  live: { save: 'milthm:save:read', recent: 'milthm:event:recent', best: 'milthm:stats:best_performance' }
}

/** The one place capability names become scope names. */
export function scopeName(capability: Capability, style: ScopeStyle): string {
  switch (capability) {
    case 'identity':
      return 'openid'
    case 'offline':
      return 'offline_access'
    case 'profile':
    case 'user':
    case 'email':
      return capability
    default:
      return GAME_SCOPES[style][capability]
  }
}

export function capabilitiesOf(scopes: readonly string[], style: ScopeStyle): Capability[] {
  return Capability.options.filter((c) => scopes.includes(scopeName(c, style)))
}

/** Guess the style from discovery's `scopes_supported`, when the server lists it. */
export function styleFromSupportedScopes(supported: readonly string[] | undefined, fallback: ScopeStyle): ScopeStyle {
  if (!supported) return fallback
  if (supported.includes(GAME_SCOPES.live.save)) return 'live'
  if (supported.includes(GAME_SCOPES.spec.save)) return 'spec'
  return fallback
}

export const DeploymentView = z.object({
  id: DeploymentId,
  label: z.string(),
  baseUrl: z.string().nullable(),
  tokensPage: z.string().nullable(),
  clientId: z.string().nullable(),
  /** Where the client id comes from: Settings, the build (a distributor's), the app itself (Local); null: none. */
  clientIdSource: z.enum(['settings', 'build', 'builtin']).nullable().default(null),
  scopeStyle: ScopeStyle,
  /** Only for Local: the reference service's demo accounts, shown on the welcome screen. */
  demoAccounts: z.array(z.object({ username: z.string(), password: z.string() })).default([])
})
export type DeploymentView = z.infer<typeof DeploymentView>

/** `{base_url}` of the Local deployment (the reference service) unless COMPANION_LOCAL_BASE_URL says otherwise. */
export const DEFAULT_LOCAL_BASE_URL = 'http://127.0.0.1:8723/global/api'

export const BUILTIN_DEPLOYMENTS = {
  global: { label: 'Global', baseUrl: 'https://milkloud.milthm.com/api', tokensPage: 'https://milkloud.milthm.com/settings/tokens' },
  china: { label: 'China', baseUrl: 'https://milkloud.milthm.cn/api', tokensPage: 'https://milkloud.milthm.cn/settings/tokens' }
} as const

export function isLoopbackHost(hostname: string): boolean {
  return hostname === '127.0.0.1' || hostname === '[::1]' || hostname === 'localhost'
}

export type BaseUrlCheck = { ok: true; url: string } | { ok: false; reason: string }

/**
 * The one rule for every base URL the app or the CLI talks to: `https:`, or `http:` only on this
 * machine (loopback); no user name or password, query or fragment; a trailing slash is dropped.
 */
export function validateBaseUrl(raw: string): BaseUrlCheck {
  const checked = checkWebAddress(raw, { query: false })
  return checked.ok ? { ok: true, url: checked.url.href.replace(/\/+$/, '') } : checked
}

/**
 * What every address the app fetches from must be: a web address, `https:` or `http:` on this
 * machine only, with no user name or password; `query: false` also refuses a query or fragment.
 */
export function checkWebAddress(raw: string, allow: { query: boolean }): { ok: true; url: URL } | { ok: false; reason: string } {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return { ok: false, reason: 'is not a web address' }
  }
  if (url.username || url.password) return { ok: false, reason: 'must not contain a user name or password' }
  if (!allow.query && (url.search || url.hash || raw.includes('?') || raw.includes('#')))
    return { ok: false, reason: 'must not contain a query or a fragment' }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    return { ok: false, reason: 'must use https (plain http only for this computer, 127.0.0.1)' }
  }
  return { ok: true, url }
}

/** http is allowed only to this machine (the reference service); anything unparsable is not. */
export function allowsInsecureHttp(baseUrl: string): boolean {
  try {
    const url = new URL(baseUrl)
    return url.protocol === 'http:' && isLoopbackHost(url.hostname)
  } catch {
    return false
  }
}

/** The account web page that creates User Tokens: `{origin}{path without /api}/settings/tokens`. */
export function tokensPageFor(baseUrl: string): string {
  return `${baseUrl.replace(/\/api$/, '')}/settings/tokens`
}
