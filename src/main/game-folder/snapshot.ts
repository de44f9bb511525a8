import { createHash, randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SIDE_SUFFIXES } from '../../shared/game-folder'
import { AppError } from '../../shared/errors'
import { io, isErrno } from '../platform-node/io'
import { readSaveContents, type SaveContents } from '../backups/save-reader'
import { TimeSlices } from '../kernel/time-slices'
import { loadSqlJs } from '../platform-node/sqljs'
import type { RuntimeSqlite } from '../platform-node/sqlite'
import type { FileSystem } from '../ports'

/** Images from this size on are checked on a worker thread (a data.db of about 15,000 plays). */
const OFF_THREAD_CHECK_BYTES = 2 * 1024 * 1024

export interface SnapshotPorts {
  files: FileSystem
  sqlite: RuntimeSqlite
  sleep: (ms: number) => Promise<void>
  /** Where copies are staged before they are checked (never the game's folder). */
  tempDir?: string
  attempts?: number
}

export interface Snapshot {
  bytes: Buffer
  sha256: string
  /** `copy`: the game's bytes as they are; `online-backup`: SQLite's own consistent copy (same rows, other bytes). */
  method: 'copy' | 'online-backup'
  /** The save read from it (saves.db only). */
  contents: SaveContents | null
}

type Stamp = string

/** Size, change time and file identity of the database and its side files: a write shows in one of them. */
async function stamp(files: FileSystem, path: string): Promise<Stamp> {
  const parts: string[] = []
  for (const name of [path, ...SIDE_SUFFIXES.map((s) => `${path}${s}`)]) {
    const s = await files.stat(name).catch((error: unknown) => {
      if (isErrno(error) && error.code === 'ENOENT') return null
      throw error
    })
    parts.push(s ? `${s.ino}:${s.size}:${s.mtimeMs}` : '-')
  }
  return parts.join('|')
}

const hasSideFiles = (s: Stamp) =>
  s
    .split('|')
    .slice(1)
    .some((p) => p !== '-' && p.split(':')[1] !== '0')

const isSqliteImage = (bytes: Uint8Array) =>
  bytes.length >= 100 && Buffer.from(bytes.subarray(0, 16)).toString('latin1') === 'SQLite format 3\0'

/** SHA-256 of a big image a megabyte at a time, with the event loop free between slices. */
async function sha256InSlices(bytes: Uint8Array): Promise<string> {
  const hash = createHash('sha256')
  const slices = new TimeSlices()
  for (let at = 0; at < bytes.length; at += 1 << 20) {
    hash.update(bytes.subarray(at, at + (1 << 20)))
    if (slices.due) await slices.next()
  }
  return hash.digest('hex')
}

/** `PRAGMA integrity_check` of a database image; the first problem it names, or null when it is whole. */
export async function integrityProblem(bytes: Uint8Array): Promise<string | null> {
  if (!isSqliteImage(bytes)) return 'not an SQLite database'
  const SQL = await loadSqlJs()
  let db
  try {
    db = new SQL.Database(bytes)
    const result = db.exec('PRAGMA integrity_check')
    const first = result[0]?.values[0]?.[0]
    return first === 'ok' ? null : String(first ?? 'no answer')
  } catch (error) {
    return (error as Error).message
  } finally {
    db?.close()
  }
}

/** Whether the bytes are a whole save: an intact database whose `kv` holds the save JSON. */
async function checkSave(
  bytes: Buffer,
  kind: 'save' | 'data',
  integrity: (bytes: Buffer) => Promise<string | null>
): Promise<{ problem: string | null; contents: SaveContents | null }> {
  const problem = await integrity(bytes)
  if (problem) return { problem, contents: null }
  if (kind === 'data') return { problem: null, contents: null }
  try {
    const contents = await readSaveContents(bytes)
    if (contents.layout !== 'SongRecordsV3' && contents.layout !== 'SongRecords')
      return { problem: 'it holds no save JSON', contents: null }
    return { problem: null, contents }
  } catch (error) {
    return { problem: (error as Error).message, contents: null }
  }
}

/**
 * A consistent copy of one of the game's databases, read without writing into the game's folder.
 * Each attempt copies the database (and any `-wal` / `-journal`) into a private folder, and keeps
 * the copy only when nothing changed in the game's folder meanwhile and the copy passes
 * `PRAGMA integrity_check` (and, for saves.db, holds the save JSON). Side files are folded into the
 * copy by SQLite. When the game keeps writing through every attempt, SQLite's online backup is the
 * last try where the runtime has it. A database that is steady but damaged is refused.
 */
// eslint-disable-next-line max-lines-per-function -- one consistent copy of a database the game may be writing, its tries in order
export async function snapshotDatabase(source: string, kind: 'save' | 'data', ports: SnapshotPorts): Promise<Snapshot> {
  const { files, sqlite } = ports
  const attempts = ports.attempts ?? 5
  const name = source.split(/[\\/]/).pop()!
  const stage = join(ports.tempDir ?? tmpdir(), `companion-local-${process.pid}-${randomBytes(6).toString('hex')}`)
  await io('Preparing a copy of the game file', () => files.mkdir(stage, { recursive: true, mode: 0o700 }))
  let lastProblem: string | null = null
  let steadyDamage = 0
  /** Off the main thread where the runtime's SQLite is there (from a private copy), else with sql.js. */
  const integrity = async (bytes: Buffer) => {
    if (!isSqliteImage(bytes)) return 'not an SQLite database'
    // A small image is checked at once; starting a worker costs more than sql.js takes for it.
    if (!sqlite?.integrity || bytes.length < OFF_THREAD_CHECK_BYTES) return integrityProblem(bytes)
    const path = join(stage, `check-${name}`)
    await io(`Checking ${name}`, () => files.writeAtomic(path, bytes, { mode: 0o600 }))
    try {
      return await sqlite.integrity(path)
    } finally {
      await files.rm(path, { force: true }).catch(() => {})
    }
  }
  try {
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await ports.sleep(Math.min(1000, 50 * 2 ** attempt))
      const before = await io(`Reading ${name}`, () => stamp(files, source))
      if (before.startsWith('-')) throw AppError.of('not_found', `${name} is no longer in the game's folder.`)
      const withSides = hasSideFiles(before)
      if (withSides && !sqlite) {
        lastProblem = 'the game is writing it (a -journal or -wal file is present)'
        continue
      }
      const copy = join(stage, name)
      const read = await io(`Copying ${name}`, async () => {
        const main = await files.readFile(source)
        const sides = new Map<string, Buffer>()
        for (const suffix of SIDE_SUFFIXES) {
          const side = await files.readFile(`${source}${suffix}`).catch(() => null)
          if (side && side.length > 0) sides.set(suffix, side)
        }
        return { main, sides }
      })
      if ((await io(`Reading ${name}`, () => stamp(files, source))) !== before) {
        lastProblem = 'the game wrote to it during the copy'
        continue
      }
      let bytes = read.main
      if (withSides && sqlite) {
        await files.writeAtomic(copy, read.main, { mode: 0o600 })
        for (const [suffix, side] of read.sides) await files.writeAtomic(`${copy}${suffix}`, side, { mode: 0o600 })
        try {
          sqlite.settle(copy)
          bytes = await files.readFile(copy)
        } catch (error) {
          lastProblem = (error as Error).message
          continue
        }
      }
      const checked = await checkSave(bytes, kind, integrity)
      if (!checked.problem)
        return { bytes, sha256: await sha256InSlices(bytes), method: withSides ? 'online-backup' : 'copy', contents: checked.contents }
      lastProblem = checked.problem
      steadyDamage++
    }
    if (steadyDamage === attempts) throw damaged(name, lastProblem)
    if (sqlite?.onlineBackup) {
      const stamped = await io(`Reading ${name}`, () => stamp(files, source))
      if (!stamped.split('|')[1]!.startsWith('-')) throw writing(name, lastProblem)
      const target = join(stage, `online-${name}`)
      try {
        await sqlite.onlineBackup(source, target)
      } catch (error) {
        throw writing(name, (error as Error).message)
      }
      const bytes = await files.readFile(target)
      const checked = await checkSave(bytes, kind, integrity)
      if (checked.problem) throw damaged(name, checked.problem)
      return { bytes, sha256: await sha256InSlices(bytes), method: 'online-backup', contents: checked.contents }
    }
    throw writing(name, lastProblem)
  } finally {
    await files.rm(stage, { recursive: true, force: true }).catch(() => {})
  }
}

/** SQLite's first answer can list every page it found wrong: the message names the start of it. */
const briefly = (problem: string) => (problem.length > 160 ? `${problem.slice(0, 160).trimEnd()}…` : problem)

const damaged = (name: string, problem: string | null) =>
  AppError.of(
    'io',
    `${name} in the game's folder is damaged (${briefly(problem ?? 'unreadable')}); nothing was backed up. ` +
      'Open the game once so it can repair or rewrite its save, then try again.',
    { details: { cause: 'damaged' } }
  )

const writing = (name: string, problem: string | null) =>
  AppError.of(
    'busy',
    `The game kept writing ${name} during every try (${problem ?? 'it changed'}); nothing was backed up. ` +
      'Try again in a moment, or after closing the game.'
  )
