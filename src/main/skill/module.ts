import type { AccountsModule } from '../accounts/module'
import type { ChartListModule } from '../chart-list/module'
import type { CoreContext } from '../kernel/context'
import type { SyncModule } from '../sync/module'
import { skillHandlers } from './handlers'
import { SkillService } from './skill-service'

export interface SkillNeeds {
  accounts: Pick<AccountsModule, 'registry'>
  sync: Pick<SyncModule, 'sync'>
  chartList: Pick<ChartListModule, 'charts'>
}

/**
 * The skill profile (issue #54): per level (the constant's whole part) and input mode, the spread of the player's
 * bests and the clear / FC / AP counts, now and month by month from the kept history. Asked for where it is shown.
 */
export function skillModule(ctx: CoreContext, needs: SkillNeeds) {
  const { registry } = needs.accounts
  const { sync } = needs.sync
  const skill = new SkillService({
    charts: needs.chartList.charts,
    player: (id) => sync.cache(id).player(id),
    plays: (id) => sync.history(id),
    isSignedIn: (id) => registry.get(id) !== undefined,
    now: () => ctx.clock.now()
  })
  ctx.disposables.add(ctx.signals.accountForgetting.on((id) => skill.forget(id)))
  return { skill, handlers: skillHandlers({ skill }) }
}
