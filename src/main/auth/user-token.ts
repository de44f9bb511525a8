import { AppError } from '../../shared/errors'

/**
 * Accepts what users paste: the whole `Basic <credential>` header value (what the account page's
 * "Copy Authorization Header" gives), the bare credential, or either with stray whitespace/quotes.
 */
export function normalizeUserToken(pasted: string): string {
  const cleaned = pasted
    .trim()
    .replace(/^["'`]|["'`]$/g, '')
    .replace(/^authorization:\s*/i, '')
    .trim()
  const bare = cleaned.replace(/^basic\s+/i, '').replace(/\s+/g, '')
  if (bare.length < 8 || bare.length > 4096 || !/^[A-Za-z0-9+/=._~-]+$/.test(bare)) {
    throw AppError.of('invalid_input', 'That does not look like a User Token. Paste the "Authorization header" value from the token page.')
  }
  return `Basic ${bare}`
}
