import { AppError } from '../../shared/errors'
import type { RestoreReport } from '../../shared/restore'
import type { FeatureHandlers } from '../ipc/dispatcher'
import type { DesktopPort } from '../ports'
import type { RestorePlan, RestoreRequest, RestoreService } from './restore-service'

export interface RestoreHandlerDeps {
  service: RestoreService
  desktop: Pick<DesktopPort, 'chooseFolder'>
  /** The game's folder the player chose in the app; null: the usual place. */
  gameFolder: () => string | null
  /** Library folders of signed-in accounts (their cloud backups and "This computer" versions): only those are restored. */
  ownFolders: () => string[]
  /** Sends the last restore to the window (`restore:changed`). */
  emitState: () => Promise<void>
}

export function restoreHandlers(deps: RestoreHandlerDeps): FeatureHandlers<'restore'> {
  const { service } = deps
  const request = (backupId: string, fields: Partial<RestoreRequest>): RestoreRequest => {
    if (!deps.ownFolders().includes(backupId.split('/')[0]!))
      throw AppError.of('not_found', 'That backup does not belong to a signed-in account.')
    return {
      backupId,
      mode: 'restore',
      gameFolder: deps.gameFolder(),
      withPlays: false,
      allowDowngrade: false,
      allowOtherPlayer: false,
      ...fields
    }
  }
  /** Applies a plan and sends the new state, whatever came of it. */
  const applied = async (plan: RestorePlan): Promise<RestoreReport> => {
    try {
      return await service.apply(plan)
    } finally {
      await deps.emitState().catch(() => {})
    }
  }
  return {
    'restore:load': async () => (await deps.emitState(), null),
    'restore:preview': async (backupId, { withPlays, export: exporting }) =>
      (await service.plan(request(backupId, { withPlays, mode: exporting ? 'export' : 'restore' }))).report,
    'restore:apply': async (backupId, options) => applied(await service.plan(request(backupId, options))),
    'restore:export': async (backupId, { withPlays }) => {
      const folder = await deps.desktop.chooseFolder()
      if (!folder) return null
      return applied(await service.plan(request(backupId, { withPlays, mode: 'export', exportTo: folder })))
    },
    'restore:undoPreview': async () => (await service.planUndo(deps.gameFolder())).report,
    'restore:undo': async ({ expectCurrent }) => {
      const plan = await service.planUndo(deps.gameFolder())
      const current = plan.report.preview?.currentSha256 ?? null
      if (plan.report.status === 'dry-run' && expectCurrent !== null && current !== expectCurrent)
        return { ...plan.report, status: 'refused', reason: 'changed-since-preview', detail: null }
      return applied(plan)
    }
  }
}
