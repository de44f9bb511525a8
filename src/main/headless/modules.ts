import { mkdirSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { BackupProgress, RetentionPolicy } from '../../shared/backups'
import { defaultSettings, type Language } from '../../shared/settings'
import type { BackupAccount, BackupConnection } from '../backups/backup-service'
import type { DownloadLimits } from '../backups/download'
import { defaultBackupFolder } from '../backups/library'
import { backupsModule } from '../backups/module'
import { CHART_LIST_STORES } from '../chart-list/legacy-names'
import { chartListModule } from '../chart-list/module'
import { createContext, DEFAULT_DOCUMENTS_DIR, type CoreContext } from '../core/context'
import { Listeners } from '../core/listeners'
import { confStoreOpener } from '../platform-node/conf-store'
import type { LocalBackupService } from '../game-folder/local-backup'
import type { SystemFacts } from '../game-folder/locate'
import { gameFolderLibrary } from '../game-folder/module'
import type { ListProcesses } from '../platform-node/processes'
import type { FileSystem } from '../ports'
import { profileModule } from '../profile/module'
import type { NicknameSubmissions } from '../profile/nickname'

/** The backup folder of the CLI's `--dir` when none is given: the app's default library. */
export const DEFAULT_BACKUP_DIR = defaultBackupFolder(DEFAULT_DOCUMENTS_DIR)

/** How long a CLI command waits for another program (the app, another run) holding a library folder's lock. */
export const CLI_LOCK_WAIT_MS = 10 * 60_000

/** The CLI's own data (nickname submissions, the chart list): never the app's folder. */
export function defaultCliDataDir(): string {
  if (process.platform === 'win32') return join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Game Account Companion CLI')
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Game Account Companion CLI')
  return join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'game-account-companion-cli')
}

/** The stores the CLI keeps in its data folder; every other store of a module lives for one command only. */
const KEPT_STORES = new Set<string>(Object.values(CHART_LIST_STORES))

const memoryStore = () => {
  const values = new Map<string, unknown>()
  return {
    get: (key: string) => values.get(key),
    set: (key: string, value: unknown) => void values.set(key, value),
    delete: (key: string) => void values.delete(key)
  }
}

const refuse = (what: string) => async () => {
  throw new Error(`The CLI has no ${what}.`)
}

export interface CliPorts {
  version: string
  language: Language
  dataDir: string
  files?: FileSystem
  fetch: typeof fetch
  downloadLimits?: Partial<DownloadLimits>
  onDownloadRequest?: (method: string, urlWithoutQuery: string, status: number) => void
  /** Where the game is looked for, and what runs on this computer (tests give fakes); default: this computer's. */
  system?: SystemFacts
  processes?: ListProcesses
}

/**
 * The CLI's core context: the app's ports with the CLI's values. Its data folder is created when a kept
 * store is first opened (a command that reads nothing of it writes nothing there).
 */
export function cliContext(o: CliPorts): CoreContext {
  const kept = confStoreOpener(o.dataDir)
  return createContext({
    // The CLI builds no app module: `host` names the UI shell only in app:bootstrap and the app's User-Agent.
    identity: {
      name: 'Game Account Companion CLI',
      version: o.version,
      platform: process.platform,
      host: 'web',
      systemLanguage: o.language
    },
    dataDir: o.dataDir,
    openRawStore: (name) => {
      if (!KEPT_STORES.has(name)) return memoryStore()
      mkdirSync(o.dataDir, { recursive: true, mode: 0o700 })
      return kept(name)
    },
    openExternal: refuse('browser'),
    secretCipher: { protection: async () => 'unavailable', encrypt: refuse('keyring'), decrypt: refuse('keyring') },
    files: o.files,
    fetch: o.fetch,
    chartListUrl: process.env.COMPANION_CHART_LIST_URL || null,
    program: 'cli',
    onDownloadRequest: o.onDownloadRequest,
    gameSystem: o.system,
    gameProcesses: o.processes,
    tuning: { lockWaitMs: CLI_LOCK_WAIT_MS, downloadLimits: o.downloadLimits }
  })
}

/** The chart list module of the app, on the CLI's data folder (opened on first use). */
export function cliCharts(ctx: CoreContext) {
  let module: ReturnType<typeof chartListModule> | null = null
  return () => (module ??= chartListModule(ctx))
}

/** The token's account as the modules see a signed-in one: one account, signed in with a User Token. */
function oneAccount(a: BackupAccount) {
  const record = { ...a, nickname: null, method: 'user_token' as const, capabilities: [], status: 'active' as const }
  return { get: (id: string) => (id === a.id ? record : undefined), list: () => [record] }
}

/** What the modules would tell the sync feature: the CLI keeps no account data between commands. */
const noSync = {
  noCloudSave: () => {},
  markFailed: () => {},
  saveSeen: () => {},
  history: async () => [],
  remember: async () => 0,
  sync: async () => {
    throw new Error('The CLI keeps no account data.')
  }
}

/**
 * The app's backups and profile modules for the token's account, with the CLI's options in place of the
 * settings: the library at `dir`, no retention unless asked, the app's default size cap.
 *
 * For the lead: this mirrors the part of `createCore` that builds `backupsModule` and `profileModule`
 * (settings → accounts → sync → backups/profile), with a one-account registry and no sync.
 */
export function cliAccountModules(
  ctx: CoreContext,
  a: BackupAccount,
  connection: BackupConnection,
  options: {
    language: Language
    dir: string
    retention: RetentionPolicy | null
    charts: () => ReadonlyMap<string, import('../../shared/data').ChartInfo>
    submissions: NicknameSubmissions
  }
) {
  const settings = {
    get: () => ({ ...defaultSettings, backupFolder: options.dir, retention: options.retention }),
    update: () => settings.get()
  }
  const registry = oneAccount(a)
  const accounts = { auth: { ...connection, client: () => connection.client(a) }, registry }
  const backups = backupsModule(ctx, {
    settings: { settings, language: () => options.language, changed: new Listeners() },
    accounts,
    sync: { sync: noSync },
    chartList: { charts: options.charts }
  })
  const profile = profileModule(ctx, accounts, {
    sync: { ...noSync, nicknameSubmissions: options.submissions },
    emitData: () => {}
  })
  return { backups, profile }
}

/** Runs `work` with the backup progress events of the CLI's core sent to `onProgress`. */
export async function withBackupProgress<T>(
  ctx: CoreContext,
  onProgress: ((p: BackupProgress) => void) | undefined,
  work: () => Promise<T>
) {
  const stop = onProgress
    ? ctx.events.addSink((event, payload) => event === 'backups:progress' && onProgress(payload as BackupProgress))
    : null
  try {
    return await work()
  } finally {
    stop?.()
  }
}

/**
 * The context of the `local` commands, which need no credential and no network: the game is looked for
 * with `system`, a running one with `processes` (tests give fakes), and no store is kept.
 */
export function cliLocalContext(o: { version: string; files?: FileSystem; system?: SystemFacts; processes?: ListProcesses }) {
  return cliContext({
    version: o.version,
    language: 'en',
    dataDir: defaultCliDataDir(),
    files: o.files,
    fetch: refuse('network for the local commands'),
    system: o.system,
    processes: o.processes
  })
}

/** "This computer" versions in the library at `dir`, as the app's game-folder module builds them, with the CLI's options. */
export function cliLibrary(ctx: CoreContext, dir: string, retention: RetentionPolicy | null = null): LocalBackupService {
  return gameFolderLibrary(ctx, { root: () => dir, retention: () => retention })
}
