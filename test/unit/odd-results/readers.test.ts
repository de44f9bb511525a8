import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { KeptRecord, RankResponse, RecentData, ScoreRecord } from '../../../src/shared/api'
import { readPlays } from '../../../src/main/game-folder/plays'
import { importPlays, type PlaysHistory } from '../../../src/main/game-folder/import-plays'
import { readSaveContents } from '../../../src/main/backups/save-reader'
import { recordsForHistory, summarize } from '../../../src/main/backups/save-insights'
import { decodeLines } from '../../../src/main/cache/record-log'
import { playOfLine } from '../../../src/main/sessions/compute'
import { runtimeSqlite } from '../../../src/main/platform-node/sqlite'
import { nodeFiles } from '../../../src/main/platform-node/files'
import type { ChartInfo } from '../../../src/shared/data'
import type { KeptRecord as Kept } from '../../../src/shared/api'
import { saveJson, writeDataDb, writeSavesDb } from '../../support/game-saves'

/**
 * Every reader of the game's odd results: the service's records, data.db, saves and the app's own play log keep a
 * score above 1,010,000 as read, never graded R; a score above 2,000,000 is no play, counted with why.
 */
const ODD = [1_010_001, 1_050_000]
const SAVE_BEST = 1_023_456
/** The constant + 1.5: v3 at 1,000,000 and above, the most a chart is worth (the notes' formula, written again). */
const most = (constant: number) => constant + 1.5

const record = (score: number, extra: Record<string, unknown> = {}) => ({
  chart_id: `odd-${score}`,
  score,
  score_accuracy: 100,
  reality: 14.5,
  grade: 'R',
  played_at: '2026-11-28T10:00:00Z',
  modifiers: ['TouchMode', 'HeavyDownpour'],
  ...extra
})

describe('the service’s records', () => {
  it.each(ODD)('a record of %i is kept as sent, its modifiers kept, graded Overloaded though the service says R', (score) => {
    const parsed = ScoreRecord.parse(record(score))
    expect(parsed).toMatchObject({ score, grade: 'Overloaded', modifiers: ['TouchMode', 'HeavyDownpour'] })
  })

  it('recent and rank answers keep them; a score above 2,000,000 is skipped and counted with why', () => {
    const list = [
      ...ODD.map((s) => record(s)),
      record(2_000_001),
      record(2_500_000, { score: '2500000' }),
      record(900_000, { chart_id: '' })
    ]
    const recent = RecentData.parse({ data: list })
    expect(recent.data.map((r) => [r.score, r.grade])).toEqual(ODD.map((s) => [s, 'Overloaded']))
    // Three records could not be read: two for a score no play reaches (one of them written as text), one without a chart.
    expect(recent).toMatchObject({ skipped: 3, scoreTooHigh: 2 })
    const rank = RankResponse.parse({ touch_reality: 14.5, keyboard_reality: 0, touch_ranks: list, keyboard_ranks: [] })
    expect(rank.touch_ranks.map((r) => r.score)).toEqual(ODD)
    expect(rank).toMatchObject({ skipped: 3, scoreTooHigh: 2 })
  })
})

describe('the game’s data.db', () => {
  const dir = mkdtempSync(join(tmpdir(), 'odd-data-'))
  const file = join(dir, 'data.db')
  writeDataDb(file, [
    { chart_id: 'a', score: 1_010_001, played_at: '2026-11-28T10:00:00Z', grade: 'R', modifiers: '["TouchMode","HeavyDownpour"]' },
    { chart_id: 'b', score: 1_050_000, played_at: '2026-11-28T10:05:00Z', grade: null as unknown as string },
    { chart_id: 'c', score: 1_010_000, played_at: '2026-11-28T10:10:00Z' },
    { chart_id: 'd', score: 2_000_001, played_at: '2026-11-28T10:15:00Z' },
    { chart_id: 'e', score: 990_000, played_at: '2026-11-28T10:20:00Z', modifiers: '["AutoPlay"]' }
  ])
  const readers = [
    ['sql.js', null],
    ['the runtime’s SQLite', { open: runtimeSqlite()!.open!, files: nodeFiles, tempDir: dir }]
  ] as const

  it.each(readers)('with %s: every play kept as read, Overloaded ones not graded R, a score no play has counted', async (_name, native) => {
    const read = await readPlays(readFileSync(file), native)
    const byChart = new Map(read.plays.map((p) => [p.record.chart_id, p.record]))
    expect([...byChart.keys()].sort()).toEqual(['a', 'b', 'c', 'e'])
    expect(byChart.get('a')).toMatchObject({ score: 1_010_001, grade: 'Overloaded', modifiers: ['TouchMode', 'HeavyDownpour'] })
    expect(byChart.get('b')).toMatchObject({ score: 1_050_000, grade: 'Overloaded' })
    expect(byChart.get('c')).toMatchObject({ score: 1_010_000, grade: 'R' })
    // An AutoPlay play is kept (and marked by its modifier): what counts it is the rule's.
    expect(byChart.get('e')).toMatchObject({ score: 990_000, modifiers: ['AutoPlay'] })
    expect(read).toMatchObject({ skipped: 1, scoreTooHigh: 1 })
  })

  it('an import says how many rows are no play and why', async () => {
    const read = await readPlays(readFileSync(file))
    const kept: Kept[] = []
    const history: PlaysHistory = {
      records: async () => kept,
      remember: async (_id, records) => (kept.push(...records), records.length),
      keptLines: async () => new Uint8Array(0),
      rememberLines: async () => 0
    }
    const outcome = await importPlays(read, { id: 'alice', uid: '10000001', username: 'alice' }, history)
    expect(outcome).toEqual({ added: 4, alreadyKept: 0, otherUsers: 0, untimed: 0, unreadable: 1, scoreTooHigh: 1 })
    expect(kept.map((r) => r.score).sort((x, y) => x - y)).toEqual([990_000, 1_010_000, 1_010_001, 1_050_000])
  })
})

describe('the game’s saves', () => {
  const charts = [
    { id: 'odd', score: SAVE_BEST, level: 0, achieved: [0, 3, 4, 2] },
    { id: 'plain', score: 1_010_000, level: 0, achieved: [0, 3, 4, 5, 2] },
    { id: 'wild', score: 3_000_000 }
  ]
  const list = new Map<string, ChartInfo>([
    ['odd', { chart_id: 'odd', title: 'Odd', constant: 13.2 }],
    ['plain', { chart_id: 'plain', title: 'Plain', constant: 12.1 }]
  ])
  const dir = mkdtempSync(join(tmpdir(), 'odd-save-'))
  writeSavesDb(join(dir, 'saves.db'), { charts })
  const files = [
    ['JSON', () => Buffer.from(saveJson({ charts }))],
    ['saves.db', () => readFileSync(join(dir, 'saves.db'))]
  ] as const

  it.each(files)(
    'a %s best of 1,023,456 is kept as read, Overloaded, never R; its Reality is the chart’s most at most',
    async (_n, bytes) => {
      const contents = await readSaveContents(bytes())
      const odd = contents.bests.find((b) => b.chartId === 'odd')!
      expect(odd).toMatchObject({ score: SAVE_BEST, grade: 'Overloaded', levelDisagrees: false })
      expect(contents).toMatchObject({ skipped: 1, scoreTooHigh: 1 })

      const summary = summarize(contents, list)
      // One chart R (exactly 1,010,000), one Overloaded: counted apart, never as R.
      expect(summary.grades.R).toBe(1)
      expect(summary.overloaded).toBe(1)
      expect(summary).toMatchObject({ skipped: 1, scoreTooHigh: 1, charts: 2 })
      const shown = summary.best.find((b) => b.chart_id === 'odd')!
      expect(shown).toMatchObject({ score: SAVE_BEST, grade: 'Overloaded' })
      expect(shown.reality).toBeCloseTo(most(13.2), 4)
      expect(summary.reality).toBeCloseTo((most(13.2) + most(12.1)) / 20, 4)

      // Into the history as read: the best is not cut to 1,010,000 (which would then show as R).
      const history = recordsForHistory(contents, { updatedAt: '2026-11-28T12:00:00Z' }, list, [])
      expect(history.find((r) => r.chart_id === 'odd')).toMatchObject({ score: SAVE_BEST, grade: 'Overloaded' })
      expect(history.find((r) => r.chart_id === 'odd')!.reality).toBeCloseTo(most(13.2), 4)
    }
  )
})

describe('the app’s own play log', () => {
  const lines = (records: object[]) => Buffer.from(records.map((r) => `${JSON.stringify(r)}\n`).join(''))
  const before = { ...record(1_010_000), grade: 'R', source: 'save-best' }

  it.each(ODD)(
    'a kept play of %i reads back, for the history and for sessions; one above 2,000,000 is counted unreadable',
    async (score) => {
      const kept = KeptRecord.parse({ ...record(score), grade: 'Overloaded' })
      const read = await decodeLines(lines([kept, before, record(2_000_001)]))
      expect(read).toEqual({ records: [kept, before], unreadable: 1 })
      expect(playOfLine(JSON.stringify(kept))).toMatchObject({ score, grade: 'Overloaded' })
      expect(playOfLine(JSON.stringify(record(2_000_001)))).toBeNull()
    }
  )
})
