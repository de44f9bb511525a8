import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { failureInWords, io, ioFailure } from '../../../src/main/platform-node/io'
import { nodeFiles } from '../../../src/main/platform-node/files'

const work = mkdtempSync(join(tmpdir(), 'io-words-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const errno = (code: string) => Object.assign(new Error(`${code}: failed`), { code })

/** What each failure says, written here apart from the app's table. */
const WORDS: Record<string, string> = {
  ENOENT: 'it does not exist',
  EACCES: 'permission denied',
  ENOSPC: 'the disk is full',
  EROFS: 'the disk is read-only',
  EIO: 'the disk reported an error',
  EBUSY: 'it is in use by another program',
  ECONNRESET: 'the connection was reset',
  EADDRINUSE: 'the port is in use'
}

describe('a file failure as the player reads it', () => {
  it.each(Object.entries(WORDS))('%s is said in words, and the code stays out of the sentence (kept in the details)', (code, words) => {
    expect(failureInWords(code)).toBe(words)
    const error = ioFailure('Reading data.db', errno(code))
    expect(error.message.startsWith(`Reading data.db failed: ${words}.`)).toBe(true)
    expect(error.message).not.toMatch(/\bE[A-Z]{2,}\b/)
    expect(error.data.details).toEqual({ cause: code })
  })

  it('a code the app has no words for is "the system reported an error", not the code', () => {
    expect(ioFailure('Reading data.db', errno('EWEIRD')).message).toBe('Reading data.db failed: the system reported an error.')
    expect(failureInWords(undefined)).toBe('the system reported an error')
  })

  it('a real missing file read through `io` says so in words', async () => {
    const path = join(work, 'missing', 'data.db')
    await expect(io(`Reading ${path}`, () => nodeFiles.readFile(path))).rejects.toMatchObject({
      code: 'io',
      message: `Reading ${path} failed: it does not exist.`
    })
  })
})
