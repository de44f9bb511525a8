import type { Library } from '../../shared/backups'
import { AppError } from '../../shared/errors'
import type { KeptRecord } from '../../shared/api'
import type { ImportSource } from '../../shared/record'
import type { AccountsModule } from '../accounts/module'
import type { ChartListModule } from '../chart-list/module'
import type { CoreContext } from '../kernel/context'
import { messagesFor } from '../i18n'
import type { SettingsModule } from '../settings/module'
import type { SyncModule } from '../sync/module'
import { AutoBackup } from './auto-backup'
import { BackupService } from './backup-service'
import type { DownloadLimits } from './download'
import { backupHandlers } from './handlers'
import { everyFolder, resolveBackup, type BackupScope } from './backup-ref'
import { defaultBackupFolder, libraryTrash } from './library'
import { versionOwners } from './ownership'
import { versionReads } from './version-reads'

export interface BackupsNeeds {
  settings: Pick<SettingsModule, 'settings' | 'language' | 'library'>
  accounts: Pick<AccountsModule, 'auth' | 'registry'>
  sync: Pick<SyncModule, 'sync'>
  chartList: Pick<ChartListModule, 'charts'>
}

export interface BackupsOptions {
  /** How long a run waits for another program's backup of the same account (the CLI waits longer). */
  lockWaitMs?: number
  /** Tests: the download's deadlines and sizes. */
  downloadLimits?: Partial<DownloadLimits>
  /** Told about every request of a save download (method, URL without its query, status): the CLI's --verbose. */
  onDownloadRequest?: (method: string, urlWithoutQuery: string, status: number) => void
}

/**
 * Cloud-save backups: the library on disk, runs on demand, automatic backup on a schedule. An account's
 * library goes to the window and, as the `libraryChanged` signal, to the features that read its saves.
 */
/** The account's kept plays, to which a backup's records are added as an import of their own (#55: it can be taken back). */
const keptHistory = (sync: SyncModule['sync']) => ({
  records: async (id: string) => (await sync.history(id)) ?? [],
  remember: (id: string, records: KeptRecord[], source: ImportSource) => sync.remember(id, records, { kind: 'import', source })
})

export function backupsModule(ctx: CoreContext, needs: BackupsNeeds, options: BackupsOptions = {}) {
  const { events, desktop, clock, files } = ctx
  const { settings, language, library } = needs.settings
  const { registry } = needs.accounts
  const { sync } = needs.sync
  const defaultFolder = defaultBackupFolder(desktop.documentsDir)
  const publish = (library: Library) => {
    events.emit('backups:changed', library)
    void ctx.signals.libraryChanged.fire(library)
  }
  // A library that cannot be read now is not sent: the next change, or the window's own load, says why.
  const emitLibrary = (accountId: string) => void backups.read(accountId).then(publish, () => {})
  const backups: BackupService = new BackupService({
    connection: needs.accounts.auth,
    accounts: registry,
    clock,
    files,
    root: () => library().folder ?? defaultFolder,
    trash: (root) => desktop.trashItem ?? libraryTrash(files, root, () => clock.now()),
    retention: () => library().retention,
    maxSaveBytes: () => settings.get().maxSaveMiB * 1024 * 1024,
    program: ctx.program,
    appVersion: ctx.identity.version,
    emitProgress: (progress) => events.emit('backups:progress', progress),
    onLibraryChanged: emitLibrary,
    sleep: ctx.sleep,
    lockWaitMs: options.lockWaitMs,
    downloadLimits: options.downloadLimits,
    onDownloadRequest: options.onDownloadRequest,
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
  ctx.disposables.add(ctx.signals.settingsChanged.on(() => autoBackup.reschedule()))
  ctx.disposables.add(() => backups.cancel())
  const owners = versionOwners({ accounts: () => registry.list(), folderOf: (a) => backups.folderOf(a) })
  const reads = versionReads({ library: () => backups.library(), files, charts: needs.chartList.charts })
  /** The library's folders a name, a stem or `latest` is looked for in: the given ones, else every folder. */
  const scope = (folders?: () => Promise<string[]>): BackupScope => {
    const library = backups.library()
    return { library, files, folders: folders ?? (() => everyFolder(library, files)) }
  }

  return {
    autoBackup,
    /** The library and its runs, for "This computer" beside the cloud backups. */
    service: backups,
    defaultFolder,
    owners,
    reads,
    /** `<backup>` as every command takes it (backup-ref.ts), in the given folders of the library or in all of them. */
    resolve: (ref: string | null, folders?: () => Promise<string[]>) => resolveBackup(ref, scope(folders)),
    isRunning: () => backups.isRunning(),
    handlers: backupHandlers({
      backups,
      charts: needs.chartList.charts,
      desktop,
      settings,
      defaultFolder,
      appVersion: ctx.identity.version,
      history: keptHistory(sync),
      owners,
      reads,
      emitLibrary: publish
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
