import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readSaveContents, type SaveContents } from '../../src/main/backups/save-reader'
import { readPlays, type PlaysRead } from '../../src/main/game-folder/plays'
import { parseRfc3339 } from '../../src/shared/timestamps'
import { saveJson } from '../support/game-saves'
import { damage, DOOR_TIMEOUT_MS, fuzz, mutatedJson, oddValue, outcomeOf } from './fuzz'

const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'fuzz-saves-'))
let files = 0
const scratch = (name: string) => join(dir, `${files++}-${name}`)

/** Scratch databases: written for one case, read back as bytes; no need to survive a power cut. */
const FAST = 'PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF'

/** A save as the game writes it (4.x, SongRecordsV3), and one of the generation before (the legacy SongRecords). */
const CHARTS = [
  { id: 'c3769378-d595-4119-b93c-e0db2b3ea8e2', score: 1_005_000, achieved: [0, 3, 4] },
  { id: '8b329704-9ce5-4361-abd5-b89c68b61286', score: 712_345, accuracy: 0.9123 },
  { id: '5aaafcea-684f-4310-936d-67ae35956c48', score: 1_010_000, achieved: [0, 3, 4, 5] }
]
const V3 = JSON.parse(saveJson({ charts: CHARTS })) as Record<string, unknown>
const LEGACY = {
  ...V3,
  SongRecordsV3: [],
  SongRecords: CHARTS.map((c) => ({
    BeatmapID: c.id,
    BestScore: c.score,
    BestAccuracy: c.accuracy ?? 0.98,
    BestLevel: 3,
    AchievedStatus: 4
  }))
}

/** What a save that reads must hold: readable bests, whatever the file said. */
function wellFormed(contents: SaveContents) {
  for (const best of [...contents.bests, ...contents.plays]) {
    expect(typeof best.chartId === 'string' && best.chartId.length > 0, JSON.stringify(best)).toBe(true)
    expect(Number.isFinite(best.score)).toBe(true)
    if (best.accuracy !== null) expect(Number.isFinite(best.accuracy)).toBe(true)
  }
  expect(Number.isInteger(contents.skipped) && contents.skipped >= 0).toBe(true)
}

/** saves.db as the game keeps it: `kv(key, value)` with the save's JSON under `PlayerFileV2` (or the older `PlayerFile`). */
function savesDb(key: 'PlayerFile' | 'PlayerFileV2', value: string): Buffer {
  const path = scratch('saves.db')
  const db = new DatabaseSync(path)
  try {
    db.exec(FAST)
    db.exec('CREATE TABLE kv (id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT UNIQUE, value TEXT, created_at INTEGER, updated_at INTEGER)')
    db.prepare('INSERT INTO kv (key, value, created_at, updated_at) VALUES (?, ?, 1, 2)').run(key, value)
    db.prepare('INSERT INTO kv (key, value, created_at, updated_at) VALUES (?, ?, 1, 1)').run('Settings', '{"Volume":0.8}')
  } finally {
    db.close()
  }
  const bytes = readFileSync(path)
  rmSync(path)
  return bytes
}

/** Byte damage of a database file: a cut, or bytes overwritten anywhere (the header, a page, the schema). */
const fileDamage = fc.oneof(
  fc.constant(null),
  fc.record({ kind: fc.constant('cut' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({
    kind: fc.constant('noise' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    bytes: fc.uint8Array({ minLength: 1, maxLength: 64 })
  })
)

describe('fuzz: the save readers', () => {
  it(
    'JSON saves of both generations, mutated: read well or refused in words',
    async () => {
      await fuzz([fc.oneof(mutatedJson(V3), mutatedJson(LEGACY))], async ({ text }) => {
        await outcomeOf(() => readSaveContents(text), wellFormed)
      })
    },
    DOOR_TIMEOUT_MS
  )

  it(
    'SQLite saves (PlayerFile and PlayerFileV2), the save inside mutated and the file damaged: read well or refused in words',
    async () => {
      const cases = fc.record({
        key: fc.constantFrom('PlayerFile' as const, 'PlayerFileV2' as const),
        save: fc.oneof(mutatedJson(V3), mutatedJson(LEGACY)),
        damage: fileDamage
      })
      await fuzz([cases], async ({ key, save, damage: how }) => {
        const bytes = damage(savesDb(key, save.text.toString('utf8')), how)
        await outcomeOf(() => readSaveContents(bytes), wellFormed)
      })
    },
    DOOR_TIMEOUT_MS
  )
})

/** One data.db row: the columns the game writes, each maybe of another type or missing. */
const PLAY = {
  chart_id: 'c3769378-d595-4119-b93c-e0db2b3ea8e2',
  score: 1_005_000,
  score_accuracy: 0.995,
  reality: 12.1,
  grade: 'SS',
  played_at: '2026-11-20T21:04:05+08:00',
  modifiers: '["TouchMode"]',
  username: 'alice',
  user_id: '10000001'
}
type Cell = string | number | null | Uint8Array
const cell: fc.Arbitrary<Cell> = fc.oneof(
  oddValue.map((v) => (v === null || typeof v === 'number' || typeof v === 'string' ? v : JSON.stringify(v))),
  fc.uint8Array({ maxLength: 16 }),
  fc.constantFrom('1732100000', '1732100000123', '2026-11-20 21:04:05', '2026-02-30T25:61:00Z', '["TouchMode","Auto"]', 'TouchMode')
)
const row = fc.dictionary(fc.constantFrom(...Object.keys(PLAY)), cell, { maxKeys: 4 }).map((odd) => ({ ...PLAY, ...odd }))

function dataDb(table: string, rows: Record<string, Cell>[]): Buffer {
  const path = scratch('data.db')
  const db = new DatabaseSync(path)
  try {
    db.exec(FAST)
    const columns = Object.keys(PLAY)
    db.exec(`CREATE TABLE "${table}" (id INTEGER PRIMARY KEY AUTOINCREMENT, ${columns.join(', ')}, game_version TEXT)`)
    const insert = db.prepare(`INSERT INTO "${table}" (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
    for (const r of rows) insert.run(...columns.map((c) => r[c] ?? null))
  } finally {
    db.close()
  }
  const bytes = readFileSync(path)
  rmSync(path)
  return bytes
}

function playsWellFormed(read: PlaysRead) {
  for (const { record } of read.plays) {
    expect(record.chart_id.length).toBeGreaterThan(0)
    expect(Number.isFinite(record.score)).toBe(true)
    expect(Number.isNaN(parseRfc3339(record.played_at)), record.played_at).toBe(false)
  }
  expect(Number.isInteger(read.skipped) && read.skipped >= 0).toBe(true)
}

describe('fuzz: the data.db reader', () => {
  it(
    'rows with values of every kind, and the file damaged: the plays that read are whole, the rest counted or refused in words',
    async () => {
      const cases = fc.record({
        table: fc.constantFrom('scores', 'score', '1', 'Scores'),
        rows: fc.array(row, { maxLength: 6 }),
        damage: fileDamage
      })
      await fuzz([cases], async ({ table, rows, damage: how }) => {
        const bytes = damage(dataDb(table, rows), how)
        const outcome = await outcomeOf(() => readPlays(bytes), playsWellFormed)
        if (!how) expect(outcome).toBe('read')
      })
    },
    DOOR_TIMEOUT_MS
  )
})
