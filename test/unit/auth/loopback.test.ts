import { describe, expect, it } from 'vitest'
import { openLoopback } from '../../../src/main/auth/loopback'

const page = (o: { ok: boolean; message: string }) => `<p>${o.ok ? 'ok' : 'fail'}: ${o.message}</p>`

describe('loopback listener', () => {
  it('listens on 127.0.0.1 only, ignores other paths, takes exactly one callback, then closes', async () => {
    const listener = await openLoopback({ timeoutMs: 5_000, page })
    expect(listener.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
    expect((await fetch(listener.redirectUri.replace('/callback', '/favicon.ico'))).status).toBe(404)
    const response = fetch(`${listener.redirectUri}?code=c&state=s`)
    const callback = await listener.callback
    expect(callback.url.searchParams.get('code')).toBe('c')
    callback.respond({ ok: true, message: 'done' })
    expect(await (await response).text()).toContain('ok: done')
    await new Promise((r) => setTimeout(r, 50))
    await expect(fetch(`${listener.redirectUri}?code=again`)).rejects.toThrow()
  })

  it('rejects with timeout, and with cancelled on abort', async () => {
    const slow = await openLoopback({ timeoutMs: 50, page })
    await expect(slow.callback).rejects.toMatchObject({ code: 'timeout' })
    const controller = new AbortController()
    const cancelled = await openLoopback({ timeoutMs: 5_000, page, signal: controller.signal })
    controller.abort()
    await expect(cancelled.callback).rejects.toMatchObject({ code: 'cancelled' })
  })
})
