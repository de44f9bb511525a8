import { homedir } from 'node:os'
import { join } from 'node:path'
import type { DataNotice } from '../../shared/data'
import type { Handlers } from '../ipc/dispatcher'
import { EventHub } from '../ipc/event-hub'
import type { DownloadLimits } from '../backups/download'
import type { UpdaterPort } from '../updates/update-service'
import { silentLogger, type Logger } from '../logging/logger'
import { nodeFiles } from '../platform-node/files'
import {
  systemClock,
  type AppIdentity,
  type Clock,
  type DesktopPort,
  type Fetch,
  type FileSystem,
  type KeyValueStore,
  type OpenExternal,
  type OpenRawStore,
  type SecretCipher
} from '../ports'
import { LocalDataHealth, openGuardedStore } from '../storage/local-data'
import { PageDialogs } from '../dialogs/page-dialogs'
import type { GameFolderRestored } from '../restore/restore-service'
import { Disposables } from './disposables'
import { Listeners } from './listeners'

export interface CoreDeps {
  identity: AppIdentity
  /** The app's data folder: stores, per-account caches and history. */
  dataDir: string
  openRawStore: OpenRawStore
  /** Opens a URL in the system browser; every call goes through the link policy first. */
  openExternal: OpenExternal
  secretCipher: SecretCipher
  files?: FileSystem
  fetch?: Fetch
  clock?: Clock
  /** `{base_url}` of the Local deployment (the reference service): development only, else null. */
  localBaseUrl?: string | null
  /** The chart list's update URL until the player sets one: a loopback list host in development, else the community's. */
  chartListUrl?: string | null
  /** Demo accounts of the Local reference service, shown on the welcome screen. */
  localDemoAccounts?: { username: string; password: string }[]
  logger?: Logger
  desktop?: Partial<DesktopPort>
  /** The system facts the game's folder is looked for with (tests give a fake home); default: this computer's. */
  gameSystem?: import('../game-folder/locate').SystemFacts
  /** The programs running on this computer, to see whether Milthm runs before a restore (tests give a fake list). */
  gameProcesses?: import('../platform-node/processes').ListProcesses
  /** How often the game's data.db is looked at for new plays while the app runs; null: never (default 30 s). */
  gamePollMs?: number | null
  /** No native dialogs here (the web host): choosing a folder or showing a file is asked of the page. */
  pageDialogs?: boolean
  /** A sample game folder (the demo's): offered when a folder is chosen, and used until the player chooses one. */
  sampleGameFolder?: string | null
  /** Starts the worker thread a big data.db is imported on (the built `plays-worker.js`); none: imports run on the main thread. */
  playsWorker?: import('../game-folder/plays-off-thread').StartPlaysWorker | null
  /** Starts the worker thread sessions are computed on (the built `sessions-worker.js`); none: computed on the main thread. */
  sessionsWorker?: import('../sessions/off-thread').StartSessionsWorker | null
  /** electron-updater in a packaged app; none in development, the web host and tests (a stand-in there). */
  updater?: UpdaterPort | null
  /** Notices the shell found before the core existed (the app relaunched itself after an internal error). */
  startupNotices?: DataNotice[]
  /** Who writes manifests and holds the library's locks: the app (default) or the CLI. */
  program?: 'app' | 'cli'
  /** Told about every request of a save download (method, URL without its query, status): the CLI's --verbose. */
  onDownloadRequest?: (method: string, urlWithoutQuery: string, status: number) => void
  /** Overrides for tests: a fixed loopback port, short timeouts, fast retries. */
  tuning?: {
    loopbackPort?: number
    loopbackTimeoutMs?: number
    sleep?: (ms: number) => Promise<void>
    timeoutMs?: number
    retryAfterMs?: number | null
    lockWaitMs?: number
    downloadLimits?: Partial<DownloadLimits>
  }
}

/** What every feature module is built from: the ports with their defaults, one event hub, one disposable store. */
export interface CoreContext {
  deps: CoreDeps
  clock: Clock
  logger: Logger
  fetch: Fetch
  files: FileSystem
  tuning: NonNullable<CoreDeps['tuning']>
  desktop: DesktopPort
  events: EventHub
  disposables: Disposables
  health: LocalDataHealth
  /** The page's dialogs where there are no native ones (the web host); null in the Electron app and in tests. */
  pageDialogs: PageDialogs | null
  /** A store of the data folder by name, opened once and guarded (an unreadable file is moved aside and reported). */
  store(name: string): KeyValueStore
  /** Signals about the game's folder any feature can follow: `restored` after a restore (or its undo) put another save there. */
  gameFolder: { restored: Listeners<GameFolderRestored> }
}

/** What a feature module gives the root: its channels, and optionally its part of a replay, a start and a stop. */
export interface FeatureModule {
  handlers?: Partial<Handlers>
  /** Sends this feature's current state as events (a renderer that just loaded has none). */
  replay?(): void | Promise<void>
  /** Background work of a running app. */
  start?(): void
}

/** This user's Documents folder, where the backup library goes by default. */
export const DEFAULT_DOCUMENTS_DIR = join(homedir(), 'Documents')

export function createContext(deps: CoreDeps): CoreContext {
  const logger = deps.logger ?? silentLogger
  const events = new EventHub()
  const disposables = new Disposables()
  const health = new LocalDataHealth()
  disposables.add(
    health.onNotice((notice) => {
      logger.warn({ notice }, 'a local data file could not be used')
      events.emit('app:notices', health.notices())
    })
  )
  for (const notice of deps.startupNotices ?? []) health.report(notice)
  const files = deps.files ?? nodeFiles
  const documentsDir = deps.desktop?.documentsDir ?? DEFAULT_DOCUMENTS_DIR
  const pageDialogs = deps.pageDialogs
    ? new PageDialogs(
        (request) => events.emit('dialogs:ask', request),
        files,
        () => documentsDir
      )
    : null
  if (pageDialogs) disposables.add(() => pageDialogs.dispose())
  const stores = new Map<string, KeyValueStore>()
  const store = (name: string) => {
    const opened = stores.get(name) ?? openGuardedStore(join(deps.dataDir, `${name}.json`), () => deps.openRawStore(name), health)
    stores.set(name, opened)
    return opened
  }
  return {
    deps,
    clock: deps.clock ?? systemClock,
    logger,
    fetch: deps.fetch ?? fetch,
    files,
    tuning: deps.tuning ?? {},
    desktop: {
      documentsDir,
      chooseFolder: async () => null,
      chooseSavePath: async () => null,
      revealInFolder: () => {},
      notify: () => {},
      trashItem: null,
      ...pageDialogs?.port(),
      ...deps.desktop
    },
    events,
    disposables,
    health,
    pageDialogs,
    store,
    gameFolder: { restored: new Listeners<GameFolderRestored>() }
  }
}
