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
 * An account's latest save (its newest backup, from the cloud or this computer), read once per
 * backup: the same backup again is its bests as read before. A save that cannot be read leaves the
 * folders with the play history alone, and says why.
 */
export class LatestSaves {
  readonly #read = new Map<string, { key: string; save: LatestSave }>()

  constructor(private readonly deps: LatestSaveDeps) {}

  async read(accountId: string): Promise<{ save: LatestSave | null; problem: AppErrorData | null }> {
    const entry = await newestBackup(this.deps.library(), this.deps.folders(accountId))
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
}
