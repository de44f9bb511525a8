import type { RestoreReport } from '../../shared/restore'
import type { FeatureHandlers } from '../ipc/dispatcher'
import type { DesktopPort } from '../ports'
import type { RestorePolicy } from './restore-policy'
import type { RestorePlan, RestoreRequest } from './restore-plan'
import type { RestoreService } from './restore-service'

export interface RestoreHandlerDeps {
  service: RestoreService
  desktop: Pick<DesktopPort, 'chooseFolder'>
  /** The game's folder the player chose in the app; null: the usual place. */
  gameFolder: () => string | null
  /** Which versions may be written (a cloud backup only for its signed-in account). */
  policy: Pick<RestorePolicy, 'check'>
  /** Sends the last restore to the window (`restore:changed`). */
  emitState: () => Promise<void>
}

export function restoreHandlers(deps: RestoreHandlerDeps): FeatureHandlers<'restore'> {
  const { service } = deps
  const request = (backupId: string, fields: Partial<RestoreRequest>): RestoreRequest => ({
    backupId,
    mode: 'restore',
    gameFolder: deps.gameFolder(),
    withPlays: false,
    allowDowngrade: false,
    allowOtherPlayer: false,
    ...fields
  })
  /** A version that is written must be the player's (a preview reads only files). */
  const writing = (backupId: string, fields: Partial<RestoreRequest>) => {
    deps.policy.check({ kind: 'version', id: backupId, byPath: false })
    return service.plan(request(backupId, fields))
  }
  /** Applies a plan and sends the new state, whatever came of it. */
  const applied = async (plan: RestorePlan): Promise<RestoreReport> => {
    try {
      return await service.apply(plan)
    } finally {
      // The state the window shows is read again on its next load; the restore's own answer is what counts here.
      await deps.emitState().catch(() => {})
    }
  }
  return {
    'restore:load': async () => (await deps.emitState(), null),
    'restore:preview': async (backupId, { withPlays, export: exporting }) =>
      (await service.plan(request(backupId, { withPlays, mode: exporting ? 'export' : 'restore' }))).report,
    'restore:apply': async (backupId, options) => applied(await writing(backupId, options)),
    'restore:export': async (backupId, { withPlays }) => {
      const folder = await deps.desktop.chooseFolder()
      if (!folder) return null
      return applied(await writing(backupId, { withPlays, mode: 'export', exportTo: folder }))
    },
    'restore:undoPreview': async () => (await service.planUndo(deps.gameFolder())).report,
    'restore:undo': async ({ expectCurrent }) => applied(await service.planUndo(deps.gameFolder(), expectCurrent))
  }
}
