import type { FeatureHandlers } from '../ipc/dispatcher'
import type { SyncService } from './sync-service'

export function dataHandlers(deps: { sync: SyncService; emitData(accountId: string): void }): FeatureHandlers<'data'> {
  const { sync } = deps
  return {
    'data:load': (id) => {
      deps.emitData(id)
      void sync.emitPlayer(id)
      return null
    },
    'data:sync': async (id, { maxAgeMs }) => (await sync.sync(id, { maxAgeMs }), null),
    'data:history': async (id) => {
      sync.view(id)
      return sync.cache(id).records()
    },
    'data:realityHistory': (id, { since }) => sync.realityHistory(id, since)
  }
}
