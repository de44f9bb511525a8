import type { BackupEntry, SaveDiff, SaveSummary } from '../../shared/backups'
import type { ChartInfo } from '../../shared/data'
import { AppError } from '../../shared/errors'
import { io } from '../platform-node/io'
import type { FileSystem } from '../ports'
import type { ResolvedBackup } from './backup-ref'
import type { BackupLibrary } from './library'
import { diffSaves, summarize } from './save-insights'
import { MAX_SUMMARY_BYTES, readSaveContents, type SaveContents } from './save-reader'

/** A save read for a summary or a comparison: what it is (a version's id and times, or a file's path and time) and what it holds. */
export interface ReadSave {
  ref: Pick<BackupEntry, 'id' | 'backedUpAt' | 'updatedAt'>
  /** The save file read. */
  path: string
  contents: SaveContents
}

/**
 * What a backup holds and what changed between two, for the app's window and the CLI alike: each
 * `<backup>` a library version or a save file on disk (backup-ref.ts), read within the size a save has.
 */
export function versionReads(deps: { library: () => BackupLibrary; files: FileSystem; charts: () => ReadonlyMap<string, ChartInfo> }) {
  const { files } = deps
  const contentsAt = async (path: string) => {
    const size = (await io('Reading the backup', () => files.stat(path))).size
    if (size > MAX_SUMMARY_BYTES)
      throw AppError.of(
        'invalid_input',
        `This save is too large to read here (${Math.round(size / 1024 / 1024)} MiB; saves are normally a few MiB).`
      )
    return readSaveContents(await io('Reading the backup', () => files.readFile(path)))
  }
  /** A version with its save file (a version whose file is gone cannot be read). */
  const withFile = async (id: string): Promise<BackupEntry & { path: string }> => {
    const entry = await deps.library().get(id)
    if (!entry.path) throw AppError.of('not_found', 'The save file of this backup is missing.')
    return { ...entry, path: entry.path }
  }
  const read = async (backup: ResolvedBackup): Promise<ReadSave> => {
    if (backup.kind === 'version') {
      const entry = await withFile(backup.id)
      return { ref: entry, path: entry.path, contents: await contentsAt(entry.path) }
    }
    const at = (await io('Reading the backup', () => files.stat(backup.path))).mtime.toISOString()
    return { ref: { id: backup.path, backedUpAt: at, updatedAt: at }, path: backup.path, contents: await contentsAt(backup.path) }
  }
  /** The version before `id` in its folder with other content ("what changed" compares with it). */
  const previousOf = async (id: string): Promise<ResolvedBackup> => {
    const [folder = ''] = id.split('/')
    const { entries, previousDifferent } = await deps.library().read(folder, '')
    if (!entries.some((e) => e.id === id)) throw AppError.of('not_found', 'That backup no longer exists.')
    const previous = previousDifferent[id]
    if (!previous) throw AppError.of('not_found', 'There is no earlier backup with different content to compare with.')
    return { kind: 'version', id: previous, byPath: false }
  }
  return {
    read,
    withFile,
    summary: async (backup: ResolvedBackup): Promise<SaveSummary> => summarize((await read(backup)).contents, deps.charts()),
    /** `from` null: the version before `to` in its folder with other content. */
    async diff(from: ResolvedBackup | null, to: ResolvedBackup): Promise<SaveDiff> {
      const earlier = from ?? (to.kind === 'version' ? await previousOf(to.id) : null)
      if (!earlier) throw AppError.of('not_found', 'A save file outside the library has no earlier backup to compare with.')
      const [a, b] = await Promise.all([read(earlier), read(to)])
      return diffSaves({ entry: a.ref, contents: a.contents }, { entry: b.ref, contents: b.contents }, deps.charts())
    }
  }
}

export type VersionReads = ReturnType<typeof versionReads>
