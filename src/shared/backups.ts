import { z } from 'zod'
import { GRADES, SCORE_GRADES } from './reality'
import { RetentionPolicy } from './settings'

export const SaveFormat = z.enum(['json', 'sqlite', 'unknown'])
export type SaveFormat = z.infer<typeof SaveFormat>
export const SaveContainer = z.enum(['json', 'sqlite'])
export type SaveContainer = z.infer<typeof SaveContainer>
/** Which records a save held: the 4.0+ array, the legacy array, a legacy score table, API-like records, or none. */
export const SaveLayout = z.enum(['SongRecordsV3', 'SongRecords', 'score-table', 'records', 'none'])
export type SaveLayout = z.infer<typeof SaveLayout>

/** One plain file name in the same folder: no separators, not `.` or `..`, no NUL. */
export const PlainFileName = z
  .string()
  .min(1)
  .max(255)
  .refine((name) => !/[/\\\0]/.test(name) && name !== '.' && name !== '..', 'not a plain file name')

/** Another file of one backup version, beside its save: a local version's copy of the game's data.db. */
export const BackupPart = z.object({
  role: z.enum(['data.db']),
  file: PlainFileName,
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/)
})
export type BackupPart = z.infer<typeof BackupPart>

/** A version named in a note the app keeps: its id (never shown), when it was backed up, and where it came from. */
export const NotedVersion = z.object({
  id: z.string().max(400),
  /** Unknown (null) for an older note whose id does not say it. */
  backedUpAt: z.string().max(100).nullable(),
  source: z.enum(['cloud', 'computer']).nullable()
})
export type NotedVersion = z.infer<typeof NotedVersion>

/**
 * Why the app kept a version by itself: the save that was in the game's folder before a restore (or before the undo of
 * one), and the version restored (or whose restore was undone). Data, worded in the player's language when shown.
 */
export const KeptReason = z.object({ kind: z.enum(['before-restore', 'before-undo']), version: NotedVersion })
export type KeptReason = z.infer<typeof KeptReason>

/**
 * Written next to every backup (and alone, for a run whose content equals the previous one).
 * Manifests are read back as untrusted input: every field is bounded and file names are plain.
 */
/** The longest note a backup keeps, in characters. */
export const BACKUP_NOTE_MAX = 2000

export const Manifest = z.object({
  schema: z.literal('companion-backup/1'),
  accountId: z.string().max(300),
  deploymentId: z.string().max(60),
  /** The service the backup came from (written since 0.2; older manifests lack it). */
  baseUrl: z.string().max(2048).optional(),
  username: z.string().max(300).nullable(),
  uid: z.string().max(100).nullable(),
  /** The cloud save's `updated_at` and `meta` at the time of the backup. */
  updatedAt: z.string().max(100),
  meta: z.record(z.string(), z.unknown()).nullable(),
  size: z.number().int().min(0),
  /** The size save/info announced for this version (advisory; compared on the next run). */
  announcedSize: z.number().int().min(0).nullable().optional(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  format: SaveFormat,
  appVersion: z.string().max(100),
  backedUpAt: z.string().max(100),
  /** File name of the save in the same folder; null when identical to `duplicateOf`. */
  file: PlainFileName.nullable(),
  duplicateOf: PlainFileName.nullable(),
  pinned: z.boolean(),
  /** The player's own note ('' for none). */
  note: z.string().max(BACKUP_NOTE_MAX),
  /** The player's star (written since #55; a manifest without it is not starred, one with anything but a boolean is damaged). */
  starred: z.boolean().optional(),
  /** Why the app kept this version by itself; one that does not read is left out, and the manifest is still read. */
  reason: KeptReason.optional().catch(undefined),
  verifiedAt: z.string().max(100).nullable(),
  verifyStatus: z.enum(['ok', 'mismatch', 'missing']).nullable(),
  /** True for a save file found without a manifest and indexed later: its cloud `updated_at` is unknown. */
  indexedLater: z.boolean().optional(),
  /** Where the save came from: the cloud (the default, older manifests) or the game's folder on this computer. */
  source: z.enum(['cloud', 'computer']).optional(),
  /** Other files of the same version kept beside the save (a local version's data.db), each with its size and SHA-256. */
  parts: z.array(BackupPart).max(4).optional()
})
export type Manifest = z.infer<typeof Manifest>

export const BackupEntry = Manifest.extend({
  /** Whether the player starred it: false for a manifest written before stars. */
  starred: z.boolean(),
  /** Stable id: `<account folder>/<manifest base name>`. */
  id: z.string(),
  path: z.string().nullable()
})
export type BackupEntry = z.infer<typeof BackupEntry>

/** A save file in the account folder that no manifest describes (a run stopped between the two). */
export const UnindexedFile = z.object({ name: z.string(), size: z.number(), modifiedAt: z.string(), format: SaveFormat })
export type UnindexedFile = z.infer<typeof UnindexedFile>

/** Why a manifest could not be used, finer than its `reason` (the CLI words each; the app says the reason). */
export const LibraryProblemCause = z.enum(['not-a-file', 'too-large', 'outside-folder', 'damaged', 'unreadable'])
export type LibraryProblemCause = z.infer<typeof LibraryProblemCause>

/**
 * A manifest that could not be used: damaged, or naming a file outside its folder. Codes and data only: the app and
 * the CLI word it in the player's language (`errno`: the system's code when it could not be read, like `EACCES`).
 */
export const LibraryProblem = z.object({
  name: z.string(),
  reason: z.enum(['corrupt', 'unsafe-name', 'unreadable']),
  cause: LibraryProblemCause,
  errno: z.string().optional()
})
export type LibraryProblem = z.infer<typeof LibraryProblem>

export const Library = z.object({
  accountId: z.string(),
  /** The account's folder inside the backup root. */
  folder: z.string(),
  entries: z.array(BackupEntry),
  unindexed: z.array(UnindexedFile),
  problems: z.array(LibraryProblem),
  /** Per backup that has one: the id of the newest older backup with other content ("what changed" compares with it). */
  previousDifferent: z.record(z.string(), z.string())
})
export type Library = z.infer<typeof Library>

export const BackupReason = z.enum(['first', 'changed', 'forced', 'latest-damaged', 'latest-missing', 'unchanged'])
export type BackupReason = z.infer<typeof BackupReason>

export const BackupResult = z.object({
  status: z.enum(['downloaded', 'up-to-date', 'duplicate']),
  /** Why the run downloaded (or did not). */
  reason: BackupReason,
  entryId: z.string().nullable(),
  path: z.string().nullable(),
  size: z.number().nullable(),
  sha256: z.string().nullable(),
  format: SaveFormat.nullable(),
  /** Download URLs this run requested: each spends one of the day's downloads. */
  downloadsSpent: z.number().int().min(0),
  /** Bytes reused from an interrupted earlier run instead of downloading them again. */
  resumedBytes: z.number().int().min(0),
  removedByRetention: z.array(z.string())
})
export type BackupResult = z.infer<typeof BackupResult>

export const BackupProgress = z.object({
  accountId: z.string(),
  stage: z.enum(['waiting', 'checking', 'downloading', 'verifying', 'done', 'failed', 'cancelled']),
  received: z.number(),
  total: z.number().nullable(),
  /** Bytes per second, smoothed. */
  rate: z.number(),
  etaSeconds: z.number().nullable()
})
export type BackupProgress = z.infer<typeof BackupProgress>

export const Grade = z.enum(GRADES)
/** A grade as shown: a score above 1,010,000 is Overloaded (play-marks.ts), never R. */
export const ScoreGradeName = z.enum(SCORE_GRADES)

/** A chart's best as a save holds it, with the chart list's title and the Reality it implies. */
export const SaveChart = z.object({
  chart_id: z.string(),
  title: z.string().nullable(),
  difficulty: z.string().nullable(),
  constant: z.number().nullable(),
  mode: z.enum(['touch', 'keyboard']).nullable(),
  score: z.number(),
  accuracy: z.number().nullable(),
  grade: ScoreGradeName,
  fullCombo: z.boolean().nullable(),
  allPerfect: z.boolean(),
  reality: z.number().nullable()
})
export type SaveChart = z.infer<typeof SaveChart>

export const SaveSummary = z.object({
  container: SaveContainer,
  layout: SaveLayout,
  username: z.string().nullable(),
  nickname: z.string().nullable(),
  userId: z.string().nullable(),
  /** Charts with a best in the save. */
  charts: z.number(),
  /** Records that could not be read. */
  skipped: z.number(),
  /** Of those, records whose score is above 2,000,000, which no play reaches (play-marks.ts). */
  scoreTooHigh: z.number().int().min(0).default(0),
  /**
   * Records whose `BestLevel` names another grade than their score does (older saves number the
   * grades without SS): the score decides the grade, these are only counted.
   */
  levelDisagreements: z.number().default(0),
  /** `LastSaveTime` as the save writes it: a local time of unknown zone (no offset), shown as written, never shifted. */
  lastSaveTime: z.string().max(64).nullable().default(null),
  /** Reality from the best 20 charts whose constant is known; null when none is. */
  reality: z.number().nullable(),
  ratedCharts: z.number(),
  grades: z.record(Grade, z.number()),
  /** Charts whose best is Overloaded (above 1,010,000): counted here, in no grade. */
  overloaded: z.number().int().min(0).default(0),
  fullCombos: z.number().nullable(),
  allPerfects: z.number(),
  best: z.array(SaveChart),
  /** How many plays with a play time the save holds (what "add to history" would add at most). */
  plays: z.number()
})
export type SaveSummary = z.infer<typeof SaveSummary>

const ChartState = SaveChart.pick({ score: true, accuracy: true, grade: true, fullCombo: true, allPerfect: true, reality: true })
export const ChartChange = z.object({
  chart_id: z.string(),
  title: z.string().nullable(),
  difficulty: z.string().nullable(),
  mode: z.enum(['touch', 'keyboard']).nullable(),
  before: ChartState.nullable(),
  after: ChartState
})
export type ChartChange = z.infer<typeof ChartChange>

const BackupRef = z.object({ id: z.string(), backedUpAt: z.string(), updatedAt: z.string() })

/** What changed between two backups of one account. */
export const SaveDiff = z.object({
  from: BackupRef,
  to: BackupRef,
  /** Charts with a best in `to` and none in `from`. */
  added: z.array(ChartChange),
  /** Charts whose best score went up, or that gained a full combo or all-perfect. */
  improved: z.array(ChartChange),
  /** Charts whose best went down (a reset or a different save). */
  lowered: z.array(ChartChange),
  /** Charts in `from` that `to` no longer holds. */
  removed: z.number(),
  unchanged: z.number(),
  reality: z.object({ before: z.number().nullable(), after: z.number().nullable(), change: z.number().nullable() })
})
export type SaveDiff = z.infer<typeof SaveDiff>

export { RetentionPolicy }
