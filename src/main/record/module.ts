import type { AccountsModule } from '../accounts/module'
import { FolderLock, type HeldLock } from '../backups/folder-lock'
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
  const folder = dataFolderLock(ctx)
  const record = new RecordService({
    guard: folder.guard,
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
    start: folder.hold,
    replay() {
      const active = registry.activeId()
      if (active) record.emit(active)
    }
  }
}

/**
 * The app keeps an account's marks in memory and writes them as they change: a change the CLI made to the same data
 * folder meanwhile would be written over. So a running app holds the data folder's lock, and the CLI changes marks only
 * while it can take that lock itself (for the one change), and otherwise says to close the app.
 */
function dataFolderLock(ctx: CoreContext) {
  const lock = new FolderLock(ctx.files, ctx.dataDir)
  let held: HeldLock | null = null
  ctx.disposables.add(() => held?.release())
  return {
    hold: () => {
      if (ctx.program !== 'app') return
      lock.acquire({ program: 'app', waitMs: 5_000 }).then(
        (h) => (held = h),
        (error: unknown) => ctx.logger.warn({ error }, 'the data folder lock was not taken: a CLI may change marks meanwhile')
      )
    },
    guard: async <T>(change: () => Promise<T>): Promise<T> => {
      if (ctx.program !== 'cli') return change()
      const mine = await lock.acquire({
        program: 'cli',
        waitMs: 0,
        busyReason: 'app_open',
        busyMessage: (holder) =>
          `The data folder is open in ${holder}, which keeps these marks in memory and would write over a change made here. ` +
          'Close the app first, or make the change in the app.'
      })
      try {
        return await change()
      } finally {
        await mine.release()
      }
    }
  }
}
