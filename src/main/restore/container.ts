import { integrityProblem } from '../game-folder/snapshot'
import { nodeSqlite } from '../platform-node/sqlite'
import { loadSqlJs } from '../platform-node/sqljs'

/**
 * The game's saves.db as a container (shared/notes/real-service.md, "Restoring a save"): `kv(id, key
 * UNIQUE, value, created_at, updated_at)` with the save JSON under `PlayerFileV2` (newer) or
 * `PlayerFile` (older), beside rows and tables of the game's own that a restore keeps as they are.
 */
export const SAVE_KEYS = ['PlayerFileV2', 'PlayerFile'] as const

export interface SaveRow {
  key: (typeof SAVE_KEYS)[number]
  value: string
}

const textOf = (cell: unknown): string | null =>
  typeof cell === 'string' ? cell : cell instanceof Uint8Array ? Buffer.from(cell).toString('utf8') : null

const encoded = new WeakMap<SaveRow, Buffer>()
/** The row's value as the database stores it (UTF-8), encoded once per row. */
export const utf8Of = (row: SaveRow) => encoded.get(row) ?? (encoded.set(row, Buffer.from(row.value, 'utf8')), encoded.get(row)!)

const isWalImage = (bytes: Uint8Array) => bytes.length >= 20 && (bytes[18] === 2 || bytes[19] === 2)

/** The save row of a container image, `PlayerFileV2` first; null when it has no `kv` table or no such row. */
export async function saveRowOf(bytes: Uint8Array): Promise<SaveRow | null> {
  const SQL = await loadSqlJs()
  const db = new SQL.Database(bytes)
  try {
    if (!db.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kv'")[0]) return null
    for (const key of SAVE_KEYS) {
      const value = textOf(db.exec('SELECT value FROM kv WHERE key = ?', [key])[0]?.values[0]?.[0])
      if (value !== null) return { key, value }
    }
    return null
  } finally {
    db.close()
  }
}

/**
 * A copy of `container` whose save row holds `json`, every other row and table as they were (the
 * community calculator's `UPDATE kv SET value = ? WHERE key = ?`).
 */
export async function withSaveJson(container: Uint8Array, key: SaveRow['key'], json: string): Promise<Buffer> {
  const SQL = await loadSqlJs()
  // sql.js writes into the array it is given: the container read from the game's folder must stay as it was read.
  const db = new SQL.Database(new Uint8Array(container))
  try {
    // The value keeps the storage class the game gave it: TEXT as the notes say, or a BLOB of the JSON's UTF-8 where it kept one.
    db.run("UPDATE kv SET value = CASE typeof(value) WHEN 'blob' THEN ?2 ELSE ?1 END WHERE key = ?3", [
      json,
      Buffer.from(json, 'utf8'),
      key
    ])
    if (db.getRowsModified() !== 1) throw new Error(`the container has no ${key} row`)
    return Buffer.from(db.export())
  } finally {
    db.close()
  }
}

/**
 * Checks a database file the restore wrote (never one the game is using): `PRAGMA integrity_check`
 * and, for a saves.db, its save row holding exactly `row`. The runtime's SQLite reads the file where
 * it can (read-only; a rollback-journal database needs no side file for that); otherwise sql.js reads
 * `bytes`, the file's content as just read back. The first problem found, or null.
 */
export async function problemOf(path: string, bytes: Uint8Array, row: SaveRow | null): Promise<string | null> {
  const sqlite = nodeSqlite()
  if (!sqlite || isWalImage(bytes)) return problemInMemory(bytes, row)
  let db: InstanceType<typeof sqlite.DatabaseSync> | undefined
  try {
    db = new sqlite.DatabaseSync(path, { readOnly: true })
    // Read through a memory map, not a read call per 4 KiB page: 10 MiB checked in about 1 ms instead of 5 here. Safe
    // because the file is the restore's own (a temp file, or an export just written), which nothing else shortens.
    db.exec(`PRAGMA mmap_size = ${bytes.length}`)
    const verdict = String(Object.values((db.prepare('PRAGMA integrity_check').get() as object) ?? {})[0] ?? 'no answer')
    if (verdict !== 'ok') return verdict
    if (!row) return null
    // Compared inside SQLite, byte for byte: a save of megabytes is never turned into a second string here. A UTF-16
    // database keeps text as UTF-16: there the text is compared with the JSON as SQLite converts it (a BLOB is UTF-8).
    const utf8 = Object.values((db.prepare('PRAGMA encoding').get() as object) ?? {})[0] === 'UTF-8'
    const found = (
      utf8
        ? db.prepare('SELECT CAST(value AS BLOB) = ? AS same FROM kv WHERE key = ?').get(utf8Of(row), row.key)
        : db.prepare(`SELECT ${SAME_IN_UTF16} AS same FROM kv WHERE key = ?3`).get(utf8Of(row), row.value, row.key)
    ) as { same: number | null } | undefined
    return !found ? `no ${row.key} row` : found.same === 1 ? null : `the ${row.key} row is not the save that was meant`
  } catch (error) {
    return (error as Error).message
  } finally {
    db?.close()
  }
}

/** A BLOB against the JSON's UTF-8 (?1), text against the JSON (?2) as SQLite encodes it for the database. */
const SAME_IN_UTF16 = "CASE typeof(value) WHEN 'blob' THEN value = ?1 ELSE CAST(value AS BLOB) = CAST(?2 AS BLOB) END"

/** `problemOf` for bytes in memory (sql.js): the saves.db a restore is about to write, checked while the player reads the preview. */
export async function problemInMemory(bytes: Uint8Array, row: SaveRow | null): Promise<string | null> {
  const integrity = await integrityProblem(bytes)
  if (integrity || !row) return integrity
  try {
    const found = await saveRowOf(bytes)
    return found?.key === row.key ? sameRow(found.value, row) : `no ${row.key} row`
  } catch (error) {
    return (error as Error).message
  }
}

const sameRow = (value: string | null, row: SaveRow) =>
  value === null ? `no ${row.key} row` : value === row.value ? null : `the ${row.key} row is not the save that was meant`
