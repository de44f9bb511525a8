import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../src/shared/errors'
import { nodeFiles } from '../../../src/main/platform-node/files'
import { verifySame } from '../../../src/main/restore/writer'

/** The read-back after the rename compares the file with the bytes meant, a piece at a time: every piece counts. */
let work: string
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'read-back-'))
})
afterEach(() => rmSync(work, { recursive: true, force: true }))

// Larger than one piece read (2 MiB), and not a multiple of it.
const meant = randomBytes(5 * 1024 * 1024 + 123)

async function readBack(onDisk: Buffer): Promise<unknown> {
  const path = join(work, 'saves.db')
  writeFileSync(path, onDisk)
  return verifySame(nodeFiles, path, meant).then(
    () => null,
    (error: unknown) => error
  )
}

const changedAt = (offset: number) => {
  const copy = Buffer.from(meant)
  copy[offset] = copy[offset]! ^ 0xff
  return copy
}

describe('the read-back of a restored file', () => {
  it('passes when the file holds exactly the bytes meant', async () => {
    expect(await readBack(Buffer.from(meant))).toBeNull()
  })

  it.each([
    ['its first byte differs', changedAt(0)],
    ['a byte in the second piece differs', changedAt(3 * 1024 * 1024)],
    ['its last byte differs', changedAt(meant.length - 1)],
    ['it is shorter', meant.subarray(0, meant.length - 1)],
    ['it is longer', Buffer.concat([meant, Buffer.from([0])])],
    ['it is empty', Buffer.alloc(0)]
  ])('fails, naming the file, when %s', async (_, onDisk) => {
    const error = await readBack(onDisk)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).message).toMatch(/saves\.db did not read back as written \(its bytes are not the ones written\)/)
    expect((error as AppError).data.details?.cause).toBe('verify')
  })

  it('an empty file is what an empty save reads back as', async () => {
    const path = join(work, 'empty.db')
    writeFileSync(path, Buffer.alloc(0))
    await expect(verifySame(nodeFiles, path, Buffer.alloc(0))).resolves.toBeUndefined()
  })
})
