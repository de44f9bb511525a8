/**
 * What a pasted User Token looks like (shared/notes/real-service.md, "User Token"): the account page's
 * "Copy Authorization Header" gives `Basic <credential>`; players also paste the bare credential, with
 * stray spaces or quotes, or with `Authorization:` in front.
 */

/** The token as the service wants it (`Basic <credential>`), or null when the text is not token-shaped. */
export function userTokenShape(pasted: string): string | null {
  const cleaned = pasted
    .trim()
    .replace(/^["'`]|["'`]$/g, '')
    .replace(/^authorization:\s*/i, '')
    .trim()
  const bare = cleaned.replace(/^basic\s+/i, '').replace(/\s+/g, '')
  if (bare.length < 8 || bare.length > 4096 || !/^[A-Za-z0-9+/=._~-]+$/.test(bare)) return null
  return `Basic ${bare}`
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
