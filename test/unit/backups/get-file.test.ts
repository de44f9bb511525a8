import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'
import { createServer, type Server, type ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedUrlPolicy } from '../../../src/main/backups/backup-service'
import { download } from '../../../src/main/backups/download'
import { getFile } from '../../../src/main/backups/get-file'

// A save larger than every write batch together (3 × 4 MiB), so the body has to wait for the disk.
const BIG = Buffer.from(`{"SongRecordsV3":"${randomBytes(11 * 1024 * 1024 + 77).toString('hex')}"}`)
const BIG_SHA = createHash('sha256').update(BIG).digest('hex')

/** Sends `body` in uneven pieces, so chunks straddle the writer's batch boundaries. */
async function sendInPieces(res: ServerResponse, body: Buffer) {
  for (let at = 0, step = 1; at < body.length; step = (step * 7 + 13) % 300_000) {
    const piece = body.subarray(at, at + step + 1)
    at += piece.length
    if (!res.write(piece)) await new Promise((r) => res.once('drain', r))
  }
  res.end()
}

describe('getFile: one GET whose body waits for the caller', () => {
  let server: Server
  let origin = ''
  const closed: string[] = []
  beforeAll(async () => {
    server = createServer((req, res) => {
      res.on('close', () => void (res.writableFinished || closed.push(req.url!)))
      if (req.url === '/empty') return void res.writeHead(200, { 'content-length': 0 }).end()
      if (req.url === '/hang') return void res.writeHead(200, { 'content-length': BIG.length }).flushHeaders()
      res.writeHead(200, { 'content-length': BIG.length, etag: '"big"' })
      void sendInPieces(res, BIG)
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  })
  afterAll(() => void server.close())
  const agent = new Agent()
  const get = (path: string, signal = new AbortController().signal) => getFile(new URL(`${origin}${path}`), {}, agent, signal)

  it('streams the body into the sink byte for byte, waiting whenever the sink asks', async () => {
    const response = await get('/big')
    expect(response.status).toBe(200)
    expect(response.headers.etag).toBe('"big"')
    const hash = createHash('sha256')
    let calls = 0
    await response.pipe((chunk) => {
      hash.update(chunk)
      return ++calls % 5 === 0 ? new Promise((r) => setTimeout(r, 1)) : null
    })
    expect(hash.digest('hex')).toBe(BIG_SHA)
  })

  it('rejects with what the sink threw, and closes the connection', async () => {
    const response = await get('/big?throw')
    const refused = new Error('too long')
    let seen = 0
    await expect(
      response.pipe((chunk) => {
        seen += chunk.length
        if (seen > 1024 * 1024) throw refused
        return null
      })
    ).rejects.toBe(refused)
    await expect.poll(() => closed).toContain('/big?throw')
  })

  it('drops an unread body without an error, and an ended one without harm', async () => {
    const unread = await get('/big?drop')
    unread.drop()
    await expect.poll(() => closed).toContain('/big?drop')
    const empty = await get('/empty')
    await expect(empty.pipe(() => null)).resolves.toBeUndefined()
    empty.drop()
  })

  it('ends on abort: before the answer, and while the body is awaited', async () => {
    const before = new AbortController()
    before.abort()
    await expect(get('/big', before.signal)).rejects.toMatchObject({ code: 'UND_ERR_ABORTED' })
    const during = new AbortController()
    const response = await get('/hang', during.signal)
    const piping = response.pipe(() => null)
    during.abort()
    await expect(piping).rejects.toMatchObject({ code: 'UND_ERR_ABORTED' })
  })

  describe('download through the batched writer', () => {
    const dir = mkdtempSync(join(tmpdir(), 'get-file-'))
    /** The real file, with writes (write or writev, whichever the writer uses) slowed down or failing at the nth call. */
    const throughSlowDisk = (file: FileHandle, failAt = Infinity) => {
      let writes = 0
      return new Proxy(file, {
        get(target, name, receiver) {
          if (name !== 'write' && name !== 'writev') return Reflect.get(target, name, receiver) as unknown
          return async (...args: unknown[]) => {
            if (++writes >= failAt) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })
            await new Promise((r) => setTimeout(r, 100))
            return (target[name] as (...a: unknown[]) => unknown).apply(target, args)
          }
        }
      })
    }
    const run = async (name: string, failAt?: number) => {
      const path = join(dir, name)
      const file = await open(path, 'w+')
      try {
        const result = await download({
          freshUrl: async () => `${origin}/big`,
          checkUrl: signedUrlPolicy(`${origin}/api`),
          file: throughSlowDisk(file, failAt),
          sleep: async () => {}
        })
        return { result, bytes: readFileSync(path) }
      } finally {
        await file.close()
      }
    }

    it('a body faster than the disk arrives whole: the file and its hash are the server’s', async () => {
      const { result, bytes } = await run('whole.part')
      expect(result.size).toBe(BIG.length)
      expect(result.sha256).toBe(BIG_SHA)
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(BIG_SHA)
    })

    it('a write failing mid-body ends the run with the disk’s real cause', async () => {
      await expect(run('full.part', 3)).rejects.toMatchObject({ code: 'io', message: expect.stringMatching(/disk is full\./) })
    })
  })
})
