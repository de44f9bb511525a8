import { AppError } from '../../shared/errors'
import type { AccountsModule } from '../accounts/module'
import type { ChartListModule } from '../chart-list/module'
import type { CoreContext } from '../kernel/context'
import { messagesFor } from '../i18n'
import type { SettingsModule } from '../settings/module'
import type { SyncModule } from '../sync/module'
import { computeInSlices, type ComputeRequest } from './compute'
import { sessionsHandlers } from './handlers'
import { SessionsWorker, type StartSessionsWorker } from './off-thread'
import { compact } from './play-table'
import { SessionsService } from './sessions-service'

export interface SessionsNeeds {
  settings: Pick<SettingsModule, 'settings' | 'language'>
  accounts: Pick<AccountsModule, 'registry'>
  sync: Pick<SyncModule, 'sync'>
  chartList: Pick<ChartListModule, 'charts'>
}

export interface SessionsOptions {
  /** Starts the worker thread sessions are computed on (the built `sessions-worker.js`); none: computed on the main thread. */
  worker?: StartSessionsWorker | null
}

/**
 * Sessions: the plays of each sitting at the game, from the whole kept history (service plays and
 * the game's data.db), what each did, what changed since the player last looked, and a notification
 * when one ends. Computed on the sessions worker where the app has one (the built `sessions-worker.js`).
 */
export function sessionsModule(ctx: CoreContext, needs: SessionsNeeds, options: SessionsOptions = {}) {
  const { settings, language } = needs.settings
  const { registry } = needs.accounts
  const { sync } = needs.sync
  const { signals } = ctx
  const start = options.worker ?? null
  const worker = start ? new SessionsWorker(start) : null
  if (worker) ctx.disposables.add(() => worker.close())
  const compute = async (request: ComputeRequest) => {
    if (!worker) return computeInSlices(request)
    // The worker takes the buffers it is given: it gets copies, so a failed run leaves these whole.
    const copy = { ...request, base: compact(request.base), tail: request.tail?.slice() ?? null }
    try {
      return await worker.run(copy)
    } catch (error) {
      if (!(error instanceof AppError && error.data.details?.cause === 'worker')) throw error
      ctx.logger.warn({ error }, 'the sessions worker could not run: computing on the main thread')
      return computeInSlices(request)
    }
  }
  const constants = () => {
    const out: Record<string, number> = {}
    for (const [id, chart] of needs.chartList.charts()) if (chart.constant !== undefined) out[id] = chart.constant
    return out
  }
  const service = new SessionsService({
    files: ctx.files,
    dataDir: ctx.dataDir,
    health: ctx.health,
    clock: ctx.clock,
    history: (id) => sync.cache(id),
    isSignedIn: (id) => registry.get(id) !== undefined,
    settings: () => settings.get(),
    messages: () => messagesFor(language()),
    language,
    constants,
    compute,
    emit: (state) => ctx.events.emit('sessions:changed', state),
    notify: (title, body, accountId) =>
      ctx.desktop.notify(title, body, () => ctx.events.emit('app:command', { type: 'navigate', screen: 'sessions', accountId })),
    logger: ctx.logger
  })
  ctx.disposables.add(signals.playLogChanged.on(({ accountId, change }) => service.logChanged(accountId, change)))
  ctx.disposables.add(signals.accountForgetting.on((id) => service.forget(id)))
  let gap = settings.get().sessions.gapMinutes
  ctx.disposables.add(
    signals.settingsChanged.on((next) => {
      if (next.sessions.gapMinutes === gap) return
      gap = next.sessions.gapMinutes
      return service.recomputeAll()
    })
  )
  // A new chart list gives values to plays without a Reality of their own; new rank snapshots move Reality before and after.
  let listVersion = ''
  ctx.disposables.add(
    signals.chartListChanged.on((info) => {
      const version = `${info.count}|${info.updatedAt ?? ''}`
      if (listVersion && version !== listVersion) void service.recomputeAll()
      listVersion = version
    })
  )
  ctx.disposables.add(signals.accountDataChanged.on((data) => service.synced(data.accountId, data.history.snapshots)))
  ctx.disposables.add(() => service.dispose())
  return {
    service,
    handlers: sessionsHandlers({ service }),
    replay() {
      const active = registry.activeId()
      if (active) void service.load(active)
    },
    /** Sessions of the account the app opens on are ready before the player asks (and its notifications armed). */
    start() {
      for (const account of registry.list()) void service.load(account.id)
    }
  }
}

export type SessionsModule = ReturnType<typeof sessionsModule>
