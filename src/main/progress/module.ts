import type { Library } from '../../shared/backups'
import type { PlayerStats } from '../../shared/data'
import type { LocalState } from '../../shared/game-folder'
import { numberText } from '../../shared/number-text'
import type { AccountsModule } from '../accounts/module'
import type { BackupsModule } from '../backups/module'
import type { ChartListModule } from '../chart-list/module'
import type { CoreContext } from '../core/context'
import { localFolderName } from '../backups/library'
import { messagesFor } from '../i18n'
import type { SettingsModule } from '../settings/module'
import type { SyncModule } from '../sync/module'
import { progressHandlers } from './handlers'
import { LatestSaves } from './latest-save'
import { progressStoreName } from './progress-store'
import { ProgressService, type RecheckReason } from './progress-service'

export interface ProgressNeeds {
  settings: Pick<SettingsModule, 'language'>
  accounts: Pick<AccountsModule, 'registry' | 'forgetting'>
  sync: Pick<SyncModule, 'sync'>
  backups: Pick<BackupsModule, 'service'>
  chartList: Pick<ChartListModule, 'charts'>
}

/**
 * Folders, goals and near misses (#43). Goals are re-checked through one function, `recheck`, on the
 * signals that can change them: plays added (a sync, a local import: `sync:player`), a new latest
 * save (a backup, a local version: `backups:changed`, `gameFolder:changed`), a new chart list, and a
 * restore into the game's folder (`ctx.gameFolder.restored`).
 */
export function progressModule(ctx: CoreContext, needs: ProgressNeeds) {
  const { events, desktop, clock } = ctx
  const { registry } = needs.accounts
  const { sync } = needs.sync
  const backups = needs.backups.service
  const foldersOf = (id: string): string[] => {
    const account = registry.get(id)
    if (!account) return []
    const own = backups.folderOf(backups.account(id))
    return account.uid ? [own, localFolderName(account.uid)] : [own]
  }
  const saves = new LatestSaves({ library: () => backups.library(), files: ctx.files, folders: foldersOf })
  const progress = new ProgressService({
    charts: needs.chartList.charts,
    player: (id) => sync.cache(id).player(id),
    plays: (id) => sync.history(id),
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
  ctx.disposables.add(
    events.addSink((event, payload) => {
      if (event === 'sync:player') recheck((payload as PlayerStats).accountId, 'plays')
      else if (event === 'backups:changed') recheck((payload as Library).accountId, 'save')
      else if (event === 'gameFolder:changed') recheck((payload as LocalState).accountId, 'save')
      else if (event === 'chartList:changed') for (const id of progress.behindList()) recheck(id, 'list')
    })
  )
  ctx.disposables.add(needs.accounts.forgetting.on((id) => progress.forget(id)))
  // A restore (or its undo) put a version into the game's folder: it is the save in effect for the accounts whose library holds it.
  ctx.disposables.add(
    ctx.gameFolder.restored.on(({ backupId }) => {
      const [folder = ''] = backupId.split('/')
      for (const { id } of registry.list()) if (foldersOf(id).includes(folder)) recheck(id, 'restore', { restoredBackupId: backupId })
    })
  )

  return {
    progress,
    /**
     * The one re-check a signal of another feature calls. A restore (#40):
     * `recheck(accountId, 'restore', { restoredBackupId })`, the version it put back into the game.
     */
    recheck,
    handlers: progressHandlers({
      progress,
      desktop,
      files: ctx.files,
      history: (id) => sync.cache(id).records(),
      account: (id) => ({ username: registry.get(id)?.username ?? null, uid: registry.get(id)?.uid ?? null }),
      now: () => clock.now()
    })
  }
}

export type ProgressModule = ReturnType<typeof progressModule>
