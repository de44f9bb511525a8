import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { BackupEntry, BackupPart, KeptReason, Library, Manifest, RetentionPolicy } from '../../shared/backups'
import { AppError } from '../../shared/errors'
import type { GameFolderStatus, LocalBackupResult } from '../../shared/game-folder'
import type { LockOptions } from '../backups/folder-lock'
import { allDone, io, writeNewFile } from '../platform-node/io'
import { backupBaseName, BackupLibrary, computerAccountId, COMPUTER_SOURCE, localFolderName, type Trash } from '../backups/library'
import { hostTag } from '../platform-node/writer-tag'
import type { Clock, FileSystem } from '../ports'
import { gameFiles, isGameFile, locateGame, noDataDb, notTheGameFolder, type SystemFacts } from './locate'
import { privateCopy, readPlays, type PlaysRead } from './plays'
import { playsInWorker, type PlaysInWorker, type StartPlaysWorker } from './plays-off-thread'
import { saveIdentity, type SaveIdentity } from './save-identity'
import type { RuntimeSqlite } from '../platform-node/sqlite'
import { snapshotDatabase, type Snapshot } from './snapshot'

/** The deployment id written into the manifests of local versions (no service is involved). */

export interface LocalBackupDeps {
  files: FileSystem
  clock: Clock
  system: SystemFacts
  sqlite: RuntimeSqlite
  sleep: (ms: number) => Promise<void>
  /** The backup root shared with cloud backups. */
  root: () => string
  trash: (root: string) => Trash
  retention: () => RetentionPolicy | null
  program: 'app' | 'cli'
  appVersion: string
  lockWaitMs?: number
  /** Private staging folder for copies (default: the OS temp folder). */
  tempDir?: string
  attempts?: number
  /** Starts the worker thread a big data.db is imported on; none: every import runs on this thread. */
  playsWorker?: StartPlaysWorker | null
  /** Told when that worker cannot run and the import falls back to this thread (a packaging fault to see in the log). */
  onWorkerFailed?: (error: AppError) => void
}

/**
 * data.db images from this size on (about 15,000 plays) are imported on a worker thread, as the
 * integrity check is: below it, starting a worker costs more than the main thread's slices.
 */
export const OFF_THREAD_PLAYS_BYTES = 2 * 1024 * 1024

/** One consistent reading of the game's files: the save, its data.db, and who the save belongs to. */
export interface LocalReading {
  status: GameFolderStatus & { folder: string }
  save: Snapshot
  data: Snapshot | null
  identity: SaveIdentity
}

export interface KeepOptions {
  signal?: AbortSignal
  /** A new version even when the latest one holds the same bytes. */
  always?: boolean
  pinned?: boolean
  note?: string
  /** Why the app keeps this version by itself (a restore's snapshot). */
  reason?: KeptReason
  /**
   * The game's files this version may hold as a second name (a hard link) instead of a copy: only files a
   * rename is about to replace (a restore's snapshot), so that the version alone holds them afterwards.
   * Where the disk has no links for it, they are copied.
   */
  linkFrom?: { save?: string; data?: string }
}

/** A save's library folder made ready for versions (see `hold`): versions are kept in it until `release`. */
export interface HeldFolder {
  /** Keeps a reading of that save as a version, as `keep` does, in the folder already held. */
  keep(reading: LocalReading, options?: KeepOptions): Promise<LocalBackupResult>
  release(): Promise<void>
}

const partName = () => `.${hostTag()}.${process.pid}.${randomBytes(4).toString('hex')}.part`

/**
 * Backs up the game's local save into the backup library, beside the cloud backups and with the
 * same promises: a manifest with SHA-256 per file, the folder's lock, unique names, nothing
 * overwritten, retention. A version is saves.db with the data.db of the same run. Nothing is
 * written when the latest local version holds the same bytes; nothing is ever written into the
 * game's folder.
 */
export class LocalBackupService {
  constructor(private readonly deps: LocalBackupDeps) {}

  library(): BackupLibrary {
    const root = this.deps.root()
    return new BackupLibrary(root, this.deps.files, this.deps.trash(root))
  }

  status(chosen: string | null): Promise<GameFolderStatus> {
    return locateGame(this.deps.files, this.deps.system, chosen)
  }

  /** Refuses a folder offered as the game's data folder that holds neither saves.db nor data.db. */
  async requireGameFiles(folder: string): Promise<void> {
    if (!(await gameFiles(this.deps.files, folder)).some(isGameFile)) throw notTheGameFolder(folder, this.deps.system, 'invalid_input')
  }

  /** Refuses a folder picked for the plays its data.db kept that holds no data.db. */
  async requireDataDb(folder: string): Promise<void> {
    const stats = await this.deps.files.stat(join(folder, 'data.db')).catch(() => null)
    if (!stats?.isFile()) throw noDataDb(folder, this.deps.system)
  }

  /** Reads the game's saves.db (and data.db) consistently; refuses a damaged save. */
  async read(chosen: string | null): Promise<LocalReading> {
    const status = await this.status(chosen)
    const where = status.searched.join(', ')
    if (!status.folder && chosen) throw notTheGameFolder(chosen, this.deps.system)
    if (!status.folder)
      throw AppError.of('not_found', `The game's save was not found (looked in: ${where}). Choose the game's data folder.`)
    if (!status.files.some((f) => f.name === 'saves.db'))
      throw AppError.of('not_found', `There is no saves.db in ${status.folder}: the game has not saved on this computer yet.`)
    const ports = {
      files: this.deps.files,
      sqlite: this.deps.sqlite,
      sleep: this.deps.sleep,
      tempDir: this.deps.tempDir,
      attempts: this.deps.attempts
    }
    const save = await snapshotDatabase(join(status.folder, 'saves.db'), 'save', ports)
    const data = status.files.some((f) => f.name === 'data.db')
      ? await snapshotDatabase(join(status.folder, 'data.db'), 'data', ports)
      : null
    return { status: { ...status, folder: status.folder }, save, data, identity: await saveIdentity(save.bytes) }
  }

  /** Every play in the game's data.db (a consistent copy of it), or in a data.db file the user picked. */
  async plays(chosen: string | null, dataFile: string | null = null): Promise<PlaysRead & { file: string }> {
    const { file, bytes } = await this.#dataBytes(chosen, dataFile)
    return { file, ...(await readPlays(bytes, this.#native())) }
  }

  /**
   * The same plays for an import: from `OFF_THREAD_PLAYS_BYTES` on, read (and later matched) by a
   * worker thread where one is given, so the main thread never holds them; the caller ends it with `donePlays`.
   */
  async playsToImport(chosen: string | null, dataFile: string | null = null): Promise<(PlaysRead | PlaysInWorker) & { file: string }> {
    const { file, bytes } = await this.#dataBytes(chosen, dataFile)
    const native = this.#native()
    const start = this.deps.playsWorker
    if (!start || !native || bytes.length < OFF_THREAD_PLAYS_BYTES) return { file, ...(await readPlays(bytes, native)) }
    const copy = await privateCopy(bytes, native)
    try {
      return { file, ...(await playsInWorker(start, copy.path, copy.drop)) }
    } catch (error) {
      // A worker that cannot run (not the file) leaves the import to this thread, in slices as before.
      if (!(error instanceof AppError && error.data.details?.cause === 'worker')) throw error
      this.deps.onWorkerFailed?.(error)
      return { file, ...(await readPlays(bytes, native)) }
    }
  }

  async #dataBytes(chosen: string | null, dataFile: string | null): Promise<{ file: string; bytes: Uint8Array }> {
    if (dataFile) return { file: dataFile, bytes: await io(`Reading ${dataFile}`, () => this.deps.files.readFile(dataFile)) }
    const status = await this.status(chosen)
    if (!status.folder && chosen) throw notTheGameFolder(chosen, this.deps.system)
    if (!status.folder || !status.files.some((f) => f.name === 'data.db'))
      throw AppError.of(
        'not_found',
        `The game's data.db was not found (looked in: ${status.folder ?? status.searched.join(', ')}). Choose the game's data folder.`
      )
    const file = join(status.folder, 'data.db')
    return { file, bytes: (await snapshotDatabase(file, 'data', this.#snapshotPorts())).bytes }
  }

  #native() {
    const open = this.deps.sqlite?.open
    return open ? { open, files: this.deps.files, tempDir: this.deps.tempDir } : null
  }

  #snapshotPorts() {
    const { files, sqlite, sleep, tempDir, attempts } = this.deps
    return { files, sqlite, sleep, tempDir, attempts }
  }

  /** The local versions of one save (by its user id), newest first. */
  async versions(userId: string | null, accountId = computerAccountId(userId)): Promise<Library> {
    return this.library().read(localFolderName(userId), accountId)
  }

  /**
   * The newest cloud backup in the library of the account this save names (a manifest whose uid is the
   * save's `UserID` or `UserUUID`), whichever deployment it came from; null when there is none.
   */
  async latestCloudBackup(identity: Pick<SaveIdentity, 'userId' | 'userUuid'>): Promise<BackupEntry | null> {
    const ids = new Set([identity.userId, identity.userUuid].filter((id): id is string => id !== null))
    if (ids.size === 0) return null
    const library = this.library()
    const folders = await this.deps.files.readdir(library.root).catch(() => [] as string[])
    let newest: BackupEntry | null = null
    for (const folder of folders) {
      if (folder.startsWith('.') || folder.startsWith(`${COMPUTER_SOURCE}-`)) continue
      const entries = await library.entries(folder).catch(() => [] as BackupEntry[])
      const latest = entries.find((e) => e.source !== 'computer' && e.uid !== null && ids.has(e.uid) && e.path)
      if (latest && (!newest || latest.backedUpAt > newest.backedUpAt)) newest = latest
    }
    return newest
  }

  #lock(signal?: AbortSignal): LockOptions {
    return { program: this.deps.program, waitMs: this.deps.lockWaitMs ?? 5 * 60_000, signal }
  }

  /** The latest version holds exactly these bytes (re-hashed from disk). */
  async #upToDate(library: BackupLibrary, folder: string, reading: LocalReading): Promise<BackupEntry | null> {
    const latest = (await library.entries(folder)).find((e) => e.source === 'computer') ?? null
    if (!latest || latest.sha256 !== reading.save.sha256) return null
    const parts = latest.parts ?? []
    const data = parts.find((p) => p.role === 'data.db')
    if ((data?.sha256 ?? null) !== (reading.data?.sha256 ?? null) || parts.length !== (reading.data ? 1 : 0)) return null
    return (await io('Checking the latest local backup', () => library.check(latest))) === 'ok' ? latest : null
  }

  async backup(chosen: string | null, options: { signal?: AbortSignal } = {}): Promise<LocalBackupResult> {
    return this.keep(await this.read(chosen), options)
  }

  /**
   * Keeps a reading as a version. `always`: a new version even when the latest holds the same bytes
   * (the pinned copy a restore takes first, with its note); retention never removes a pinned one.
   */
  async keep(reading: LocalReading, options: KeepOptions = {}): Promise<LocalBackupResult> {
    const library = this.library()
    const folder = localFolderName(reading.identity.id)
    // Read-only first: an unchanged save writes nothing at all, not even a lock.
    const unchanged = options.always ? null : await this.#upToDate(library, folder, reading)
    if (unchanged) return this.#result(library, folder, reading, unchanged, 'up-to-date', [])
    const held = await this.hold(reading.identity.id, options.signal)
    try {
      return await held.keep(reading, options)
    } finally {
      await held.release()
    }
  }

  /**
   * Makes the library folder of one save (by its user id) ready for versions: writable, locked, tidied.
   * It stays locked until `release`, so a caller can get it ready while it does other work (a restore's checks).
   */
  async hold(userId: string | null, signal?: AbortSignal): Promise<HeldFolder> {
    const library = this.library()
    const folder = localFolderName(userId)
    const lock = await library.lock(folder, this.#lock(signal))
    try {
      await library.recover(folder)
    } catch (error) {
      await lock.release().catch(() => {})
      throw error
    }
    return {
      keep: async (reading, options = {}) => {
        if (localFolderName(reading.identity.id) !== folder) throw AppError.of('internal', 'That save belongs to another library folder.')
        return this.#keepHeld(library, folder, reading, options)
      },
      release: () => lock.release()
    }
  }

  async #keepHeld(library: BackupLibrary, folder: string, reading: LocalReading, options: KeepOptions): Promise<LocalBackupResult> {
    const again = options.always ? null : await this.#upToDate(library, folder, reading)
    if (again) return this.#result(library, folder, reading, again, 'up-to-date', [])
    const base = await this.#place(library, folder, library.accountDir(folder), reading, options)
    const policy = this.deps.retention()
    const removed = policy ? await library.applyRetention(folder, policy, this.deps.clock.now()) : []
    // The version just placed, read alone: a folder of many versions is not read again for it.
    const entry = await library.ownEntry(folder, base)
    if (!entry) throw AppError.of('io', 'The local backup was written but cannot be read back.')
    return this.#result(library, folder, reading, entry, 'saved', removed)
  }

  #result(
    library: BackupLibrary,
    folder: string,
    reading: LocalReading,
    entry: BackupEntry,
    status: LocalBackupResult['status'],
    removed: string[]
  ): LocalBackupResult {
    return {
      status,
      entryId: entry.id,
      folder: library.accountDir(folder),
      path: entry.path,
      size: entry.size,
      sha256: entry.sha256,
      format: entry.format,
      method: reading.save.method,
      userId: reading.identity.id,
      username: reading.identity.username,
      parts: entry.parts ?? [],
      removedByRetention: removed
    }
  }

  /** Writes both copies as partials, then gives them their names: data.db first, then the manifest, then the save. */
  async #place(library: BackupLibrary, folder: string, dir: string, reading: LocalReading, options: KeepOptions): Promise<string> {
    const { files } = this.deps
    const savePart = join(dir, partName())
    let dataAt: string | null = reading.data ? join(dir, partName()) : null
    let placed = false
    // Both at once, each flushed (or linked), while `place` reads the folder and writes the manifest; a part
    // left by a run that died is an orphan the next run removes.
    const writing = io('Writing the local backup', async () => {
      const part = async (path: string, bytes: Uint8Array, from: string | undefined) => {
        if (from && (await files.link(from, path)) === 'linked') return
        await writeNewFile(files, path, bytes, 0o600)
      }
      await allDone([
        part(savePart, reading.save.bytes, options.linkFrom?.save),
        dataAt && reading.data ? part(dataAt, reading.data.bytes, options.linkFrom?.data) : null
      ])
    })
    writing.catch(() => {})
    try {
      const now = this.deps.clock.now()
      const at = new Date(now).toISOString()
      const savedAt = reading.status.files.find((f) => f.name === 'saves.db')?.modifiedAt ?? at
      const { identity } = reading
      const partsFor = (base: string): BackupPart[] =>
        reading.data ? [{ role: 'data.db', file: `${base}.data.sqlite`, size: reading.data.bytes.length, sha256: reading.data.sha256 }] : []
      const manifest = (base: string): Manifest => ({
        schema: 'companion-backup/1',
        accountId: computerAccountId(identity.id),
        deploymentId: COMPUTER_SOURCE,
        username: identity.username,
        uid: identity.id,
        updatedAt: savedAt,
        meta: {
          lastSaveTime: identity.lastSaveTime,
          userUuid: identity.userUuid,
          method: reading.save.method,
          gameFolder: reading.status.folder
        },
        size: reading.save.bytes.length,
        sha256: reading.save.sha256,
        format: 'sqlite',
        appVersion: this.deps.appVersion,
        backedUpAt: at,
        file: `${base}.sqlite`,
        duplicateOf: null,
        pinned: options.pinned ?? false,
        note: options.note ?? '',
        ...(options.reason ? { reason: options.reason } : {}),
        verifiedAt: at,
        verifyStatus: 'ok',
        source: 'computer',
        parts: partsFor(base)
      })
      const preferred = backupBaseName(now, COMPUTER_SOURCE, identity.username ?? identity.id ?? 'save')
      const base = await library.place(folder, savePart, preferred, manifest, async (base) => {
        await writing
        // The data.db copy takes its name before the manifest that names it exists (`place` flushes the names).
        if (!dataAt) return
        const target = join(dir, `${base}.data.sqlite`)
        if (!(await io('Naming the local backup', () => files.moveExclusive(dataAt!, target, { flush: false }))))
          throw AppError.of('io', `${target} already exists; nothing was overwritten.`)
        dataAt = target
      })
      placed = true
      return base
    } finally {
      // Placed, the part has its name; not placed, it goes, and a data.db copy named for a version whose manifest
      // could not be written belongs to no version: it goes too.
      if (!placed) {
        await writing.catch(() => {})
        await Promise.all([savePart, dataAt].map((path) => path && files.rm(path, { force: true }).catch(() => {})))
      }
    }
  }
}
