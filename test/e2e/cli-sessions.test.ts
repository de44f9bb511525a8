import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli, type CliRun } from '../support/cli-run'
import { writeDataDb } from '../support/game-saves'

const work = mkdtempSync(join(tmpdir(), 'cli-sessions-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** The built CLI with a home of its own and no credential at all. */
const cli = (args: string[]): Promise<CliRun> => runCli(args, { PATH: process.env.PATH, HOME: join(work, 'home') }, 60_000)

const A = '5e550000-0000-4000-8000-00000000000a'
const B = '5e550000-0000-4000-8000-00000000000b'
const TOUCH = '["TouchMode"]'
const file = join(work, 'data.db')
// Alice's plays, in the order the game writes them (a row without a usable time among them), then Bob's.
writeDataDb(file, [
  { chart_id: A, score: 900_000, played_at: '2026-03-01T10:00:00Z' },
  { chart_id: A, score: 950_000, played_at: '2026-03-01T10:30:00Z' },
  // 1 h 59 min 59 s after the last: the same session.
  { chart_id: B, score: 800_000, played_at: '2026-03-01T12:29:59Z', modifiers: TOUCH },
  { chart_id: A, score: 990_000, played_at: 'not a time' },
  // 2 h 0 min 1 s after: a new session.
  { chart_id: A, score: 1_000_000, played_at: '2026-03-01T14:30:00Z' },
  // Exactly 2 h after: still that session.
  { chart_id: B, score: 850_000, played_at: '2026-03-01T16:30:00Z', modifiers: TOUCH },
  // No offset: the game's local time, shown as written.
  { chart_id: B, score: 700_000, played_at: '2026-03-05 20:00:00' }
])
// Bob played on the same computer between Alice's two sessions: mixed in, his play would join them into one.
writeDataDb(file, [{ chart_id: A, score: 999_000, played_at: '2026-03-01T13:30:00Z' }], { username: 'bob', user_id: '10000002' })

describe('companion local sessions (built CLI, no credential, no network)', () => {
  it('prints the exact JSON of the issue, oldest first: gaps just under, at and over two hours, a row without a time', async () => {
    const r = await cli(['local', 'sessions', '--file', file, '--player', 'alice', '--json'])
    expect(r.code).toBe(0)
    expect(r.json).toEqual([
      {
        start: '2026-03-01T10:00:00Z',
        end: '2026-03-01T12:29:59Z',
        plays: 3,
        charts: 2,
        touch: 1,
        keyboard: 2,
        newBests: [],
        gradeRaises: 0,
        skipped: 1
      },
      {
        start: '2026-03-01T14:30:00Z',
        end: '2026-03-01T16:30:00Z',
        plays: 2,
        charts: 2,
        touch: 1,
        keyboard: 1,
        newBests: [
          {
            chart_id: A,
            title: null,
            difficulty: null,
            mode: 'keyboard',
            before: 950_000,
            after: 1_000_000,
            played_at: '2026-03-01T14:30:00Z'
          },
          { chart_id: B, title: null, difficulty: null, mode: 'touch', before: 800_000, after: 850_000, played_at: '2026-03-01T16:30:00Z' }
        ],
        // SS → M on A (keyboard), A → S on B (touch).
        gradeRaises: 2,
        skipped: 0
      },
      {
        start: '2026-03-05 20:00:00',
        end: '2026-03-05 20:00:00',
        plays: 1,
        charts: 1,
        touch: 0,
        keyboard: 1,
        newBests: [],
        gradeRaises: 0,
        skipped: 0
      }
    ])
    expect(r.stderr).toContain('1 play without a usable time left out.')
  })

  it('never mixes two players: without --player it names them and asks (exit 2); Bob alone is his own session', async () => {
    const both = await cli(['local', 'sessions', '--file', file, '--json'])
    expect(both.code).toBe(2)
    expect(both.json).toMatchObject({ error: { code: 'invalid_input' } })
    expect(both.stderr).toContain('alice (10000001), bob (10000002)')
    expect(both.stderr).toContain('--player')
    const bob = await cli(['local', 'sessions', '--file', file, '--player', '10000002', '--json'])
    expect(bob.json).toMatchObject([{ start: '2026-03-01T13:30:00Z', plays: 1, skipped: 0 }])
    expect((bob.json as unknown[]).length).toBe(1)
  })

  it('--gap regroups (30 minutes: five sessions); a gap outside 30 to 360, or --file with --game-dir, is a usage error', async () => {
    const short = await cli(['local', 'sessions', '--file', file, '--player', 'alice', '--gap', '30', '--json'])
    expect((short.json as { plays: number }[]).map((s) => s.plays)).toEqual([2, 1, 1, 1, 1])
    const tooShort = await cli(['local', 'sessions', '--file', file, '--gap', '10'])
    expect(tooShort.code).toBe(2)
    expect(tooShort.stderr).toContain('--gap must be a whole number of minutes from 30 to 360')
    const both = await cli(['local', 'sessions', '--file', file, '--game-dir', work])
    expect(both.code).toBe(2)
  })

  it('prints a table in --lang, and says so when no play has a usable time (exit 1)', async () => {
    const ja = await cli(['--lang', 'ja', 'local', 'sessions', '--file', file, '--player', 'alice'])
    expect(ja.code).toBe(0)
    expect(ja.stdout).toContain('のセッション: 3 件')
    expect(ja.stdout).toMatch(/開始\s+終了\s+時間\s+プレイ/)
    expect(ja.stdout).toContain('自己ベスト: ')
    const untimed = join(work, 'untimed.db')
    writeDataDb(untimed, [{ chart_id: A, score: 900_000, played_at: '' }])
    const none = await cli(['local', 'sessions', '--file', untimed])
    expect(none.code).toBe(1)
    expect(none.stdout).toContain('No plays with a usable time: no sessions.')
    expect(none.stdout).toContain('1 play without a usable time left out.')
  })

  it('reads odd times and players: year 0001, a slash date, nine fraction digits, a name-only row, a huge integer', async () => {
    const odd = join(work, 'odd.db')
    writeDataDb(odd, [
      { chart_id: A, score: 900_000, played_at: '0001-01-01T00:00:00Z' },
      { chart_id: A, score: 950_000, played_at: '2026/11/01 10:00:00', modifiers: '"TouchMode"' },
      { chart_id: A, score: 960_000, played_at: '2026-11-01T10:30:00.123456789' }
    ])
    // The same player's rows without a user id, then another player's play between them in time.
    const nameOnly = { username: 'alice', user_id: null as unknown as string }
    writeDataDb(
      odd,
      [
        { chart_id: B, score: 800_000, played_at: '2026-11-01 11:00:00' },
        { chart_id: A, score: 990_000, played_at: 'x' }
      ],
      nameOnly
    )
    writeDataDb(odd, [{ chart_id: A, score: 999_000, played_at: '2026-11-01 10:45:00' }], { username: 'bob', user_id: '10000002' })
    const big = new DatabaseSync(odd)
    big.exec(`INSERT INTO scores (chart_id, score, played_at, username, user_id) VALUES ('${A}', 1, 9007199254740993, 'alice', '10000001')`)
    big.close()
    for (const player of ['alice', '10000001']) {
      const r = await cli(['local', 'sessions', '--file', odd, '--player', player, '--json'])
      expect(r.code).toBe(0)
      expect(r.json).toEqual(
        [
          { start: '0001-01-01T00:00:00Z', end: '0001-01-01T00:00:00Z', plays: 1, charts: 1, touch: 0, keyboard: 1 },
          { start: '2026/11/01 10:00:00', end: '2026-11-01 11:00:00', plays: 3, charts: 2, touch: 1, keyboard: 2 }
        ].map((s, k) => ({
          ...s,
          newBests:
            k === 0
              ? []
              : [
                  {
                    chart_id: A,
                    title: null,
                    difficulty: null,
                    mode: 'keyboard',
                    before: 900_000,
                    after: 960_000,
                    played_at: '2026-11-01T10:30:00.123456789'
                  }
                ],
          gradeRaises: k,
          skipped: k === 0 ? 0 : 2
        }))
      )
    }
  })
})
