import { homedir } from 'node:os'
import { join } from 'node:path'
import { allowsInsecureHttp } from '../../shared/deployments'
import { resolveLanguage } from '../../shared/i18n-language'
import { ServiceHttp } from '../api/http'
import { appHandlers } from '../app/handlers'
import { AccountRegistry } from '../auth/account-registry'
import { AuthService } from '../auth/auth-service'
import { DeploymentCatalog } from '../auth/deployment-catalog'
import { authHandlers } from '../auth/handlers'
import { SecretSealer } from '../auth/secret-seal'
import { SecretStore } from '../auth/secret-store'
import { AutoBackup } from '../backups/auto-backup'
import { BackupService } from '../backups/backup-service'
import type { DownloadLimits } from '../backups/download'
import { backupHandlers } from '../backups/handlers'
import { libraryTrash } from '../backups/library'
import { ChartCatalogue } from '../catalogue/chart-catalogue'
import { catalogueHandlers } from '../catalogue/handlers'
import type { Handlers } from '../ipc/dispatcher'
import { EventHub } from '../ipc/event-hub'
import { silentLogger, type Logger } from '../logging/logger'
import { messagesFor } from '../notifications/messages'
import { nodeFiles } from '../platform-node/files'
import {
  systemClock,
  type AppIdentity,
  type Clock,
  type DesktopPort,
  type Fetch,
  type FileSystem,
  type OpenExternal,
  type OpenRawStore,
  type SecretCipher
} from '../ports'
import { profileHandlers } from '../profile/handlers'
import { NicknameService } from '../profile/nickname'
import { settingsHandlers } from '../settings/handlers'
import { SettingsService } from '../settings/settings-service'
import { createExternalLinks } from '../shell/external-links'
import { LocalDataHealth, openGuardedStore } from '../storage/local-data'
import { dataHandlers } from '../sync/handlers'
import { SyncService } from '../sync/sync-service'
import { Disposables } from './disposables'
import { updateHandlers } from '../desktop/handlers'
import { createDesktopShell } from '../desktop/desktop-shell'
import { UpdateService, type UpdaterPort } from '../desktop/updates'

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
  /** Demo accounts of the Local reference service, shown on the welcome screen. */
  localDemoAccounts?: { username: string; password: string }[]
  logger?: Logger
  desktop?: Partial<DesktopPort>
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

/**
 * The composition root shared by the Electron app, the web host and the tests: ports in, services
 * wired to them, one handler map out. Every channel's handler lives in its feature's folder.
 */
export function createCore(deps: CoreDeps) {
  const clock = deps.clock ?? systemClock
  const logger = deps.logger ?? silentLogger
  const fetchImpl = deps.fetch ?? fetch
  const files = deps.files ?? nodeFiles
  const tuning = deps.tuning ?? {}
  const events = new EventHub()
  const disposables = new Disposables()
  const health = new LocalDataHealth()
  disposables.add(
    health.onNotice((notice) => {
      logger.warn({ notice }, 'a local data file could not be used')
      events.emit('app:notices', health.notices())
    })
  )
  const openStore = (name: string) => openGuardedStore(join(deps.dataDir, `${name}.json`), () => deps.openRawStore(name), health)
  const desktop: DesktopPort = {
    documentsDir: join(homedir(), 'Documents'),
    chooseFolder: async () => null,
    chooseSavePath: async () => null,
    revealInFolder: () => {},
    notify: () => {},
    trashItem: null,
    ...deps.desktop
  }

  const appStore = openStore('app')
  const settings = new SettingsService(appStore, (next) => {
    events.emit('settings:changed', next)
    events.emit('deployments:changed', catalog.list())
    // The accounts' view carries the keyring choice (insecureStorage) and what each deployment allows.
    void auth.state().then((state) => events.emit('accounts:changed', state))
    autoBackup.reschedule()
    updates.settingChanged()
  })
  const language = () => resolveLanguage(settings.get().language, deps.identity.systemLanguage)
  const catalog = new DeploymentCatalog(() => settings.get(), deps.localBaseUrl ?? null, deps.localDemoAccounts)
  const registry = new AccountRegistry(appStore)
  const http = new ServiceHttp({
    fetch: fetchImpl,
    userAgent: `GameAccountCompanion/${deps.identity.version} (${deps.identity.platform}; ${deps.identity.host})`,
    language,
    sleep: tuning.sleep,
    timeoutMs: tuning.timeoutMs
  })
  const links = createExternalLinks(deps.openExternal, {
    httpsHosts: () =>
      new Set(
        [...catalog.list().map((d) => d.baseUrl), ...registry.list().map((a) => a.baseUrl), ...auth.trustedLinkUrls()].flatMap((u) =>
          u?.startsWith('https:') ? [new URL(u).hostname] : []
        )
      ),
    loopbackOrigins: () =>
      new Set(
        [deps.localBaseUrl, ...registry.list().map((a) => a.baseUrl)].flatMap((u) =>
          u && allowsInsecureHttp(u) ? [new URL(u).origin] : []
        )
      )
  })
  const secrets = new SecretStore(openStore('secrets'), deps.secretCipher, () => settings.get().insecureStorage)
  const auth = new AuthService({
    ...{ catalog, registry, secrets, http, fetch: fetchImpl, clock, settings: () => settings.get() },
    openSignIn: (url, isAuthorizationUrl) => links.openSignIn(url, isAuthorizationUrl),
    onChange: () => void auth.state().then((state) => events.emit('accounts:changed', state)),
    onProgress: (stage, detail) => events.emit('auth:progress', { stage, url: detail?.url ?? null, opened: detail?.opened ?? null }),
    logger,
    loopbackPort: tuning.loopbackPort,
    loopbackTimeoutMs: tuning.loopbackTimeoutMs
  })
  const catalogue = new ChartCatalogue(openStore('catalogue'), clock, (info) => events.emit('catalogue:changed', info), logger)
  const sync = new SyncService({
    accounts: registry,
    connection: auth,
    files,
    dataDir: deps.dataDir,
    health,
    clock,
    fetch: fetchImpl,
    onServiceSeen: (baseUrl) => void catalogue.refreshFrom(baseUrl, fetchImpl),
    emit: (data) => events.emit('data:changed', data),
    emitPlayer: (stats) => events.emit('player:changed', stats),
    logger,
    retryAfterMs: tuning.retryAfterMs
  })
  const emitData = (id: string) => events.emit('data:changed', sync.view(id))
  const defaultBackupFolder = join(desktop.documentsDir, 'Game Account Companion Backups')
  const backups = new BackupService({
    connection: auth,
    accounts: registry,
    clock,
    files,
    root: () => settings.get().backupFolder ?? defaultBackupFolder,
    trash: (root) => desktop.trashItem ?? libraryTrash(files, root, () => clock.now()),
    retention: () => settings.get().retention,
    maxSaveBytes: () => settings.get().maxSaveMiB * 1024 * 1024,
    program: 'app',
    appVersion: deps.identity.version,
    emitProgress: (progress) => events.emit('backup:progress', progress),
    onLibraryChanged: (accountId) =>
      void backups.read(accountId).then(
        (library) => events.emit('backups:changed', library),
        () => {}
      ),
    sleep: tuning.sleep,
    lockWaitMs: tuning.lockWaitMs,
    downloadLimits: tuning.downloadLimits,
    onFailure: (accountId, error) => sync.markFailed(accountId, 'save', error),
    logger
  })
  const autoBackup = new AutoBackup({
    run: (id) => backups.run(id),
    isRunning: () => backups.isRunning(),
    accounts: () => registry.list(),
    settings: () => settings.get().autoBackup,
    messages: () => messagesFor(language()),
    // Clicking a backup notification opens that account's backups.
    notify: (title, body, accountId) =>
      desktop.notify(title, body, () => events.emit('app:command', { type: 'navigate', screen: 'backups', accountId }))
  })
  const nickname = new NicknameService({
    account: (id) => registry.get(id),
    client: (id) => auth.client(registry.get(id)!),
    credentials: (id) => auth.credentials(id),
    submissions: sync.nicknameSubmissions,
    clock,
    logger
  })
  const sealer = new SecretSealer()
  let lastInsecureChoice = settings.get().insecureStorage
  disposables.add(
    events.addSink((event, payload) => {
      if (event !== 'settings:changed') return
      const next = (payload as { insecureStorage: typeof lastInsecureChoice }).insecureStorage
      if (next !== lastInsecureChoice && next === 'store') void auth.persistMemorySessions()
      lastInsecureChoice = next
    })
  )

  const replayState = async () => {
    const accounts = await auth.state()
    events.emit('settings:changed', settings.get())
    events.emit('deployments:changed', catalog.list())
    events.emit('accounts:changed', accounts)
    if (accounts.activeId) emitData(accounts.activeId)
    events.emit('catalogue:changed', catalogue.info())
    events.emit('app:notices', health.notices())
  }

  const updates = new UpdateService({
    updater: deps.updater ?? null,
    enabled: () => settings.get().checkForUpdates,
    emit: (state) => events.emit('updates:changed', state),
    clock,
    logger
  })

  const desktopShell = createDesktopShell({
    events,
    settings: () => settings.get(),
    language,
    clock,
    autoBackup,
    backupRunning: () => backups.isRunning(),
    accountLinks: () => {
      const record = registry.get(registry.activeId() ?? '')
      const deployment = record ? catalog.list().find((d) => d.id === record.deploymentId) : undefined
      return { tokens: deployment?.tokensPage ?? null, account: deployment?.baseUrl ? new URL(deployment.baseUrl).origin : null }
    },
    links,
    openExternal: deps.openExternal
  })
  disposables.add(desktopShell.dispose)

  const handlers: Handlers = {
    ...appHandlers({ identity: deps.identity, dataDir: deps.dataDir, health, desktop, replayState }),
    ...updateHandlers({ updates, emit: () => events.emit('updates:changed', updates.state) }),
    ...settingsHandlers({ settings, customAddressChanged: (url) => auth.markLeaving('custom', url), links }),
    ...authHandlers({
      auth,
      registry,
      catalog,
      sealer,
      links,
      syncSoon: (id) => void sync.sync(id).catch(() => {}),
      forgetData: (id) => sync.forget(id)
    }),
    ...dataHandlers({ sync, emitData }),
    ...profileHandlers({
      nickname,
      refreshProfile: (id) => sync.sync(id, { only: ['profile'] }),
      emitData,
      client: (id) => (registry.get(id) ? auth.client(registry.get(id)!) : undefined),
      fetch: fetchImpl
    }),
    ...catalogueHandlers({ catalogue }),
    ...backupHandlers({
      backups,
      files,
      charts: () => catalogue.charts(),
      desktop,
      settings,
      defaultFolder: defaultBackupFolder,
      appVersion: deps.identity.version,
      history: { records: async (id) => (await sync.history(id)) ?? [], remember: (id, records) => sync.remember(id, records) },
      accountIds: () => registry.list().map((a) => a.id),
      emitLibrary: (library) => events.emit('backups:changed', library)
    })
  }

  return {
    handlers,
    events,
    /** For the desktop shell (tray, menu, notifications): the same services, nothing more. */
    desktop: desktopShell,
    /** Background work of a running app: tidy backup folders left by stopped runs, automatic backups, an update check. */
    start() {
      void backups.tidyAll()
      // The newest backup of each account, for the tray's status.
      for (const account of registry.list())
        void backups.read(account.id).then(
          (library) => events.emit('backups:changed', library),
          () => {}
        )
      autoBackup.reschedule()
      disposables.add(() => autoBackup.stop())
      void updates.checkAtStart()
    },
    /** Stops timers and waits for what is being written. */
    async dispose() {
      sync.dispose()
      backups.cancel()
      disposables.dispose()
      await sync.flush()
    }
  }
}

export type Core = ReturnType<typeof createCore>
