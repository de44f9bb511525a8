import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { Agent } from 'undici'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { signedUrlPolicy } from '../../../src/main/backups/backup-service'
import { download } from '../../../src/main/backups/download'
import { getFile } from '../../../src/main/backups/get-file'
import { AppError } from '../../../src/shared/errors'
import { startRawServer } from '../../support/raw-server'
import { settledBodiesAgent } from '../../support/settled-bodies'

/**
 * Issue #39: a body held back by its reader (undici's parser paused) whose server then closed the
 * connection made undici assert from the socket's end handler, an exception nothing could catch.
 * A raw server here writes each answer exactly, then FIN (or keeps the connection open).
 */
const uncaught: unknown[] = []
const onUncaught = (error: unknown) => void uncaught.push(error)
beforeAll(() => void process.on('uncaughtException', onUncaught))
afterAll(() => void process.off('uncaughtException', onUncaught))
afterEach(() => void (uncaught.length = 0))

const SAVE = Buffer.from(JSON.stringify({ SongRecordsV3: [], pad: randomBytes(3000).toString('hex') }))
const head = (lines: string[], close = true) =>
  Buffer.from(`HTTP/1.1 ${lines[0]}\r\n${[...lines.slice(1), ...(close ? ['connection: close'] : [])].join('\r\n')}\r\n\r\n`)

/** What the raw server answers, by path; `close`: FIN after it, otherwise the connection stays open. */
const ANSWERS: Record<string, { bytes: () => Buffer; close: boolean }> = {
  '/length': { bytes: () => Buffer.concat([head(['200 OK', `content-length: ${SAVE.length}`]), SAVE]), close: true },
  '/eof': { bytes: () => Buffer.concat([head(['200 OK']), SAVE]), close: true },
  '/chunked': {
    bytes: () =>
      Buffer.concat([
        head(['200 OK', 'transfer-encoding: chunked']),
        Buffer.from(`${SAVE.length.toString(16)}\r\n`),
        SAVE,
        Buffer.from('\r\n0\r\n\r\n')
      ]),
    close: true
  },
  '/fake-gzip': {
    bytes: () => Buffer.concat([head(['200 OK', 'content-encoding: gzip']), Buffer.from([0x7b]), randomBytes(3999)]),
    close: true
  },
  '/short-gzip': {
    bytes: () => {
      const gzip = gzipSync(SAVE)
      return Buffer.concat([
        head(['200 OK', 'content-encoding: gzip', `content-length: ${gzip.length}`]),
        gzip.subarray(0, gzip.length >> 1)
      ])
    },
    close: true
  },
  '/zstd': {
    bytes: () => Buffer.concat([head(['200 OK', 'content-encoding: zstd', `content-length: ${SAVE.length}`], false), SAVE]),
    close: false
  },
  '/forbidden': { bytes: () => Buffer.concat([head(['404 Not Found', `content-length: ${SAVE.length}`], false), SAVE]), close: false },
  '/server-error': { bytes: () => Buffer.concat([head(['503 Unavailable', `content-length: ${SAVE.length}`], false), SAVE]), close: false },
  '/html': {
    bytes: () =>
      Buffer.concat([
        head(['200 OK', 'content-type: text/html', 'content-length: 40'], false),
        Buffer.from('<html>sign in to the Wi-Fi</html>'.padEnd(40))
      ]),
    close: false
  },
  '/loop': {
    bytes: () => Buffer.concat([head(['302 Found', 'location: /loop', `content-length: ${SAVE.length}`], false), SAVE]),
    close: false
  },
  '/limit': {
    bytes: () => Buffer.concat([head(['429 Too Many Requests', 'content-length: 22'], false), Buffer.from('Download limit reached')]),
    close: false
  },
  '/silent-body': {
    bytes: () => Buffer.concat([head(['200 OK', `content-length: ${SAVE.length}`], false), SAVE.subarray(0, 100)]),
    close: false
  }
}

let server: Awaited<ReturnType<typeof startRawServer>>
let origin = ''
beforeAll(async () => {
  server = await startRawServer((path) => {
    const answer = ANSWERS[path.split('?')[0]!] ?? ANSWERS['/forbidden']!
    return { bytes: answer.bytes(), close: answer.close }
  })
  origin = server.origin
})
afterAll(() => server.close())

describe('a body held back by its reader when the server closes the connection', () => {
  const agent = new Agent()
  it.each(['/length', '/eof', '/chunked'])('%s: 20 times, the held body still arrives whole and nothing escapes uncaught', async (path) => {
    for (let i = 0; i < 20; i++) {
      const response = await getFile(new URL(`${origin}${path}`), {}, agent, new AbortController().signal)
      const chunks: Buffer[] = []
      // Every chunk is held for a while, as a writer waiting for the disk holds it: the parser stays paused as the FIN comes.
      await response.pipe((chunk) => {
        chunks.push(Buffer.from(chunk))
        return new Promise((resolve) => setTimeout(resolve, 15))
      })
      expect(Buffer.concat(chunks).equals(SAVE)).toBe(true)
    }
    await new Promise((r) => setTimeout(r, 50))
    expect(uncaught).toEqual([])
  })
})

describe('every answer of a file server ends with its body read to the end or destroyed', () => {
  const fetchVia = async (path: string, signal?: AbortSignal) => {
    const tracked = settledBodiesAgent({ headersTimeout: 2_000, bodyTimeout: 300 })
    const file = await open(join(mkdtempSync(join(tmpdir(), 'paused-')), 'x.part'), 'w+')
    try {
      const outcome = await download({
        freshUrl: async () => `${origin}${path}`,
        checkUrl: signedUrlPolicy(`${origin}/api`),
        file,
        dispatcher: tracked.dispatcher,
        sleep: async () => {},
        signal,
        limits: { maxAttempts: 3, idleTimeoutMs: 300, lowSpeed: { bytesPerSecond: 1, windowMs: 60_000 } }
      }).then(
        (result) => ({ ok: true as const, size: result.size }),
        (error: unknown) => ({ ok: false as const, error })
      )
      return { outcome, open: tracked.open(), requests: tracked.requests() }
    } finally {
      await file.close()
    }
  }

  it.each([
    ['/length', 'ok'],
    ['/fake-gzip', 'unexpected_response'],
    ['/short-gzip', 'network'],
    ['/zstd', 'unexpected_response'],
    ['/forbidden', 'unexpected_response'],
    ['/server-error', 'network'],
    ['/html', 'unexpected_response'],
    ['/loop', 'unexpected_response'],
    ['/limit', 'quota_exceeded']
  ])('%s ends as %s with no body left open', async (path, expected) => {
    const { outcome, open, requests } = await fetchVia(path)
    expect(outcome.ok ? 'ok' : (outcome.error as AppError).code).toBe(expected)
    if (!outcome.ok) expect(outcome.error).toBeInstanceOf(AppError)
    expect(requests).toBeGreaterThan(0)
    expect(open).toEqual([])
    expect(uncaught).toEqual([])
  })

  it('a download cancelled while its body is held destroys the body', async () => {
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 100)
    const { outcome, open } = await fetchVia('/silent-body', controller.signal)
    expect(outcome.ok ? 'ok' : (outcome.error as AppError).code).toBe('cancelled')
    expect(open).toEqual([])
  })

  it('a body that stops sending ends at its deadline and is destroyed', async () => {
    const { outcome, open } = await fetchVia('/silent-body')
    expect(outcome.ok ? 'ok' : (outcome.error as AppError).code).toBe('network')
    expect(open).toEqual([])
  })
})
