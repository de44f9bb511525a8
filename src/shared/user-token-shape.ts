import { AppError } from './errors'

/**
 * What a pasted User Token looks like (shared/notes/real-service.md, "User Token"): the account page's
 * "Copy Authorization Header" gives `Basic <credential>`; players also paste the bare credential, with
 * stray spaces or quotes around it, or with `Authorization:` in front. The credential itself is one word
 * of HTTP's token68 characters (base64 or base64url, `=` only at the end): the reference service's is the
 * base64 of `id:secret`, 60 characters or more.
 */

/** Shorter than any credential a token page gives (an id, a colon and a secret, in base64). */
export const MIN_CREDENTIAL_LENGTH = 16
const MAX_CREDENTIAL_LENGTH = 4096
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/

/** The token as the service wants it (`Basic <credential>`), or null when the text is not token-shaped. */
export function userTokenShape(pasted: string): string | null {
  const cleaned = pasted
    .trim()
    .replace(/^["'`]|["'`]$/g, '')
    .trim()
    .replace(/^authorization:\s*/i, '')
  // Space inside is never part of a credential: "hello world" is two words, not a token.
  const bare = cleaned.replace(/^basic\s+/i, '')
  if (bare.length < MIN_CREDENTIAL_LENGTH || bare.length > MAX_CREDENTIAL_LENGTH || !TOKEN68.test(bare)) return null
  return `Basic ${bare}`
}

/**
 * The refusal of text that is not a User Token, said before anything is sent: what a token looks like and
 * where to get one (the window words it from `reason`; the CLI prints the message).
 */
export function notAUserToken(): AppError {
  return AppError.of(
    'invalid_input',
    'That is not a User Token. A User Token is one long word of letters and digits (it may end in =), usually with ' +
      "Basic in front. Create one on your account's token page and paste the Authorization header it gives.",
    { details: { reason: 'not_user_token' } }
  )
}

/**
 * Whether a clipboard's text is worth offering as a User Token (only after the player asked to paste):
 * it says `Basic …`, or it is the bare HTTP Basic credential (base64 of `id:secret`). Any other word
 * that happens to be long enough is not offered.
 */
export function looksLikeUserToken(text: string): boolean {
  const shaped = userTokenShape(text)
  if (!shaped) return false
  if (/^\s*["'`]?\s*(authorization:\s*)?basic\s/i.test(text)) return true
  try {
    return atob(shaped.slice('Basic '.length)).includes(':')
  } catch {
    return false
  }
}
