import type { AccountsModule } from '../accounts/module'
import type { CoreContext } from '../kernel/context'
import type { SessionsModule } from '../sessions/module'
import type { SyncModule } from '../sync/module'
import { recordHandlers } from './handlers'
import { RecordService } from './record-service'

export interface RecordNeeds {
  accounts: Pick<AccountsModule, 'registry'>
  sync: Pick<SyncModule, 'sync'>
  sessions: Pick<SessionsModule, 'service'>
}

/**
 * The player's marks on their record (#55): plays hidden (kept, and in no figure), notes and stars on plays and
 * sessions, session names, the list of imports with taking one back. It follows `recordMarksChanged` (raised by sync,
 * whose cache keeps the marks beside the plays) and sends the marks as `record:changed`.
 */
export function recordModule(ctx: CoreContext, needs: RecordNeeds) {
  const { registry } = needs.accounts
  const record = new RecordService({
    sync: needs.sync.sync,
    accounts: registry,
    hasSession: async (accountId, sessionId) => (await needs.sessions.service.list(accountId)).some((card) => card.id === sessionId),
    emit: (state) => ctx.events.emit('record:changed', state),
    now: () => ctx.clock.now()
  })
  ctx.disposables.add(ctx.signals.recordMarksChanged.on((accountId) => record.emit(accountId)))
  return {
    record,
    handlers: recordHandlers({ record }),
    replay() {
      const active = registry.activeId()
      if (active) record.emit(active)
    }
  }
}
