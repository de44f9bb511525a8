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

/** A play time as data.db may write it, and what the app must make of it. */
interface Shaped {
  value: unknown
  /** The instant it names (a time without an offset is the computer's local time), or null when it names none. */
  at: number | null
  /** How a session shows it: as written, or (an epoch number) as ISO. */
  shown: string
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
/** The wall clock of `t` (ms) read in UTC, as `YYYY-MM-DDTHH:MM:SS` with the date's separator. */
const wall = (t: number, sep = '-', between = 'T') => {
  const d = new Date(t)
  const date = [pad(d.getUTCFullYear(), 4), pad(d.getUTCMonth() + 1), pad(d.getUTCDate())].join(sep)
  return `${date}${between}${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
}
/** The instant of a wall clock read as the computer's local time (setters, not the parser the app uses). */
const localInstant = (t: number, ms: number) => {
  const d = new Date(t)
  const local = new Date(0)
  local.setFullYear(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
  return local.setHours(d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), ms)
}
const UNUSABLE: unknown[] = ['', null, 'garbage', '2026-02-30T10:00:00Z', '2026-11-01T25:00:00', 'yesterday', 0, -1, '   ']

/** `t` (whole seconds) written in shape `shape`, with `digits` fraction digits where the shape has a fraction. */
function shaped(t: number, shape: number, digits: number, fraction: string): Shaped {
  const frac = digits ? `.${fraction.slice(0, digits)}` : ''
  const ms = digits ? Number(fraction.slice(0, 3).padEnd(3, '0')) : 0
  const text = (value: string, at: number): Shaped => ({ value, at, shown: value })
  const epoch = t >= Date.UTC(2001, 8, 9, 1, 46, 40) // seconds from here have ten digits
  switch (shape) {
    case 0:
      return text(`${wall(t)}${frac}Z`, t + ms)
    case 1:
      return text(`${wall(t + 9 * 3_600_000)}${frac}+09:00`, t + ms)
    case 2:
      return text(`${wall(t - 5.5 * 3_600_000)}${frac}-05:30`, t + ms)
    case 3:
      return text(`${wall(t, '-', digits % 2 ? ' ' : 'T')}${frac}`, localInstant(t, ms))
    case 4:
      return text(wall(t, '/', ' '), localInstant(t, 0))
    case 5:
      return epoch ? { value: t / 1000, at: t, shown: new Date(t).toISOString() } : text(`${wall(t)}Z`, t)
    case 6:
      if (t < 0) return text(`${wall(t)}Z`, t)
      return { value: t + ms, at: t + ms, shown: new Date(t + ms).toISOString() }
    case 7:
      return epoch ? { value: String(t / 1000), at: t, shown: new Date(t).toISOString() } : text(`${wall(t)}Z`, t)
    case 8:
      return t > 1e12 ? { value: String(t + ms), at: t + ms, shown: new Date(t + ms).toISOString() } : text(`${wall(t)}Z`, t)
    default:
      return { value: UNUSABLE[shape % UNUSABLE.length], at: null, shown: '' }
  }
}

const PLAYERS = [
  { username: 'alice', user_id: '1' },
  { username: 'bob', user_id: '2' },
  { username: null, user_id: null }
]
const SCORES = [-1, 0, 650_000, 900_000, 950_000, 1_000_000, 1_010_000, 1_010_001, 2_000_000, 2_000_001]
const MODIFIERS = ['["TouchMode"]', '[]', 'TouchMode', '"TouchMode"', '{bad', null, '[1,2]', '{"a":1}']
const BASES = [new Date(0).setUTCFullYear(1, 0, 1), Date.UTC(2026, 10, 1), Date.UTC(9999, 11, 28), Date.UTC(2400, 0, 1)]

const rowArb = fc.record({
  minute: fc.integer({ min: 0, max: 3_000 }),
  second: fc.integer({ min: 0, max: 59 }),
  shape: fc.integer({ min: 0, max: 14 }),
  digits: fc.integer({ min: 0, max: 9 }),
  fraction: fc.stringMatching(/^\d{9}$/),
  player: fc.constantFrom(0, 0, 0, 1, 2),
  chart: fc.constantFrom('c1', 'c2', '2f0c7d6e-0000-4000-8000-000000000001', ''),
  score: fc.constantFrom(...SCORES),
  modifiers: fc.constantFrom(...MODIFIERS),
  miss: fc.constantFrom<unknown>(null, 0, 3, -2, 'NaN', 'x'),
  twice: fc.boolean()
})

describe('sessions of data.db plays in every shape, against a plain computation', () => {
  it('boundaries, counts, texts, new bests and untimed plays equal a reference; other players never mixed in', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...BASES), fc.array(rowArb, { maxLength: 40 }), async (base, specs) => {
        const rows: (Row & { score: number; time: Shaped; valid: boolean; mine: boolean; touch: boolean })[] = []
        for (const s of specs) {
          const time = shaped(base + s.minute * 60_000 + s.second * 1000, s.shape, s.digits, s.fraction)
          const row = {
            ...PLAYERS[s.player]!,
            chart_id: s.chart,
            score: s.score,
            score_accuracy: 0.95,
            score_miss_count: s.miss,
            score_bad_count: 0,
            played_at: time.value,
            modifiers: s.modifiers,
            time,
            // Up to 2,000,000 a score is a play: above 1,010,000 the game's Overloaded result, kept as any other.
            valid: s.chart !== '' && s.score >= 0 && s.score <= 2_000_000,
            mine: s.player !== 1,
            touch: ['["TouchMode"]', 'TouchMode', '"TouchMode"'].includes(s.modifiers!)
          }
          rows.push(row)
          if (s.twice) rows.push({ ...row }) // a duplicate row: two plays, as the file says
        }
        const bytes = dataDb(rows)
        const plays = rows.filter((r) => r.valid && r.mine && r.time.at !== null)
        const untimed = rows.filter((r) => r.valid && r.mine && r.time.at === null).length
        const expected = reference(plays.map((r) => ({ at: r.time.at!, shown: r.time.shown, chart: r.chart_id as string, ...r, row: r })))
        // An untimed row counts in the session of the timed row of its player before it in the file, else after it
        // (a row naming no one has anyone's rows around it, and counts only when that row is this player's).
        const skipped = expected.map(() => 0)
        rows.forEach((u, i) => {
          if (!u.valid || !u.mine || u.time.at !== null) return
          const around = (r: (typeof rows)[number]) => r.valid && r.time.at !== null && (!u.user_id || r.mine)
          const near = [rows.slice(0, i).findLast(around), rows.slice(i + 1).find(around)].find((r) => r && r.mine)
          const k = expected.findIndex((s) => s.rows.includes(near!))
          if (near) skipped[k]!++
        })
        const alice = rows.some((r) => r.valid && r.user_id === '1')
        for (const reader of readers) {
          const read = await readPlays(bytes, reader)
          if (!alice) {
            expect(() => localSessions(read, { ...options, player: '1' })).toThrow(/No play in this data.db is 1's/)
            continue
          }
          const got = localSessions(read, { ...options, player: '1' })
          expect(got.untimed).toBe(untimed)
          expect(got.sessions.map((s) => [s.plays, s.charts, s.touch, s.keyboard, s.skipped])).toEqual(
            expected.map((s, k) => [...s.figures, skipped[k]])
          )
          got.sessions.forEach((s, k) => {
            const want = expected[k]!
            expect(want.starts).toContain(s.start)
            expect(want.ends).toContain(s.end)
            expect(s.newBests.map((b) => [b.chart_id, b.mode, b.before, b.after]).sort()).toEqual(want.newBests.map((b) => b.key).sort())
            for (const b of s.newBests)
              expect(want.newBests.find((w) => w.key[0] === b.chart_id && w.key[1] === b.mode)!.texts).toContain(b.played_at)
          })
        }
      }),
      { seed: 4242, numRuns: 60 }
    )
  })
})

interface RefPlay {
  row: unknown
  at: number
  shown: string
  chart: string
  score: number
  touch: boolean
}

/** Sessions by the gap rule, written plainly: sort, cut where the gap exceeds two hours, scan earlier sessions for bests. */
function reference(plays: RefPlay[]) {
  const sorted = [...plays].sort((a, b) => a.at - b.at)
  const groups: RefPlay[][] = []
  for (const p of sorted) {
    const last = groups.at(-1)
    if (last && p.at - last.at(-1)!.at <= 120 * 60_000) last.push(p)
    else groups.push([p])
  }
  const modeOf = (p: RefPlay) => (p.touch ? 'touch' : 'keyboard')
  return groups.map((group, k) => {
    const earlier = groups.slice(0, k).flat()
    const keys = [...new Set(group.map((p) => `${p.chart}|${modeOf(p)}`))]
    const newBests = keys.flatMap((key) => {
      const same = (p: RefPlay) => `${p.chart}|${modeOf(p)}` === key
      const before = Math.max(-1, ...earlier.filter(same).map((p) => p.score))
      const after = Math.max(...group.filter(same).map((p) => p.score))
      if (before < 0 || after <= before) return []
      const [chart, mode] = key.split('|') as [string, string]
      return [{ key: [chart, mode, before, after] as const, texts: group.filter((p) => same(p) && p.score === after).map((p) => p.shown) }]
    })
    const first = group[0]!.at
    const last = group.at(-1)!.at
    return {
      figures: [
        group.length,
        new Set(group.map((p) => p.chart)).size,
        group.filter((p) => p.touch).length,
        group.filter((p) => !p.touch).length
      ],
      rows: group.map((p) => p.row),
      starts: group.filter((p) => p.at === first).map((p) => p.shown),
      ends: group.filter((p) => p.at === last).map((p) => p.shown),
      newBests
    }
  })
}

describe('a player some of whose rows carry no user id', () => {
  it('is one player: rows with only the name join the rows with the name and id; another player stays out', async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 10, minute)).toISOString()
    const rows: Row[] = [
      { chart_id: 'c1', score: 900_000, played_at: at(0), username: 'alice', user_id: '1' },
      { chart_id: 'c1', score: 950_000, played_at: at(5), username: 'alice', user_id: null },
      { chart_id: 'c1', score: 990_000, played_at: at(6), username: 'bob', user_id: '2' },
      { chart_id: 'c1', score: 960_000, played_at: 'garbage', username: 'alice', user_id: null }
    ]
    for (const reader of readers) {
      const read = await readPlays(dataDb(rows), reader)
      for (const player of ['1', 'alice']) {
        const { sessions, untimed } = localSessions(read, { ...options, player })
        expect(sessions.map((s) => [s.plays, s.skipped])).toEqual([[2, 1]])
        expect(untimed).toBe(1)
      }
      expect(() => localSessions(read, options)).toThrow(
        /holds the plays of 2 players \((alice \(1\)|bob \(2\)), (alice \(1\)|bob \(2\))\)/
      )
      const alone = await readPlays(dataDb(rows.filter((r) => r.username === 'alice')), reader)
      expect(localSessions(alone, options).sessions.map((s) => s.plays)).toEqual([2])
    }
  })
})
