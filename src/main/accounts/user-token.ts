import { AppError } from '../../shared/errors'
import { userTokenShape } from '../../shared/user-token-shape'

/**
 * Accepts what users paste: the whole `Basic <credential>` header value (what the account page's
 * "Copy Authorization Header" gives), the bare credential, or either with stray whitespace/quotes.
 */
export function normalizeUserToken(pasted: string): string {
  const token = userTokenShape(pasted)
  if (!token)
    throw AppError.of('invalid_input', 'That does not look like a User Token. Paste the "Authorization header" value from the token page.')
  return token
}
