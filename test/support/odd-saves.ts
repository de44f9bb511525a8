import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'

/**
 * saves.db containers of the shapes the notes allow beside the usual one (../shared/notes/real-service.md,
 * "Save files in more detail", "Restoring a save"), written with SQLite itself: the older `PlayerFile` key,
 * both keys, the value as a BLOB, Android's `android_metadata`, extra tables and indexes, another page size,
 * WAL mode.
 */
export interface ContainerShape {
  /** The save rows in the order they were inserted (the first gets the lower rowid). */
  rows: { key: string; value: string | null }[]
  /** Store the values as BLOBs (UTF-8 bytes) instead of TEXT. */
  blob?: boolean
  pageSize?: number
  /** The database's text encoding (SQLite's default is UTF-8). */
  encoding?: 'UTF-16le' | 'UTF-16be'
  journal?: 'DELETE' | 'WAL'
  android?: boolean
  /** A table and an index of the game's own that a restore must keep. */
  extra?: boolean
  /** The `kv` table's definition, when it is not the game's. */
  kvTable?: string | null
}

export const GAME_KV =
  'CREATE TABLE kv (id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT UNIQUE, value TEXT, created_at INTEGER, updated_at INTEGER)'

export function writeContainer(path: string, shape: ContainerShape): void {
  mkdirSync(dirname(path), { recursive: true })
  const db = new DatabaseSync(path)
  try {
    if (shape.pageSize) db.exec(`PRAGMA page_size = ${shape.pageSize}`)
    if (shape.encoding) db.exec(`PRAGMA encoding = '${shape.encoding}'`)
    db.exec(`PRAGMA journal_mode = ${shape.journal ?? 'DELETE'}`)
    db.exec('CREATE TABLE migrations (id INTEGER PRIMARY KEY, version INTEGER)')
    db.exec('INSERT INTO migrations (version) VALUES (2)')
    if (shape.android) db.exec("CREATE TABLE android_metadata (locale TEXT); INSERT INTO android_metadata VALUES ('en_US')")
    if (shape.extra) {
      db.exec('CREATE TABLE unlocks (chapter TEXT PRIMARY KEY, at INTEGER); CREATE INDEX unlocks_at ON unlocks (at)')
      db.exec("INSERT INTO unlocks VALUES ('prologue', 1), ('chapter-2', 2)")
    }
    if (shape.kvTable !== null) {
      db.exec(shape.kvTable ?? GAME_KV)
      if (shape.extra) db.exec('CREATE INDEX kv_updated ON kv (updated_at)')
      if (shape.kvTable === undefined) {
        const insert = db.prepare('INSERT INTO kv (key, value, created_at, updated_at) VALUES (?, ?, 1, 2)')
        for (const row of shape.rows) insert.run(row.key, shape.blob && row.value !== null ? Buffer.from(row.value, 'utf8') : row.value)
        db.prepare('INSERT INTO kv (key, value, created_at, updated_at) VALUES (?, ?, 1, 1)').run('Settings', '{"Volume":0.8}')
      }
    }
  } finally {
    db.close()
  }
}

/**
 * Opens a copy of a database file (even read-only, SQLite leaves a `-wal` beside a WAL-mode database it
 * opened, which a restore rightly takes for an unfinished write), runs `read` on it, removes the copy.
 */
export function readCopy<T>(path: string, read: (db: DatabaseSync) => T): T {
  const copy = join(mkdtempSync(join(tmpdir(), 'peek-')), 'copy.db')
  copyFileSync(path, copy)
  const db = new DatabaseSync(copy, { readOnly: true })
  try {
    return read(db)
  } finally {
    db.close()
    rmSync(dirname(copy), { recursive: true, force: true })
  }
}

/** The `kv` rows with each value's storage class, by key (SQLite's own reading). */
export function kvRows(path: string): Record<string, { value: unknown; type: string }> {
  return readCopy(path, (db) => {
    const rows = db.prepare('SELECT key, value, typeof(value) AS type FROM kv').all() as { key: string; value: unknown; type: string }[]
    return Object.fromEntries(rows.map((r) => [r.key, { value: r.value, type: r.type }]))
  })
}

/** A value as text whatever its storage class. */
export const textOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : value instanceof Uint8Array ? Buffer.from(value).toString('utf8') : null
