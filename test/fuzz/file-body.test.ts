import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedUrlPolicy } from '../../src/main/backups/backup-service'
import { download } from '../../src/main/backups/download'
import { saveJson } from '../support/game-saves'
import { startRawServer } from '../support/raw-server'
import { settledBodiesAgent } from '../support/settled-bodies'
import { DOOR_TIMEOUT_MS, fuzz, outcomeOf } from './fuzz'

/**
 * The save file's body, as a file server or a proxy may send it: lengths that lie, a body cut short
 * or mid-chunk, wrong ranges, codings that are not what they say, a portal's page instead of the
 * save; then FIN, or silence. A raw server writes each answer byte for byte. Each download ends with
 * exactly the save or a typed refusal; no body is left open; nothing escapes uncaught.
 */
const SAVE = Buffer.from(saveJson({ charts: Array.from({ length: 40 }, (_, i) => ({ id: `chart-${i}`, score: 900_000 + i })) }))
const MORE = Buffer.concat([SAVE, Buffer.from('{"more":1}')])
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
const CODINGS = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync } as const

const answer = fc.record({
  status: fc.constantFrom(200, 200, 200, 200, 206, 302, 403, 404, 416, 429, 500),
  body: fc.constantFrom('save', 'save', 'random', 'portal', 'empty', 'save-and-more'),
  /** The coding the body is compressed with, and the one the header names (they may differ). */
  coding: fc.constantFrom(null, null, 'gzip', 'deflate', 'br'),
  label: fc.constantFrom('same', 'same', 'same', 'none', 'gzip', 'zstd', 'gzip, br'),
  framing: fc.constantFrom('length', 'length', 'chunked', 'eof'),
  /** Content-Length minus the body's own length: 0 when it tells the truth. */
  lie: fc.constantFrom(0, 0, 0, -1, 1, -100, 1000),
  /** Where the body is cut (1: whole), and whether the connection then closes or goes silent. */
  cut: fc.constantFrom(1, 1, 1, 0.5, 0.01, 0.99),
  end: fc.constantFrom('fin', 'fin', 'fin', 'fin', 'fin', 'fin', 'fin', 'silence'),
  range: fc.constantFrom('right', 'wrong-start', 'none', 'garbage'),
  validator: fc.constantFrom(true, false)
})
type Answer = typeof answer extends fc.Arbitrary<infer A> ? A : never

function bytesOf(a: Answer): { bytes: Buffer; close: boolean } {
  let body =
    a.body === 'save'
      ? SAVE
      : a.body === 'save-and-more'
        ? MORE
        : a.body === 'portal'
          ? Buffer.from('<!doctype html><title>Wi-Fi</title><p>Sign in to continue</p>')
          : a.body === 'random'
            ? randomBytes(3000)
            : Buffer.alloc(0)
  if (a.coding) body = CODINGS[a.coding](body)
  const label = a.label === 'same' ? a.coding : a.label === 'none' ? null : a.label
  const sent = body.subarray(0, Math.floor(body.length * a.cut))
  const headers = ['content-type: application/octet-stream']
  if (label) headers.push(`content-encoding: ${label}`)
  if (a.validator) headers.push('etag: "v1"', 'last-modified: Tue, 01 Dec 2026 00:00:00 GMT')
  if (a.status === 302) headers.push('location: /elsewhere')
  if (a.status === 206 && a.range !== 'none')
    headers.push(
      a.range === 'garbage'
        ? 'content-range: bytes=everything'
        : `content-range: bytes ${a.range === 'right' ? 0 : 7}-${body.length - 1}/${body.length}`
    )
  if (a.status === 416) headers.push(`content-range: bytes */${body.length}`)
  let payload: Buffer
  if (a.framing === 'chunked') {
    headers.push('transfer-encoding: chunked')
    const chunk = Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')])
    payload = a.cut === 1 ? chunk : chunk.subarray(0, Math.floor(chunk.length * a.cut))
  } else {
    if (a.framing === 'length') headers.push(`content-length: ${Math.max(0, body.length + a.lie)}`)
    payload = sent
  }
  if (a.end === 'fin' || a.framing === 'eof') headers.push('connection: close')
  const head = Buffer.from(`HTTP/1.1 ${a.status} Status\r\n${headers.join('\r\n')}\r\n\r\n`)
  return { bytes: Buffer.concat([head, payload]), close: a.end === 'fin' || a.framing === 'eof' }
}

const answers = new Map<string, Answer>()
const NOT_FOUND = { bytes: Buffer.from('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n'), close: false }
let server: Awaited<ReturnType<typeof startRawServer>>
let origin = ''
const uncaught: unknown[] = []
const onUncaught = (error: unknown) => void uncaught.push(error)

beforeAll(async () => {
  process.on('uncaughtException', onUncaught)
  server = await startRawServer((path) => {
    const a = answers.get(/^\/case\/(\d+)/.exec(path)?.[1] ?? '')
    return a ? bytesOf(a) : NOT_FOUND
  })
  origin = server.origin
})
afterAll(() => {
  process.off('uncaughtException', onUncaught)
  server.close()
})

const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'fuzz-body-'))
let cases = 0

describe('fuzz: the save file body', () => {
  it(
    'lengths that lie, cuts, wrong ranges and codings, portals, FIN or silence: exactly the save, or a typed refusal; no body left open',
    async () => {
      await fuzz([answer], async (a) => {
        const id = String(cases++)
        answers.set(id, a)
        const tracked = settledBodiesAgent({ headersTimeout: 1_000, bodyTimeout: 80 })
        const path = join(dir, `${id}.part`)
        const file = await open(path, 'w+')
        try {
          await outcomeOf(
            () =>
              download({
                freshUrl: async () => `${origin}/case/${id}`,
                checkUrl: signedUrlPolicy(`${origin}/api`),
                file,
                expectedSize: SAVE.length,
                dispatcher: tracked.dispatcher,
                sleep: async () => {},
                limits: { maxAttempts: 2, maxStalledAttempts: 1, overallBaseMs: 5_000 }
              }),
            (result) => {
              // Whatever is accepted is the file as the server framed it, byte for byte: the save, or (the size
              // save/info announced is advisory; the manifest records both) a longer body that is complete on its own.
              const truth = a.body === 'save-and-more' ? MORE : SAVE
              expect({ sha256: result.sha256, size: result.size }).toEqual({ sha256: sha(truth), size: truth.length })
              expect(readFileSync(path).equals(truth)).toBe(true)
            }
          )
        } finally {
          await file.close()
          answers.delete(id)
        }
        expect(tracked.open()).toEqual([])
        expect(uncaught).toEqual([])
      })
    },
    DOOR_TIMEOUT_MS
  )
})
