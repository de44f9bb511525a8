import type { AccountsModule } from '../accounts/module'
import type { LogChange } from '../cache/account-cache'
import type { CoreContext } from '../core/context'
import { Listeners } from '../core/listeners'
import { syncHandlers } from './handlers'
import { SyncService } from './sync-service'

/** An account's data: sync with the service, the offline cache and the kept history. */
export function syncModule(ctx: CoreContext, accounts: Pick<AccountsModule, 'auth' | 'registry' | 'signedIn' | 'forgetting'>) {
  const { events } = ctx
  /** Every change of an account's play log, in order. */
  const logChanged = new Listeners<{ accountId: string; change: LogChange }>()
  const sync = new SyncService({
    accounts: accounts.registry,
    connection: accounts.auth,
    files: ctx.files,
    dataDir: ctx.deps.dataDir,
    health: ctx.health,
    clock: ctx.clock,
    fetch: ctx.fetch,
    emit: (data) => events.emit('sync:changed', data),
    emitPlayer: (stats) => events.emit('sync:player', stats),
    onLog: (accountId, change) => void logChanged.fire({ accountId, change }),
    logger: ctx.logger,
    retryAfterMs: ctx.tuning.retryAfterMs
  })
  const emitData = (id: string) => events.emit('sync:changed', sync.view(id))
  ctx.disposables.add(accounts.signedIn.on((id) => sync.sync(id).catch(() => {})))
  ctx.disposables.add(accounts.forgetting.on((id) => sync.forget(id)))
  ctx.disposables.add(async () => {
    sync.dispose()
    await sync.flush()
  })
  return {
    sync,
    logChanged,
    emitData,
    handlers: syncHandlers({ sync, emitData }),
    replay() {
      const active = accounts.registry.activeId()
      if (!active) return
      emitData(active)
      // The player's bests follow when read (not awaited: the rest of the replay does not wait for the file).
      void sync.emitPlayer(active)
    }
  }
}

export type SyncModule = ReturnType<typeof syncModule>
