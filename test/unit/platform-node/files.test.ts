import { randomBytes } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
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

describe('nodeFiles.rm (a plain file in one unlink, everything else as fs.rm does)', () => {
  // The truth for each case is Node's own fs.rm on a twin of the same path.
  const outcome = (work: () => Promise<unknown>) =>
    work().then(
      () => 'removed',
      (error: NodeJS.ErrnoException) => error.code
    )

  it('removes a file, and a symbolic link without touching what it points at', async () => {
    writeFileSync(join(work, 'a'), 'save')
    await nodeFiles.rm(join(work, 'a'))
    expect(existsSync(join(work, 'a'))).toBe(false)
    writeFileSync(join(work, 'target'), 'kept')
    symlinkSync(join(work, 'target'), join(work, 'link'))
    await nodeFiles.rm(join(work, 'link'), { force: true })
    expect(existsSync(join(work, 'link'))).toBe(false)
    expect(readFileSync(join(work, 'target'), 'utf8')).toBe('kept')
  })

  it('a missing path: nothing with force, ENOENT without, as fs.rm', async () => {
    const missing = join(work, 'missing')
    expect(await outcome(() => nodeFiles.rm(missing, { force: true }))).toBe(await outcome(() => rm(missing, { force: true })))
    expect(await outcome(() => nodeFiles.rm(missing))).toBe('ENOENT')
    expect(await outcome(() => rm(missing))).toBe('ENOENT')
  })

  it('a folder: refused without recursive, removed with it, as fs.rm', async () => {
    for (const name of ['ours', 'node']) mkdirSync(join(work, name, 'inside'), { recursive: true })
    const ours = await outcome(() => nodeFiles.rm(join(work, 'ours'), { force: true }))
    expect(ours).not.toBe('removed')
    expect(ours).toBe(await outcome(() => rm(join(work, 'node'), { force: true })))
    expect(existsSync(join(work, 'ours', 'inside'))).toBe(true)
    await nodeFiles.rm(join(work, 'ours'), { recursive: true, force: true })
    expect(existsSync(join(work, 'ours'))).toBe(false)
  })
})
