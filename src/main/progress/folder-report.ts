import { join } from 'node:path'
import type { KeptRecord } from '../../shared/api'
import type { ChartInfo, PersonalBest } from '../../shared/data'
import { foldPlays } from '../../shared/player'
import type { FolderKind, ViewMode } from '../../shared/progress'
import type { ResolvedBackup } from '../backups/backup-ref'
import type { SaveBest } from '../backups/save-reader'
import type { VersionReads } from '../backups/version-reads'
import { belongsTo } from '../game-folder/import-plays'
import type { LocalBackupService } from '../game-folder/local-backup'
import { readPlays } from '../game-folder/plays'
import type { FolderTable } from './folders'
import { ProgressModel } from './model'

export type { FolderTable }

/** Folder tables for a reader outside the window (the CLI): the rows, the charts the list does not know, and where the bests came from. */
export interface FolderReport {
  /** The save file read (and the data.db, for the game's folder). */
  source: { save: string | null; backupId: string | null; plays: string | null }
  modes: ViewMode[]
  rows: FolderTable[]
  /** Per mode, the charts with a best the list does not know, counted as the folder `unknown`. */
  unknown: FolderTable[]
  /** Charts the save holds bests for (they have no input mode: counted under `any`). */
  saveCharts: number
  plays: number
  listCharts: number
}

interface ReportInput {
  charts: ReadonlyMap<string, ChartInfo>
  by?: FolderKind
}

/**
 * Folder tables from the play history's plays (a data.db's) and a save's bests, over the chart list:
 * the same model the app keeps, so the CLI's tables and the app's agree on the same inputs.
 */
export function folderReport(
  input: ReportInput & { plays: readonly KeptRecord[]; save: readonly SaveBest[] | null; source: FolderReport['source'] }
): FolderReport {
  const bests = new Map<string, PersonalBest>()
  foldPlays(bests, input.plays)
  const model = new ProgressModel()
  model.setList(input.charts)
  model.setHistory([...bests.values()])
  model.setSave(input.save)
  return {
    source: input.source,
    modes: model.modes(),
    rows: model.tables().filter((row) => !input.by || row.kind === input.by),
    unknown: model.unknownRows(),
    saveCharts: input.save?.length ?? 0,
    plays: input.plays.length,
    listCharts: input.charts.size
  }
}

/** Folder tables from a backup's save (a library version, or a save file on disk): its bests alone, without plays. */
export async function backupFolderReport(backup: ResolvedBackup, reads: VersionReads, input: ReportInput): Promise<FolderReport> {
  const { path, contents } = await reads.read(backup)
  const source = { save: path, backupId: backup.kind === 'version' ? backup.id : null, plays: null }
  return folderReport({ ...input, plays: [], save: contents.bests, source })
}

/**
 * Folder tables from the game's own files: data.db's plays of the save's player (with their input
 * modes) and saves.db's bests (which have none), as the app counts them once both are in it.
 */
export async function gameFolderReport(local: LocalBackupService, chosen: string | null, input: ReportInput): Promise<FolderReport> {
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
  return folderReport({ ...input, plays, save: reading.save.contents?.bests ?? [], source })
}
