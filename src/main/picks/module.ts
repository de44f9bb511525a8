import { randomInt } from 'node:crypto'
import type { ScoreRecord } from '../../shared/api'
import type { ChartInfo } from '../../shared/data'
import type { PickList, PickNearMiss } from '../../shared/picks/picks'
import type { AccountsModule } from '../accounts/module'
import type { BackupsModule } from '../backups/module'
import type { ChartListModule } from '../chart-list/module'
import type { CoreContext } from '../kernel/context'
import type { ProgressModule } from '../progress/module'
import type { SyncModule } from '../sync/module'
import { picksHandlers } from './handlers'
import { rankInputs, saveList } from './inputs'
import { PicksService } from './picks-service'

export interface PicksNeeds {
  accounts: Pick<AccountsModule, 'registry'>
  sync: Pick<SyncModule, 'sync'>
  progress: Pick<ProgressModule, 'progress'>
  chartList: Pick<ChartListModule, 'charts'>
  backups: Pick<BackupsModule, 'resolve' | 'reads'>
}

/**
 * "Play next" (issue #54): per account, a short list of charts worth playing (near misses, the planner's cheapest
 * steps, charts not played for long, charts not played yet at the player's level) and a random pick. Worked out again
 * on the signals that follow a session's plays (`playerChanged`), a new latest save (`libraryChanged`,
 * `gameFolderChanged`, `gameFolderRestored`: marks the save holds) and a new chart list (`chartListChanged`).
 */
export function picksModule(ctx: CoreContext, needs: PicksNeeds) {
  const { registry } = needs.accounts
  const { sync } = needs.sync
  const { progress } = needs.progress
  const picks = new PicksService({
    charts: needs.chartList.charts,
    player: (id) => sync.cache(id).player(id),
    nearMisses: (id) => progress.nearMisses(id),
    lastPlayed: (id) => progress.lastPlayed(id),
    isSignedIn: (id) => registry.get(id) !== undefined,
    now: () => ctx.clock.now(),
    seed: () => randomInt(0, 0xffff_ffff),
    emit: (state) => ctx.events.emit('picks:changed', state),
    logger: ctx.logger
  })
  /** A new computation for an account whose picks were asked for; a failure is in its state and the log, never thrown at the signal. */
  const refresh = (id: string) => {
    if (picks.follows(id)) void picks.refresh(id).catch((error: unknown) => ctx.logger.warn({ id, error }, 'picks refresh failed'))
  }
  const all = () => registry.list().forEach(({ id }) => refresh(id))
  const { signals } = ctx
  ctx.disposables.add(signals.playerChanged.on(({ accountId }) => refresh(accountId)))
  ctx.disposables.add(signals.libraryChanged.on(({ accountId }) => refresh(accountId)))
  ctx.disposables.add(signals.gameFolderChanged.on(({ accountId }) => refresh(accountId)))
  ctx.disposables.add(signals.gameFolderRestored.on(all))
  ctx.disposables.add(signals.chartListChanged.on(all))
  ctx.disposables.add(signals.accountForgetting.on((id) => picks.forget(id)))

  return {
    picks,
    /** What the picks are worked out from outside the window (the CLI): a save's bests, or the service's best lists. */
    inputs: {
      async save(ref: string | null): Promise<{ path: string; list: PickList }> {
        const { path, contents } = await needs.backups.reads.read(await needs.backups.resolve(ref))
        return { path, list: saveList(contents.bests, needs.chartList.charts()) }
      },
      ranks: (
        ranks: { touch: readonly ScoreRecord[]; keyboard: readonly ScoreRecord[] },
        recent: readonly ScoreRecord[],
        charts: ReadonlyMap<string, ChartInfo>
      ): { lists: PickList[]; nearMisses: PickNearMiss[] } => rankInputs(ranks, recent, charts)
    },
    handlers: picksHandlers({ picks }),
    replay() {
      const active = registry.activeId()
      if (active && picks.follows(active)) void picks.load(active).catch(() => {})
    }
  }
}
