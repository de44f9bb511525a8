import { z } from 'zod'
import { AccountsState, AccountSummary, DeviceSignIn, SealedSecret, SealKey, SignInProgress, UserTokenCheck } from '../accounts'
import { Capability, DeploymentId, DeploymentView } from '../deployments'
import { KeptRecord } from '../api'
import { BACKUP_NOTE_MAX, BackupEntry, BackupProgress, BackupResult, Library, SaveDiff, SaveSummary } from '../backups'
import { PlayerStats } from '../data'
import { ImportResult, LocalBackupResult, LocalComparison, LocalState } from '../game-folder'
import { AccountData, ChartListInfo, ChartInfo, DataNotice, PublicLookup, RealityPoint } from '../data'
import { RestoreOptions, RestoreProgress, RestoreReport, RestoreState } from '../restore'
import { AppCommand, AppInfo, Settings, SettingsPatch, UpdateState } from '../settings'
import { DialogRequest, FolderSuggestion } from '../dialogs'
import { CustomFolderDraft, FolderDetail, GoalDetail, GoalDraft, GoalProgress, NearMiss, ProgressState, ViewMode } from '../progress'
import { SessionCard, SessionsState, SessionSummary } from '../sessions'
import { ExportFile } from '../exports'
import { Plan, PlanOptions, PlanTarget, WhatIf, WhatIfScore } from '../planner/schema'
import { PackExport, PackImported, PackPreview, PackSource } from '../goal-pack'
import { PickSeed, PicksState, RandomFilter, RandomPick } from '../picks/schema'
import { SkillProfile } from '../skill-profile'
import {
  HideResult,
  HistoryImportResult,
  LineText,
  NoteText,
  PlayPointer,
  PlayRefs,
  RecordState,
  SessionNotePatch,
  UndoImportResult
} from '../record'

/**
 * The one channel map. Each request/response channel is `group:method` with zod schemas for its
 * arguments (a tuple) and result; each event channel has a zod schema for its payload. Main
 * registration, the preload API and the web transport are all derived from these maps.
 *
 * State travels one way, as events (main → renderer). An invoke's result is the outcome of that
 * call (done, an error, a path, what a query found), never a second copy of state an event
 * delivers: `*:load` channels ask main to send the current state as events.
 */
function channel<A extends z.ZodTuple, R extends z.ZodType>(args: A, result: R) {
  return { args, result }
}

const none = z.tuple([])
const accountId = z.string().min(1).max(200)
/** `<account folder>/<backup name>`: two plain path segments, never `.` or `..`. */
const backupId = z
  .string()
  .max(400)
  .regex(/^[^/\\]+\/[^/\\]+$/)
  .refine((id) => id.split('/').every((part) => part !== '.' && part !== '..'), 'not a backup id')
const done = z.null()
/** Whose bests a plan or a what-if reads: an account in one input mode, or a version of the backup library. */
const plannerSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('account'), accountId, mode: z.enum(['touch', 'keyboard']) }),
  z.object({ kind: z.literal('backup'), backupId })
])
export type PlannerSource = z.infer<typeof plannerSource>
/** At most this many scores in one what-if. */
const MAX_WHAT_IF_SCORES = 50

export const invokeChannels = {
  /** The app's identity; settings, deployments, accounts, the active account's data and notices follow as events. */
  'app:bootstrap': channel(none, AppInfo),
  /** Shows one of the files named in `app:notices` (the damaged original's copy, or the file itself) in the file manager. */
  'app:revealDataFile': channel(z.tuple([z.string().min(1).max(255)]), done),
  'updates:load': channel(none, done),
  'updates:check': channel(none, done),
  'updates:download': channel(none, done),
  'updates:cancel': channel(none, done),
  'updates:install': channel(none, done),
  'settings:update': channel(z.tuple([SettingsPatch]), done),
  'shell:openExternal': channel(z.tuple([z.string().max(2048)]), done),
  /** A file the window made (a share image, a table), saved where the player chooses: its path, or null when not chosen. */
  'exports:save': channel(z.tuple([ExportFile]), z.string().nullable()),
  /** Shows a file `exports:save` saved in this session in the file manager. */
  'exports:reveal': channel(z.tuple([z.string().min(1).max(4096)]), done),
  /** The accounts that would have to sign in again if the custom address became this one. */
  'accounts:leaving': channel(z.tuple([z.string().max(2048).nullable()]), z.array(AccountSummary)),
  'accounts:setActive': channel(z.tuple([accountId]), done),
  'accounts:signOut': channel(
    z.tuple([accountId, z.object({ forgetCache: z.boolean() })]),
    z.object({ revoked: z.boolean(), tokenStillValid: z.boolean(), tokensPage: z.string().nullable() })
  ),
  'accounts:signInBrowser': channel(z.tuple([DeploymentId]), z.object({ accountId: z.string() })),
  'accounts:grant': channel(z.tuple([accountId, z.array(Capability).max(8)]), z.object({ accountId: z.string() })),
  'accounts:startDevice': channel(z.tuple([DeploymentId]), DeviceSignIn),
  'accounts:finishDevice': channel(z.tuple([z.string().max(100)]), z.object({ accountId: z.string() })),
  /** Stops the sign-in in progress (browser or device code). */
  'accounts:cancel': channel(none, done),
  /** Opens the sign-in page of the browser sign-in in progress again. */
  'accounts:reopenBrowser': channel(none, done),
  'accounts:sealKey': channel(none, SealKey),
  'accounts:addUserToken': channel(z.tuple([DeploymentId, SealedSecret]), UserTokenCheck),
  'accounts:openTokenPage': channel(z.tuple([DeploymentId]), done),
  'sync:load': channel(z.tuple([accountId]), done),
  'sync:run': channel(z.tuple([accountId, z.object({ maxAgeMs: z.number().int().min(0).optional() })]), done),
  'sync:history': channel(z.tuple([accountId]), z.object({ records: z.array(KeptRecord), unreadable: z.number() })),
  'sync:realityHistory': channel(
    z.tuple([accountId, z.object({ since: z.iso.datetime({ offset: true }).optional() })]),
    z.array(RealityPoint)
  ),
  'profile:changeNickname': channel(z.tuple([accountId, z.string().max(200)]), done),
  'profile:lookup': channel(z.tuple([accountId, z.string().trim().min(1).max(200)]), PublicLookup),
  'chartList:charts': channel(none, z.array(ChartInfo)),
  'chartList:import': channel(z.tuple([z.string().max(50_000_000), z.string().max(500).optional()]), ChartListInfo),
  'chartList:update': channel(none, ChartListInfo),
  /** A URL, null to clear it, or no argument for the default list. */
  'chartList:setUrl': channel(z.tuple([z.string().max(2048).nullable().optional()]), ChartListInfo),
  'chartList:setAutoUpdate': channel(z.tuple([z.boolean()]), ChartListInfo),
  'backups:run': channel(z.tuple([accountId, z.object({ force: z.boolean() })]), BackupResult),
  'backups:cancel': channel(z.tuple([accountId]), done),
  'backups:load': channel(z.tuple([accountId]), done),
  'backups:verify': channel(
    z.tuple([accountId, backupId.nullable()]),
    z.object({ checked: z.number(), damaged: z.number(), missing: z.number(), recorded: z.boolean() })
  ),
  'backups:pin': channel(z.tuple([backupId, z.boolean()]), done),
  'backups:note': channel(z.tuple([backupId, z.string().max(BACKUP_NOTE_MAX)]), done),
  'backups:star': channel(z.tuple([backupId, z.boolean()]), done),
  'backups:export': channel(z.tuple([backupId]), z.string().nullable()),
  'backups:reveal': channel(z.tuple([backupId]), done),
  'backups:delete': channel(z.tuple([backupId, z.object({ confirmPinned: z.boolean() })]), z.object({ trashed: z.boolean() })),
  'backups:index': channel(z.tuple([accountId, z.string().min(1).max(255)]), z.object({ id: z.string() })),
  'backups:retentionPreview': channel(z.tuple([accountId]), z.array(BackupEntry)),
  'backups:summary': channel(z.tuple([backupId]), SaveSummary),
  /** What changed from `from` (null: the backup before `to`) to `to`. */
  'backups:diff': channel(z.tuple([backupId.nullable(), backupId]), SaveDiff),
  'backups:backfill': channel(z.tuple([backupId]), z.object({ added: z.number() })),
  'backups:folder': channel(none, z.object({ path: z.string(), isDefault: z.boolean() })),
  'backups:chooseFolder': channel(none, z.string().nullable()),
  /** The game on this computer: its folder and this account's local versions follow as `gameFolder:changed`. */
  'gameFolder:load': channel(z.tuple([accountId]), done),
  /** Picks the game's data folder (e.g. a phone's copied over); null: cancelled. `reset` goes back to the usual place. */
  'gameFolder:chooseFolder': channel(z.tuple([z.object({ reset: z.boolean() })]), z.string().nullable()),
  /** Folders to offer for the game's folder: the sample one (the demo's) and the usual places, with whether the game's files are there. */
  'gameFolder:folderChoices': channel(none, z.array(FolderSuggestion)),
  'gameFolder:backup': channel(z.tuple([accountId]), LocalBackupResult),
  /** The local save against this account's latest cloud backup (spends no download). */
  'gameFolder:compare': channel(z.tuple([accountId]), LocalComparison),
  /** Adds data.db's plays to the account's history; `pick`: from a folder the user chooses; `anyUser`: the player confirmed the account. */
  'gameFolder:importPlays': channel(z.tuple([accountId, z.object({ pick: z.boolean(), anyUser: z.boolean() })]), ImportResult.nullable()),
  /** The page's answer to a `dialogs:ask` (the web host): the folder chosen or typed, or null for Cancel. */
  'dialogs:answer': channel(z.tuple([z.string().max(100), z.string().max(4096).nullable()]), done),
  /** Folders, goals and custom folders follow as `progress:changed` (re-checked now). */
  'progress:load': channel(z.tuple([accountId]), done),
  /** A folder's charts in one mode, each with its best now (null: not played). */
  'progress:folder': channel(z.tuple([accountId, z.string().min(1).max(300), ViewMode]), FolderDetail),
  'progress:goal': channel(z.tuple([accountId, z.string().min(1).max(60)]), GoalDetail),
  'progress:nearMisses': channel(z.tuple([accountId]), z.array(NearMiss)),
  /** A goal's progress as if it were kept (refused goals included: the editor says "already met"). */
  'progress:previewGoal': channel(z.tuple([accountId, GoalDraft]), GoalProgress),
  'progress:createGoal': channel(z.tuple([accountId, GoalDraft]), z.object({ id: z.string() })),
  'progress:deleteGoal': channel(z.tuple([accountId, z.string().min(1).max(60)]), done),
  'progress:saveFolder': channel(z.tuple([accountId, CustomFolderDraft]), z.object({ id: z.string() })),
  'progress:deleteFolder': channel(z.tuple([accountId, z.string().min(1).max(60)]), done),
  /** The kept plays with the goals and custom folders, as one JSON file the player chooses; null: cancelled. */
  'progress:export': channel(z.tuple([accountId]), z.string().nullable()),
  /** What importing a goal pack (a file's text, or an example made from the chart list) would add; refused with why (`pack_*`). */
  'progress:previewPack': channel(z.tuple([accountId, PackSource]), PackPreview),
  /** Adds a goal pack's new folders and its goals not met yet and not yours already; a refusal changes nothing. */
  'progress:importPack': channel(z.tuple([accountId, PackSource]), PackImported),
  /** The goals chosen (or a folder with its goals) as a goal pack file the player chooses; null: cancelled. */
  'progress:exportPack': channel(z.tuple([accountId, PackExport]), z.string().nullable()),
  /** The account's picks ("Play next") follow as `picks:changed`. */
  'picks:load': channel(z.tuple([accountId]), done),
  /** A chart drawn at random among those the filter keeps; a seed draws the same chart again (none given: a new one). */
  'picks:random': channel(z.tuple([accountId, RandomFilter, PickSeed.nullable()]), RandomPick),
  /** Per level and mode, the spread of the bests and the clear / FC / AP counts, now and month by month. */
  'skill:profile': channel(z.tuple([accountId]), SkillProfile),
  /** The last restore (what Undo would put back) follows as `restore:changed`. */
  'restore:load': channel(none, done),
  /** What restoring (or exporting) a version would change, and whether it would be refused; touches nothing. */
  'restore:preview': channel(z.tuple([backupId, z.object({ withPlays: z.boolean(), export: z.boolean() })]), RestoreReport),
  /** Restores a version into the game's folder, as the player confirmed it; progress follows as `restore:progress`. */
  'restore:apply': channel(z.tuple([backupId, RestoreOptions]), RestoreReport),
  /** Exports a version as saves.db (and data.db) into a folder the player chooses; null: cancelled. */
  'restore:export': channel(z.tuple([backupId, z.object({ withPlays: z.boolean() })]), RestoreReport.nullable()),
  /** What undoing the last restore would change. */
  'restore:undoPreview': channel(none, RestoreReport),
  'restore:undo': channel(z.tuple([z.object({ expectCurrent: z.string().max(64).nullable() })]), RestoreReport),
  /** The account's sessions: computed (once) and sent as `sessions:changed`. */
  'sessions:load': channel(z.tuple([accountId]), done),
  /** Every session's card, oldest first. */
  'sessions:list': channel(z.tuple([accountId]), z.array(SessionCard)),
  'sessions:summary': channel(z.tuple([accountId, z.string().max(40)]), SessionSummary),
  /** The player looked at what changed: "since last time" starts again from now. */
  'sessions:look': channel(z.tuple([accountId]), done),
  /**
   * The Reality planner (docs/planner.md): which charts to raise, and to which score, to reach a Reality as the game
   * shows it. Worked out off the main thread where the app has a worker; `planner:cancel` stops it.
   */
  'planner:plan': channel(z.tuple([plannerSource, PlanTarget, PlanOptions]), Plan),
  'planner:cancel': channel(none, done),
  /** Reality after new scores on some charts, and the charts that enter or leave the best 20. */
  'planner:whatIf': channel(z.tuple([plannerSource, z.array(WhatIfScore).min(1).max(MAX_WHAT_IF_SCORES)]), WhatIf),
  /** The player's marks on the account's record (hidden plays, notes, stars, imports) follow as `record:changed`. */
  'record:load': channel(z.tuple([accountId]), done),
  /** Hides kept plays (with why, optional): they stay kept, marked, and leave every figure. */
  'record:hide': channel(z.tuple([accountId, PlayRefs, LineText.nullable()]), HideResult),
  /** Shows hidden plays again: every figure counts them as before. */
  'record:unhide': channel(z.tuple([accountId, PlayRefs]), HideResult),
  /** A kept play's note (null or empty: none) and star. */
  'record:setPlay': channel(
    z.tuple([accountId, PlayPointer, z.object({ note: NoteText.nullable().optional(), starred: z.boolean().optional() })]),
    done
  ),
  /** A session's name, note and star (the session's id as `sessions:list` gives it). */
  'record:setSession': channel(z.tuple([accountId, z.string().regex(/^-?\d{1,16}$/), SessionNotePatch]), done),
  /** Takes an import back: the plays it added leave the record, but those the service reported. */
  'record:undoImport': channel(z.tuple([accountId, z.string().max(40)]), UndoImportResult),
  /** Puts back the plays of an import taken back. */
  'record:redoImport': channel(z.tuple([accountId, z.string().max(40)]), z.object({ added: z.number().int().min(0) })),
  /** Reads a history file (the app's export): its plays as one import, its marks where the record has none. */
  'record:importHistory': channel(z.tuple([accountId, z.string().max(200_000_000), z.string().max(255)]), HistoryImportResult)
}

export const eventChannels = {
  'settings:changed': Settings,
  'accounts:deploymentsChanged': z.array(DeploymentView),
  'accounts:changed': AccountsState,
  'accounts:signInProgress': SignInProgress,
  'sync:changed': AccountData,
  'sync:player': PlayerStats,
  'chartList:changed': ChartListInfo,
  'backups:progress': BackupProgress,
  'backups:changed': Library,
  'gameFolder:changed': LocalState,
  'restore:changed': RestoreState,
  'restore:progress': RestoreProgress,
  /** Files of the app's own found damaged or unreadable this run (the whole list each time). */
  'app:notices': z.array(DataNotice),
  'app:command': AppCommand,
  'updates:changed': UpdateState,
  /** Where there are no native dialogs (the web host): a folder to choose, or where a file is. */
  'dialogs:ask': DialogRequest,
  'progress:changed': ProgressState,
  'sessions:changed': SessionsState,
  'picks:changed': PicksState,
  'record:changed': RecordState
}

export type InvokeChannels = typeof invokeChannels
export type InvokeChannel = keyof InvokeChannels
export type EventChannels = typeof eventChannels
export type EventChannel = keyof EventChannels

/** What the renderer passes (before defaults/transforms). */
export type InvokeArgs<C extends InvokeChannel> = z.input<InvokeChannels[C]['args']>
/** What a main-side handler receives (after validation). */
export type HandlerArgs<C extends InvokeChannel> = z.output<InvokeChannels[C]['args']>
export type InvokeResult<C extends InvokeChannel> = z.output<InvokeChannels[C]['result']>
export type EventPayload<E extends EventChannel> = z.output<EventChannels[E]>

export function isInvokeChannel(name: string): name is InvokeChannel {
  return Object.hasOwn(invokeChannels, name)
}
