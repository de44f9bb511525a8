import { describe, expect, it } from 'vitest'
import type { KeptRecord } from '../../../src/shared/api'
import type { KeptPlay, PlaysRead } from '../../../src/main/game-folder/plays'
import { choosePlayer, localSessions } from '../../../src/main/sessions/local-sessions'

const T0 = Date.UTC(2026, 0, 10, 12)
const MIN = 60_000
const play = (minute: number, username: string | null, userId: string | null, score = 900_000): KeptPlay => ({
  record: {
    chart_id: 'c1',
    score,
    score_accuracy: 0.9,
    reality: 0,
    grade: 'S',
    played_at: new Date(T0 + minute * MIN).toISOString(),
    modifiers: []
  } satisfies KeptRecord,
  username,
  userId
})

describe('sessions of a data.db for the CLI', () => {
  it('rows that name no player go with the one player the file names; a player not in the file is said so', () => {
    const read: Pick<PlaysRead, 'plays' | 'untimed'> = { plays: [play(0, 'alice', '1'), play(10, null, null)], untimed: [] }
    expect(choosePlayer(read, null)).toBe('1')
    expect(localSessions(read, { gapMinutes: 120, player: null, chart: () => undefined }).sessions[0]!.plays).toBe(2)
    expect(() => choosePlayer(read, 'carol')).toThrow("No play in this data.db is carol's (players: alice (1)).")
  })

  it('a row without a time counts in the session of the play before it in the file, else of the play after it', () => {
    const first = play(0, 'alice', '1')
    const later = play(500, 'alice', '1', 950_000)
    const read: Pick<PlaysRead, 'plays' | 'untimed'> = {
      plays: [later, first],
      untimed: [
        { username: 'alice', userId: '1', previous: null, next: first },
        { username: 'alice', userId: '1', previous: later, next: null },
        { username: 'bob', userId: '2', previous: first, next: later }
      ]
    }
    const { sessions, untimed } = localSessions(read, { gapMinutes: 120, player: '1', chart: () => undefined })
    expect(sessions.map((s) => s.skipped)).toEqual([1, 1])
    expect(untimed).toBe(2)
    expect(sessions[1]!.newBests).toEqual([
      {
        chart_id: 'c1',
        title: null,
        difficulty: null,
        mode: 'keyboard',
        before: 900_000,
        after: 950_000,
        played_at: later.record.played_at
      }
    ])
  })
})
