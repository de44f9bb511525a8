import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { KeptRecord } from '../../../src/shared/api'
import { newPlays, readPlays } from '../../../src/main/game-folder/plays'
import { runtimeSqlite } from '../../../src/main/platform-node/sqlite'
import { nodeFiles } from '../../../src/main/platform-node/files'
import { writeDataDb } from '../../support/game-saves'

const play = (chart: string, score: number, at: string): KeptRecord => ({
  chart_id: chart,
  score,
  score_accuracy: 97,
  reality: 10,
  grade: 'S',
  played_at: at,
  modifiers: [],
  source: 'save-play'
})

describe('plays from data.db against the kept history', () => {
  it('a play of the same chart and score within two seconds is the kept one; anything else is new, once', async () => {
    const kept = [play('a', 900_000, '2026-01-01T10:00:00Z'), play('b', 950_000, '2026-01-01T11:00:00.000+08:00')]
    const incoming = [
      play('a', 900_000, '2026-01-01T10:00:01.500Z'), // the kept play, clocks 1.5 s apart
      play('a', 900_000, '2026-01-01T10:00:03Z'), // a second play with the same score
      play('a', 900_001, '2026-01-01T10:00:00Z'), // another score
      play('b', 900_000, '2026-01-01T10:00:00Z'), // another chart, the first one's score
      play('b', 950_000, '2026-01-01T03:00:01Z'), // the kept play, written in UTC
      play('c', 900_000.5, '2026-01-01T10:00:00Z'), // a score that is not a whole number
      play('c', 900_000.5, '2026-01-01T10:00:01Z'), // the same play twice in the file
      play('c', 1_010_000, '2026-01-01T10:00:00Z') // the best score there is
    ]
    const fresh = await newPlays(incoming, kept)
    expect(fresh.map((p) => `${p.chart_id} ${p.score} ${p.played_at}`)).toEqual([
      'a 900000 2026-01-01T10:00:03Z',
      'a 900001 2026-01-01T10:00:00Z',
      'b 900000 2026-01-01T10:00:00Z',
      'c 900000.5 2026-01-01T10:00:00Z',
      'c 1010000 2026-01-01T10:00:00Z'
    ])
  })

  it('many charts and every score: one key per chart and score, none shared', async () => {
    const charts = Array.from({ length: 1_200 }, (_, i) => `chart-${i}`)
    const kept = charts.map((c) => play(c, 1_010_000, '2026-01-01T00:00:00Z'))
    // Chart i+1 with score 0 and chart i with the highest score must not be taken for each other.
    const incoming = charts.flatMap((c) => [play(c, 0, '2026-01-01T00:00:00Z'), play(c, 1_010_000, '2026-01-01T00:00:00Z')])
    const fresh = await newPlays(incoming, kept)
    expect(fresh).toHaveLength(1_200)
    expect(new Set(fresh.map((p) => p.score))).toEqual(new Set([0]))
  })

  it('reads every play newest first, whatever order the file holds them in', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plays-'))
    const times = ['2026-01-03T00:00:00Z', '2026-01-01T00:00:00Z', '2026-01-04T00:00:00Z', '2026-01-02T00:00:00Z']
    writeDataDb(
      join(dir, 'shuffled.db'),
      times.map((at, i) => ({ chart_id: `c${i}`, score: 900_000 + i, played_at: at }))
    )
    writeDataDb(
      join(dir, 'in-order.db'),
      [...times].sort().map((at, i) => ({ chart_id: `c${i}`, score: 900_000 + i, played_at: at }))
    )
    const native = { open: runtimeSqlite()!.open!, files: nodeFiles, tempDir: dir }
    for (const name of ['shuffled.db', 'in-order.db']) {
      const read = await readPlays(readFileSync(join(dir, name)), native)
      expect(read.plays.map((p) => p.record.played_at)).toEqual([
        '2026-01-04T00:00:00Z',
        '2026-01-03T00:00:00Z',
        '2026-01-02T00:00:00Z',
        '2026-01-01T00:00:00Z'
      ])
      expect(read.userIds).toEqual(['10000001'])
    }
  })

  it('a play time past any date is that row skipped, not the whole file refused (found by the fuzz suite)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plays-'))
    // Columns without a type, so a number stays a number, as a game that writes its times as numbers keeps them.
    const { DatabaseSync } = await import('node:sqlite')
    const db = new DatabaseSync(join(dir, 'data.db'))
    db.exec('CREATE TABLE scores (id INTEGER PRIMARY KEY, chart_id, score, score_accuracy, reality, grade, played_at, modifiers)')
    const insert = db.prepare(
      'INSERT INTO scores (chart_id, score, score_accuracy, reality, grade, played_at, modifiers) VALUES (?, ?, 0.97, 10, ?, ?, ?)'
    )
    insert.run('c1', 900_000, 'S', '2026-01-01T00:00:00Z', '[]')
    insert.run('c2', 900_001, 'S', 1.2326747258838257e160, '[]')
    insert.run('c3', 900_002, 'S', 8.64e15 + 1, '[]')
    db.close()
    for (const native of [null, { open: runtimeSqlite()!.open!, files: nodeFiles, tempDir: dir }]) {
      const read = await readPlays(readFileSync(join(dir, 'data.db')), native)
      expect(read.plays.map((p) => p.record.chart_id)).toEqual(['c1'])
      expect(read.skipped).toBe(2)
    }
  })
})
