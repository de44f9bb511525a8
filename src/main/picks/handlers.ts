import type { FeatureHandlers } from '../ipc/dispatcher'
import type { PicksService } from './picks-service'

export function picksHandlers({ picks }: { picks: PicksService }): FeatureHandlers<'picks'> {
  return {
    'picks:load': async (id) => (await picks.load(id), null),
    'picks:random': (id, filter, seed) => picks.random(id, filter, seed)
  }
}
