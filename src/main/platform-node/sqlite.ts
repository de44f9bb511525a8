import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

/**
 * The runtime's own SQLite (`node:sqlite`, Node 22.16+/24, and Electron's Node) as the app uses it:
 * a consistent copy of a database another program writes, folding side files in, reading rows, and
 * an integrity check off the main thread. Everywhere it is missing, callers fall back to sql.js.
 */
/** SQLite's online backup (`node:sqlite` in Node 22.16+/24): a consistent copy of a database another program writes. */
export type OnlineBackup = (source: string, target: string) => Promise<void>
/** Opens a copied database with its side files and folds them in (replays a `-wal`, rolls back a `-journal`). */
export type Settle = (path: string) => void

interface NodeStatement {
  setReturnArrays?(on: boolean): void
  columns?(): { name: string }[]
  iterate(): IterableIterator<unknown>
  all(...params: unknown[]): unknown[]
  get(...params: unknown[]): unknown
}

export interface NodeSqlite {
  DatabaseSync: new (
    path: string,
    options?: { readOnly?: boolean }
  ) => { exec(sql: string): void; prepare(sql: string): NodeStatement; close(): void }
  backup?: (db: unknown, target: string) => Promise<number>
}

/** A database opened read-only by the runtime's SQLite: its tables, and one table's rows one at a time. */
export interface RowSource {
  tables(): string[]
  rows(table: string): { columns: string[]; rows: IterableIterator<unknown[]> }
  close(): void
}

/** The runtime's own SQLite (`node:sqlite`); null where this runtime has none. */
export function nodeSqlite(): NodeSqlite | null {
  try {
    return createRequire(import.meta.url)('node:sqlite') as NodeSqlite
  } catch {
    return null
  }
}

/** What this runtime's SQLite can do; `null` where it has no `node:sqlite` (the copy-and-check path is used alone). */
export type RuntimeSqlite = {
  onlineBackup: OnlineBackup | null
  settle: Settle
  open: ((path: string) => RowSource) | null
  /** `PRAGMA integrity_check` of a private copy on a worker thread: the first problem, or null when whole. */
  integrity?: (path: string) => Promise<string | null>
} | null

export function runtimeSqlite(): RuntimeSqlite {
  const sqlite = nodeSqlite()
  if (!sqlite) return null
  const { DatabaseSync, backup } = sqlite
  return {
    onlineBackup: backup
      ? async (source, target) => {
          const db = new DatabaseSync(source, { readOnly: true })
          try {
            await backup(db, target)
          } finally {
            db.close()
          }
        }
      : null,
    integrity: integrityOffThread,
    settle: (path) => {
      const db = new DatabaseSync(path)
      try {
        db.exec('PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE;')
      } finally {
        db.close()
      }
    },
    open: (path) => {
      const db = new DatabaseSync(path, { readOnly: true })
      return {
        tables: () => (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name),
        rows: (table) => {
          const statement = db.prepare(`SELECT * FROM "${table.replace(/"/g, '""')}"`)
          if (!statement.setReturnArrays || !statement.columns) throw new Error('this SQLite cannot return rows as lists')
          statement.setReturnArrays(true)
          return { columns: statement.columns().map((c) => c.name), rows: statement.iterate() as IterableIterator<unknown[]> }
        },
        close: () => db.close()
      }
    }
  }
}

/**
 * The check runs on a worker thread: SQLite checking a data.db of 100,000 plays takes hundreds of
 * milliseconds, which the app's main thread must not be held for. The copy is private (staged by
 * the snapshot), so it is opened as any database: a WAL-mode header needs no side files then.
 */
const INTEGRITY_WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
let answer
try {
  const { DatabaseSync } = require('node:sqlite')
  const db = new DatabaseSync(workerData)
  try {
    const row = db.prepare('PRAGMA integrity_check').get()
    answer = row ? String(Object.values(row)[0]) : 'no answer'
  } finally {
    db.close()
  }
} catch (error) {
  answer = String((error && error.message) || error)
}
parentPort.postMessage(answer)
`

function integrityOffThread(path: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(INTEGRITY_WORKER, { eval: true, workerData: path })
    worker.once('message', (answer: string) => resolve(answer === 'ok' ? null : answer))
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`the integrity check stopped (exit ${code})`)))
  })
}
