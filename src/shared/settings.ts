import { z } from 'zod'
import { ScopeStyle } from './deployments'
import { LANGUAGES, THEMES } from './setting-choices'
import { SESSION_GAP } from './session-gap'

export const Language = z.enum(LANGUAGES)
export type Language = z.infer<typeof Language>

export const Theme = z.enum(THEMES)
export type Theme = z.infer<typeof Theme>

export const RetentionPolicy = z.object({
  keepLast: z.number().int().min(1).max(1000),
  dailyForDays: z.number().int().min(0).max(3650),
  weeklyForWeeks: z.number().int().min(0).max(520)
})
export type RetentionPolicy = z.infer<typeof RetentionPolicy>

export const Settings = z.object({
  /** `null` follows the operating system's language. */
  language: Language.nullable(),
  theme: Theme,
  /** `null` means the default folder under Documents. */
  backupFolder: z.string().min(1).nullable(),
  retention: RetentionPolicy,
  autoBackup: z.object({ enabled: z.boolean(), everyHours: z.number().int().min(1).max(168) }),
  /** The largest save a backup accepts when neither the service nor the file server says its size. */
  maxSaveMiB: z.number().int().min(1).max(16_384),
  showEmail: z.boolean(),
  /** Per deployment id: the OIDC client id the user registered (client registration is manual). */
  clientIds: z.record(z.string(), z.string().min(1).max(200)),
  /** Checked by the settings service (https, or http on this machine only): see validateBaseUrl. */
  customBaseUrl: z.string().max(2048).nullable(),
  /** Scope names of the custom deployment when its discovery does not list them. */
  customScopeStyle: ScopeStyle,
  /** Linux without a keyring: keep sessions in memory only, or store them anyway (user's choice). */
  insecureStorage: z.enum(['ask', 'memory', 'store']),
  /** Closing the window keeps the app (and automatic backups) running in the tray. */
  keepRunningInTray: z.boolean(),
  /** Start with the computer, hidden in the tray (off unless chosen). */
  startAtLogin: z.boolean(),
  /** Look for a new version at start (packaged builds); nothing is downloaded without asking. */
  checkForUpdates: z.boolean(),
  /** Reality as the game shows it (two decimals, truncated) or exact (four, as the service sends it). */
  realityDigits: z.enum(['game', 'exact']),
  /** Sessions: a new one begins after `gapMinutes` without a play; a notification when one ends (docs/sessions.md). */
  sessions: z.object({ gapMinutes: z.number().int().min(SESSION_GAP.min).max(SESSION_GAP.max), notify: z.boolean() })
})
export type Settings = z.infer<typeof Settings>

export const SettingsPatch = Settings.partial().strict()
export type SettingsPatch = z.infer<typeof SettingsPatch>

export const defaultSettings: Settings = {
  language: null,
  theme: 'system',
  backupFolder: null,
  retention: { keepLast: 10, dailyForDays: 14, weeklyForWeeks: 12 },
  autoBackup: { enabled: false, everyHours: 6 },
  maxSaveMiB: 1024,
  showEmail: false,
  clientIds: {},
  customBaseUrl: null,
  customScopeStyle: 'spec',
  insecureStorage: 'ask',
  keepRunningInTray: false,
  startAtLogin: false,
  checkForUpdates: true,
  realityDigits: 'game',
  sessions: { gapMinutes: SESSION_GAP.default, notify: true }
}

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  /** Where the services run: the Electron app, or the development web host. */
  host: z.enum(['electron', 'web']),
  /** A packaged build (updates are possible); false in development and the web host. */
  packaged: z.boolean().default(false),
  systemLanguage: z.string()
})
export type AppInfo = z.infer<typeof AppInfo>

/** The screens the app has; the menu, notifications and shortcuts name them. */
export const ScreenName = z.enum(['profile', 'scores', 'sessions', 'reality', 'progress', 'backups', 'settings', 'welcome'])
export type ScreenName = z.infer<typeof ScreenName>

/** What the desktop shell (menu, tray, notification, shortcut) asks the window to do. */
export const AppCommand = z.discriminatedUnion('type', [
  z.object({ type: z.literal('navigate'), screen: ScreenName, accountId: z.string().optional() }),
  z.object({ type: z.literal('refresh') })
])
export type AppCommand = z.infer<typeof AppCommand>

/** Where a check for a new version stands. Nothing is downloaded until the user agrees. */
export const UpdateState = z.discriminatedUnion('status', [
  z.object({ status: z.literal('disabled'), reason: z.enum(['not_packaged', 'turned_off']) }),
  z.object({ status: z.literal('idle') }),
  z.object({ status: z.literal('checking') }),
  z.object({ status: z.literal('latest'), checkedAt: z.number() }),
  z.object({ status: z.literal('available'), version: z.string(), notes: z.string().nullable() }),
  z.object({ status: z.literal('downloading'), version: z.string(), percent: z.number().min(0).max(100) }),
  z.object({ status: z.literal('downloaded'), version: z.string() }),
  z.object({ status: z.literal('error'), message: z.string() })
])
export type UpdateState = z.infer<typeof UpdateState>
