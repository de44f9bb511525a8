import type { BackupEntry, KeptReason } from '../../shared/backups'
import { legacyNoteOf } from '../../shared/restore'
import { isComputerFolder } from '../backups/ownership'
import type { FileSystem } from '../ports'
import type { LocalBackupService } from './local-backup'

/** One "This computer" version, as `local versions` lists it (its `--json` is a public interface). */
export interface LocalVersion {
  id: string
  time: string
  player: string | null
  size: number
  pinned: boolean
  /** Whether the player starred it (added with #55). */
  starred: boolean
  /** The player's note; for a version a restore kept, the English note it always had here ("before restoring <id>"). */
  note: string
  /** Why the app kept the version by itself (a restore's snapshot), as data; null for a version the player kept. */
  reason: KeptReason | null
  userId: string | null
  lastSaveTime: string | null
  files: string[]
  path: string | null
}

const versionOf = (e: BackupEntry): LocalVersion => ({
  id: e.id,
  time: e.backedUpAt,
  player: e.username ?? e.uid,
  size: e.size + (e.parts ?? []).reduce((sum, p) => sum + p.size, 0),
  pinned: e.pinned,
  starred: e.starred,
  note: e.note || (e.reason ? legacyNoteOf(e.reason) : ''),
  reason: e.reason ?? null,
  userId: e.uid,
  lastSaveTime: typeof e.meta?.lastSaveTime === 'string' ? e.meta.lastSaveTime : null,
  files: ['saves.db', ...(e.parts ?? []).map((p) => p.role)],
  path: e.path
})

/** Every "This computer" version in the library, whoever's save it kept, newest first (no library yet: none). */
export async function everyComputerVersion(local: LocalBackupService, files: FileSystem): Promise<LocalVersion[]> {
  const library = local.library()
  const folders = (await files.readdir(library.root).catch(() => [] as string[])).filter(isComputerFolder)
  const entries = (await Promise.all(folders.map((f) => library.entries(f)))).flat()
  return entries.sort((a, b) => b.backedUpAt.localeCompare(a.backedUpAt) || b.id.localeCompare(a.id)).map(versionOf)
}
