import type { ChartInfo } from '../../shared/data'
import type { LocalBackupService } from '../game-folder/local-backup'
import type { BackupAccount } from '../backups/backup-service'
import type { BackupsModule } from '../backups/module'
import type { ChartListModule } from '../chart-list/module'
import type { CoreContext } from '../kernel/context'
import { localFolderName } from '../backups/library'
import type { GameFolderModule } from '../game-folder/module'
import { nodeProcesses, type ListProcesses } from '../platform-node/processes'
import { restoreHandlers } from './handlers'
import { RestoreService } from './restore-service'

export interface RestoreNeeds {
  gameFolder: Pick<GameFolderModule, 'local' | 'chosenFolder'>
  backups: Pick<BackupsModule, 'service'>
  accounts: { registry: { list(): BackupAccount[] } }
  chartList: Pick<ChartListModule, 'charts'>
}

export interface RestoreOptions {
  /** The programs running on this computer, to see whether Milthm runs before a restore (tests give a fake list). */
  processes?: ListProcesses
  /** How long a restore waits for another one (in the app or the CLI) holding the restore's lock. */
  lockWaitMs?: number
}

/** The restore service on a context's ports: each step as a `restore:progress` event, a restore raised as `gameFolderRestored`. */
function restoreService(
  ctx: CoreContext,
  o: { local: LocalBackupService; charts: () => ReadonlyMap<string, ChartInfo> },
  options: RestoreOptions
) {
  const { events, files, clock } = ctx
  return new RestoreService({
    files,
    clock,
    local: o.local,
    processes: options.processes ?? nodeProcesses(),
    charts: o.charts,
    program: ctx.program,
    onStep: (step, backupId) => events.emit('restore:progress', { backupId, step }),
    onRestored: (event) => ctx.signals.gameFolderRestored.fire(event),
    sleep: ctx.sleep,
    lockWaitMs: options.lockWaitMs
  })
}

/**
 * Putting a library version back into the game's folder, or exporting it as a saves.db, with a pinned
 * snapshot first and Undo. After a restore, `gameFolderRestored` is raised for whoever follows the
 * game's folder.
 */
export function restoreModule(ctx: CoreContext, needs: RestoreNeeds, options: RestoreOptions = {}) {
  const { events } = ctx
  const { registry } = needs.accounts
  const service = restoreService(ctx, { local: needs.gameFolder.local, charts: needs.chartList.charts }, options)
  const emitState = async () => events.emit('restore:changed', { last: await service.lastRestore().catch(() => null) })
  return {
    service,
    handlers: restoreHandlers({
      service,
      desktop: ctx.desktop,
      gameFolder: needs.gameFolder.chosenFolder,
      ownFolders: () => registry.list().flatMap((a) => [needs.backups.service.folderOf(a), localFolderName(a.uid)]),
      emitState
    })
  }
}

export type RestoreModule = ReturnType<typeof restoreModule>
