import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { readPlays, type NativeReader } from '../../../src/main/game-folder/plays'
import { localSessions } from '../../../src/main/sessions/local-sessions'
import { runtimeSqlite } from '../../../src/main/platform-node/sqlite'
import { nodeFiles } from '../../../src/main/platform-node/files'
import { parseRfc3339 } from '../../../src/shared/timestamps'

/** data.db plays shaped as tests elsewhere do not write them: each column takes any SQLite value. */
const dir = mkdtempSync(join(tmpdir(), 'odd-plays-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const COLUMNS = ['chart_id', 'score', 'score_accuracy', 'reality', 'score_bad_count', 'score_miss_count', 'played_at', 'modifiers']
type Row = Record<string, unknown> & { username?: string | null; user_id?: string | null }
let files = 0
function dataDb(rows: Row[]): Uint8Array {
  const path = join(dir, `data-${files++}.db`)
  const db = new DatabaseSync(path)
  const all = [...COLUMNS, 'username', 'user_id']
  db.exec(`CREATE TABLE scores (id INTEGER PRIMARY KEY AUTOINCREMENT, ${all.join(', ')})`)
  const insert = db.prepare(`INSERT INTO scores (${all.join(', ')}) VALUES (${all.map(() => '?').join(', ')})`)
  db.exec('BEGIN')
  for (const row of rows) insert.run(...(all.map((c) => row[c] ?? null) as never[]))
  db.exec('COMMIT')
  db.close()
  return readFileSync(path)
}
const native: NativeReader = { open: runtimeSqlite()!.open!, files: nodeFiles, tempDir: dir }
const readers = [null, native]
const options = { gapMinutes: 120, player: null, chart: () => undefined }

describe('times data.db writes, read as what they say', () => {
  it('years before 100 are those years, not 1900 and after (as Date.parse reads them)', () => {
    for (const text of ['0001-01-01T00:00:00Z', '0099-12-31T23:59:59.5+01:00', '0100-03-01T00:00:00Z', '9999-12-31T23:59:59Z'])
      expect(parseRfc3339(text), text).toBe(Date.parse(text))
    expect(parseRfc3339('0004-02-29T00:00:00Z')).toBe(Date.parse('0004-02-29T00:00:00Z'))
  })

  it('"2026/11/01 10:00:00" is a local time like "2026-11-01 10:00:00": played, and shown as written', async () => {
    const rows: Row[] = [
      { chart_id: 'c1', score: 900_000, played_at: '2026/11/01 10:00:00' },
      { chart_id: 'c1', score: 950_000, played_at: '2026-11-01 10:30:00' }
    ]
    for (const reader of readers) {
      const read = await readPlays(dataDb(rows), reader)
      const { sessions, untimed } = localSessions(read, options)
      expect(untimed).toBe(0)
      expect(sessions.map((s) => [s.start, s.end, s.plays])).toEqual([['2026/11/01 10:00:00', '2026-11-01 10:30:00', 2]])
    }
  })

  it('epoch milliseconds as text are read up to year 9999, as numbers are', async () => {
    const at = Date.UTC(9999, 0, 1)
    const rows: Row[] = [
      { chart_id: 'c1', score: 900_000, played_at: String(at) },
      { chart_id: 'c1', score: 900_000, played_at: at + 60_000 }
    ]
    const read = await readPlays(dataDb(rows), null)
    expect(read.plays.map((p) => Date.parse(p.record.played_at))).toEqual([at + 60_000, at])
  })
})

describe('a data.db with a number no JavaScript number holds', () => {
  it('is read by the runtime SQLite as by sql.js: that row has no usable time, the others are plays', async () => {
    const bytes = dataDb([
      { chart_id: 'c1', score: 900_000, played_at: '2026-11-01T10:00:00Z' },
      { chart_id: 'c1', score: 910_000, played_at: 2n ** 62n },
      { chart_id: 'c2', score: 2n ** 62n, played_at: '2026-11-01T10:05:00Z' },
      { chart_id: 'c1', score: 920_000, played_at: '2026-11-01T10:10:00Z', score_miss_count: -(2n ** 62n) }
    ])
    for (const reader of readers) {
      const read = await readPlays(bytes, reader)
      expect(read.plays.map((p) => p.record.score)).toEqual([920_000, 900_000])
      expect(read.untimed).toHaveLength(1)
      expect(read.skipped).toBe(2)
    }
  })
})

describe('modifiers as data.db may hold them', () => {
  it('TouchMode is found in a JSON array, a JSON string, a bare word or a cut-off array; anything else is a keyboard play', async () => {
    const shapes: [unknown, 'touch' | 'keyboard'][] = [
      ['["TouchMode"]', 'touch'],
      ['"TouchMode"', 'touch'],
      ['TouchMode', 'touch'],
      ['["TouchMode"', 'touch'],
      ['["Mirror","TouchMode"', 'touch'],
      ['{"TouchMode": false}', 'keyboard'],
      ['[1, 2', 'keyboard'],
      ['"Mirror"', 'keyboard'],
      ['42', 'keyboard'],
      [42, 'keyboard'],
      [null, 'keyboard'],
      ['', 'keyboard']
    ]
    const rows = shapes.map(([modifiers], i): Row => ({
      chart_id: `c${i}`,
      score: 900_000,
      played_at: Date.UTC(2026, 0, 1, 0, i) / 1000,
      modifiers
    }))
    for (const reader of readers) {
      const [session] = localSessions(await readPlays(dataDb(rows), reader), options).sessions
      const touch = shapes.filter(([, mode]) => mode === 'touch').length
      expect([session!.touch, session!.keyboard]).toEqual([touch, shapes.length - touch])
    }
  })
})
