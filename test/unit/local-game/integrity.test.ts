import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { integrityProblem, runtimeSqlite } from '../../../src/main/local-game/snapshot'
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
})
