import { notAUserToken, userTokenShape } from '../../shared/user-token-shape'

/**
 * Accepts what users paste: the whole `Basic <credential>` header value (what the account page's
 * "Copy Authorization Header" gives), the bare credential, or either with stray whitespace/quotes.
 * Anything else is refused here, before it is sent anywhere.
 */
export function normalizeUserToken(pasted: string): string {
  const token = userTokenShape(pasted)
  if (!token) throw notAUserToken()
  return token
}
