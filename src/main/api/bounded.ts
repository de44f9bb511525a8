import { AppError } from '../../shared/errors'
import type { Fetch } from '../ports'

/** How much the service may send, after decompression: enough for any real answer, far from harmful. */
export const LIMITS = {
  apiJson: 1024 * 1024,
  avatar: 1024 * 1024,
  chartList: 8 * 1024 * 1024,
  oidc: 1024 * 1024
} as const

function tooMuch(limit: number): AppError {
  const size = limit >= 1024 * 1024 ? `${Math.round(limit / 1024 / 1024)} MiB` : `${Math.round(limit / 1024)} KiB`
  return AppError.of('unexpected_response', `The service sent too much data (more than ${size}); nothing of it was used.`, {
    details: { limit }
  })
}

/**
 * Drops a body nobody will read, so its connection closes now instead of waiting, paused, for a
 * reader (a paused body whose server then hangs up is what undici could not survive, issue #39).
 */
export async function discardBody(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => {})
}

/**
 * Reads a response body, counting the bytes as they are decompressed, and stops at `limit`: a
 * small gzip reply that expands to gigabytes never gets into memory. The body is read to its end
 * or cancelled, whatever happens.
 */
export async function readBounded(response: Response, limit: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > limit && !response.headers.get('content-encoding')) {
    await discardBody(response)
    throw tooMuch(limit)
  }
  if (!response.body) return Buffer.alloc(0)
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  let done = false
  try {
    for (;;) {
      const next = await reader.read()
      if (next.done) break
      total += next.value.byteLength
      if (total > limit) throw tooMuch(limit)
      chunks.push(next.value)
    }
    done = true
  } finally {
    if (!done) await reader.cancel().catch(() => {})
  }
  return Buffer.concat(chunks)
}

/** A fetch whose responses carry at most `limit` bytes of body (for libraries that read bodies themselves). */
export function boundedFetch(fetchImpl: Fetch, limit: number): Fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init)
    const body = await readBounded(response, limit)
    return new Response(response.status === 204 || response.status === 304 ? null : new Uint8Array(body), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers
    })
  }
}
