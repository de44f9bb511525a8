import { createHash } from 'node:crypto'
import { constants } from 'node:fs'
import { copyFile } from 'node:fs/promises'
import { basename, dirname, extname, join } from 'node:path'
import {
  BackupEntry,
  Manifest,
  PlainFileName,
  type Library,
  type LibraryProblem,
  type RetentionPolicy,
  type UnindexedFile
} from '../../shared/backups'
import { AppError } from '../../shared/errors'
import { keptReasonOfNote } from '../../shared/restore'
import type { FileSystem } from '../ports'
import { tempName, tempWriter, writerGone } from '../platform-node/writer-tag'
import { FolderLock, type HeldLock, type LockOptions } from './folder-lock'
import { detectFormat, HEAD_BYTES } from './format'
import { allDone, failureInWords, io, isErrno, isReadOnlyError, writeNewFile } from '../platform-node/io'
import { isTempName, ownerAlive, readPartials, removePartial, writeSidecar, type PartFile } from './partials'

export const MANIFEST_SUFFIX = '.manifest.json'
/** The backup library's folder when the player has chosen none, in their Documents folder (the app's and the CLI's). */
export const defaultBackupFolder = (documentsDir: string): string => join(documentsDir, 'Game Account Companion Backups')
const SAVE_EXTENSIONS = /\.(json|sqlite|db|bin)$/i
const MAX_MANIFEST_BYTES = 256 * 1024
/** Manifests read at once when the library is listed. */
const MANIFESTS_AT_ONCE = 8
/** Another machine's partial or lock that has not been touched for this long is abandoned. */
export const STALE_MS = 120_000

export function sanitize(part: string): string {
  return (
    part
      .normalize('NFKC')
      // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
      .replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_')
      .replace(/\s+/g, '_')
      .replace(/^\.+/, '_')
      .slice(0, 60) || '_'
  )
}

/** The source of a save's local versions ("This computer"), in the library beside the cloud's. */
export const COMPUTER_SOURCE = 'this-computer'

/** The library folder of a save's local versions, named from the save's own user id. */
export function localFolderName(userId: string | null): string {
  return sanitize(`${COMPUTER_SOURCE}-${userId ?? 'unknown'}`)
}

/** The account key under which local versions are listed before any signed-in account claims them. */
export const computerAccountId = (userId: string | null) => `${COMPUTER_SOURCE}:${userId ?? 'unknown'}`

/** Readable, sortable names: `2026-11-22T10-30-00Z_global_alice`. */
/**
 * A manifest whose note is the English one an older version wrote for a restore's snapshot ("before restoring <id>"),
 * read as the reason it stands for, the note left to the player. A later change of the manifest (pin, note) keeps it so.
 */
function withKeptReason(manifest: Manifest): Manifest {
  const reason = manifest.reason ? null : keptReasonOfNote(manifest.note)
  return reason ? { ...manifest, reason, note: '' } : manifest
}

/** A version as the library lists it: a manifest from before stars is not starred. */
export const entryOf = (manifest: Manifest, id: string, path: string | null): BackupEntry => ({
  ...manifest,
  starred: manifest.starred ?? false,
  id,
  path
})

export function backupBaseName(at: number, deploymentId: string, username: string): string {
  return `${new Date(at)
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}_${sanitize(deploymentId)}_${sanitize(username)}`
}

export function extensionFor(format: Manifest['format']): string {
  return format === 'sqlite' ? 'sqlite' : format === 'json' ? 'json' : 'bin'
}

export async function sha256File(files: FileSystem, path: string): Promise<string> {
  const hash = createHash('sha256')
  const handle = await files.open(path, 'r')
  try {
    const buffer = Buffer.allocUnsafe(1024 * 1024)
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null)
      if (bytesRead === 0) break
      hash.update(buffer.subarray(0, bytesRead))
    }
  } finally {
    await handle.close()
  }
  return hash.digest('hex')
}

/** Moves a file somewhere it can be restored from: the OS trash in the app, a `.trash` folder elsewhere. */
export type Trash = (path: string) => Promise<void>

/** Without an OS trash (CLI, web host): `<backup root>/.trash/<date>/`, on the same disk, restorable by hand. */
export function libraryTrash(files: FileSystem, root: string, now: () => number): Trash {
  return async (path) => {
    const folder = join(root, '.trash', new Date(now()).toISOString().slice(0, 10))
    await files.mkdir(folder, { recursive: true, mode: 0o700 })
    const name = path.split(/[\\/]/).pop()!
    for (let i = 0; ; i++) {
      const target = join(folder, i === 0 ? name : `${i}-${name}`)
      if (await files.moveExclusive(path, target)) return
    }
  }
}

const newestFirst = (a: BackupEntry, b: BackupEntry) => b.backedUpAt.localeCompare(a.backedUpAt) || b.id.localeCompare(a.id)

type ManifestRead = { ok: true; manifest: Manifest } | { ok: false; problem: LibraryProblem }

export interface VerifyReport {
  entries: BackupEntry[]
  /** False when the results could not be written into the manifests (a read-only archive). */
  recorded: boolean
}

/** The name a part of a version is exported under, beside the save exported as `saveName`. */
export function exportedPartName(saveName: string, role: 'data.db'): string {
  return saveName === 'saves.db' ? role : `${saveName.slice(0, saveName.length - extname(saveName).length)}.${role}`
}

/**
 * The backups on disk: one folder per account, each backup a save file plus a manifest. Manifests
 * are the index (no database) and are read as untrusted input: a damaged one is reported, a file
 * name that is not a plain name in the same folder is refused. Changes happen under the folder's
 * lock, shared with the CLI; reads need none.
 */
export class BackupLibrary {
  constructor(
    readonly root: string,
    private readonly files: FileSystem,
    private readonly trash: Trash
  ) {}

  accountDir(folderName: string): string {
    if (!PlainFileName.safeParse(folderName).success) throw AppError.of('invalid_input', 'That is not a backup folder.')
    return join(this.root, folderName)
  }

  /**
   * Waits (bounded) for the account folder's lock, creating the folder first. Creating the folder and its
   * lock file is the proof that it can be written: a folder that cannot be says so, with what to do.
   */
  async lock(folderName: string, options: LockOptions): Promise<HeldLock> {
    const dir = this.accountDir(folderName)
    try {
      await this.files.mkdir(dir, { recursive: true, mode: 0o700 })
      return await new FolderLock(this.files, dir).acquire(options)
    } catch (error) {
      if (!isErrno(error)) throw error
      const code = error.code ?? 'error'
      throw AppError.of('io', `The backup folder ${dir} cannot be written: ${failureInWords(code)}. Choose another folder in Settings.`, {
        details: { cause: code }
      })
    }
  }

  async withLock<T>(folderName: string, options: LockOptions, work: () => Promise<T>): Promise<T> {
    const held = await this.lock(folderName, options)
    try {
      return await work()
    } finally {
      await held.release()
    }
  }

  async #names(dir: string): Promise<string[]> {
    try {
      return await this.files.readdir(dir)
    } catch (error) {
      if (isErrno(error) && error.code === 'ENOENT') return []
      throw error
    }
  }

  /** A plain name whose real path stays in the folder (a symlink out of it is refused). */
  async #contained(dir: string, name: string): Promise<string | null> {
    if (!PlainFileName.safeParse(name).success) return null
    try {
      const [real, realDir] = await Promise.all([this.files.realpath(join(dir, name)), this.files.realpath(dir)])
      return dirname(real) === realDir ? join(dir, name) : null
    } catch {
      return join(dir, name)
    }
  }

  async #exists(path: string): Promise<boolean> {
    try {
      await this.files.lstat(path)
      return true
    } catch (error) {
      if (isErrno(error) && error.code === 'ENOENT') return false
      throw error
    }
  }

  async #readManifest(dir: string, name: string): Promise<ManifestRead> {
    const path = join(dir, name)
    try {
      const stats = await this.files.lstat(path)
      if (!stats.isFile())
        return {
          ok: false,
          problem: { name, reason: 'unsafe-name', cause: 'not-a-file' }
        }
      if (stats.size > MAX_MANIFEST_BYTES)
        return {
          ok: false,
          problem: { name, reason: 'corrupt', cause: 'too-large' }
        }
      const parsed = Manifest.safeParse(JSON.parse((await this.files.readFile(path)).toString('utf8')))
      if (!parsed.success) {
        const unsafe = parsed.error.issues.some(
          (i) => (i.path[0] === 'file' || i.path[0] === 'duplicateOf') && i.message === 'not a plain file name'
        )
        return {
          ok: false,
          problem: unsafe ? { name, reason: 'unsafe-name', cause: 'outside-folder' } : { name, reason: 'corrupt', cause: 'damaged' }
        }
      }
      return { ok: true, manifest: withKeptReason(parsed.data) }
    } catch (error) {
      if (error instanceof SyntaxError)
        return {
          ok: false,
          problem: { name, reason: 'corrupt', cause: 'damaged' }
        }
      return {
        ok: false,
        problem: { name, reason: 'unreadable', cause: 'unreadable', ...(isErrno(error) && error.code ? { errno: error.code } : {}) }
      }
    }
  }

  /** Every backup of one account folder, the save files nothing describes, and the manifests that could not be used. */
  async read(folderName: string, accountId: string): Promise<Library> {
    const dir = this.accountDir(folderName)
    const names = await io('Reading the backup folder', () => this.#names(dir))
    const placing = new Set((await readPartials(this.files, dir, names)).flatMap((p) => (p.info?.placing ? [p.info.placing.base] : [])))
    const entries: BackupEntry[] = []
    const problems: LibraryProblem[] = []
    const referenced = new Set<string>()
    const manifestNames = names.filter((n) => n.endsWith(MANIFEST_SUFFIX) && !n.startsWith('.'))
    // Read a few at a time: each is several small file operations, and a run waits for the whole library.
    const reads: { name: string; read: ManifestRead; path: string | null }[] = []
    for (let at = 0; at < manifestNames.length; at += MANIFESTS_AT_ONCE) {
      const batch = manifestNames.slice(at, at + MANIFESTS_AT_ONCE)
      reads.push(
        ...(await Promise.all(
          batch.map(async (name) => {
            const read = await this.#readManifest(dir, name)
            return { name, read, path: read.ok && read.manifest.file ? await this.#contained(dir, read.manifest.file) : null }
          })
        ))
      )
    }
    for (const { name, read, path } of reads) {
      if (!read.ok) {
        problems.push(read.problem)
        continue
      }
      const base = name.slice(0, -MANIFEST_SUFFIX.length)
      const { manifest } = read
      if (manifest.file && !path) {
        problems.push({ name, reason: 'unsafe-name', cause: 'outside-folder' })
        continue
      }
      if (manifest.file) referenced.add(manifest.file)
      for (const part of manifest.parts ?? []) referenced.add(part.file)
      entries.push(entryOf(manifest, `${folderName}/${base}`, path))
    }
    // A duplicate points at another backup's file.
    for (const entry of entries) {
      if (!entry.file && entry.duplicateOf) entry.path = entries.find((e) => e.id === `${folderName}/${entry.duplicateOf}`)?.path ?? null
    }
    const visible = entries.filter((e) => !(placing.has(e.id.split('/')[1]!) && e.file && !names.includes(e.file)))
    const unindexed: UnindexedFile[] = []
    for (const name of names) {
      if (name.startsWith('.') || name.endsWith(MANIFEST_SUFFIX) || !SAVE_EXTENSIONS.test(name) || referenced.has(name) || isTempName(name))
        continue
      const stats = await this.files.lstat(join(dir, name)).catch(() => null)
      if (!stats?.isFile()) continue
      unindexed.push({
        name,
        size: stats.size,
        modifiedAt: new Date(stats.mtimeMs).toISOString(),
        format: detectFormat(await this.#head(join(dir, name)))
      })
    }
    visible.sort(newestFirst)
    return { accountId, folder: dir, entries: visible, unindexed, problems, previousDifferent: BackupLibrary.previousDifferent(visible) }
  }

  /**
   * For each backup of a list (newest first), the id of the newest older one whose save is another file: a
   * duplicate shares its file with the backup it repeats, and a backup without a file has nothing to compare.
   */
  static previousDifferent(entries: readonly BackupEntry[]): Record<string, string> {
    const found: Record<string, string> = {}
    /** Walking from the oldest: the newest backup with a file so far, and the newest with a file other than that one's. */
    let newest: BackupEntry | null = null
    let beforeNewest: BackupEntry | null = null
    for (let at = entries.length - 1; at >= 0; at--) {
      const entry = entries[at]!
      const other = newest && newest.path !== entry.path ? newest : beforeNewest
      if (other) found[entry.id] = other.id
      if (!entry.path) continue
      if (newest && newest.path !== entry.path) beforeNewest = newest
      newest = entry
    }
    return found
  }

  async #head(path: string): Promise<Buffer> {
    try {
      const handle = await this.files.open(path, 'r')
      try {
        const buffer = Buffer.alloc(HEAD_BYTES)
        const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0)
        return buffer.subarray(0, bytesRead)
      } finally {
        await handle.close()
      }
    } catch {
      return Buffer.alloc(0)
    }
  }

  /**
   * The one backup `base` of a folder whose manifest names a file of its own, read alone (not the whole folder):
   * null when its manifest is missing, unusable, a duplicate's, or names a file outside the folder.
   */
  async ownEntry(folderName: string, base: string): Promise<BackupEntry | null> {
    const dir = this.accountDir(folderName)
    const read = await this.#readManifest(dir, `${base}${MANIFEST_SUFFIX}`)
    if (!read.ok || !read.manifest.file) return null
    const path = await this.#contained(dir, read.manifest.file)
    return path ? entryOf(read.manifest, `${folderName}/${base}`, path) : null
  }

  async entries(folderName: string): Promise<BackupEntry[]> {
    return (await this.read(folderName, '')).entries
  }

  async latest(folderName: string): Promise<BackupEntry | null> {
    return (await this.entries(folderName))[0] ?? null
  }

  #split(id: string): [string, string] {
    const [folder, base, ...rest] = id.split('/')
    if (!folder || !base || rest.length || !PlainFileName.safeParse(folder).success || !PlainFileName.safeParse(base).success)
      throw AppError.of('invalid_input', 'That is not a backup id.')
    return [folder, base]
  }

  async get(id: string): Promise<BackupEntry> {
    const [folder] = this.#split(id)
    const entry = (await this.entries(folder)).find((e) => e.id === id)
    if (!entry) throw AppError.of('not_found', 'That backup no longer exists (or its manifest is damaged).')
    return entry
  }

  manifestPath(id: string): string {
    const [folder, base] = this.#split(id)
    return join(this.accountDir(folder), `${base}${MANIFEST_SUFFIX}`)
  }

  async #update(id: string, patch: Partial<Manifest>): Promise<BackupEntry> {
    const entry = await this.get(id)
    const { id: _id, path: _path, ...manifest } = entry
    const path = this.manifestPath(id)
    const stats = await this.files.lstat(path)
    if (!stats.isFile()) throw AppError.of('invalid_input', 'This manifest is not a plain file; it was not changed.')
    await io('Writing the manifest', () => this.files.writeAtomic(path, JSON.stringify(Manifest.parse({ ...manifest, ...patch }), null, 2)))
    return this.get(id)
  }

  /** Changes a manifest under the folder's lock. */
  async update(id: string, patch: Partial<Manifest>, lock: LockOptions): Promise<BackupEntry> {
    const [folder] = this.#split(id)
    return this.withLock(folder, lock, () => this.#update(id, patch))
  }

  /**
   * Gives a finished download its place under the folder's lock: a base name nothing uses is
   * claimed by giving its manifest (written and flushed under a temp name) its name exclusively,
   * then the save file takes its name (never overwriting). The manifest is in place before the save
   * becomes visible; `beforeClaim`, run while the manifest is written, records the base so a run
   * killed in between is finished by the next one (see `recover`), or finishes the caller's own
   * files. The folder is flushed once, at the end, for all the names.
   */
  async place(
    folderName: string,
    partPath: string | null,
    preferredBase: string,
    manifestFor: (base: string) => Manifest,
    beforeClaim: (base: string, file: string | null) => Promise<void>
  ): Promise<string> {
    const dir = this.accountDir(folderName)
    for (let i = 1; i < 1000; i++) {
      const names = await io('Reading the backup folder', () => this.#names(dir))
      const base = i === 1 ? preferredBase : `${preferredBase}-${i}`
      if (names.some((n) => n === `${base}${MANIFEST_SUFFIX}` || n.startsWith(`${base}.`))) continue
      const manifest = Manifest.parse(manifestFor(base))
      const manifestPath = join(dir, `${base}${MANIFEST_SUFFIX}`)
      // The manifest's bytes are flushed under a temp name while `beforeClaim` runs; its name comes after both.
      const temp = tempName(manifestPath)
      let claimed = false
      try {
        const text = Buffer.from(JSON.stringify(manifest, null, 2))
        await allDone([io('Writing the manifest', () => writeNewFile(this.files, temp, text, 0o600)), beforeClaim(base, manifest.file)])
        claimed = await io('Writing the manifest', () => this.files.moveExclusive(temp, manifestPath, { flush: false }))
      } finally {
        if (!claimed) await this.files.rm(temp, { force: true }).catch(() => {})
      }
      if (!claimed) continue
      if (partPath && manifest.file) {
        let moved: boolean
        try {
          const to = join(dir, manifest.file)
          moved = await io('Moving the save into place', () => this.files.moveExclusive(partPath, to, { flush: false }))
        } catch (error) {
          await this.files.rm(manifestPath, { force: true })
          throw error
        }
        if (!moved) {
          await this.files.rm(manifestPath, { force: true })
          continue
        }
      }
      // Every name given here (the manifest's, the save's, any `beforeClaim` gave) made durable at once.
      await io('Saving the backup folder to disk', () => this.files.syncDir(dir)).catch(async (error: unknown) => {
        // Not known to be on disk: nothing half-placed stays, neither the manifest nor the save moved in for it.
        await this.files.rm(manifestPath, { force: true })
        if (partPath && manifest.file) await this.files.rm(join(dir, manifest.file), { force: true })
        throw error
      })
      return base
    }
    throw AppError.of('io', 'No free backup name was found in the folder.')
  }

  /**
   * Re-hashes backups (all, or one) against their manifests. With a lock, the folder is tidied and
   * the results are recorded in the manifests; on a read-only archive (or without a lock) the
   * findings are only reported.
   */
  async verify(folderName: string, only: string | null, now: number, lock: LockOptions | null): Promise<VerifyReport> {
    const entries = (await this.entries(folderName)).filter((e) => only === null || e.id === only)
    if (only !== null && entries.length === 0) throw AppError.of('not_found', 'That backup no longer exists.')
    const verifiedAt = new Date(now).toISOString()
    const checked: BackupEntry[] = []
    for (const entry of entries) checked.push({ ...entry, verifiedAt, verifyStatus: await io('Reading a backup', () => this.check(entry)) })
    if (!lock) return { entries: checked, recorded: false }
    try {
      await this.withLock(folderName, lock, async () => {
        await this.recover(folderName)
        for (const entry of checked) {
          if (
            await this.files.lstat(this.manifestPath(entry.id)).then(
              (s) => s.isFile(),
              () => false
            )
          )
            await this.#update(entry.id, { verifiedAt, verifyStatus: entry.verifyStatus })
        }
      })
      return { entries: checked, recorded: true }
    } catch (error) {
      if (isReadOnlyError(error)) return { entries: checked, recorded: false }
      throw error
    }
  }

  /** Whether an entry's save file (and each part kept beside it) is there and has the manifest's size and SHA-256. */
  async check(entry: BackupEntry): Promise<'ok' | 'mismatch' | 'missing'> {
    if (!entry.path) return 'missing'
    const main = await this.#checkFile(entry.path, entry.size, entry.sha256)
    if (main !== 'ok') return main
    for (const part of entry.parts ?? []) {
      const path = await this.#contained(dirname(entry.path), part.file)
      const state = path ? await this.#checkFile(path, part.size, part.sha256) : 'missing'
      if (state !== 'ok') return state
    }
    return 'ok'
  }

  async #checkFile(path: string, size: number, sha256: string): Promise<'ok' | 'mismatch' | 'missing'> {
    try {
      const stats = await this.files.stat(path)
      if (!stats.isFile()) return 'missing'
      return stats.size === size && (await sha256File(this.files, path)) === sha256 ? 'ok' : 'mismatch'
    } catch (error) {
      if (isErrno(error) && (error.code === 'ENOENT' || error.code === 'ENOTDIR')) return 'missing'
      throw error
    }
  }

  /**
   * Copies a backup's save to `destination` (the player chose it) and each file kept with it beside
   * it: a local version's data.db as `data.db` next to a `saves.db`, as the game keeps them (else
   * `<name>.data.db`). Those are never written over: when one is there, nothing is exported.
   */
  async exportTo(id: string, destination: string): Promise<string> {
    const entry = await this.get(id)
    if (!entry.path) throw AppError.of('not_found', 'The save file of this backup is missing.')
    const parts: { from: string; to: string }[] = []
    for (const part of entry.parts ?? []) {
      const from = await this.#contained(dirname(entry.path), part.file)
      if (!from || !(await this.#exists(from))) throw AppError.of('not_found', `The ${part.role} of this backup is missing.`)
      const to = join(dirname(destination), exportedPartName(basename(destination), part.role))
      if (await this.#exists(to)) throw AppError.of('invalid_input', `${to} already exists; choose another folder. Nothing was exported.`)
      parts.push({ from, to })
    }
    await io(`Exporting to ${destination}`, () => copyFile(entry.path!, destination))
    for (const { from, to } of parts) await io(`Exporting to ${to}`, () => copyFile(from, to, constants.COPYFILE_EXCL))
    return destination
  }

  /**
   * Moves a backup to the trash; a pinned one only with explicit confirmation. A file that later
   * backups share (they were identical) is handed to the newest of them instead of being removed.
   */
  async delete(id: string, confirmPinned: boolean, lock: LockOptions): Promise<void> {
    const [folder] = this.#split(id)
    await this.withLock(folder, lock, () => this.#delete(id, confirmPinned).then(() => {}))
  }

  /** Returns true when it rewrote other manifests (a file handed to a later identical backup). */
  async #delete(id: string, confirmPinned: boolean, known?: BackupEntry[]): Promise<boolean> {
    const [folder, base] = this.#split(id)
    const all = known ?? (await this.entries(folder))
    const entry = all.find((e) => e.id === id)
    if (!entry) throw AppError.of('not_found', 'That backup no longer exists.')
    if (entry.pinned && !confirmPinned) throw AppError.of('invalid_input', 'This backup is pinned. Confirm to delete it anyway.')
    const dependants = all.filter((e) => e.duplicateOf === base)
    if (entry.file && dependants.length > 0) {
      const heir = dependants[0]!
      await this.#update(heir.id, { file: entry.file, duplicateOf: null })
      for (const other of dependants.slice(1)) await this.#update(other.id, { duplicateOf: heir.id.split('/')[1]! })
      await io('Moving the manifest to the trash', () => this.trash(this.manifestPath(id)))
      return true
    }
    // The manifest first: should the second step fail, the save file stays, listed as unindexed.
    await io('Moving the manifest to the trash', () => this.trash(this.manifestPath(id)))
    if (entry.file && entry.path) await io('Moving the save file to the trash', () => this.trash(entry.path!))
    for (const part of entry.parts ?? []) {
      const path = entry.path && (await this.#contained(dirname(entry.path), part.file))
      if (path) await io('Moving a file of the backup to the trash', () => this.trash(path)).catch(() => {})
    }
    return false
  }

  /** Writes a manifest for a save file found without one. Its cloud `updated_at` is unknown, so it never counts as "up to date". */
  async index(
    folderName: string,
    name: string,
    facts: { accountId: string; deploymentId: string; username: string | null; uid: string | null; appVersion: string; now: number },
    lock: LockOptions
  ): Promise<string> {
    const dir = this.accountDir(folderName)
    return this.withLock(folderName, lock, async () => {
      const { unindexed } = await this.read(folderName, facts.accountId)
      const file = unindexed.find((u) => u.name === name)
      const path = file && (await this.#contained(dir, name))
      if (!file || !path) throw AppError.of('not_found', 'That file is not an unindexed save in this folder.')
      const sha256 = await sha256File(this.files, path)
      const at = new Date(facts.now).toISOString()
      const base = name.replace(SAVE_EXTENSIONS, '')
      const created = await this.place(
        folderName,
        null,
        base,
        () => ({
          schema: 'companion-backup/1',
          accountId: facts.accountId,
          deploymentId: facts.deploymentId,
          username: facts.username,
          uid: facts.uid,
          updatedAt: file.modifiedAt,
          meta: null,
          size: file.size,
          sha256,
          format: file.format,
          appVersion: facts.appVersion,
          backedUpAt: file.modifiedAt,
          file: name,
          duplicateOf: null,
          pinned: false,
          note: '',
          verifiedAt: at,
          verifyStatus: 'ok',
          indexedLater: true
        }),
        async () => {}
      )
      return `${folderName}/${created}`
    })
  }

  /**
   * Which backups retention would remove: keep the newest N, plus the newest of each of the last
   * D days and of each of the last W weeks; pinned backups are never removed.
   */
  plan(entries: BackupEntry[], policy: RetentionPolicy, now: number): BackupEntry[] {
    const keep = new Set<string>(entries.slice(0, policy.keepLast).map((e) => e.id))
    const newestPer = (bucketMs: number, count: number) => {
      const seen = new Set<number>()
      for (const e of entries) {
        const at = Date.parse(e.backedUpAt)
        const bucket = Math.floor(at / bucketMs)
        if (now - at < count * bucketMs && !seen.has(bucket)) {
          seen.add(bucket)
          keep.add(e.id)
        }
      }
    }
    newestPer(86_400_000, policy.dailyForDays)
    newestPer(7 * 86_400_000, policy.weeklyForWeeks)
    return entries.filter((e) => !keep.has(e.id) && !e.pinned)
  }

  /**
   * Applies retention under the lock the caller holds: doomed backups go to the trash. `known` is the
   * folder's entries as the caller has them under that same lock (read then, plus what it placed since).
   */
  async applyRetention(folderName: string, policy: RetentionPolicy, now: number, known?: BackupEntry[]): Promise<string[]> {
    let all = known ? [...known].sort(newestFirst) : await this.entries(folderName)
    const doomed = this.plan(all, policy, now)
    for (const entry of doomed) {
      // The folder is locked: what was read stays true, except what a deletion changed (read again only then).
      const rewrote = await this.#delete(entry.id, false, all)
      all = rewrote ? await this.entries(folderName) : all.filter((e) => e.id !== entry.id)
    }
    return doomed.map((e) => e.id)
  }

  /**
   * Tidies an account folder under its lock: finishes (or undoes) a placement a killed run left
   * half-done, keeps the newest resumable partial of a run that is gone and removes the rest, and
   * removes abandoned temp files. Returns the partial kept for resuming, if any.
   */
  async recover(folderName: string): Promise<PartFile | null> {
    const dir = this.accountDir(folderName)
    // A lock-breaking file a killed writer left is looked at while the folder is read.
    const [names] = await allDone([io('Reading the backup folder', () => this.#names(dir)), new FolderLock(this.files, dir).tidy()])
    const now = Date.now()
    // A temp file whose writer is gone goes at once; one from another machine (or unsigned) once it is old.
    for (const name of names.filter(isTempName)) {
      const writer = tempWriter(name)
      const stats = await this.files.lstat(join(dir, name)).catch(() => null)
      if (stats && ((writer && writerGone(writer)) || now - stats.mtimeMs > 60_000)) await this.files.rm(join(dir, name), { force: true })
    }
    const orphans = (await readPartials(this.files, dir, names)).filter((p) => !ownerAlive(p, STALE_MS))
    const resumable: PartFile[] = []
    for (const partial of orphans) {
      const placing = partial.info?.placing
      if (placing) {
        await this.#finishPlacement(dir, partial, placing)
        continue
      }
      if (partial.info?.validator && partial.size > 0) resumable.push(partial)
      else await removePartial(this.files, partial)
    }
    resumable.sort((a, b) => b.mtimeMs - a.mtimeMs)
    for (const extra of resumable.slice(1)) await removePartial(this.files, extra)
    for (const name of names.filter((n) => n.endsWith('.part.json'))) {
      if (!names.includes(name.slice(0, -'.json'.length))) await this.files.rm(join(dir, name), { force: true })
    }
    return resumable[0] ?? null
  }

  async #finishPlacement(dir: string, partial: PartFile, placing: NonNullable<NonNullable<PartFile['info']>['placing']>): Promise<void> {
    const manifest = await this.#readManifest(dir, `${placing.base}${MANIFEST_SUFFIX}`)
    const target = PlainFileName.safeParse(placing.file).success ? join(dir, placing.file) : null
    const written = manifest.ok && manifest.manifest.sha256 === placing.sha256 && manifest.manifest.file === placing.file
    if (written && target) {
      const there = await this.files.lstat(target).then(
        () => true,
        () => false
      )
      if (!there && (await sha256File(this.files, partial.path)) === placing.sha256) await this.files.moveExclusive(partial.path, target)
      await removePartial(this.files, partial)
      return
    }
    // The manifest never appeared: the download is complete but unplaced; keep it as a resumable partial.
    await writeSidecar(this.files, partial.path, { ...partial.info!, placing: null })
  }
}

export type { Library }
