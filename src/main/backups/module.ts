import { AppError } from '../../shared/errors'
import type { ChartListModule } from '../chart-list/module'
import type { CoreContext } from '../core/context'
import { messagesFor } from '../i18n'
import type { SettingsModule } from '../settings/module'
import type { SyncService } from '../sync/sync-service'
import { AutoBackup, type AutoBackupDeps } from './auto-backup'
import { BackupService, type BackupAccount, type BackupConnection } from './backup-service'
import { backupHandlers, type BackupHandlerDeps } from './handlers'
import { defaultBackupFolder, libraryTrash, localFolderName } from './library'

/** What backups need of the rest: the app's modules, or the CLI's options and User Token (see headless/modules.ts). */
export interface BackupsNeeds {
  settings: Pick<SettingsModule, 'language' | 'changed'> & { settings: BackupHandlerDeps['settings'] }
  accounts: {
    auth: BackupConnection
    registry: { get(id: string): BackupAccount | undefined; list(): (BackupAccount & ReturnType<AutoBackupDeps['accounts']>[number])[] }
  }
  sync: { sync: Pick<SyncService, 'noCloudSave' | 'markFailed' | 'saveSeen' | 'history' | 'remember'> }
  chartList: Pick<ChartListModule, 'charts'>
}

/** Cloud-save backups: the library on disk, runs on demand, automatic backup on a schedule. */
export function backupsModule(ctx: CoreContext, needs: BackupsNeeds) {
  const { events, desktop, clock, files, tuning } = ctx
  const { settings, language } = needs.settings
  const { registry } = needs.accounts
  const { sync } = needs.sync
  const defaultFolder = defaultBackupFolder(desktop.documentsDir)
  const emitLibrary = (accountId: string) =>
    void backups.read(accountId).then(
      (library) => events.emit('backups:changed', library),
      () => {}
    )
  const backups: BackupService = new BackupService({
    connection: needs.accounts.auth,
    accounts: registry,
    clock,
    files,
    root: () => settings.get().backupFolder ?? defaultFolder,
    trash: (root) => desktop.trashItem ?? libraryTrash(files, root, () => clock.now()),
    retention: () => settings.get().retention,
    maxSaveBytes: () => settings.get().maxSaveMiB * 1024 * 1024,
    program: ctx.deps.program ?? 'app',
    appVersion: ctx.deps.identity.version,
    emitProgress: (progress) => events.emit('backups:progress', progress),
    onLibraryChanged: emitLibrary,
    sleep: tuning.sleep,
    lockWaitMs: tuning.lockWaitMs,
    downloadLimits: tuning.downloadLimits,
    onDownloadRequest: ctx.deps.onDownloadRequest,
    onFailure: (accountId, error) =>
      error instanceof AppError && error.code === 'no_cloud_save' ? sync.noCloudSave(accountId) : sync.markFailed(accountId, 'save', error),
    onSaveInfo: (accountId, info) => sync.saveSeen(accountId, info),
    logger: ctx.logger
  })
  const autoBackup = new AutoBackup({
    run: (id) => backups.run(id),
    isRunning: () => backups.isRunning(),
    accounts: () => registry.list(),
    settings: () => settings.get().autoBackup,
    messages: () => messagesFor(language()),
    now: () => clock.now(),
    // Clicking a backup notification opens that account's backups.
    notify: (title, body, accountId) =>
      desktop.notify(title, body, () => events.emit('app:command', { type: 'navigate', screen: 'backups', accountId }))
  })
  ctx.disposables.add(needs.settings.changed.on(() => autoBackup.reschedule()))
  ctx.disposables.add(() => backups.cancel())

  return {
    autoBackup,
    /** The library and its runs, for "This computer" beside the cloud backups. */
    service: backups,
    defaultFolder,
    isRunning: () => backups.isRunning(),
    handlers: backupHandlers({
      backups,
      files,
      charts: needs.chartList.charts,
      desktop,
      settings,
      defaultFolder,
      appVersion: ctx.deps.identity.version,
      history: { records: async (id) => (await sync.history(id)) ?? [], remember: (id, records) => sync.remember(id, records) },
      accountIds: () => registry.list().map((a) => a.id),
      otherFolders: (id) => [localFolderName(registry.get(id)?.uid ?? null)],
      emitLibrary: (library) => events.emit('backups:changed', library)
    }),
    /** Tidies folders left by stopped runs, reports each account's newest backup (for the tray), starts the schedule. */
    start() {
      void backups.tidyAll()
      for (const account of registry.list()) emitLibrary(account.id)
      autoBackup.reschedule()
      ctx.disposables.add(() => autoBackup.stop())
    }
  }
}

export type BackupsModule = ReturnType<typeof backupsModule>
