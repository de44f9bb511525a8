import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { integrityProblem, snapshotDatabase } from '../../../src/main/game-folder/snapshot'
import { runtimeSqlite } from '../../../src/main/platform-node/sqlite'
import { nodeFiles } from '../../../src/main/platform-node/files'
import { writeDataDb } from '../../support/game-saves'

const plays = Array.from({ length: 3_000 }, (_, i) => ({
  chart_id: `c0ffee00-0000-4000-8000-${String(i % 40).padStart(12, '0')}`,
  score: 800_000 + i,
  played_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString()
}))

describe('the integrity check of a copied database, on a worker thread', () => {
  it('finds a whole data.db whole, and names the problem of one with a damaged page, as sql.js does', async () => {
    const integrity = runtimeSqlite()?.integrity
    expect(integrity).toBeTypeOf('function')
    const dir = mkdtempSync(join(tmpdir(), 'integrity-'))
    const whole = join(dir, 'whole.db')
    writeDataDb(whole, plays)
    expect(await integrity!(whole)).toBeNull()
    expect(await integrityProblem(readFileSync(whole))).toBeNull()

    // Garbage over a page in the middle of the table: SQLite itself says what is wrong.
    const bytes = readFileSync(whole)
    const pageSize = bytes.readUInt16BE(16)
    const page = Math.floor(bytes.length / pageSize / 2)
    bytes.fill(0x5a, page * pageSize + 8, (page + 1) * pageSize)
    const damaged = join(dir, 'damaged.db')
    writeFileSync(damaged, bytes)
    const problem = await integrity!(damaged)
    expect(problem).toEqual(expect.any(String))
    expect(await integrityProblem(bytes)).toEqual(expect.any(String))

    writeFileSync(join(dir, 'not.db'), 'not a database at all, not even close to one; '.repeat(10))
    expect(await integrity!(join(dir, 'not.db'))).toEqual(expect.any(String))
  })

  it('a big data.db (checked on the worker) is copied whole, and refused when a page is damaged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'integrity-big-'))
    const source = join(dir, 'data.db')
    writeDataDb(
      source,
      Array.from({ length: 25_000 }, (_, i) => ({ ...plays[i % plays.length]!, score: 700_000 + i }))
    )
    const bytes = readFileSync(source)
    expect(bytes.length).toBeGreaterThan(2 * 1024 * 1024)
    const ports = { files: nodeFiles, sqlite: runtimeSqlite(), sleep: async () => {}, tempDir: join(dir, 'tmp'), attempts: 2 }
    const copy = await snapshotDatabase(source, 'data', ports)
    const sha = createHash('sha256').update(bytes).digest('hex')
    expect(copy.sha256).toBe(sha)
    expect(createHash('sha256').update(copy.bytes).digest('hex')).toBe(sha)

    const pageSize = bytes.readUInt16BE(16)
    const page = Math.floor(bytes.length / pageSize / 2)
    bytes.fill(0x5a, page * pageSize + 8, (page + 1) * pageSize)
    writeFileSync(source, bytes)
    const refused = await snapshotDatabase(source, 'data', ports).catch((error: Error) => error)
    expect(refused).toMatchObject({ code: 'io', message: expect.stringContaining('is damaged') })
    // SQLite lists every page it found wrong; the message names the start of it.
    expect((refused as Error).message.length).toBeLessThan(400)
  })
})
