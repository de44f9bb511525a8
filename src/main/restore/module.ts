import type { ChartInfo } from '../../shared/data'
import { AppError } from '../../shared/errors'
import type { LocalBackupService } from '../game-folder/local-backup'
import type { BackupsModule } from '../backups/module'
import type { ChartListModule } from '../chart-list/module'
import type { CoreContext } from '../kernel/context'
import type { GameFolderModule } from '../game-folder/module'
import { nodeProcesses, type ListProcesses } from '../platform-node/processes'
import { restoreHandlers } from './handlers'
import { restorePolicy } from './restore-policy'
import type { RestorePlan, RestoreRequest } from './restore-plan'
import { RestoreService } from './restore-service'

export interface RestoreNeeds {
  gameFolder: Pick<GameFolderModule, 'local' | 'chosenFolder'>
  backups: Pick<BackupsModule, 'owners' | 'resolve'>
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
  const policy = restorePolicy(needs.backups.owners)
  const service = restoreService(ctx, { local: needs.gameFolder.local, charts: needs.chartList.charts }, options)
  // A record of the last restore that cannot be read is sent as none: the window then offers no Undo.
  const emitState = async () => events.emit('restore:changed', { last: await service.lastRestore().catch(() => null) })
  /** `<backup>` as a version to restore (a save file outside the library is none). */
  const versionNamed = async (ref: string) => {
    const backup = await needs.backups.resolve(ref)
    if (backup.kind === 'file')
      throw AppError.of('not_found', `${ref} is not the save file of any version in the library at ${service.root}.`)
    return backup
  }
  return {
    service,
    policy,
    /** A version's id, and the cloud folder whose account must be signed in to write it (null: none). */
    async whose(ref: string): Promise<{ id: string; cloudFolder: string | null }> {
      const backup = await versionNamed(ref)
      return { id: backup.id, cloudFolder: policy.needsAccount(backup) ? backup.id.split('/')[0]! : null }
    },
    /**
     * The plan of a restore of `request.backupId`, a `<backup>` in any of its forms: a dry run only reads files;
     * one that will be written must be the player's (`signIn` first, where the version needs an account).
     */
    async planNamed(request: RestoreRequest, o: { dryRun: boolean; signIn: () => Promise<unknown> }): Promise<RestorePlan> {
      const backup = await versionNamed(request.backupId)
      if (!o.dryRun && policy.needsAccount(backup)) await o.signIn()
      if (!o.dryRun) policy.check(backup)
      return service.plan({ ...request, backupId: backup.id })
    },
    handlers: restoreHandlers({ service, desktop: ctx.desktop, gameFolder: needs.gameFolder.chosenFolder, policy, emitState })
  }
}
