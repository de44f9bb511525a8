import type { AccountData, PlayerStats } from '../../shared/data'
import type { AccountsModule } from '../accounts/module'
import type { CoreContext } from '../kernel/context'
import { syncHandlers } from './handlers'
import { SyncService } from './sync-service'

export interface SyncOptions {
  /** How long a panel the service said to retry later waits before it is asked again (null: not again on its own). */
  retryAfterMs?: number | null
}

/**
 * An account's data: sync with the service, the offline cache and the kept history. It follows
 * `accountSignedIn` (the first sync) and `accountForgetting`, and raises `accountDataChanged`,
 * `playerChanged` and `playLogChanged` as it sends the window the same state, and `recordMarksChanged`
 * when the player's marks on the record change (the record feature sends those).
 */
export function syncModule(ctx: CoreContext, accounts: Pick<AccountsModule, 'auth' | 'registry'>, options: SyncOptions = {}) {
  const { events, signals } = ctx
  const publishData = (data: AccountData) => {
    events.emit('sync:changed', data)
    void signals.accountDataChanged.fire(data)
  }
  const publishPlayer = (stats: PlayerStats) => {
    events.emit('sync:player', stats)
    void signals.playerChanged.fire(stats)
  }
  const sync = new SyncService({
    accounts: accounts.registry,
    connection: accounts.auth,
    files: ctx.files,
    dataDir: ctx.dataDir,
    health: ctx.health,
    clock: ctx.clock,
    fetch: ctx.fetch,
    emit: publishData,
    emitPlayer: publishPlayer,
    onLog: (accountId, change) => signals.playLogChanged.fire({ accountId, change }),
    onMarks: (accountId) => void signals.recordMarksChanged.fire(accountId),
    logger: ctx.logger,
    retryAfterMs: options.retryAfterMs
  })
  const emitData = (id: string) => publishData(sync.view(id))
  // The first sync of an account that just signed in; its failure is on the account's panels already.
  ctx.disposables.add(signals.accountSignedIn.on((id) => sync.sync(id).catch(() => {})))
  ctx.disposables.add(signals.accountForgetting.on((id) => sync.forget(id)))
  ctx.disposables.add(async () => {
    sync.dispose()
    await sync.flush()
  })
  return {
    sync,
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
