import { join } from 'node:path'
import type { RetentionPolicy } from '../../shared/backups'
import type { GameFolderStatus, LocalBackupResult, LocalComparison, LocalPlays } from '../../shared/game-folder'
import type { LocalSession } from '../../shared/sessions'
import { readSaveContents } from '../backups/save-reader'
import type { Core } from '../core/create-core'
import { compareLocalWithCloud } from '../game-folder/compare'
import { localPlayOf, readPlays } from '../game-folder/plays'
import { belongsTo } from '../game-folder/import-plays'
import type { ChartInfo } from '../../shared/data'
import type { FolderKind } from '../../shared/progress'
import { folderReport, type FolderReport } from './folders'
import { localSessions, type LocalSessionsOptions } from '../sessions/local-sessions'
import type { FileSystem } from '../ports'

/**
 * The `local` commands: the game's save on this computer. No credential and no network: the
 * library folder of local versions is named from the save's own user id.
 */
export function localGame(
  core: Core,
  o: { gameDir: string | null; files: FileSystem; at: (dir: string, retention?: RetentionPolicy | null) => void }
) {
  const { files } = o
  const chosen = o.gameDir
  const local = core.modules.gameFolder.local
  const service = (dir: string, retention: RetentionPolicy | null = null) => (o.at(dir, retention), local)

  return {
    status: (): Promise<GameFolderStatus> => local.status(chosen),

    backup: (dir: string, retention: RetentionPolicy | null, signal?: AbortSignal): Promise<LocalBackupResult> =>
      service(dir, retention).backup(chosen, { signal }),

    /** Every play data.db kept, newest first; `dataFile`: a data.db the user picked instead of the game's. */
    async plays(dataFile: string | null): Promise<LocalPlays> {
      const read = await local.plays(chosen, dataFile)
      return {
        file: read.file,
        plays: read.plays.map(localPlayOf),
        skipped: read.skipped,
        usernames: read.usernames,
        userIds: read.userIds
      }
    },

    /**
     * Folder tables from the game's own files: data.db's plays of the save's player (with their input
     * modes) and saves.db's bests (which have none), as the app counts them once both are in it.
     */
    async folders(charts: ReadonlyMap<string, ChartInfo>, by?: FolderKind): Promise<FolderReport> {
      const reading = await local.read(chosen)
      const { identity } = reading
      const read = reading.data ? await readPlays(reading.data.bytes) : null
      const owner = { id: '', uid: identity.userId ?? identity.id, username: identity.username }
      const plays = (read?.plays ?? []).filter(belongsTo(owner)).map((p) => p.record)
      const source = {
        save: join(reading.status.folder, 'saves.db'),
        backupId: null,
        plays: read ? join(reading.status.folder, 'data.db') : null
      }
      return folderReport({ plays, save: reading.save.contents?.bests ?? [], charts, by, source })
    },

    /**
     * Sessions of the plays data.db kept (oldest first), with the gap rule; plays of another player are
     * never mixed in (`player` chooses one when the file holds several). `untimed`: the player's plays
     * left out for want of a usable time.
     */
    async sessions(
      dataFile: string | null,
      options: LocalSessionsOptions
    ): Promise<{ file: string; sessions: LocalSession[]; untimed: number }> {
      const read = await local.plays(chosen, dataFile)
      return { file: read.file, ...localSessions(read, options) }
    },

    /** The local save against the newest cloud backup of the same user in `dir` (no download). */
    async diff(dir: string): Promise<LocalComparison> {
      const reading = await service(dir).read(chosen)
      const cloud = await local.latestCloudBackup(reading.identity)
      const cloudSide = cloud?.path ? { entry: cloud, contents: await readSaveContents(await files.readFile(cloud.path)) } : null
      return compareLocalWithCloud({ contents: reading.save.contents!, lastSaveTime: reading.identity.lastSaveTime }, cloudSide, new Map())
    }
  }
}

export type LocalGame = ReturnType<typeof localGame>
