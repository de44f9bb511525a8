import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { DatabaseSync } from 'node:sqlite'

/**
 * The game's own files, written the way the notes describe them (../shared/notes/real-service.md,
 * "Save files in more detail"), with SQLite itself (node:sqlite), not with the app's reader.
 */
export interface TestChart {
  id: string
  score: number
  accuracy?: number
  level?: number
  achieved?: number[]
}

export interface TestSave {
  userId?: string
  userUuid?: string
  username?: string
  nickname?: string
  lastSaveTime?: string
  charts: TestChart[]
}

export function saveJson(save: TestSave): string {
  return JSON.stringify({
    SaveVersionCode: 7,
    UserID: save.userId ?? '10000001',
    UserUUID: save.userUuid ?? '0b5c1a52-6f1e-4d8e-9a55-3e0f5b0d2a11',
    Username: save.username ?? 'alice',
    Nickname: save.nickname ?? 'Alice',
    LastSaveTime: save.lastSaveTime ?? '2026-11-20T21:04:05',
    MarkRecords: [],
    ImmerseProgresses: {},
    Offsets: { Audio: 0 },
    ChapterSelectPreferences: {},
    SongRecordsV3: save.charts.map((c) => ({
      BeatmapID: c.id,
      BestScore: c.score,
      BestAccuracy: c.accuracy ?? 0.98,
      BestLevel: c.level ?? 3,
      AchievedStatus: c.achieved ?? [0, 3]
    })),
    SongRecords: []
  })
}

/** saves.db: `kv(id, key, value, created_at, updated_at)` with the JSON under `PlayerFileV2`, plus `migrations`. */
export function writeSavesDb(path: string, save: TestSave, journal: 'DELETE' | 'WAL' = 'DELETE'): void {
  mkdirSync(dirname(path), { recursive: true })
  const db = new DatabaseSync(path)
  try {
    db.exec(`PRAGMA journal_mode = ${journal}`)
    db.exec(
      'CREATE TABLE IF NOT EXISTS kv (id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT UNIQUE, value TEXT, ' +
        'created_at INTEGER, updated_at INTEGER)'
    )
    db.exec('CREATE TABLE IF NOT EXISTS migrations (id INTEGER PRIMARY KEY, name TEXT)')
    db.prepare('INSERT OR IGNORE INTO migrations (id, name) VALUES (1, ?)').run('init')
    db.prepare(
      'INSERT INTO kv (key, value, created_at, updated_at) VALUES (?, ?, 1, 2) ' +
        'ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = updated_at + 1'
    ).run('PlayerFileV2', saveJson(save))
    db.prepare('INSERT OR IGNORE INTO kv (key, value, created_at, updated_at) VALUES (?, ?, 1, 1)').run('Settings', '{"Volume":0.8}')
  } finally {
    db.close()
  }
}

export interface TestPlay {
  chart_id: string
  score: number
  played_at: string
  score_accuracy?: number
  reality?: number
  grade?: string
  modifiers?: string
  /** Exact, perfect, great, good, bad, miss (default 900, 50, 10, 2, 0, 1). */
  counts?: [number, number, number, number, number, number]
  game_version?: string
}

/** data.db: a `scores` table of rows with the API record's field names, plus `username` and `user_id`. */
export function writeDataDb(path: string, plays: TestPlay[], user = { username: 'alice', user_id: '10000001' }, table = 'scores'): void {
  mkdirSync(dirname(path), { recursive: true })
  const db = new DatabaseSync(path)
  try {
    db.exec(
      `CREATE TABLE IF NOT EXISTS "${table}" (id INTEGER PRIMARY KEY AUTOINCREMENT, chart_id TEXT, score INTEGER, score_accuracy REAL, ` +
        'reality REAL, grade TEXT, score_exact_count INTEGER, score_perfect_count INTEGER, score_great_count INTEGER, ' +
        'score_good_count INTEGER, score_bad_count INTEGER, score_miss_count INTEGER, played_at TEXT, game_version TEXT, ' +
        'modifiers TEXT, username TEXT, user_id TEXT)'
    )
    const insert = db.prepare(
      `INSERT INTO "${table}" (chart_id, score, score_accuracy, reality, grade, score_exact_count, score_perfect_count, ` +
        'score_great_count, score_good_count, score_bad_count, score_miss_count, played_at, game_version, modifiers, username, user_id) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'
    )
    db.exec('BEGIN')
    for (const p of plays)
      insert.run(
        p.chart_id,
        p.score,
        p.score_accuracy ?? 0.97,
        p.reality ?? 10,
        p.grade ?? null,
        ...(p.counts ?? [900, 50, 10, 2, 0, 1]),
        p.played_at,
        p.game_version ?? 'v4.4.2+--1da9fc23',
        p.modifiers ?? '[]',
        user.username,
        user.user_id
      )
    db.exec('COMMIT')
  } finally {
    db.close()
  }
}

/** The rows of every table, in order: "the same rows in every table" for a snapshot whose bytes differ. */
export function allRows(path: string): Record<string, unknown[]> {
  const db = new DatabaseSync(path, { readOnly: true })
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]
    return Object.fromEntries(tables.map(({ name }) => [name, db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all()]))
  } finally {
    db.close()
  }
}

/** SQLite's own verdict on a database file, and the save JSON it holds (read with SQL, not the app's reader). */
export function inspect(path: string): { integrity: string; save: string | null } {
  const db = new DatabaseSync(path, { readOnly: true })
  try {
    const integrity = (db.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check
    const row = db.prepare("SELECT value FROM kv WHERE key = 'PlayerFileV2'").get() as { value: string } | undefined
    return { integrity, save: row?.value ?? null }
  } finally {
    db.close()
  }
}
