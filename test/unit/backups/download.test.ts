import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { mkdtempSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedUrlPolicy } from '../../../src/main/backups/backup-service'
import { download, releaseChunk } from '../../../src/main/backups/download'

describe('signed-URL policy', () => {
  it('takes https, and plain http only to this machine when the API itself is on it', () => {
    const live = signedUrlPolicy('https://milkloud.milthm.com/api')
    expect(() => live(new URL('https://cdn.example.com/save?sig=x'))).not.toThrow()
    for (const bad of [
      'http://cdn.example.com/save',
      'http://127.0.0.1:9000/save',
      'ftp://cdn.example.com/save',
      'file:///etc/passwd',
      'https://user:pw@cdn.example.com/save'
    ]) {
      expect(() => live(new URL(bad)), bad).toThrow(/only https/)
    }
    const local = signedUrlPolicy('http://127.0.0.1:8723/global/api')
    expect(() => local(new URL('http://127.0.0.1:8723/files/save/1'))).not.toThrow()
    expect(() => local(new URL('http://example.com/files/save/1'))).toThrow(/only https/)
  })
})

describe('freeing written chunks', () => {
  it('frees only a large chunk that is the whole of its buffer, never a view others may share', () => {
    const whole = Buffer.allocUnsafeSlow(64 * 1024).fill(7)
    releaseChunk(whole)
    expect(whole.length).toBe(0)
    const shared = Buffer.allocUnsafeSlow(64 * 1024).fill(7)
    const part = shared.subarray(0, 32 * 1024)
    releaseChunk(part)
    releaseChunk(shared.subarray(32 * 1024))
    expect([shared.length, part.length, shared[100]]).toEqual([64 * 1024, 32 * 1024, 7])
    const small = Buffer.from('{"SongRecordsV3":1}')
    releaseChunk(small)
    expect(small.toString()).toBe('{"SongRecordsV3":1}')
    const slowSmall = Buffer.allocUnsafeSlow(1024).fill(1)
    releaseChunk(slowSmall)
    expect(slowSmall.length).toBe(1024)
  })
})

describe('redirects of the signed URL', () => {
  let server: Server
  let origin = ''
  const save = Buffer.from(JSON.stringify({ SongRecordsV3: [] }))
  beforeAll(async () => {
    server = createServer((req, res) => {
      const hops = Number(/\/hop\/(\d+)/.exec(req.url ?? '')?.[1] ?? -1)
      if (req.url === '/to-remote') return void res.writeHead(302, { location: 'http://example.com/save' }).end()
      if (hops > 0) return void res.writeHead(302, { location: `/hop/${hops - 1}` }).end()
      res.writeHead(200, { 'content-length': save.length, etag: '"v1"' }).end(save)
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  })
  afterAll(() => void server.close())

  const fetchVia = async (path: string) => {
    const file = await open(join(mkdtempSync(join(tmpdir(), 'redirect-')), 'x.part'), 'w+')
    try {
      return await download({
        freshUrl: async () => `${origin}${path}`,
        checkUrl: signedUrlPolicy(`${origin}/api`),
        file,
        sleep: async () => {}
      })
    } finally {
      await file.close()
    }
  }

  it('follows up to three redirects', async () => {
    expect((await fetchVia('/hop/3')).size).toBe(save.length)
  })

  it('refuses a fourth, and any hop the policy refuses', async () => {
    await expect(fetchVia('/hop/4')).rejects.toMatchObject({
      code: 'unexpected_response',
      message: expect.stringMatching(/more than 3 times/)
    })
    await expect(fetchVia('/to-remote')).rejects.toMatchObject({
      code: 'unexpected_response',
      message: expect.stringMatching(/only https/)
    })
  })
})

describe('stalled attempts', () => {
  let server: Server
  let origin = ''
  let requests = 0
  const save = Buffer.from(JSON.stringify({ SongRecordsV3: [], pad: 'x'.repeat(20_000) }))
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests++
      const start = Number(/bytes=(\d+)-/.exec(req.headers.range ?? '')?.[1] ?? 0)
      const rest = save.subarray(start)
      const headers = { 'content-length': rest.length, etag: '"v1"' }
      if (req.url === '/nothing') return void res.writeHead(200, headers).end()
      // Half of what is asked, then silence (the socket stays open until the client leaves).
      if (start > 0) res.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${save.length - 1}/${save.length}` })
      else res.writeHead(200, headers)
      res.write(rest.subarray(0, Math.ceil(rest.length / 2)))
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  })
  afterAll(() => {
    server.closeAllConnections()
    server.close()
  })

  const fetchFrom = async (path: string) => {
    const file = await open(join(mkdtempSync(join(tmpdir(), 'stall-')), 'x.part'), 'w+')
    requests = 0
    try {
      return await download({
        freshUrl: async () => `${origin}${path}`,
        checkUrl: signedUrlPolicy(`${origin}/api`),
        file,
        sleep: async () => {},
        limits: { headersTimeoutMs: 300, idleTimeoutMs: 300, connectTimeoutMs: 1_000 }
      })
    } finally {
      await file.close()
    }
  }

  it('half of every body and then silence: two stalls in a row end the run, keeping what arrived', async () => {
    await expect(fetchFrom('/half')).rejects.toMatchObject({
      code: 'network',
      resumable: true,
      message: expect.stringMatching(/stalled 2 times in a row.*continues from there/)
    })
    expect(requests).toBe(2)
  })

  it('answers that end without a byte are not resumed again and again', async () => {
    await expect(fetchFrom('/nothing')).rejects.toMatchObject({ code: 'network', message: expect.stringMatching(/stalled 2 times/) })
    expect(requests).toBe(2)
  })
})

describe('a resume the file server answers wrongly', () => {
  // The save's bytes, the first 10 already on disk from an earlier run under ETag "v1".
  const save = Buffer.from(JSON.stringify({ SongRecordsV3: [], pad: 'x'.repeat(200) }))
  let server: Server
  let origin = ''
  const ranges: (string | null)[] = []
  beforeAll(async () => {
    server = createServer((req, res) => {
      ranges.push(req.headers.range ?? null)
      // Any request for a part gets one that starts at 0 (not where the disk ends); only a whole request gets the file.
      if (req.headers.range)
        return void res.writeHead(206, { 'content-range': `bytes 0-9/${save.length}`, etag: '"v1"' }).end(save.subarray(0, 10))
      res.writeHead(200, { 'content-length': save.length, etag: '"v1"' }).end(save)
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  })
  afterAll(() => void server.close())

  it('is never spliced on: the next request asks for the whole file, and the result is the save, whole', async () => {
    const file = await open(join(mkdtempSync(join(tmpdir(), 'resume-')), 'x.part'), 'w+')
    try {
      await file.write(save.subarray(0, 10), 0, 10, 0)
      ranges.length = 0
      const result = await download({
        freshUrl: async () => `${origin}/save`,
        checkUrl: signedUrlPolicy(`${origin}/api`),
        file,
        resume: { bytes: 10, validator: { etag: '"v1"', lastModified: null } },
        sleep: async () => {}
      })
      // The first request resumed; the answer began at byte 0, not 10: the disk was emptied and the file asked whole.
      expect(ranges).toEqual(['bytes=10-', null])
      expect(result.size).toBe(save.length)
      expect(result.resumedBytes).toBe(0)
      expect(result.sha256).toBe(createHash('sha256').update(save).digest('hex'))
    } finally {
      await file.close()
    }
  })
})
