import { homedir } from 'node:os'
import { join } from 'node:path'
import type { DataNotice } from '../../shared/data'
import type { Handlers } from '../ipc/dispatcher'
import { EventHub } from '../ipc/event-hub'
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
import { createSignals, type Signals } from './signals'

/**
 * What a face (the Electron app, the CLI, the web host, a test) gives the core: ports only. What one
 * feature alone needs (a worker to start, a poll interval, a default address) is that feature's option,
 * passed to it by the composition root (core/options.ts).
 */
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
  logger?: Logger
  desktop?: Partial<DesktopPort>
  /** How the core waits (between retries, for a lock, for the game to stop writing); tests wait no time. */
  sleep?: (ms: number) => Promise<void>
  /** Notices the shell found before the core existed (the app relaunched itself after an internal error). */
  startupNotices?: DataNotice[]
}

/** What every feature module is built from: the ports with their defaults, one event hub, the signals, one disposable store. */
export interface CoreContext {
  identity: AppIdentity
  /** Who writes manifests and holds the library's locks: the app or the CLI. */
  program: 'app' | 'cli'
  dataDir: string
  openExternal: OpenExternal
  secretCipher: SecretCipher
  clock: Clock
  logger: Logger
  fetch: Fetch
  files: FileSystem
  sleep: (ms: number) => Promise<void>
  desktop: DesktopPort
  /** Main → renderer: the window's state. No feature follows it (they follow `signals`). */
  events: EventHub
  /** Feature → feature: typed signals, each raised by the one feature that owns it (kernel/signals.ts). */
  signals: Signals
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

/** This user's Documents folder, where the backup library goes by default. */
export const DEFAULT_DOCUMENTS_DIR = join(homedir(), 'Documents')

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The stores of the data folder, each opened on first use and kept. */
function storesOf(deps: CoreDeps, health: LocalDataHealth) {
  const stores = new Map<string, KeyValueStore>()
  return (name: string) => {
    const opened = stores.get(name) ?? openGuardedStore(join(deps.dataDir, `${name}.json`), () => deps.openRawStore(name), health)
    stores.set(name, opened)
    return opened
  }
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
  for (const notice of deps.startupNotices ?? []) health.report(notice)
  return {
    identity: deps.identity,
    program: deps.identity.program ?? 'app',
    dataDir: deps.dataDir,
    openExternal: deps.openExternal,
    secretCipher: deps.secretCipher,
    clock: deps.clock ?? systemClock,
    logger,
    fetch: deps.fetch ?? fetch,
    files: deps.files ?? nodeFiles,
    sleep: deps.sleep ?? wait,
    desktop: {
      documentsDir: DEFAULT_DOCUMENTS_DIR,
      chooseFolder: async () => null,
      chooseSavePath: async () => null,
      revealInFolder: () => {},
      notify: () => {},
      trashItem: null,
      ...deps.desktop
    },
    events,
    signals: createSignals(),
    disposables,
    health,
    store: storesOf(deps, health)
  }
}

/** The context with more of the desktop port (the page's dialogs where there are no native ones); what the face gave wins. */
export function withDesktop(ctx: CoreContext, deps: CoreDeps, more: Partial<DesktopPort>): CoreContext {
  return { ...ctx, desktop: { ...ctx.desktop, ...more, ...deps.desktop } }
}
