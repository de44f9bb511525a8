import type { KeptRecord } from '../../shared/api'
import type { BackupEntry } from '../../shared/backups'
import type { ChartInfo, PersonalBest } from '../../shared/data'
import { AppError } from '../../shared/errors'
import { foldPlays } from '../../shared/player'
import type { FolderKind, ViewMode } from '../../shared/progress'
import type { Core } from '../core/create-core'
import { io } from '../platform-node/io'
import { readSaveContents, type SaveBest } from '../backups/save-reader'
import { readBackupBests } from '../progress/latest-save'
import { ProgressModel } from '../progress/model'
import type { FolderTable } from '../progress/folders'
import type { FileSystem } from '../ports'

export type { FolderTable }

/** Folder tables as the CLI prints them: the rows, the charts the list does not know, and where the bests came from. */
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

/**
 * Folder tables from the play history's plays (a data.db's) and a save's bests, over the chart list:
 * the same model the app keeps, so the CLI's tables and the app's agree on the same inputs.
 */
export function folderReport(input: {
  plays: readonly KeptRecord[]
  save: readonly SaveBest[] | null
  charts: ReadonlyMap<string, ChartInfo>
  by?: FolderKind
  source: FolderReport['source']
}): FolderReport {
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

/** Every backup in a backup folder (all accounts' folders), newest first. */
async function allBackups(core: Core, files: FileSystem, dir: string): Promise<BackupEntry[]> {
  const library = core.modules.backups.service.library()
  const folders = await io(`Reading ${dir}`, () => files.readdir(dir))
  const entries: BackupEntry[] = []
  for (const folder of folders) {
    if (folder.startsWith('.')) continue
    entries.push(...(await library.entries(folder).catch(() => [] as BackupEntry[])))
  }
  return entries.filter((e) => e.path !== null).sort((a, b) => b.backedUpAt.localeCompare(a.backedUpAt))
}

const isFile = async (files: FileSystem, path: string) => (await files.stat(path).catch(() => null))?.isFile() ?? false

/**
 * A backup's save (no credential): `ref` is a save file's path, a backup's id or file name in `dir`,
 * or nothing for the newest backup there (of any account).
 */
export async function backupFolders(
  core: Core,
  o: {
    dir: string
    ref: string | null
    charts: ReadonlyMap<string, ChartInfo>
    by?: FolderKind
    files: FileSystem
    at: (dir: string) => void
  }
): Promise<FolderReport> {
  const { files } = o
  o.at(o.dir)
  if (o.ref && (await isFile(files, o.ref))) {
    const contents = await readSaveContents(await io(`Reading ${o.ref}`, () => files.readFile(o.ref!)))
    const source = { save: o.ref, backupId: null, plays: null }
    return folderReport({ plays: [], save: contents.bests, charts: o.charts, by: o.by, source })
  }
  const entries = await allBackups(core, files, o.dir)
  const ref = o.ref?.replace(/\.manifest\.json$/, '')
  const entry = ref ? entries.find((e) => e.id === ref || e.file === ref || e.id.endsWith(`/${ref}`)) : entries[0]
  if (!entry?.path) throw AppError.of('not_found', ref ? `No backup named ${ref} in ${o.dir}.` : `There are no backups in ${o.dir} yet.`)
  const read = await readBackupBests(files, { ...entry, path: entry.path })
  const source = { save: entry.path, backupId: entry.id, plays: null }
  return folderReport({ plays: [], save: read.bests, charts: o.charts, by: o.by, source })
}
