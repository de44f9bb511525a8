import type { PlannerList } from '../../shared/planner/list'
import type { PlannerSource } from '../../shared/ipc/contract'
import type { FeatureHandlers } from '../ipc/dispatcher'
import type { PlannerService } from './planner-service'

/** The planner's channels: the source read into a list (an account's bests in one mode, a library version's save), then asked. */
export function plannerHandlers(deps: {
  service: PlannerService
  listOf(source: PlannerSource): Promise<PlannerList>
}): FeatureHandlers<'planner'> {
  const { service, listOf } = deps
  return {
    'planner:plan': async (source, target, options) => service.plan(await listOf(source), target, options),
    'planner:cancel': async () => (await service.cancel(), null),
    'planner:whatIf': async (source, scores) => service.whatIf(await listOf(source), scores)
  }
}
