import type { ScoreRecord } from '../../shared/api'
import { AppError } from '../../shared/errors'
import type { PlannerSource } from '../../shared/ipc/contract'
import type { PlannerList } from '../../shared/planner/list'
import type { AccountsModule } from '../accounts/module'
import type { ResolvedBackup } from '../backups/backup-ref'
import type { BackupsModule } from '../backups/module'
import type { ChartListModule } from '../chart-list/module'
import type { CoreContext } from '../kernel/context'
import type { SyncModule } from '../sync/module'
import { plannerHandlers } from './handlers'
import { listOfRecords, listOfSave } from './lists'
import { PlannerWorker, type StartPlannerWorker } from './off-thread'
import { PlannerService } from './planner-service'

export interface PlannerNeeds {
  accounts: Pick<AccountsModule, 'registry'>
  sync: Pick<SyncModule, 'sync'>
  chartList: Pick<ChartListModule, 'charts'>
  backups: Pick<BackupsModule, 'reads'>
}

export interface PlannerOptions {
  /** Starts the worker thread plans are worked out on (the built `planner-worker.js`); none: on the main thread. */
  worker?: StartPlannerWorker | null
}

/**
 * What to play next (#54, docs/planner.md): the Reality planner and what-if, the pure engine of
 * `src/shared/planner` on a list of bests: an account's kept bests in one input mode (the same bests goals are
 * checked on), a version of the backup library, or (the CLI) a save file and the service's rank lists.
 */
export function plannerModule(ctx: CoreContext, needs: PlannerNeeds, options: PlannerOptions = {}) {
  const charts = needs.chartList.charts
  const worker = options.worker ? new PlannerWorker(options.worker) : null
  if (worker) ctx.disposables.add(() => worker.close())
  const service = new PlannerService({ worker, logger: ctx.logger })
  const lists = {
    /** A signed-in account's kept bests in one input mode. */
    async account(accountId: string, mode: 'touch' | 'keyboard'): Promise<PlannerList> {
      if (!needs.accounts.registry.get(accountId)) throw AppError.of('not_found', 'That account is not signed in.')
      const { bests } = await needs.sync.sync.cache(accountId).player(accountId)
      return listOfRecords(
        mode,
        bests.filter((b) => b.mode === mode).map((b) => b.record),
        charts()
      )
    },
    /** A save's bests: a library version, or a save file (the CLI's `--file`), read within the size a save has. */
    backup: async (backup: ResolvedBackup): Promise<PlannerList> =>
      listOfSave((await needs.backups.reads.read(backup)).contents.bests, charts()),
    /** Records of one input mode (the CLI: the service's rank lists, as it keeps no history). */
    records: (mode: 'touch' | 'keyboard', records: readonly ScoreRecord[]): PlannerList => listOfRecords(mode, records, charts())
  }
  const listOf = (source: PlannerSource) =>
    source.kind === 'account'
      ? lists.account(source.accountId, source.mode)
      : lists.backup({ kind: 'version', id: source.backupId, byPath: false })
  return {
    service,
    lists,
    handlers: plannerHandlers({ service, listOf })
  }
}
