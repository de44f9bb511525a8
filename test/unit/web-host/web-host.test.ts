import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EventHub } from '../../../src/main/ipc/event-hub'
import { startWebHost, type WebHost } from '../../../src/main/web-host/web-host'

function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request))
    let data = ''
    socket.on('data', (d) => (data += d.toString()))
    socket.on('close', () => resolve(data.split('\r\n')[0] ?? ''))
    socket.on('error', reject)
  })
}

describe('the development web host', () => {
  let host: WebHost
  let port = 0
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'renderer-'))
    writeFileSync(join(dir, 'index.html'), '<script type="module" src="./app.js"></script>')
    mkdirSync(join(dir, 'assets'))
    for (const name of ['index-BkdCz_Ds.js', 'index-8dVm_a4b.css', 'notes.js']) writeFileSync(join(dir, 'assets', name), '')
    host = await startWebHost({ rendererDir: dir, dispatch: async () => ({ ok: true, value: null }), events: new EventHub() })
    port = Number(new URL(host.origin).port)
  })
  afterAll(async () => {
    await host.close()
  })

  it.each([
    ['a bad escape', 'GET /% HTTP/1.1'],
    ['a bad escape in a file name', 'GET /%E0%A4%A HTTP/1.1'],
    ['a protocol-relative target', 'GET //[ HTTP/1.1'],
    ['an absolute-form target', 'GET http://evil.example/index.html HTTP/1.1'],
    ['an asterisk target', 'OPTIONS * HTTP/1.1']
  ])('answers %s with 400 and keeps serving', async (_, line) => {
    expect(await raw(port, `${line}\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`)).toMatch(/^HTTP\/1\.1 400/)
    expect((await fetch(`${host.origin}/index.html`)).status).toBe(200)
  })

  it("lets the browser keep the build's content-hashed files, and nothing else", async () => {
    const cacheOf = async (path: string) => (await fetch(`${host.origin}${path}`)).headers.get('cache-control')
    expect(await cacheOf('/assets/index-BkdCz_Ds.js')).toBe('public, max-age=31536000, immutable')
    expect(await cacheOf('/assets/index-8dVm_a4b.css')).toBe('public, max-age=31536000, immutable')
    for (const path of ['/', '/index.html', '/web-bridge.js', '/assets/notes.js', '/assets/missing-BkdCz_Ds.js'])
      expect(await cacheOf(path)).toBe('no-store')
  })

  it('answers a garbled request without falling over', async () => {
    await raw(port, 'NOT HTTP AT ALL\r\n\r\n')
    expect((await fetch(`${host.origin}/index.html`)).status).toBe(200)
  })

  it('refuses a request for another host name that resolves here (DNS rebinding)', async () => {
    expect(await raw(port, `GET /index.html HTTP/1.1\r\nHost: evil.example:${port}\r\nConnection: close\r\n\r\n`)).toMatch(
      /^HTTP\/1\.1 421/
    )
    expect(
      await raw(port, `POST /__bridge/invoke HTTP/1.1\r\nHost: localhost:${port}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`)
    ).toMatch(/^HTTP\/1\.1 421/)
  })
})
