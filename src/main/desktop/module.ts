import type { AccountsModule } from '../auth/module'
import type { BackupsModule } from '../backups/module'
import type { CoreContext } from '../core/context'
import type { GameFolderModule } from '../game-folder/module'
import type { SettingsModule } from '../settings/module'
import { createDesktopShell } from './desktop-shell'
import { updateHandlers } from './handlers'
import { UpdateService } from './updates'

export interface DesktopNeeds {
  settings: Pick<SettingsModule, 'settings' | 'language' | 'changed'>
  accounts: Pick<AccountsModule, 'links' | 'accountLinks'>
  backups: Pick<BackupsModule, 'autoBackup' | 'isRunning'>
  gameFolder: Pick<GameFolderModule, 'backUpNow'>
}

/** The desktop around the window: updates, and what the tray, menu and notifications show and do. */
export function desktopModule(ctx: CoreContext, needs: DesktopNeeds) {
  const { events } = ctx
  const { settings, language } = needs.settings
  const updates = new UpdateService({
    updater: ctx.deps.updater ?? null,
    enabled: () => settings.get().checkForUpdates,
    emit: (state) => events.emit('updates:changed', state),
    clock: ctx.clock,
    logger: ctx.logger
  })
  ctx.disposables.add(needs.settings.changed.on(() => updates.settingChanged()))
  const shell = createDesktopShell({
    events,
    settings: () => settings.get(),
    language,
    clock: ctx.clock,
    autoBackup: needs.backups.autoBackup,
    backupRunning: needs.backups.isRunning,
    localBackup: needs.gameFolder.backUpNow,
    accountLinks: needs.accounts.accountLinks,
    links: needs.accounts.links,
    openExternal: ctx.deps.openExternal
  })
  ctx.disposables.add(shell.dispose)
  return {
    shell,
    handlers: updateHandlers({ updates, emit: () => events.emit('updates:changed', updates.state) }),
    start: () => void updates.checkAtStart()
  }
}
