import { describe, expect, it } from 'vitest'
import { contentsOfDocument, readSaveContents } from '../../../src/main/backups/save-reader'
import { loadSqlJs } from '../../../src/main/platform-node/sqljs'
import { compareInstants } from '../../../src/shared/timestamps'
import { nextNicknameRecovery, NICKNAME_RECOVERY_MS } from '../../../src/shared/nickname'
import { chartReality, chartRealityV2, chartValue } from '../../../src/shared/reality'

const v3 = (id: string, score: number, extra: Record<string, unknown> = {}) => ({
  BeatmapID: id,
  BestScore: score,
  BestAccuracy: 0.98,
  BestLevel: 3,
  AchievedStatus: [1],
  ...extra
})

describe('reading saves tolerantly', () => {
  it('reads SongRecordsV3 with its grades and flags, skipping and counting records it cannot read', () => {
    const c = contentsOfDocument(
      {
        UserName: 'legacyName',
        Nickname: 'N',
        UserID: 42,
        SongRecordsV3: [
          v3('a', 900_000),
          v3('b', 1_005_000, { BestLevel: 1, AchievedStatus: [1, 4], BestAccuracy: 1 }),
          { BestScore: 5 },
          'junk',
          v3('c', 700_000, { BestLevel: 99 })
        ],
        Unknown: { x: 1 }
      },
      'json'
    )
    expect(c).toMatchObject({ layout: 'SongRecordsV3', username: 'legacyName', userId: '42', skipped: 2 })
    expect(c.bests.map((b) => [b.chartId, b.grade, b.fullCombo, b.allPerfect])).toEqual([
      ['a', 'S', false, false],
      ['b', 'M', true, true],
      ['c', 'B', false, false]
    ])
  })

  it('falls back to the legacy SongRecords when V3 is absent or empty, and marks them legacy', () => {
    const c = contentsOfDocument({ Username: 'u', SongRecordsV3: [], SongRecords: [v3('a', 990_000)] }, 'json')
    expect(c.layout).toBe('SongRecords')
    expect(c.bests[0]!.legacy).toBe(true)
    expect(contentsOfDocument({ Username: 'u', SongRecords: [v3('a', 1)] }, 'json').layout).toBe('SongRecords')
  })

  it('finds the save in any kv row (text or blob), not by its key', async () => {
    const SQL = await loadSqlJs()
    const db = new SQL.Database()
    db.run('CREATE TABLE kv (key TEXT, value BLOB)')
    db.run('INSERT INTO kv VALUES (?, ?), (?, ?), (?, ?)', [
      'zzz',
      '{"settings":true}',
      'a-random-key',
      new TextEncoder().encode(JSON.stringify({ Username: 'blob', SongRecordsV3: [v3('x', 950_000)] })),
      'n',
      'not json'
    ])
    const c = await readSaveContents(db.export())
    expect(c).toMatchObject({ container: 'sqlite', layout: 'SongRecordsV3', username: 'blob' })
    expect(c.bests).toHaveLength(1)
  })

  describe('reads a save however its writer spelt or wrapped it', () => {
    const records = [v3('a', 990_000, { BestLevel: 2 }), v3('b', 950_000, { BestLevel: 2, AchievedStatus: [4] })]
    const expected = [
      ['a', 990_000, 'SS', false],
      ['b', 950_000, 'SS', true]
    ]
    const bests = (c: { bests: { chartId: string; score: number; grade: string; fullCombo: boolean | null }[] }) =>
      c.bests.map((b) => [b.chartId, b.score, b.grade, b.fullCombo])
    const database = async (setup: (db: import('sql.js').Database) => void) => {
      const SQL = await loadSqlJs()
      const db = new SQL.Database()
      setup(db)
      const bytes = db.export()
      db.close()
      return bytes
    }

    it.each([
      ['the records as a JSON string', { UserName: 'bob', SongRecordsV3: JSON.stringify(records) }],
      ['the records keyed by chart id', { UserName: 'bob', SongRecordsV3: { a: { ...records[0], BeatmapID: undefined }, b: records[1] } }],
      ['the save as a JSON string inside a wrapper', { version: 2, payload: JSON.stringify({ UserName: 'bob', SongRecordsV3: records }) }],
      [
        'keys in another case or with underscores',
        {
          userName: 'bob',
          song_records_v3: records.map((r) => ({
            beatmapId: r.BeatmapID,
            bestScore: r.BestScore,
            best_accuracy: r.BestAccuracy,
            bestLevel: r.BestLevel,
            achievedStatus: JSON.stringify(r.AchievedStatus)
          }))
        }
      ]
    ])('JSON: %s', (_, doc) => {
      const c = contentsOfDocument(doc, 'json')
      expect(c).toMatchObject({ layout: 'SongRecordsV3', username: 'bob', skipped: 0 })
      expect(bests(c)).toEqual(expected)
    })

    const save = JSON.stringify({ Username: 'bob', SongRecordsV3: records })
    it.each([
      [
        'a kv value encoded twice',
        (db: import('sql.js').Database) => {
          db.run('CREATE TABLE kv (key TEXT, value TEXT)')
          db.run('INSERT INTO kv VALUES (?, ?)', ['k', JSON.stringify(save)])
        }
      ],
      [
        'a table named KV with capitalised columns',
        (db: import('sql.js').Database) => {
          db.run('CREATE TABLE KV (Key TEXT, Value TEXT)')
          db.run('INSERT INTO KV VALUES (?, ?)', ['k', save])
        }
      ],
      [
        'a kv table with other column names',
        (db: import('sql.js').Database) => {
          db.run('CREATE TABLE kv (k TEXT, v BLOB)')
          db.run('INSERT INTO kv VALUES (?, ?)', ['k', new TextEncoder().encode(save)])
        }
      ],
      [
        'another table than kv',
        (db: import('sql.js').Database) => {
          db.run('CREATE TABLE settings (name TEXT, data TEXT)')
          db.run('INSERT INTO settings VALUES (?, ?), (?, ?)', ['volume', '{"music":0.8}', 'player', save])
        }
      ]
    ])('SQLite: %s', async (_, setup) => {
      const c = await readSaveContents(await database(setup))
      expect(c).toMatchObject({ container: 'sqlite', layout: 'SongRecordsV3', username: 'bob' })
      expect(bests(c)).toEqual(expected)
    })

    it('SQLite: a legacy score table named in another case, with capitalised columns', async () => {
      const c = await readSaveContents(
        await database((db) => {
          db.run('CREATE TABLE Scores (Chart_ID TEXT, Score INT, Played_At TEXT, Username TEXT)')
          db.run('INSERT INTO Scores VALUES (?, ?, ?, ?), (?, ?, ?, ?)', [
            'a',
            990_000,
            '2026-01-01T00:00:00Z',
            'bob',
            'a',
            900_000,
            '2026-01-02T00:00:00Z',
            'bob'
          ])
        })
      )
      expect(c).toMatchObject({ layout: 'score-table', username: 'bob', skipped: 0 })
      expect(c.bests.map((b) => [b.chartId, b.score, b.grade])).toEqual([['a', 990_000, 'SS']])
      expect(c.plays).toHaveLength(2)
    })
  })

  it('refuses what is not a save, and reports a damaged JSON save clearly', async () => {
    await expect(readSaveContents(Buffer.from('<html>portal</html>'))).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/neither a JSON save nor an SQLite save/)
    })
    await expect(readSaveContents(Buffer.from('{"SongRecordsV3": [{"Beat'))).rejects.toMatchObject({
      message: expect.stringMatching(/damaged or incomplete/)
    })
  })
})

describe('instants at full precision', () => {
  it.each([
    ['2026-01-01T00:00:00.1234567Z', '2026-01-01T00:00:00.1234568Z', -1],
    ['2026-01-01T08:00:00.5+08:00', '2026-01-01T00:00:00.500000Z', 0],
    ['2026-01-01T00:00:01Z', '2026-01-01T00:00:00.999999999Z', 1]
  ])('%s vs %s', (a, b, expected) => {
    expect(compareInstants(a, b)).toBe(expected)
  })
})

describe('nickname recovery', () => {
  it('counts from the oldest submission still recovering', () => {
    const t0 = Date.parse('2026-11-01T00:00:00Z')
    const five = t0 + 5 * 86_400_000
    const subs = [new Date(five).toISOString(), new Date(t0).toISOString()]
    expect(nextNicknameRecovery(subs, five + 1)).toBe(new Date(t0 + NICKNAME_RECOVERY_MS).toISOString())
    // After the first recovered, the second is queued behind it (one timer), not five days after it.
    expect(nextNicknameRecovery(subs, t0 + NICKNAME_RECOVERY_MS + 1)).toBe(new Date(t0 + 2 * NICKNAME_RECOVERY_MS).toISOString())
    expect(nextNicknameRecovery(subs, t0 + 2 * NICKNAME_RECOVERY_MS + 1)).toBeNull()
  })
})

describe('Reality rules by game version', () => {
  it('from 4.0: the larger of v2 and v3 unless above 1,005,000 or all-perfect; before 4.0: v2 unless so', () => {
    const c = 12
    expect(chartRealityV2(c, 800_000)).toBeGreaterThan(chartReality(c, 800_000))
    expect(chartValue({ constant: c, score: 800_000, gameVersion: 'v4.4.2+--1da9fc23' })).toBeCloseTo(chartRealityV2(c, 800_000), 9)
    expect(chartValue({ constant: c, score: 800_000, gameVersion: '4.1.0', allPerfect: true })).toBeCloseTo(chartReality(c, 800_000), 9)
    expect(chartValue({ constant: c, score: 1_008_000, gameVersion: '4.1.0' })).toBeCloseTo(c + 1.5, 9)
    expect(chartValue({ constant: c, score: 990_000, gameVersion: '3.2.1' })).toBeCloseTo(chartRealityV2(c, 990_000), 9)
    expect(chartValue({ constant: c, score: 1_008_000, gameVersion: '3.2.1' })).toBeCloseTo(c + 1.5, 9)
    expect(chartValue({ constant: c, score: 990_000, legacy: true })).toBeCloseTo(chartRealityV2(c, 990_000), 9)
  })
})
