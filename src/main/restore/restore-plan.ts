import { join } from 'node:path'
import type { BackupEntry } from '../../shared/backups'
import type { ChartInfo } from '../../shared/data'
import type { GameFolderStatus } from '../../shared/game-folder'
import type { LastRestore, RestoreReport, SavePlayer } from '../../shared/restore'
import type { FileSystem } from '../ports'
import { problemInMemory, saveRowOf, withSaveJson, type SaveRow } from './container'
import { GAME_FILES, type CurrentSave } from './game-now'
import type { Refused } from './guard'
import { previewOf } from './preview'
import { sha256, type Source } from './source'

export interface RestoreRequest {
  backupId: string
  /** The game's folder the player chose (or `--game-dir`); null: the usual place. */
  gameFolder: string | null
  /** `export`: write the restored files into `exportTo` (a preview may come before the folder is chosen). */
  mode: 'restore' | 'export'
  exportTo?: string | null
  withPlays: boolean
  allowDowngrade: boolean
  allowOtherPlayer: boolean
  /** The `currentSha256` of the preview the player confirmed. */
  expectCurrent?: string | null
}

/**
 * The files a restore writes: the saves.db (`row`: the save row it must hold; null for an undo's saves.db that
 * held none; `sha256`: for the record of the restore) and, when the play history is replaced, a data.db.
 */
export interface Intended {
  save: Buffer
  sha256: string
  row: SaveRow | null
  data: Buffer | null
}

/** What a plan that can be carried out established: the version read and checked, the files it makes, the preview. */
interface Ready {
  report: RestoreReport
  request: RestoreRequest
  /** The last restore this plan undoes; null: it is no undo. */
  undo: LastRestore | null
  source: Source
  intended: Intended
}

/** A restore into the game's folder, which was found with a save in it. */
export interface ReadyToRestore extends Ready {
  kind: 'restore'
  status: GameFolderStatus
  folder: string
  current: CurrentSave
}

/** An export into a folder of the player's choice (chosen after the preview in the app). */
export interface ReadyToExport extends Ready {
  kind: 'export'
}

/** A plan: refused (its report says why; nothing was touched), or ready to be carried out once the player confirms. */
export type RestorePlan = { kind: 'refused'; report: RestoreReport } | ReadyToRestore | ReadyToExport

export const fromOf = (entry: BackupEntry, source: Source | null, player: SavePlayer | null): NonNullable<RestoreReport['from']> => ({
  id: entry.id,
  kind: source?.kind ?? (entry.source === 'computer' ? 'this-computer' : 'cloud'),
  player: player?.player ?? entry.username ?? entry.uid,
  lastSaveTime: player?.lastSaveTime ?? (typeof entry.meta?.lastSaveTime === 'string' ? entry.meta.lastSaveTime : null),
  format: source?.format ?? (entry.format === 'json' ? 'json' : 'sqlite'),
  backedUpAt: entry.backedUpAt
})

/** The saves.db (and data.db) the game's folder will hold, checked whole and hashed while the player reads the preview. */
export async function intendedFiles(
  source: Source,
  current: CurrentSave | null,
  folder: string | null,
  withPlays: boolean
): Promise<Intended | Refused> {
  // The play history is replaced only on purpose.
  const data = withPlays ? source.data : null
  // An SQLite version is used as it is: `readSource` checked it whole and its hash against the manifest already.
  if (source.format === 'sqlite') return wholeOrRefused({ save: source.bytes, sha256: source.entry.sha256, row: source.row, data }, true)
  if (!current) return { reason: 'no-container', detail: folder ? `no saves.db in ${folder}` : null }
  // A container whose save row cannot be read has none to write into: refused below, with why.
  const containerRow = current.problem ? null : await saveRowOf(current.bytes).catch(() => null)
  if (!containerRow)
    return { reason: 'no-container', detail: current.problem ?? 'the saves.db on this computer holds no PlayerFileV2 or PlayerFile row' }
  const row: SaveRow = { key: containerRow.key, value: source.json }
  const save = await withSaveJson(current.bytes, row.key, source.json)
  return wholeOrRefused({ save, sha256: sha256(save), row, data }, false)
}

/** Once written, the files are compared with these bytes: what is not whole now is refused now. */
async function wholeOrRefused(intended: Intended, saveChecked: boolean): Promise<Intended | Refused> {
  const problem =
    (saveChecked
      ? null
      : await problemInMemory(intended.save, intended.row).then((p) => p && `the saves.db it makes is not whole: ${p}`)) ??
    (intended.data && (await problemInMemory(intended.data, null).then((p) => p && `its data.db is not whole: ${p}`)))
  return problem ? { reason: 'unusable-version', detail: problem.slice(0, 300) } : intended
}

/** The preview of what the restore changes, against the save there now (none: an export with no save there). */
export function previewFor(source: Source, current: CurrentSave | null, intended: Intended, charts: ReadonlyMap<string, ChartInfo>) {
  return previewOf(current && { contents: current.contents, identity: current.identity }, source, charts, {
    currentSha256: current?.sha256 ?? null,
    currentProblem: current?.problem ?? null,
    withPlays: intended.data !== null,
    playsAvailable: source.data !== null
  })
}

/** What refuses a restore the preview showed: another player's save or a downgrade not allowed, or a save changed since. */
export function previewRefusal(
  request: RestoreRequest,
  preview: NonNullable<RestoreReport['preview']>,
  current: CurrentSave
): Refused | null {
  const names = (p: SavePlayer | null) => p?.player ?? p?.userUuid ?? '?'
  if (preview.otherPlayer && !request.allowOtherPlayer)
    return { reason: 'other-player', detail: `${names(preview.restored)} / ${names(preview.current)}` }
  if (preview.downgrade && !request.allowDowngrade) return { reason: 'downgrade', detail: null }
  if (request.expectCurrent && request.expectCurrent !== current.sha256) return { reason: 'changed-since-preview', detail: null }
  return null
}

/** An export never writes over a file: the first of its files already in the folder refuses it. */
export async function exportRefusal(files: FileSystem, exportTo: string | null | undefined, intended: Intended): Promise<Refused | null> {
  if (!exportTo) return null
  for (const name of intended.data ? GAME_FILES : GAME_FILES.slice(0, 1)) {
    const path = join(exportTo, name)
    const taken = await files.lstat(path).then(
      () => true,
      // Nothing there to look at: free to be written (the export itself never overwrites, whatever this says).
      () => false
    )
    if (taken) return { reason: 'target-exists', detail: path }
  }
  return null
}
