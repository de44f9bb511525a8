import { createServer, type Server } from 'node:http'
import { mkdtempSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedUrlPolicy } from '../../../src/main/backups/backup-service'
import { download } from '../../../src/main/backups/download'

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
