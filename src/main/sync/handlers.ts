import type { FeatureHandlers } from '../ipc/dispatcher'
import type { SyncService } from './sync-service'

export function syncHandlers(deps: { sync: SyncService; emitData(accountId: string): void }): FeatureHandlers<'sync'> {
  const { sync } = deps
  return {
    'sync:load': (id) => {
      deps.emitData(id)
      void sync.emitPlayer(id)
      return null
    },
    'sync:run': async (id, { maxAgeMs }) => (await sync.sync(id, { maxAgeMs }), null),
    'sync:history': async (id) => {
      sync.view(id)
      return sync.cache(id).records()
    },
    'sync:realityHistory': (id, { since }) => sync.realityHistory(id, since)
  }
}
