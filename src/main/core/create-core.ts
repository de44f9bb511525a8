import { ServiceHttp } from '../api/http'
import { AccountRegistry } from '../auth/account-registry'
import { AuthService } from '../auth/auth-service'
import { DeploymentCatalog } from '../auth/deployment-catalog'
import { SecretSealer } from '../auth/secret-seal'
import { SecretStore } from '../auth/secret-store'
import { EventHub } from '../ipc/event-hub'
import type { Handlers } from '../ipc/dispatcher'
import type { AppIdentity, Clock, DesktopPort, Fetch, FileSystem, OpenExternal, OpenStore, SecretCipher } from '../ports'
import type { DownloadLimits } from '../backups/download'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { AutoBackup } from '../backups/auto-backup'
import { BackupService } from '../backups/backup-service'
import { backupHandlers } from '../backups/handlers'
import { libraryTrash } from '../backups/library'
import { nodeFiles } from '../platform-node/files'
import { systemClock } from '../ports'
import { SettingsService } from '../settings/settings-service'
import { ChartCatalogue } from '../catalogue/chart-catalogue'
import { computeInsights } from '../insights/reality-insights'
import { NicknameService } from '../profile/nickname'
import { fetchAvatar } from '../profile/avatar'
import { SyncService } from '../sync/sync-service'
import { AppError } from '../../shared/errors'
import { createExternalLinks } from '../shell/external-links'
import { resolveLanguage } from '../../shared/i18n-language'
import { silentLogger, type Logger } from '../logging/logger'
import type { Settings } from '../../shared/settings'

export interface CoreDeps {
  identity: AppIdentity
  openStore: OpenStore
  /** Opens a URL in the system browser: renderer links (allow-listed) and sign-in pages. */
  openExternal: OpenExternal
  secretCipher: SecretCipher
  fetch?: Fetch
  clock?: Clock
  /** `{base_url}` of the Local deployment (the reference service). */
  localBaseUrl?: string | null
  /** Demo accounts of the Local reference service, shown on the welcome screen. */
  localDemoAccounts?: { username: string; password: string }[]
  logger?: Logger
  desktop?: Partial<DesktopPort>
  /** Overrides for tests: a fixed loopback port, a short sign-in timeout, fast retries. */
  tuning?: { loopbackPort?: number; loopbackTimeoutMs?: number; sleep?: (ms: number) => Promise<void>; timeoutMs?: number; retryAfterMs?: number | null; lockWaitMs?: number; downloadLimits?: Partial<DownloadLimits> }
  files?: FileSystem
}

/** Hosts the renderer may open in the system browser (account pages of the known deployments). */
export const EXTERNAL_LINK_HOSTS: ReadonlySet<string> = new Set(['milkloud.milthm.cn', 'milkloud.milthm.com'])

/**
 * The composition root shared by the Electron app, the web host and the tests: it wires the
 * services to their ports and returns one handler per IPC channel.
 */
export function createCore(deps: CoreDeps) {
  const clock = deps.clock ?? systemClock
  const logger = deps.logger ?? silentLogger
  const fetchImpl = deps.fetch ?? fetch
  const events = new EventHub()
  const appStore = deps.openStore('app')
  let onSettingsChanged = (_: Settings) => {}
  const settings = new SettingsService(appStore, (next) => {
    events.emit('settings:changed', next)
    onSettingsChanged(next)
  })
  const links = createExternalLinks(deps.openExternal, () => EXTERNAL_LINK_HOSTS)
  const catalog = new DeploymentCatalog(() => settings.get(), deps.localBaseUrl ?? null, deps.localDemoAccounts)
  const http = new ServiceHttp({
    fetch: fetchImpl,
    userAgent: `GameAccountCompanion/${deps.identity.version} (${deps.identity.platform}; ${deps.identity.host})`,
    language: () => resolveLanguage(settings.get().language, deps.identity.systemLanguage),
    sleep: deps.tuning?.sleep,
    timeoutMs: deps.tuning?.timeoutMs
  })
  const secrets = new SecretStore(deps.openStore('secrets'), deps.secretCipher, () => settings.get().insecureStorage)
  const registry = new AccountRegistry(appStore)
  const emitAccounts = () => void auth.state().then((state) => events.emit('accounts:changed', state))
  const auth = new AuthService({
    catalog,
    registry,
    secrets,
    http,
    fetch: fetchImpl,
    clock,
    settings: () => settings.get(),
    openBrowser: deps.openExternal,
    onChange: emitAccounts,
    onProgress: (stage) => {
      logger.info({ stage }, 'sign-in progress')
      events.emit('auth:progress', { stage })
    },
    loopbackPort: deps.tuning?.loopbackPort,
    loopbackTimeoutMs: deps.tuning?.loopbackTimeoutMs
  })
  const catalogue = new ChartCatalogue(deps.openStore('catalogue'), clock)
  const sync = new SyncService({
    auth,
    registry,
    openStore: deps.openStore,
    clock,
    fetch: fetchImpl,
    catalogue,
    emit: (data) => events.emit('data:changed', data),
    retryAfterMs: deps.tuning?.retryAfterMs
  })
  const nickname = new NicknameService({
    account: (id) => registry.get(id),
    client: (id) => auth.client(registry.get(id)!),
    credentials: (id) => auth.credentials(id),
    submissions: sync.nicknameSubmissions,
    clock
  })
  /** A new or renewed account starts syncing at once; the caller does not wait for it. */
  const syncAfterSignIn = <T extends { id: string } | { account: { id: string } }>(result: T): T => {
    void sync.sync('id' in result ? result.id : result.account.id).catch(() => {})
    return result
  }
  const desktop: DesktopPort = {
    documentsDir: join(homedir(), 'Documents'),
    chooseFolder: async () => null,
    chooseSavePath: async () => null,
    revealInFolder: () => {},
    notify: () => {},
    trashItem: null,
    ...deps.desktop
  }
  const defaultBackupFolder = join(desktop.documentsDir, 'Game Account Companion Backups')
  const files = deps.files ?? nodeFiles
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
    onLibraryChanged: (accountId) => void backups.read(accountId).then((library) => events.emit('backups:changed', library), () => {}),
    sleep: deps.tuning?.sleep,
    lockWaitMs: deps.tuning?.lockWaitMs,
    downloadLimits: deps.tuning?.downloadLimits,
    logger
  })
  const autoBackup = new AutoBackup({ backups, registry, enabled: () => settings.get().autoBackup, notify: desktop.notify })
  const insightsFor = (id: string) => {
    const rank = sync.view(id).rank.data
    return rank ? computeInsights(rank, catalogue.charts()) : null
  }
  const sealer = new SecretSealer()
  let lastInsecureChoice = settings.get().insecureStorage
  onSettingsChanged = (next) => {
    if (next.insecureStorage !== lastInsecureChoice && next.insecureStorage === 'store') void auth.persistMemorySessions()
    lastInsecureChoice = next.insecureStorage
  }

  const handlers: Handlers = {
    'app:info': () => ({ ...deps.identity }),
    'app:bootstrap': async () => {
      const accounts = await auth.state()
      return {
        info: { ...deps.identity },
        settings: settings.get(),
        accounts,
        deployments: catalog.list(),
        activeData: accounts.activeId ? sync.view(accounts.activeId) : null,
        activeInsights: accounts.activeId ? insightsFor(accounts.activeId) : null
      }
    },
    'settings:get': () => settings.get(),
    'settings:update': (patch) => settings.update(patch),
    'shell:openExternal': (url) => links.open(url),
    'deployments:list': () => catalog.list(),
    'accounts:state': () => auth.state(),
    'accounts:setActive': (id) => (auth.setActive(id), auth.state()),
    'accounts:signOut': async (id, { forgetCache }) => {
      await auth.signOut(id)
      if (forgetCache) sync.forget(id)
      return auth.state()
    },
    'auth:signInBrowser': async (deploymentId) => syncAfterSignIn(await auth.signInWithBrowser(deploymentId)),
    'auth:grant': (accountId, capabilities) => {
      const record = registry.get(accountId)
      if (!record) throw new Error('unknown account')
      return auth.signInWithBrowser(record.deploymentId, { accountId, capabilities })
    },
    'auth:startDevice': (deploymentId) => auth.startDeviceSignIn(deploymentId),
    'auth:finishDevice': async (flowId) => syncAfterSignIn(await auth.finishDeviceSignIn(flowId)),
    'auth:cancel': () => (auth.cancel(), null),
    'auth:sealKey': () => sealer.publicKey(),
    'auth:addUserToken': async (deploymentId, sealed) => syncAfterSignIn(await auth.addUserToken(deploymentId, sealer.open(sealed))),
    'auth:openTokenPage': async (deploymentId) => {
      await deps.openExternal(catalog.resolve(deploymentId).tokensPage)
      return null
    },
    'data:view': (id) => sync.view(id),
    'data:sync': (id, { maxAgeMs }) => sync.sync(id, { maxAgeMs }),
    'data:history': (id) => sync.history(id),
    'data:realityHistory': (id) => sync.realityHistory(id),
    'data:insights': (id) => insightsFor(id),
    'profile:changeNickname': async (id, name) => {
      await nickname.change(id, name)
      return sync.sync(id, { only: ['profile'] })
    },
    'profile:lookup': async (id, identity) => {
      const record = registry.get(id)
      if (!record) throw AppError.of('not_found', 'That account is not signed in.')
      const profile = await auth.client(record).publicUser(identity)
      return { profile, avatar: profile.avatar ? await fetchAvatar(profile.avatar, fetchImpl) : null }
    },
    'catalogue:info': () => catalogue.info(),
    'catalogue:charts': () => [...catalogue.charts().values()],
    'catalogue:import': (text) => catalogue.import(text),
    ...backupHandlers({
      backups,
      files,
      charts: () => catalogue.charts(),
      desktop,
      settings,
      defaultFolder: defaultBackupFolder,
      appVersion: deps.identity.version,
      history: { records: (id) => sync.history(id), remember: (id, records) => sync.remember(id, records) },
      accountIds: () => registry.list().map((a) => a.id),
      emitLibrary: (library) => events.emit('backups:changed', library)
    })
  }

  return {
    handlers,
    events,
    settings,
    auth,
    registry,
    secrets,
    catalog,
    http,
    clock,
    logger,
    sync,
    catalogue,
    nickname,
    backups,
    autoBackup,
    /** Background work of a running app: leftover .part cleanup and automatic backups. */
    startBackground: () => {
      void backups.tidyAll()
      autoBackup.start()
    },
    dispose: () => {
      sync.dispose()
      autoBackup.stop()
      backups.cancel()
    }
  }
}

export type Core = ReturnType<typeof createCore>
