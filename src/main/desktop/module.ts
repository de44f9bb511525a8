import type { AccountsModule } from '../accounts/module'
import type { BackupsModule } from '../backups/module'
import type { CoreContext } from '../kernel/context'
import type { GameFolderModule } from '../game-folder/module'
import type { SettingsModule } from '../settings/module'
import { createDesktopShell } from './desktop-shell'

export interface DesktopNeeds {
  settings: Pick<SettingsModule, 'settings' | 'language'>
  accounts: Pick<AccountsModule, 'links' | 'accountLinks'>
  backups: Pick<BackupsModule, 'autoBackup' | 'isRunning'>
  gameFolder: Pick<GameFolderModule, 'backUpNow'>
}

/** The desktop around the window: what the tray, menu and notifications show and do (they have no channel: the OS is their door). */
export function desktopModule(ctx: CoreContext, needs: DesktopNeeds) {
  const { events } = ctx
  const { settings, language } = needs.settings
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
    openExternal: ctx.openExternal
  })
  ctx.disposables.add(shell.dispose)
  return { shell }
}
