import type { CoreContext } from '../kernel/context'
import type { SettingsModule } from '../settings/module'
import { updateHandlers } from './handlers'
import { UpdateService, type UpdaterPort } from './update-service'

export interface UpdatesOptions {
  /** electron-updater in a packaged app; none in development, the web host and tests (a stand-in there). */
  updater?: UpdaterPort | null
}

/** App updates (electron-updater in a packaged app): a check at start when the player allows it, and the window's buttons. */
export function updatesModule(ctx: CoreContext, needs: { settings: Pick<SettingsModule, 'settings'> }, options: UpdatesOptions = {}) {
  const { events } = ctx
  const { settings } = needs.settings
  const updates = new UpdateService({
    updater: options.updater ?? null,
    enabled: () => settings.get().checkForUpdates,
    emit: (state) => events.emit('updates:changed', state),
    clock: ctx.clock,
    logger: ctx.logger
  })
  ctx.disposables.add(ctx.signals.settingsChanged.on(() => updates.settingChanged()))
  return {
    updates,
    handlers: updateHandlers({ updates, emit: () => events.emit('updates:changed', updates.state) }),
    start: () => void updates.checkAtStart()
  }
}
