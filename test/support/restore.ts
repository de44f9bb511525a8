import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ChartInfo } from '../../src/shared/data'
import type { Manifest } from '../../src/shared/backups'
import { BackupLibrary, libraryTrash } from '../../src/main/backups/library'
import { LocalBackupService } from '../../src/main/game-folder/local-backup'
import type { SystemFacts } from '../../src/main/game-folder/locate'
import { runtimeSqlite } from '../../src/main/platform-node/sqlite'
import { nodeFiles } from '../../src/main/platform-node/files'
import type { ListProcesses } from '../../src/main/platform-node/processes'
import type { FileSystem } from '../../src/main/ports'
import type { RestoreRequest } from '../../src/main/restore/restore-plan'
import { RestoreService, type RestoreDeps } from '../../src/main/restore/restore-service'
import { filesUnder } from './files'

/** The game's data folder under a fake home, per system, as shared/notes/real-service.md gives them. */
export const GAME_LAYOUTS: { name: string; system: (home: string) => SystemFacts; folder: (home: string) => string }[] = [
  {
    name: 'Linux',
    system: (home) => ({ platform: 'linux', home, env: {} }),
    folder: (home) => join(home, '.config', 'unity3d', 'Morizero', 'Milthm', 'data')
  },
  {
    name: 'macOS',
    system: (home) => ({ platform: 'darwin', home, env: {}, root: join(home, '..', 'root') }),
    folder: (home) => join(home, 'Library', 'Application Support', 'Morizero', 'Milthm', 'data')
  },
  {
    name: 'Windows',
    system: (home) => ({ platform: 'win32', home: join(home, 'wrong'), env: { USERPROFILE: home } }),
    folder: (home) => join(home, 'AppData', 'LocalLow', 'Morizero', 'Milthm', 'data')
  }
]

export interface RestoreFixture {
  root: string
  local: LocalBackupService
  restore: RestoreService
}

/** A restore service over a library at `root`, the game looked for with `system`; no running game unless `processes` says one. */
export function restoreFixture(
  work: string,
  system: SystemFacts,
  overrides: Partial<RestoreDeps> & { files?: FileSystem; processes?: ListProcesses } = {}
): RestoreFixture {
  const root = join(work, 'library')
  const files = overrides.files ?? nodeFiles
  const local = new LocalBackupService({
    files,
    clock: { now: () => Date.now() },
    system,
    sqlite: runtimeSqlite(),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    root: () => root,
    trash: (r) => libraryTrash(files, r, () => Date.now()),
    retention: () => null,
    program: 'cli',
    appVersion: '0.0.0-test',
    lockWaitMs: 10_000,
    tempDir: join(work, 'tmp')
  })
  const restore = new RestoreService({
    files,
    clock: { now: () => Date.now() },
    local,
    processes: async () => [],
    charts: () => new Map<string, ChartInfo>(),
    program: 'cli',
    lockWaitMs: 10_000,
    ...overrides
  })
  return { root, local, restore }
}

export const request = (backupId: string, fields: Partial<RestoreRequest> = {}): RestoreRequest => ({
  backupId,
  mode: 'restore',
  gameFolder: null,
  withPlays: false,
  allowDowngrade: false,
  allowOtherPlayer: false,
  ...fields
})

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/**
 * A cloud backup as the backup run leaves it: the downloaded file and its manifest in the account's
 * folder (written here by hand, as a run would, not through the code under test).
 */
export function putCloudBackup(root: string, folder: string, name: string, bytes: Buffer, uid = '10000001'): string {
  const dir = join(root, folder)
  mkdirSync(dir, { recursive: true })
  const format = bytes.subarray(0, 6).toString('latin1') === 'SQLite' ? 'sqlite' : 'json'
  const file = `${name}.${format}`
  writeFileSync(join(dir, file), bytes)
  const manifest: Manifest = {
    schema: 'companion-backup/1',
    accountId: `global:${uid}`,
    deploymentId: 'global',
    username: 'alice',
    uid,
    updatedAt: '2026-11-18T10:00:00Z',
    meta: null,
    size: bytes.length,
    sha256: sha(bytes),
    format,
    appVersion: '0.0.0-test',
    backedUpAt: '2026-11-18T10:00:05Z',
    file,
    duplicateOf: null,
    pinned: false,
    note: '',
    verifiedAt: null,
    verifyStatus: null,
    source: 'cloud'
  }
  writeFileSync(join(dir, `${name}.manifest.json`), JSON.stringify(manifest))
  return `${folder}/${name}`
}

/** Every file below a folder with its SHA-256: "nothing in the game's folder changed" means this is the same. */
export const hashesUnder = (dir: string) =>
  Object.fromEntries(filesUnder(dir).map((f) => [f, `${sha(readFileSync(f))}:${statSync(f).mtimeMs}`]))

export const sha256Of = (path: string) => sha(readFileSync(path))

export const libraryOf = (root: string) =>
  new BackupLibrary(
    root,
    nodeFiles,
    libraryTrash(nodeFiles, root, () => Date.now())
  )

/**
 * `files` whose first opening of `path` for reading once `armed()` says so reads zeros where the bytes are
 * (a disk that lost the write): the restore's read-back after the rename finds the file damaged.
 */
export function losingNextRead(files: FileSystem, path: string, armed: () => boolean): FileSystem {
  let spent = false
  return {
    ...files,
    open: async (at, flags, mode) => {
      const handle = await files.open(at, flags, mode)
      if (spent || at !== path || flags !== 'r' || !armed()) return handle
      spent = true
      return new Proxy(handle, {
        get(target, prop) {
          if (prop === 'read')
            return async (buffer: Buffer, offset: number, length: number, position: number) => {
              const read = await target.read(buffer, offset, length, position)
              buffer.fill(0, offset, offset + read.bytesRead)
              return read
            }
          const value = Reflect.get(target, prop, target) as unknown
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
        }
      })
    }
  }
}

/** `files` whose new files (opened `wx`) at a path `writesWrong` picks get their last byte flipped as they are written. */
export function writingWrong(files: FileSystem, writesWrong: (path: string) => boolean): FileSystem {
  return {
    ...files,
    open: async (path, flags, mode) => {
      const handle = await files.open(path, flags, mode)
      if (flags !== 'wx' || !writesWrong(path)) return handle
      return new Proxy(handle, {
        get(target, prop) {
          if (prop === 'writeFile')
            return (data: Uint8Array) => {
              const wrong = Buffer.from(data)
              wrong[wrong.length - 1] = wrong[wrong.length - 1]! ^ 0xff
              return target.writeFile(wrong)
            }
          const value = Reflect.get(target, prop, target) as unknown
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
        }
      })
    }
  }
}
