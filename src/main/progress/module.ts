import { numberText } from '../../shared/number-text'
import type { AccountsModule } from '../accounts/module'
import type { BackupsModule } from '../backups/module'
import type { ChartListModule } from '../chart-list/module'
import type { ChartInfo } from '../../shared/data'
import type { FolderKind } from '../../shared/progress'
import type { GameFolderModule } from '../game-folder/module'
import type { CoreContext } from '../kernel/context'
import { messagesFor } from '../i18n'
import type { SettingsModule } from '../settings/module'
import type { SyncModule } from '../sync/module'
import { backupFolderReport, gameFolderReport } from './folder-report'
import { progressHandlers } from './handlers'
import { LatestSaves } from './latest-save'
import { progressStoreName } from './progress-store'
import { ProgressService, type RecheckReason } from './progress-service'

export interface ProgressNeeds {
  settings: Pick<SettingsModule, 'language'>
  accounts: Pick<AccountsModule, 'registry'>
  sync: Pick<SyncModule, 'sync'>
  backups: Pick<BackupsModule, 'service' | 'owners' | 'resolve' | 'reads'>
  gameFolder: Pick<GameFolderModule, 'local'>
  chartList: Pick<ChartListModule, 'charts'>
}

/**
 * Folders, goals and near misses (#43). Goals are re-checked through one function, `recheck`, on the
 * signals that can change them: plays added (a sync, a local import: `playerChanged`), a new latest
 * save (a backup, a local version: `libraryChanged`, `gameFolderChanged`), a new chart list
 * (`chartListChanged`), and a restore into the game's folder (`gameFolderRestored`).
 */
export function progressModule(ctx: CoreContext, needs: ProgressNeeds) {
  const { events, desktop, clock } = ctx
  const { registry } = needs.accounts
  const { sync } = needs.sync
  const backups = needs.backups.service
  const foldersOf = (id: string): string[] => {
    const account = registry.get(id)
    return account ? needs.backups.owners.foldersOf(account) : []
  }
  const saves = new LatestSaves({ library: () => backups.library(), files: ctx.files, folders: foldersOf })
  const progress = new ProgressService({
    charts: needs.chartList.charts,
    player: (id) => sync.cache(id).player(id),
    plays: (id) => sync.countedPlays(id),
    saves,
    store: (id) => ctx.store(progressStoreName(id)),
    isSignedIn: (id) => registry.get(id) !== undefined,
    now: () => clock.now(),
    emit: (state) => events.emit('progress:changed', state),
    language: () => needs.settings.language(),
    onMet: (accountId, _goal, reached, name) => {
      const language = needs.settings.language()
      const text = messagesFor(language).progress
      const count = `${numberText(reached.met, language)}/${numberText(reached.total, language)}`
      desktop.notify(text.goalMetTitle, text.goalMetBody(name, count), () =>
        events.emit('app:command', { type: 'navigate', screen: 'progress', accountId })
      )
    },
    logger: ctx.logger
  })

  /** Re-checks an account for a signal, when it is shown or has goals; a failure is logged, never thrown at the signal. */
  const recheck = (accountId: string, reason: RecheckReason, options: { restoredBackupId?: string } = {}) => {
    if (!progress.follows(accountId)) return
    progress
      .recheck(accountId, reason, options)
      .catch((error: unknown) => ctx.logger.warn({ accountId, error }, 'progress re-check failed'))
  }
  const { signals } = ctx
  ctx.disposables.add(signals.playerChanged.on(({ accountId }) => recheck(accountId, 'plays')))
  ctx.disposables.add(signals.libraryChanged.on(({ accountId }) => recheck(accountId, 'save')))
  ctx.disposables.add(signals.gameFolderChanged.on(({ accountId }) => recheck(accountId, 'save')))
  ctx.disposables.add(signals.chartListChanged.on(() => progress.behindList().forEach((id) => recheck(id, 'list'))))
  ctx.disposables.add(signals.accountForgetting.on((id) => progress.forget(id)))
  // A restore (or its undo) put a version into the game's folder: it is the save in effect for the accounts whose library holds it.
  ctx.disposables.add(
    signals.gameFolderRestored.on(({ backupId }) => {
      const [folder = ''] = backupId.split('/')
      for (const { id } of registry.list()) if (foldersOf(id).includes(folder)) recheck(id, 'restore', { restoredBackupId: backupId })
    })
  )

  return {
    progress,
    /** Folder tables for a reader outside the window (the CLI), from a backup's save or the game's own files. */
    reports: {
      backup: async (ref: string | null, input: { charts: ReadonlyMap<string, ChartInfo>; by?: FolderKind }) =>
        backupFolderReport(await needs.backups.resolve(ref), needs.backups.reads, input),
      game: (folder: string | null, input: { charts: ReadonlyMap<string, ChartInfo>; by?: FolderKind }) =>
        gameFolderReport(needs.gameFolder.local, folder, input)
    },
    /**
     * The one re-check a signal of another feature calls. A restore (#40):
     * `recheck(accountId, 'restore', { restoredBackupId })`, the version it put back into the game.
     */
    recheck,
    handlers: progressHandlers({
      progress,
      desktop,
      files: ctx.files,
      history: (id) => sync.cache(id).marked(),
      account: (id) => ({ username: registry.get(id)?.username ?? null, uid: registry.get(id)?.uid ?? null }),
      now: () => clock.now()
    })
  }
}
export type ProgressModule = ReturnType<typeof progressModule>
