import { z } from 'zod'
import type { KeptReason, NotedVersion } from './backups'

/**
 * Putting a library version back into the game's folder (or exporting it as a saves.db). The report
 * below is both the app's IPC result and the CLI's `--json` document: a public interface, extended,
 * never renamed.
 */

/** Why a restore did not go ahead: each is something the player can act on (the CLI exits 1, or 2 for `needs-yes`). */
export const RestoreRefusal = z.enum([
  /** Milthm is running (`detail`: the process found). */
  'game-running',
  /** The running programs could not be listed, so a running game cannot be ruled out (`detail`: why). */
  'cannot-check-game',
  /** SQLite's side files say a write is unfinished (`detail`: the file, e.g. `saves.db-journal`). */
  'unfinished-write',
  /** A best would go down or be lost, or the save is older, and that was not confirmed. */
  'downgrade',
  /** The version is another player's save (different `UserUUID`), and that was not confirmed. */
  'other-player',
  /** The version's files do not match its manifest (`detail`: mismatch or missing). */
  'damaged-version',
  /** The version is not a save the game can read (`detail`: what is wrong). */
  'unusable-version',
  /** No saves.db in the game's folder to write a JSON save into, or to replace (`detail`: why). */
  'no-container',
  /** The game's folder was not found (`detail`: where it was looked for). */
  'no-game-folder',
  /** The game's save changed after the preview: look at the preview again. */
  'changed-since-preview',
  /** An export would overwrite a file (`detail`: the path). */
  'target-exists',
  /** No terminal to ask on and no `--yes` (CLI exit 2). */
  'needs-yes',
  /** The player answered no. */
  'declined',
  /** There is no restore to undo. */
  'nothing-to-undo'
])
export type RestoreRefusal = z.infer<typeof RestoreRefusal>

/** The steps of a restore in order, as progress and as the points a test stops a child process at. */
export const RestoreStep = z.enum([
  'checking',
  'snapshot',
  'writing',
  'verifying',
  'replacing',
  'replacing-plays',
  'reading-back',
  'putting-back',
  'recording',
  'done'
])
export type RestoreStep = z.infer<typeof RestoreStep>

/** A chart whose best changes: `before` is the best in the game's folder now, `after` the restored one (scores; null: none). */
export const ChartMove = z.object({
  chart_id: z.string(),
  title: z.string().nullable(),
  difficulty: z.string().nullable(),
  before: z.number().nullable(),
  after: z.number().nullable()
})
export type ChartMove = z.infer<typeof ChartMove>

/** One side's player, as its save JSON says. */
export const SavePlayer = z.object({
  /** `Nickname`, else `Username`/`UserName`, else the user id. */
  player: z.string().nullable(),
  username: z.string().nullable(),
  nickname: z.string().nullable(),
  userId: z.string().nullable(),
  userUuid: z.string().nullable(),
  /** `LastSaveTime` as the game wrote it (a local time without an offset). */
  lastSaveTime: z.string().nullable()
})
export type SavePlayer = z.infer<typeof SavePlayer>

export const RestorePreview = z.object({
  lowered: z.array(ChartMove),
  lost: z.array(ChartMove),
  raised: z.array(ChartMove),
  unchanged: z.number().int().min(0),
  /** Reality each side implies with the chart list's constants (null: no constant known). */
  realityBefore: z.number().nullable(),
  realityAfter: z.number().nullable(),
  otherPlayer: z.boolean(),
  downgrade: z.boolean(),
  /** The restored save's `LastSaveTime` is older than the one in the game's folder. */
  olderSave: z.boolean(),
  /**
   * The rule the Reality figures follow, the app's usual one for save records: per chart, 4.0+ records
   * `max(v3, v2)` up to 1,005,000 unless all-perfect, else v3; legacy `SongRecords` v2 (v3 above 1,005,000
   * or all-perfect); the best 20 over 20.
   */
  realityRule: z.literal('by-game-version'),
  /** The save in the game's folder now; null when there is none (an export with no game folder). */
  current: SavePlayer.nullable(),
  /** SHA-256 of the game's saves.db the preview was made from: a restore refuses when it changed since. */
  currentSha256: z.string().nullable(),
  /** The game's saves.db is damaged (`PRAGMA integrity_check` or no save JSON): what was found. */
  currentProblem: z.string().nullable(),
  restored: SavePlayer,
  /** The play history (data.db) is replaced too. */
  withPlays: z.boolean(),
  /** The version has a data.db that could be restored with it. */
  playsAvailable: z.boolean()
})
export type RestorePreview = z.infer<typeof RestorePreview>

export const RestoreStatus = z.enum(['restored', 'exported', 'dry-run', 'refused', 'undone', 'failed'])
export type RestoreStatus = z.infer<typeof RestoreStatus>

export const RestoreReport = z.object({
  status: RestoreStatus,
  /** `restore` into the game's folder, `export` into another folder, or `undo` of the last restore. */
  mode: z.enum(['restore', 'export', 'undo']),
  /** Why it was refused (or `io` for a failure); null otherwise. */
  reason: z.union([RestoreRefusal, z.literal('io')]).nullable(),
  /**
   * A fact the reason names: the running process, the side file, the existing file, the problem found (after a
   * failure: what failed, in words). After a restore that could not be recorded for Undo: why.
   */
  detail: z.string().max(2000).nullable(),
  /** The pinned "before restoring" version taken first; null when nothing was taken (refused, dry run, export). */
  snapshotId: z.string().nullable(),
  /** After a failure: the snapshot was put back in place. */
  putBack: z.boolean().optional(),
  /**
   * After a restore: Undo can put back the save from before it. False when the restore could not be recorded
   * (`detail` says why): the save is restored, and the snapshot is in the library to restore by hand.
   */
  undoAvailable: z.boolean().optional(),
  /** The version restored (null when there is none, e.g. nothing to undo). */
  from: z
    .object({
      id: z.string(),
      kind: z.enum(['this-computer', 'cloud']),
      player: z.string().nullable(),
      lastSaveTime: z.string().nullable(),
      format: z.enum(['json', 'sqlite']),
      backedUpAt: z.string()
    })
    .nullable(),
  /** The game's folder (restore, undo) or the export folder. */
  target: z.string().nullable(),
  /**
   * The files written (restore: in the game's folder; export: in the chosen folder). After a failed restore: the
   * game's files that were replaced (put back when `putBack`); none: nothing in the game's folder was changed.
   */
  written: z.array(z.string()),
  preview: RestorePreview.nullable()
})
export type RestoreReport = z.infer<typeof RestoreReport>

/** The last restore, kept in the library so it can be undone (from the app or the CLI). */
export const LastRestore = z.object({
  schema: z.literal('companion-restore/1'),
  at: z.string().max(100),
  folder: z.string().max(4096),
  fromId: z.string().max(400),
  fromBackedUpAt: z.string().max(100),
  snapshotId: z.string().max(400),
  withPlays: z.boolean(),
  /** SHA-256 of the saves.db the restore wrote. */
  written: z.string().regex(/^[0-9a-f]{64}$/)
})
export type LastRestore = z.infer<typeof LastRestore>

export const RestoreState = z.object({ last: LastRestore.nullable() })
export type RestoreState = z.infer<typeof RestoreState>

export const RestoreProgress = z.object({ backupId: z.string(), step: RestoreStep })
export type RestoreProgress = z.infer<typeof RestoreProgress>

export const RestoreOptions = z.object({
  withPlays: z.boolean(),
  allowDowngrade: z.boolean(),
  allowOtherPlayer: z.boolean(),
  /** `currentSha256` of the preview the player confirmed; the restore refuses when the save changed since. */
  expectCurrent: z.string().max(64).nullable()
})
export type RestoreOptions = z.infer<typeof RestoreOptions>

/** A version's id (`<folder>/<stem>`) as a noted version: its time and source read from the id where it says them. */
export function notedVersionOf(id: string): NotedVersion {
  // The stem starts with the backup's time (`2026-11-28T23-46-30Z_…`); "This computer" folders are `this-computer-<uid>`.
  const parts = /^([^/]+)\/(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z_/.exec(id)
  const at = parts ? `${parts[2]}T${parts[3]}:${parts[4]}:${parts[5]}.000Z` : null
  return {
    id,
    backedUpAt: at && !Number.isNaN(Date.parse(at)) ? at : null,
    source: parts ? (parts[1]!.startsWith('this-computer') ? 'computer' : 'cloud') : null
  }
}

/** The English notes versions kept by a restore carried before the reason was kept as data: still read (and still `--json`'s `note`). */
const LEGACY_NOTES: readonly [KeptReason['kind'], string][] = [
  ['before-restore', 'before restoring '],
  ['before-undo', 'before undoing the restore of ']
]

/** An older version's note ("before restoring <id>") as the reason it stands for; null for any other note (the player's own). */
export function keptReasonOfNote(note: string): KeptReason | null {
  for (const [kind, prefix] of LEGACY_NOTES) {
    const id = note.startsWith(prefix) ? note.slice(prefix.length).trim() : ''
    if (id && !/\s/.test(id)) return { kind, version: notedVersionOf(id) }
  }
  return null
}

/** The English note a reason was once written as: what the CLI's `--json` keeps in `note`, so scripts read it as before. */
export function legacyNoteOf(reason: KeptReason): string {
  return `${LEGACY_NOTES.find(([kind]) => kind === reason.kind)![1]}${reason.version.id}`
}
