import { z } from 'zod'
import { AccountsState, AccountSummary, DeviceSignIn, SealedSecret, SealKey, SignInProgress, UserTokenCheck } from '../accounts'
import { Capability, DeploymentId, DeploymentView } from '../deployments'
import { ScoreRecord } from '../api'
import { BackupEntry, BackupProgress, BackupResult, Library, SaveDiff, SaveSummary } from '../backups'
import { AccountData, CatalogueInfo, ChartInfo, Insights, PublicLookup, RealityPoint } from '../data'
import { AppInfo, Settings, SettingsPatch } from '../settings'

/**
 * The one channel map. Each request/response channel is `group:method` with zod schemas for its
 * arguments (a tuple) and result; each event channel has a zod schema for its payload.
 * Main registration, the preload API and the web transport are all derived from these two maps.
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

export const invokeChannels = {
  'app:info': channel(none, AppInfo),
  /** Everything the first paint needs, in one call. */
  'app:bootstrap': channel(none, z.object({ info: AppInfo, settings: Settings, accounts: AccountsState, deployments: z.array(DeploymentView), activeData: AccountData.nullable(), activeInsights: Insights.nullable() })),
  'settings:get': channel(none, Settings),
  'settings:update': channel(z.tuple([SettingsPatch]), Settings),
  'shell:openExternal': channel(z.tuple([z.string().max(2048)]), z.null()),
  'deployments:list': channel(none, z.array(DeploymentView)),
  'accounts:state': channel(none, AccountsState),
  'accounts:setActive': channel(z.tuple([z.string().max(200)]), AccountsState),
  'accounts:signOut': channel(z.tuple([z.string().max(200), z.object({ forgetCache: z.boolean() })]), AccountsState),
  'auth:signInBrowser': channel(z.tuple([DeploymentId]), AccountSummary),
  'auth:grant': channel(z.tuple([z.string().max(200), z.array(Capability).max(8)]), AccountSummary),
  'auth:startDevice': channel(z.tuple([DeploymentId]), DeviceSignIn),
  'auth:finishDevice': channel(z.tuple([z.string().max(100)]), AccountSummary),
  'auth:cancel': channel(none, z.null()),
  'auth:sealKey': channel(none, SealKey),
  'auth:addUserToken': channel(z.tuple([DeploymentId, SealedSecret]), UserTokenCheck),
  'auth:openTokenPage': channel(z.tuple([DeploymentId]), z.null()),
  'data:view': channel(z.tuple([accountId]), AccountData),
  'data:sync': channel(z.tuple([accountId, z.object({ maxAgeMs: z.number().int().min(0).optional() })]), AccountData),
  'data:history': channel(z.tuple([accountId]), z.array(ScoreRecord)),
  'data:realityHistory': channel(z.tuple([accountId]), z.array(RealityPoint)),
  'data:insights': channel(z.tuple([accountId]), Insights.nullable()),
  'profile:changeNickname': channel(z.tuple([accountId, z.string().max(200)]), AccountData),
  'profile:lookup': channel(z.tuple([accountId, z.string().trim().min(1).max(200)]), PublicLookup),
  'catalogue:info': channel(none, CatalogueInfo),
  'catalogue:charts': channel(none, z.array(ChartInfo)),
  'catalogue:import': channel(z.tuple([z.string().max(50_000_000)]), CatalogueInfo),
  'backups:run': channel(z.tuple([accountId, z.object({ force: z.boolean() })]), BackupResult),
  'backups:cancel': channel(z.tuple([accountId]), z.null()),
  /** Asks for the account's library; it arrives as a `backups:changed` event. */
  'backups:load': channel(z.tuple([accountId]), z.null()),
  'backups:verify': channel(z.tuple([accountId, backupId.nullable()]), z.object({ checked: z.number(), damaged: z.number(), missing: z.number(), recorded: z.boolean() })),
  'backups:pin': channel(z.tuple([backupId, z.boolean()]), z.null()),
  'backups:note': channel(z.tuple([backupId, z.string().max(2000)]), z.null()),
  'backups:export': channel(z.tuple([backupId]), z.string().nullable()),
  'backups:reveal': channel(z.tuple([backupId]), z.null()),
  'backups:delete': channel(z.tuple([backupId, z.object({ confirmPinned: z.boolean() })]), z.object({ trashed: z.boolean() })),
  'backups:index': channel(z.tuple([accountId, z.string().min(1).max(255)]), z.object({ id: z.string() })),
  'backups:retentionPreview': channel(z.tuple([accountId]), z.array(BackupEntry)),
  'backups:summary': channel(z.tuple([backupId]), SaveSummary),
  /** What changed from `from` (null: the backup before `to`) to `to`. */
  'backups:diff': channel(z.tuple([backupId.nullable(), backupId]), SaveDiff),
  'backups:backfill': channel(z.tuple([backupId]), z.object({ added: z.number() })),
  'backups:folder': channel(none, z.object({ path: z.string(), isDefault: z.boolean() })),
  'backups:chooseFolder': channel(none, z.string().nullable())
}

export const eventChannels = {
  'settings:changed': Settings,
  'accounts:changed': AccountsState,
  'auth:progress': SignInProgress,
  'data:changed': AccountData,
  'backup:progress': BackupProgress,
  'backups:changed': Library
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

export const invokeChannelNames = Object.keys(invokeChannels) as InvokeChannel[]
export const eventChannelNames = Object.keys(eventChannels) as EventChannel[]

export function isInvokeChannel(name: string): name is InvokeChannel {
  return Object.hasOwn(invokeChannels, name)
}

export function isEventChannel(name: string): name is EventChannel {
  return Object.hasOwn(eventChannels, name)
}
