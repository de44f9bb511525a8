import { randomBytes } from 'node:crypto'
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { nodeFiles } from '../../../src/main/platform-node/files'

let work: string
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'node-files-'))
})
afterEach(() => rmSync(work, { recursive: true, force: true }))

describe('nodeFiles.readFile (one read per file where the system allows)', () => {
  it('reads a file of several megabytes whole, as Node reads it', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17)
    writeFileSync(join(work, 'big'), bytes)
    expect((await nodeFiles.readFile(join(work, 'big'))).equals(bytes)).toBe(true)
  })

  it('reads an empty file, and a special file whose size says 0, to their end', async () => {
    writeFileSync(join(work, 'empty'), '')
    expect((await nodeFiles.readFile(join(work, 'empty'))).length).toBe(0)
    if (process.platform === 'linux') {
      const status = (await nodeFiles.readFile('/proc/self/status')).toString('utf8')
      expect(status).toMatch(/^Name:/)
      expect(status).toContain(`Pid:\t${process.pid}\n`)
    }
  })

  it('fails as Node does on a folder and on a missing file', async () => {
    await expect(nodeFiles.readFile(work)).rejects.toMatchObject({ code: 'EISDIR' })
    await expect(nodeFiles.readFile(join(work, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' })
    expect(() => readFileSync(work)).toThrow(/EISDIR/)
  })
})

describe('nodeFiles.link and sameFile', () => {
  it('gives a file a second name, one file with the first; says so when the name is taken', async () => {
    writeFileSync(join(work, 'a'), 'save')
    expect(await nodeFiles.link(join(work, 'a'), join(work, 'b'))).toBe('linked')
    expect(readFileSync(join(work, 'b'), 'utf8')).toBe('save')
    expect(await nodeFiles.sameFile(join(work, 'a'), join(work, 'b'))).toBe(true)
    expect(await nodeFiles.link(join(work, 'a'), join(work, 'b'))).toBe('exists')
  })

  it('tells a copy, even of the same bytes, from the file itself', async () => {
    writeFileSync(join(work, 'a'), 'save')
    copyFileSync(join(work, 'a'), join(work, 'c'))
    expect(await nodeFiles.sameFile(join(work, 'a'), join(work, 'c'))).toBe(false)
  })
})
