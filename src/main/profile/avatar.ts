import type { Fetch } from '../ports'
import { discardBody, LIMITS, readBounded } from '../api/bounded'

const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp|svg\+xml)\b/

/**
 * Fetches an avatar in main (no credentials) and returns it as a data URL, so the renderer never
 * reaches the network and the avatar is there offline. The spec does not show its format: an
 * absolute URL, or a path on the service's own host (`/static/…`), resolved against `baseUrl`.
 * Anything odd yields null.
 */
export async function fetchAvatar(url: string, fetchImpl: Fetch, baseUrl: string): Promise<string | null> {
  let parsed: URL
  try {
    parsed = url.startsWith('/') ? new URL(url, baseUrl) : new URL(url)
  } catch {
    return null
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null
  try {
    const response = await fetchImpl(parsed, { signal: AbortSignal.timeout(10_000), redirect: 'follow' })
    const type = response.headers.get('content-type') ?? ''
    if (!response.ok || !IMAGE_TYPES.test(type)) {
      await discardBody(response)
      return null
    }
    const body = await readBounded(response, LIMITS.avatar)
    return `data:${type.split(';')[0]};base64,${body.toString('base64')}`
  } catch {
    return null
  }
}
