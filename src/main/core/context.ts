import { homedir } from 'node:os'
import { join } from 'node:path'
import type { Handlers } from '../ipc/dispatcher'
import { EventHub } from '../ipc/event-hub'
import type { DownloadLimits } from '../backups/download'
import type { UpdaterPort } from '../desktop/updates'
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
import { Disposables } from './disposables'

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
  gameSystem?: import('../local-game/locate').SystemFacts
  /** How often the game's data.db is looked at for new plays while the app runs; null: never (default 30 s). */
  gamePollMs?: number | null
  /** Starts the worker thread a big data.db is imported on (the built `plays-worker.js`); none: imports run on the main thread. */
  playsWorker?: import('../local-game/plays-off-thread').StartPlaysWorker | null
  /** Starts the worker thread sessions are computed on (the built `sessions-worker.js`); none: computed on the main thread. */
  sessionsWorker?: import('../sessions/off-thread').StartSessionsWorker | null
  /** electron-updater in a packaged app; none in development, the web host and tests (a stand-in there). */
  updater?: UpdaterPort | null
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
  /** A store of the data folder by name, opened once and guarded (an unreadable file is moved aside and reported). */
  store(name: string): KeyValueStore
}

/** What a feature module gives the root: its channels, and optionally its part of a replay, a start and a stop. */
export interface FeatureModule {
  handlers?: Partial<Handlers>
  /** Sends this feature's current state as events (a renderer that just loaded has none). */
  replay?(): void | Promise<void>
  /** Background work of a running app. */
  start?(): void
}

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
    files: deps.files ?? nodeFiles,
    tuning: deps.tuning ?? {},
    desktop: {
      documentsDir: join(homedir(), 'Documents'),
      chooseFolder: async () => null,
      chooseSavePath: async () => null,
      revealInFolder: () => {},
      notify: () => {},
      trashItem: null,
      ...deps.desktop
    },
    events,
    disposables,
    health,
    store
  }
}
