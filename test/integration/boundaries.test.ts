import { createServer, type Server } from 'node:http'
import { createGzip } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUserToken, testCore } from '../support/core'

/** About 400 KiB of gzip that expands to 400 MiB of zeros, made without holding the 400 MiB. */
async function gzipBomb(): Promise<Buffer> {
  const gzip = createGzip({ level: 9 })
  const parts: Buffer[] = []
  gzip.on('data', (d: Buffer) => parts.push(d))
  const done = new Promise((r) => gzip.on('end', r))
  const zeros = Buffer.alloc(1024 * 1024)
  for (let i = 0; i < 400; i++) if (!gzip.write(zeros)) await new Promise((r) => gzip.once('drain', r))
  gzip.end()
  await done
  return Buffer.concat(parts)
}

/** A hostile service on 127.0.0.1: what it answers on /api/v1/user depends on the test. */
let mode: 'bomb' | 'endless' | 'echo' = 'bomb'
let bomb: Buffer
let server: Server
let base = ''
const TOKEN = 'Basic ' + Buffer.from('hostile-test:a-secret-that-must-not-show').toString('base64')

beforeAll(async () => {
  bomb = await gzipBomb()
  server = createServer((req, res) => {
    if (mode === 'bomb') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': bomb.length })
      return void res.end(bomb)
    }
    if (mode === 'echo') {
      res.writeHead(401, { 'content-type': 'application/json' })
      const bare = String(req.headers.authorization).replace(/^Basic /, '')
      return void res.end(
        JSON.stringify({ code: 'InvalidTokenError', message: `rejected ${req.headers.authorization} (credential ${bare})` })
      )
    }
    // An endless body: only the reader's limit stops it; the server stops when the client hangs up.
    res.writeHead(200, { 'content-type': 'application/json' })
    const chunk = Buffer.alloc(64 * 1024, 0x20)
    let sent = 0
    const pump = () => {
      while (!res.destroyed && sent < 3 * 1024 * 1024 * 1024) {
        sent += chunk.length
        if (!res.write(chunk)) return void res.once('drain', pump)
      }
      res.end()
    }
    pump()
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}/api`
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})

/** Peak RSS growth while `work` runs (sampled), after a collection when available. */
async function rssGrowth(work: () => Promise<unknown>): Promise<number> {
  global.gc?.()
  const start = process.memoryUsage().rss
  let peak = start
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5)
  try {
    await work()
  } finally {
    clearInterval(sampler)
  }
  return (Math.max(peak, process.memoryUsage().rss) - start) / 1024 / 1024
}

async function customCore() {
  const t = testCore({ localBaseUrl: 'http://127.0.0.1:9/api' })
  await t.call('settings:update', { customBaseUrl: base })
  return t
}

describe('hostile services', () => {
  it('a gzip bomb on /v1/user ends with "too much data" and memory stays flat', async () => {
    mode = 'bomb'
    const t = await customCore()
    let error: unknown
    const growth = await rssGrowth(async () => {
      error = await addUserToken(t.core.handlers, 'custom', TOKEN).catch((e: unknown) => e)
    })
    expect(error).toMatchObject({ code: 'unexpected_response', message: expect.stringMatching(/too much data \(more than 1 MiB\)/) })
    expect(growth).toBeLessThan(64)
  })

  it('an endless body is cut at the limit, memory flat', async () => {
    mode = 'endless'
    const t = await customCore()
    let error: unknown
    const growth = await rssGrowth(async () => {
      error = await addUserToken(t.core.handlers, 'custom', TOKEN).catch((e: unknown) => e)
    })
    expect(error).toMatchObject({ code: 'unexpected_response', message: expect.stringMatching(/too much data/) })
    expect(growth).toBeLessThan(64)
  })

  it('a service that echoes the credential in its error never puts it on screen', async () => {
    mode = 'echo'
    const t = await customCore()
    const error = await addUserToken(t.core.handlers, 'custom', TOKEN).catch((e: { data: unknown }) => e.data)
    const text = JSON.stringify(error)
    expect(text).toMatch(/rejected/)
    expect(text).not.toContain(TOKEN.replace(/^Basic /, ''))
    expect(text).not.toContain('a-secret-that-must-not-show')
  })
})
