import { z } from 'zod'
import { BackupPart, ChartChange, Library, SaveFormat } from './backups'

/** The game's own files on this computer that the app reads (never writes). */
export const GAME_FILES = ['saves.db', 'data.db'] as const
/** SQLite's side files: a write in progress (`-journal`) or committed pages not yet in the database (`-wal`). */
export const SIDE_SUFFIXES = ['-wal', '-journal'] as const

export const GameFile = z.object({
  name: z.string(),
  size: z.number().int().min(0),
  modifiedAt: z.string()
})
export type GameFile = z.infer<typeof GameFile>

/** Where the game's data folder was looked for, and what was found there. */
export const GameFolderStatus = z.object({
  /** The folder holding `saves.db` (or `data.db`); null when none of the places holds one. */
  folder: z.string().nullable(),
  /** Whether the folder was chosen by the user (or `--game-dir`) rather than found in the usual places. */
  chosen: z.boolean(),
  /** Every place looked in, in order. */
  searched: z.array(z.string()),
  /** The game's files in the folder (saves.db, data.db and their -wal / -journal files). */
  files: z.array(GameFile)
})
export type GameFolderStatus = z.infer<typeof GameFolderStatus>

export const LocalBackupResult = z.object({
  status: z.enum(['saved', 'up-to-date']),
  entryId: z.string().nullable(),
  /** The library folder of this save's local versions (named from the save's own user id). */
  folder: z.string(),
  path: z.string().nullable(),
  size: z.number(),
  sha256: z.string(),
  format: SaveFormat,
  /** `copy`: the game's bytes as they are; `online-backup`: SQLite's own snapshot (the game was writing; same rows, other bytes). */
  method: z.enum(['copy', 'online-backup']),
  /** The save's own user id (`UserUUID` / `UserID`). */
  userId: z.string().nullable(),
  username: z.string().nullable(),
  parts: z.array(BackupPart),
  removedByRetention: z.array(z.string())
})
export type LocalBackupResult = z.infer<typeof LocalBackupResult>

/** One play the game kept in `data.db`, in the API's record field names. */
export const LocalPlay = z.object({
  chart_id: z.string(),
  score: z.number(),
  score_accuracy: z.number().nullable(),
  grade: z.string(),
  reality: z.number().nullable(),
  played_at: z.string(),
  game_version: z.string().nullable(),
  mode: z.enum(['touch', 'keyboard']).nullable(),
  username: z.string().nullable(),
  user_id: z.string().nullable(),
  /** A score above 1,010,000: the game's Overloaded result (play-marks.ts), shown as such, never as R. */
  overloaded: z.boolean(),
  /** The play's modifiers as data.db wrote them (TouchMode is the input mode), as a service record's `modifiers`. */
  modifiers: z.array(z.string())
})
export type LocalPlay = z.infer<typeof LocalPlay>

export const LocalPlays = z.object({
  /** The data.db read. */
  file: z.string(),
  /** Newest first. */
  plays: z.array(LocalPlay),
  /** Rows without a chart, score or play time. */
  skipped: z.number().int().min(0),
  /** Of those, rows whose score is above 2,000,000, which no play reaches (play-marks.ts). */
  scoreTooHigh: z.number().int().min(0),
  usernames: z.array(z.string()),
  userIds: z.array(z.string())
})
export type LocalPlays = z.infer<typeof LocalPlays>

export const Verdict = z.enum(['cloud-behind', 'local-behind', 'same', 'diverged', 'no-cloud'])
export type Verdict = z.infer<typeof Verdict>

/** The local save against the latest cloud backup (no download spent). */
export const LocalComparison = z.object({
  local: z.object({ lastSaveTime: z.string().nullable(), charts: z.number(), reality: z.number().nullable() }),
  cloud: z.object({ backupId: z.string(), updatedAt: z.string(), charts: z.number(), reality: z.number().nullable() }).nullable(),
  /** `after` is the local state, `before` the cloud's. */
  betterLocally: z.array(ChartChange),
  /** `after` is the cloud's state, `before` the local one. */
  betterInCloud: z.array(ChartChange),
  onlyLocal: z.array(ChartChange),
  onlyInCloud: z.array(ChartChange),
  same: z.number(),
  /** In words: the renderer's `local.verdict_*` texts, the CLI's `cli.verdicts` (main's texts). */
  verdict: Verdict
})
export type LocalComparison = z.infer<typeof LocalComparison>

/** What Backups shows under "This computer" for one signed-in account. */
export const LocalState = z.object({
  accountId: z.string(),
  status: GameFolderStatus,
  /** The local versions of this account's save (the library folder named from its uid); null when there are none. */
  library: Library.nullable()
})
export type LocalState = z.infer<typeof LocalState>

export const ImportResult = z.object({
  added: z.number().int().min(0),
  alreadyKept: z.number().int().min(0),
  otherUsers: z.number().int().min(0),
  /** This account's plays the file holds without a usable time: left out of the history (and of sessions). */
  untimed: z.number().int().min(0).default(0),
  /** Rows of the file that are no play at all (no chart, a score or numbers no play has): left out, counted. */
  unreadable: z.number().int().min(0).default(0),
  /** Of those, rows whose score is above 2,000,000, which no play reaches (play-marks.ts). */
  scoreTooHigh: z.number().int().min(0).default(0),
  /** The data.db read. */
  file: z.string()
})
export type ImportResult = z.infer<typeof ImportResult>
