import { allowsInsecureHttp } from '../../shared/deployments'
import { AppError } from '../../shared/errors'
import type { OpenExternal } from '../ports'

/** Where links may lead: hosts served over https, and (development only) loopback origins over http. */
export interface LinkPolicy {
  /** Hosts of the deployments and of the issuers the app signs in with. */
  httpsHosts(): ReadonlySet<string>
  /** Exact `http://127.0.0.1:port` origins of a Local deployment (development), else empty. */
  loopbackOrigins(): ReadonlySet<string>
}

function parse(raw: string): URL | null {
  try {
    return new URL(raw)
  } catch {
    return null
  }
}

/** https on one of the deployments' own hosts (or a development loopback origin); nothing else. */
export function isAllowedExternalUrl(raw: string, policy: LinkPolicy): boolean {
  const url = parse(raw)
  if (!url || url.username || url.password) return false
  if (url.protocol === 'https:') return policy.httpsHosts().has(url.hostname)
  return url.protocol === 'http:' && allowsInsecureHttp(url.origin) && policy.loopbackOrigins().has(url.origin)
}

const refuse = () => AppError.of('invalid_input', 'That link was not opened: only https pages of the account service are opened.')

/** Sign-in opens only the issuer's own authorization endpoint, which the caller vouches for with `isAuthorizationUrl`. */
export async function openSignInPage(openExternal: OpenExternal, url: string, isAuthorizationUrl: (url: string) => boolean): Promise<void> {
  const parsed = parse(url)
  if (!parsed || !isAuthorizationUrl(url) || !(parsed.protocol === 'https:' || allowsInsecureHttp(parsed.origin))) throw refuse()
  await openExternal(parsed.href)
}

/**
 * The one way a link (the token page, help, a device-code page) is opened outside the app: it must
 * pass the policy. Any other scheme (file:, smb:, ms-msdt:…) never reaches the operating system.
 */
export function createExternalLinks(openExternal: OpenExternal, policy: LinkPolicy) {
  return {
    async open(url: string): Promise<null> {
      if (!isAllowedExternalUrl(url, policy)) throw refuse()
      await openExternal(new URL(url).href)
      return null
    }
  }
}

export type ExternalLinks = ReturnType<typeof createExternalLinks>
