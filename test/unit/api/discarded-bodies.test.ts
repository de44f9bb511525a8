import { describe, expect, it } from 'vitest'
import { LIMITS, readBounded } from '../../../src/main/api/bounded'
import { fetchAvatar } from '../../../src/main/profile/avatar'
import { trackedBody } from '../../support/tracked-body'

/** Issue #39: a body nobody reads is cancelled at once, not left paused for a reader that never comes. */
describe('bodies the app does not want', () => {
  it('an avatar that is refused (an error page, not an image) has its body cancelled', async () => {
    for (const [status, type] of [
      [404, 'text/html'],
      [200, 'text/html'],
      [200, 'application/json']
    ] as const) {
      const open = new Set<object>()
      const fetchImpl = async () =>
        new Response(trackedBody(Buffer.from('<html>not an image</html>'), open), { status, headers: { 'content-type': type } })
      expect(await fetchAvatar('https://cdn.example/a.png', fetchImpl, 'https://service.example/api')).toBeNull()
      expect(open.size, `${status} ${type}`).toBe(0)
    }
  })

  it('a body over the limit is cancelled, whether its length says so at once or it only shows while reading', async () => {
    const big = Buffer.alloc(LIMITS.apiJson + 1, 0x20)
    for (const headers of [{ 'content-length': String(big.length) }, {}] as Record<string, string>[]) {
      const open = new Set<object>()
      await expect(readBounded(new Response(trackedBody(big, open), { headers }), LIMITS.apiJson)).rejects.toMatchObject({
        code: 'unexpected_response'
      })
      expect(open.size).toBe(0)
    }
  })

  it('a body read whole ends, and one that fails while it is read is not left open either', async () => {
    const open = new Set<object>()
    expect((await readBounded(new Response(trackedBody(Buffer.from('{"ok":1}'), open)), 1024)).toString()).toBe('{"ok":1}')
    expect(open.size).toBe(0)
    let cancelled = false
    const failing = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.error(new Error('connection reset')),
      cancel: () => void (cancelled = true)
    })
    await expect(readBounded(new Response(failing), 1024)).rejects.toThrow('connection reset')
    expect(cancelled).toBe(false)
  })
})
