import { AppError } from '../../shared/errors'
import type { OpenExternal } from '../ports'

/**
 * Only https links to known hosts may leave the app on the renderer's request. Sign-in URLs are
 * opened by the auth service directly and never pass through here.
 */
export function isAllowedExternalUrl(raw: string, allowedHosts: ReadonlySet<string>): boolean {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return false
  }
  return url.protocol === 'https:' && url.username === '' && url.password === '' && allowedHosts.has(url.hostname)
}

export function createExternalLinks(openExternal: OpenExternal, allowedHosts: () => ReadonlySet<string>) {
  return {
    async open(url: string): Promise<null> {
      if (!isAllowedExternalUrl(url, allowedHosts())) {
        throw AppError.of('invalid_input', 'Only https links to the account service can be opened.')
      }
      await openExternal(url)
      return null
    }
  }
}
