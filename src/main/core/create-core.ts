import { appModule } from '../app/module'
import { accountsModule } from '../accounts/module'
import { backupsModule } from '../backups/module'
import { chartListModule } from '../chart-list/module'
import { desktopModule } from '../desktop/module'
import { dialogsModule } from '../dialogs/module'
import { gameFolderModule } from '../game-folder/module'
import { profileModule } from '../profile/module'
import { progressModule } from '../progress/module'
import { restoreModule } from '../restore/module'
import { sessionsModule } from '../sessions/module'
import { settingsModule } from '../settings/module'
import { shellModule } from '../shell/module'
import { syncModule } from '../sync/module'
import { updatesModule } from '../updates/module'
import { createContext, type CoreDeps, type FeatureModule } from './context'
import { mergeHandlers } from './merge-handlers'

export type { CoreDeps } from './context'

/**
 * The composition root shared by the Electron app, the web host and the tests: ports in, feature
 * modules wired to each other through narrow interfaces, one handler map out (a channel two modules
 * claim stops the start). Each module owns its services, its channels and its listeners; features
 * follow each other through the signals they raise (`settings.changed`, `accounts.signedIn`,
 * `accounts.forgetting`, `ctx.gameFolder.restored`).
 */
export function createCore(deps: CoreDeps) {
  const ctx = createContext(deps)
  const settings = settingsModule(ctx)
  const chartList = chartListModule(ctx)
  const accounts = accountsModule(ctx, settings, chartList)
  const sync = syncModule(ctx, accounts)
  const profile = profileModule(ctx, accounts, sync)
  const backups = backupsModule(ctx, { settings, accounts, sync, chartList })
  const sessions = sessionsModule(ctx, { settings, accounts, sync, chartList })
  const gameFolder = gameFolderModule(ctx, { settings, accounts, sync, backups, chartList, sessions })
  const restore = restoreModule(ctx, { gameFolder, backups, accounts, chartList })
  const shell = shellModule({ accounts })
  const updates = updatesModule(ctx, { settings })
  const desktop = desktopModule(ctx, { settings, accounts, backups, gameFolder })
  const dialogs = dialogsModule(ctx)
  const progress = progressModule(ctx, { settings, accounts, sync, backups, chartList })
  // Each module once (desktop, the tray and menu, has no channel and no lifecycle: it is handed to the shell below).
  // The order is that of a replay and a start: what later state refers to comes first.
  const modules: Record<string, FeatureModule> = {
    settings,
    chartList,
    accounts,
    sync,
    profile,
    backups,
    gameFolder,
    updates,
    progress,
    sessions,
    restore,
    dialogs,
    shell
  }
  const features = Object.values(modules)
  const app = appModule(ctx, features)
  const handlers = mergeHandlers(Object.entries({ app, ...modules }).map(([name, m]) => ({ name, handlers: m.handlers })))

  return {
    handlers,
    events: ctx.events,
    /** For the desktop shell (tray, menu, notifications): the same services, nothing more. */
    desktop: desktop.shell,
    /** Background work of a running app: tidy backup folders left by stopped runs, automatic backups, an update check. */
    start: () => features.forEach((f) => f.start?.()),
    /** Stops timers and listeners, and waits for what is being written. */
    dispose: () => ctx.disposables.dispose()
  }
}

export type Core = ReturnType<typeof createCore>
