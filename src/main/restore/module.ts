import type { ChartInfo } from '../../shared/data'
import type { LocalBackupService } from '../game-folder/local-backup'
import type { BackupAccount } from '../backups/backup-service'
import type { BackupsModule } from '../backups/module'
import type { ChartListModule } from '../chart-list/module'
import type { CoreContext } from '../core/context'
import { localFolderName } from '../backups/library'
import type { GameFolderModule } from '../game-folder/module'
import { nodeProcesses } from '../platform-node/processes'
import { restoreHandlers } from './handlers'
import { RestoreService } from './restore-service'

export interface RestoreNeeds {
  gameFolder: Pick<GameFolderModule, 'local' | 'chosenFolder'>
  backups: Pick<BackupsModule, 'service'>
  accounts: { registry: { list(): BackupAccount[] } }
  chartList: Pick<ChartListModule, 'charts'>
}

/**
 * The restore service on a context's ports, for the app and the CLI: each step as a `restore:progress`
 * event, and a restore told to `ctx.gameFolder.restored`.
 */
export function restoreService(ctx: CoreContext, o: { local: LocalBackupService; charts: () => ReadonlyMap<string, ChartInfo> }) {
  const { events, files, clock, tuning } = ctx
  return new RestoreService({
    files,
    clock,
    local: o.local,
    processes: ctx.deps.gameProcesses ?? nodeProcesses(),
    charts: o.charts,
    program: ctx.deps.program ?? 'app',
    onStep: (step, backupId) => events.emit('restore:progress', { backupId, step }),
    onRestored: (event) => ctx.gameFolder.restored.fire(event),
    sleep: tuning.sleep,
    lockWaitMs: tuning.lockWaitMs
  })
}

/**
 * Putting a library version back into the game's folder, or exporting it as a saves.db, with a pinned
 * snapshot first and Undo. After a restore, `ctx.gameFolder.restored` fires for whoever follows the
 * game's folder.
 */
export function restoreModule(ctx: CoreContext, needs: RestoreNeeds) {
  const { events } = ctx
  const { registry } = needs.accounts
  const service = restoreService(ctx, { local: needs.gameFolder.local, charts: needs.chartList.charts })
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
