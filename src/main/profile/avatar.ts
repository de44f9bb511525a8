import type { Fetch } from '../ports'
import { LIMITS, readBounded } from '../api/bounded'

const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp|svg\+xml)\b/

/**
 * Fetches an avatar in main (no credentials) and returns it as a data URL, so the renderer never
 * reaches the network and the avatar is there offline. Anything odd yields null.
 */
export async function fetchAvatar(url: string, fetchImpl: Fetch): Promise<string | null> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null
  try {
    const response = await fetchImpl(parsed, { signal: AbortSignal.timeout(10_000), redirect: 'follow' })
    const type = response.headers.get('content-type') ?? ''
    if (!response.ok || !IMAGE_TYPES.test(type)) return null
    const body = await readBounded(response, LIMITS.avatar)
    return `data:${type.split(';')[0]};base64,${body.toString('base64')}`
  } catch {
    return null
  }
}
