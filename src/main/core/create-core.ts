import { appModule } from '../app/module'
import { accountsModule } from '../accounts/module'
import { backupsModule } from '../backups/module'
import { chartListModule } from '../chart-list/module'
import { desktopModule } from '../desktop/module'
import { dialogsModule } from '../dialogs/module'
import { exportsModule } from '../exports/module'
import { gameFolderModule } from '../game-folder/module'
import { profileModule } from '../profile/module'
import { plannerModule } from '../planner/module'
import { picksModule } from '../picks/module'
import { progressModule } from '../progress/module'
import { recordModule } from '../record/module'
import { restoreModule } from '../restore/module'
import { sessionsModule } from '../sessions/module'
import { settingsModule } from '../settings/module'
import { shellModule } from '../shell/module'
import { skillModule } from '../skill/module'
import { syncModule } from '../sync/module'
import { updatesModule } from '../updates/module'
import { createContext, withDesktop, type CoreDeps, type FeatureModule } from '../kernel/context'
import { mergeHandlers } from '../kernel/merge-handlers'
import type { CoreOptions } from './options'

/**
 * The one composition root, for every face (the Electron app, the CLI, the web host, the tests): ports
 * in, each feature module built once with its own options, one handler map out (a channel two modules
 * claim stops the start). A face differs only in its ports and options. Features follow each other
 * through the kernel's typed signals (kernel/signals.ts), never through the window's events.
 */
export function createCore(deps: CoreDeps, options: CoreOptions = {}) {
  const base = createContext(deps)
  const dialogs = dialogsModule(base, options.dialogs)
  const ctx = withDesktop(base, deps, dialogs.desktop)
  const settings = settingsModule(ctx, options.settings)
  const chartList = chartListModule(ctx, options.chartList)
  const accounts = accountsModule(ctx, settings, chartList, options.accounts)
  const sync = syncModule(ctx, accounts, options.sync)
  const profile = profileModule(ctx, accounts, sync, options.profile)
  const backups = backupsModule(ctx, { settings, accounts, sync, chartList }, options.backups)
  const sessions = sessionsModule(ctx, { settings, accounts, sync, chartList }, options.sessions)
  const gameFolder = gameFolderModule(ctx, { settings, accounts, sync, backups, chartList, sessions }, options.gameFolder)
  const restore = restoreModule(ctx, { gameFolder, backups, chartList }, options.restore)
  const shell = shellModule({ accounts })
  const exports = exportsModule(ctx)
  const updates = updatesModule(ctx, { settings }, options.updates)
  const desktop = desktopModule(ctx, { settings, accounts, backups, gameFolder })
  const progress = progressModule(ctx, { settings, accounts, sync, backups, gameFolder, chartList })
  const planner = plannerModule(ctx, { accounts, sync, chartList, backups }, options.planner)
  const picks = picksModule(ctx, { accounts, sync, progress, chartList, backups })
  const skill = skillModule(ctx, { accounts, sync, chartList })
  const record = recordModule(ctx, { accounts, sync, sessions })
  // Each module once (desktop, the tray and menu, has no channel and no lifecycle: it is handed to the shell below).
  // The order is that of a replay and a start: what later state refers to comes first.
  const modules = {
    settings,
    chartList,
    accounts,
    sync,
    profile,
    backups,
    gameFolder,
    updates,
    progress,
    planner,
    picks,
    skill,
    sessions,
    record,
    restore,
    dialogs,
    shell,
    exports
  }
  const features: FeatureModule[] = Object.values(modules)
  const app = appModule(ctx, features)
  const handlers = mergeHandlers(Object.entries({ app, ...modules }).map(([name, m]) => ({ name, handlers: m.handlers })))

  return {
    handlers,
    events: ctx.events,
    /** Every feature module, by name: a face that has no window (the CLI) uses their services. */
    modules,
    /** The signals between features (kernel/signals.ts): raised by their owners; a test raises one to see who follows. */
    signals: ctx.signals,
    /** For the desktop shell (tray, menu, notifications): the same services, nothing more. */
    desktop: desktop.shell,
    /** Background work of a running app: tidy backup folders left by stopped runs, automatic backups, an update check. */
    start: () => features.forEach((f) => f.start?.()),
    /** Stops timers and listeners, and waits for what is being written. */
    dispose: () => ctx.disposables.dispose()
  }
}

export type Core = ReturnType<typeof createCore>
export type { CoreDeps } from '../kernel/context'
export type { CoreOptions } from './options'
