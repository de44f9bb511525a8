import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { openLoopback } from '../../../src/main/accounts/loopback'

const page = (o: { ok: boolean; message: string }) => `<p>${o.ok ? 'ok' : 'fail'}: ${o.message}</p>`

/** Sends a raw request line (what fetch would refuse to send) and returns the status line. */
function raw(port: number, line: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${line}\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`))
    let data = ''
    socket.on('data', (d) => (data += d.toString()))
    socket.on('end', () => resolve(data.split('\r\n')[0] ?? ''))
    socket.on('close', () => resolve(data.split('\r\n')[0] ?? ''))
    socket.on('error', reject)
  })
}

describe('loopback listener', () => {
  it('listens on 127.0.0.1 only, ignores other paths, takes exactly one callback, then closes', async () => {
    const listener = await openLoopback({ timeoutMs: 5_000, page, state: 's' })
    expect(listener.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
    expect((await fetch(listener.redirectUri.replace('/callback', '/favicon.ico'))).status).toBe(404)
    const response = fetch(`${listener.redirectUri}?code=c&state=s`)
    const callback = await listener.callback
    expect(callback.url.searchParams.get('code')).toBe('c')
    callback.respond({ ok: true, message: 'done' })
    expect(await (await response).text()).toContain('ok: done')
    await listener.closed
    await expect(fetch(`${listener.redirectUri}?code=again`)).rejects.toThrow()
  })

  it('answers malformed requests with a 4xx and keeps waiting', async () => {
    const listener = await openLoopback({ timeoutMs: 5_000, page, state: 's' })
    const port = Number(new URL(listener.redirectUri).port)
    for (const line of ['GET /% HTTP/1.1', 'GET //[ HTTP/1.1', 'GET http://evil.example/callback?state=s HTTP/1.1', 'GET * HTTP/1.1']) {
      expect(await raw(port, line), line).toMatch(/^HTTP\/1\.1 4\d\d/)
    }
    expect(await raw(port, 'NOT-HTTP')).toMatch(/^$|^HTTP\/1\.1 400/)
    const response = fetch(`${listener.redirectUri}?code=c&state=s`)
    ;(await listener.callback).respond({ ok: true, message: 'still fine' })
    expect(await (await response).text()).toContain('still fine')
  })

  it('ignores a callback whose state does not match, and takes the real one after it', async () => {
    const listener = await openLoopback({ timeoutMs: 5_000, page, state: 'right' })
    const wrong = await fetch(`${listener.redirectUri}?code=evil&state=wrong`)
    expect(wrong.status).toBe(400)
    expect(await wrong.text()).toMatch(/does not belong/)
    const missing = await fetch(`${listener.redirectUri}?code=evil`)
    expect(missing.status).toBe(400)
    const response = fetch(`${listener.redirectUri}?code=good&state=right`)
    const callback = await listener.callback
    expect(callback.url.searchParams.get('code')).toBe('good')
    callback.respond({ ok: true, message: 'done' })
    await response
  })

  it('rejects with timeout, and with cancelled on abort', async () => {
    const slow = await openLoopback({ timeoutMs: 50, page, state: 's' })
    await expect(slow.callback).rejects.toMatchObject({ code: 'timeout' })
    const controller = new AbortController()
    const cancelled = await openLoopback({ timeoutMs: 5_000, page, signal: controller.signal, state: 's' })
    controller.abort()
    await expect(cancelled.callback).rejects.toMatchObject({ code: 'cancelled' })
  })
})
