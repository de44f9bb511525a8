import type { CoreContext } from '../core/context'
import type { SettingsModule } from '../settings/module'
import { updateHandlers } from './handlers'
import { UpdateService } from './update-service'

/** App updates (electron-updater in a packaged app): a check at start when the player allows it, and the window's buttons. */
export function updatesModule(ctx: CoreContext, needs: { settings: Pick<SettingsModule, 'settings' | 'changed'> }) {
  const { events } = ctx
  const { settings } = needs.settings
  const updates = new UpdateService({
    updater: ctx.deps.updater ?? null,
    enabled: () => settings.get().checkForUpdates,
    emit: (state) => events.emit('updates:changed', state),
    clock: ctx.clock,
    logger: ctx.logger
  })
  ctx.disposables.add(needs.settings.changed.on(() => updates.settingChanged()))
  return {
    updates,
    handlers: updateHandlers({ updates, emit: () => events.emit('updates:changed', updates.state) }),
    start: () => void updates.checkAtStart()
  }
}

export type UpdatesModule = ReturnType<typeof updatesModule>
