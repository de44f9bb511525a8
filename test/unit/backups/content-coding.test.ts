import { randomBytes } from 'node:crypto'
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { BodyDecoder, contentCoding } from '../../../src/main/backups/content-coding'

/** Half random (incompressible), half repeated: many output chunks from few input ones. */
const original = Buffer.concat([randomBytes(300_000), Buffer.alloc(700_000, 'a')])

/** Feeds `encoded` in 1,000-byte pieces, as a body arrives; `take` sees the decoded output. */
async function decode(encoded: Buffer, coding: 'gzip' | 'deflate' | 'br', take: (chunk: Buffer) => Promise<void> | null) {
  const decoder = new BodyDecoder(coding, take)
  for (let at = 0; at < encoded.length; at += 1000) await decoder.write(encoded.subarray(at, at + 1000))
  await decoder.end()
}

describe('Content-Encoding of a file response', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    [' deflate ', 'deflate'],
    ['br', 'br']
  ])('%j reads as %j', (header, coding) => {
    expect(contentCoding(header)).toBe(coding)
  })

  it.each(['zstd', 'gzip, br', 'compress'])('%j is refused with a message that names it', (header) => {
    expect(() => contentCoding(header)).toThrow(
      expect.objectContaining({ code: 'unexpected_response', message: expect.stringContaining(header) })
    )
  })
})

describe('decoding a body as it arrives', () => {
  it.each([
    ['gzip', gzipSync(original)],
    ['deflate', deflateSync(original)],
    ['deflate', deflateRawSync(original)],
    ['br', brotliCompressSync(original)]
  ] as const)('%s: the output is the original bytes, in order, even when the taker holds it back', async (coding, encoded) => {
    const out: Buffer[] = []
    let held = 0
    await decode(encoded, coding, (chunk) => {
      out.push(Buffer.from(chunk))
      // Every third chunk waits, as a writer whose batches are all being written does.
      if (out.length % 3 !== 0) return null
      held++
      return new Promise((resolve) => setTimeout(resolve, 1))
    })
    expect(held).toBeGreaterThan(0)
    expect(Buffer.concat(out).equals(original)).toBe(true)
  })

  it('a compressed stream that stops short is reported as damaged, not as a complete save', async () => {
    const encoded = gzipSync(original)
    await expect(decode(encoded.subarray(0, encoded.length - 100), 'gzip', () => null)).rejects.toMatchObject({
      code: 'unexpected_response',
      message: expect.stringMatching(/damaged compressed save/)
    })
  })

  it('bytes that are not what the coding says are reported as damaged', async () => {
    await expect(decode(Buffer.from('{"not":"compressed"}'), 'gzip', () => null)).rejects.toMatchObject({
      message: expect.stringMatching(/damaged compressed save/)
    })
  })

  it("the taker's own error (too large, not a save) is the one reported, and decoding stops", async () => {
    const stop = new Error('more than the cap')
    let calls = 0
    await expect(
      decode(gzipSync(original), 'gzip', () => {
        if (++calls === 2) throw stop
        return null
      })
    ).rejects.toBe(stop)
    expect(calls).toBe(2)
  })
})
