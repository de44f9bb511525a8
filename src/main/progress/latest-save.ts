import type { BackupEntry } from '../../shared/backups'
import { AppError, toErrorData, type AppErrorData } from '../../shared/errors'
import type { SaveUsed } from '../../shared/progress'
import type { BackupLibrary } from '../backups/library'
import { MAX_SUMMARY_BYTES, readSaveContents, type SaveBest } from '../backups/save-reader'
import type { FileSystem } from '../ports'

export interface LatestSave {
  used: SaveUsed
  bests: SaveBest[]
}

export interface LatestSaveDeps {
  library: () => BackupLibrary
  files: FileSystem
  /** The library folders that hold an account's saves: its cloud backups and its "This computer" versions. */
  folders: (accountId: string) => string[]
}

/** The newest backup with its file, in any of these folders. */
export async function newestBackup(library: BackupLibrary, folders: readonly string[]): Promise<BackupEntry | null> {
  let newest: BackupEntry | null = null
  for (const folder of folders) {
    const entries = await library.entries(folder).catch(() => [] as BackupEntry[])
    const latest = entries.find((e) => e.path !== null)
    if (latest && (!newest || latest.backedUpAt > newest.backedUpAt)) newest = latest
  }
  return newest
}

/** What a backup's save holds, as folders count it. */
export async function readBackupBests(files: FileSystem, entry: BackupEntry & { path: string }): Promise<LatestSave> {
  const size = (await files.stat(entry.path)).size
  if (size > MAX_SUMMARY_BYTES)
    throw AppError.of('invalid_input', `The latest save is too large to read (${Math.round(size / 1024 / 1024)} MiB).`)
  const contents = await readSaveContents(await files.readFile(entry.path))
  return {
    used: { backupId: entry.id, backedUpAt: entry.backedUpAt, source: entry.source ?? 'cloud', charts: contents.bests.length },
    bests: contents.bests
  }
}

/**
 * An account's latest save: its newest backup (from the cloud or this computer), or the version a
 * restore put back into the game until a newer backup comes. Read once per backup: the same backup
 * again is its bests as read before. A save that cannot be read leaves the folders with the play
 * history alone, and says why.
 */
export class LatestSaves {
  readonly #read = new Map<string, { key: string; save: LatestSave }>()
  /** A version restored into the game: the save in effect, until a backup newer than the restore comes. */
  readonly #restored = new Map<string, { backupId: string; at: string }>()

  constructor(private readonly deps: LatestSaveDeps) {}

  /** A restore put this backup's save back into the game at `at` (ISO): it is the latest save from now on. */
  restored(accountId: string, backupId: string, at: string): void {
    this.#restored.set(accountId, { backupId, at })
  }

  async #current(accountId: string): Promise<BackupEntry | null> {
    const library = this.deps.library()
    const newest = await newestBackup(library, this.deps.folders(accountId))
    const restored = this.#restored.get(accountId)
    if (!restored || (newest && newest.backedUpAt > restored.at)) {
      this.#restored.delete(accountId)
      return newest
    }
    return (await library.get(restored.backupId).catch(() => null)) ?? newest
  }

  async read(accountId: string): Promise<{ save: LatestSave | null; problem: AppErrorData | null }> {
    const entry = await this.#current(accountId)
    if (!entry?.path) return { save: null, problem: null }
    const key = `${entry.id}|${entry.sha256}`
    const kept = this.#read.get(accountId)
    if (kept?.key === key) return { save: kept.save, problem: null }
    try {
      const save = await readBackupBests(this.deps.files, { ...entry, path: entry.path })
      this.#read.set(accountId, { key, save })
      return { save, problem: null }
    } catch (error) {
      return { save: null, problem: toErrorData(error) }
    }
  }

  forget(accountId: string): void {
    this.#read.delete(accountId)
  }

  /** Everything kept of an account (it signed out and its data was forgotten). */
  drop(accountId: string): void {
    this.#read.delete(accountId)
    this.#restored.delete(accountId)
  }
}
