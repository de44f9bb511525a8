import { AppError } from '../../shared/errors'
import type { RetentionPolicy } from '../../shared/backups'
import type { FolderSuggestion } from '../../shared/dialogs'
import type { LocalState } from '../../shared/game-folder'
import type { AccountsModule } from '../accounts/module'
import type { BackupsModule } from '../backups/module'
import { libraryTrash } from '../backups/library'
import type { ChartListModule } from '../chart-list/module'
import type { CoreContext } from '../kernel/context'
import type { SettingsModule } from '../settings/module'
import type { SyncModule } from '../sync/module'
import type { ChartInfo } from '../../shared/data'
import { compareWithLatestCloud } from './compare'
import { followGameFiles } from './game-file-changes'
import { gameFolderHandlers } from './handlers'
import type { PlaysHistory } from './import-plays'
import { LocalBackupService } from './local-backup'
import { gameFiles, gameFolderCandidates, isGameFile, systemFacts, type SystemFacts } from './locate'
import { localPlays } from './plays'
import type { StartPlaysWorker } from './plays-off-thread'
import { everyComputerVersion } from './versions'
import { runtimeSqlite } from '../platform-node/sqlite'

export interface GameFolderNeeds {
  settings: Pick<SettingsModule, 'settings' | 'language' | 'library'>
  accounts: Pick<AccountsModule, 'registry'>
  sync: Pick<SyncModule, 'sync'>
  backups: Pick<BackupsModule, 'service' | 'defaultFolder'>
  chartList: Pick<ChartListModule, 'charts'>
  /** Told how many of an account's plays an import left out for want of a usable time. */
  sessions?: { service: { untimed(accountId: string, count: number): void } }
}

export interface GameFolderOptions {
  /** The system facts the game's folder is looked for with (tests give a fake home); default: this computer's. */
  system?: SystemFacts
  /** How often the game's data.db is looked at for new plays while the app runs; null: never (default 30 s). */
  pollMs?: number | null
  /** A sample game folder (the demo's): offered when a folder is chosen, and used until the player chooses one. */
  sampleFolder?: string | null
  /** Starts the worker thread a big data.db is imported on (the built `plays-worker.js`); none: imports run on the main thread. */
  playsWorker?: StartPlaysWorker | null
  /** How long a local backup waits for another program holding the library folder (the CLI waits longer). */
  lockWaitMs?: number
}

/** The "This computer" versions in the library at `root()`, on a context's ports. */
function gameFolderLibrary(
  ctx: CoreContext,
  where: { root: () => string; retention: () => RetentionPolicy | null },
  options: GameFolderOptions
): LocalBackupService {
  const { files, clock, desktop } = ctx
  return new LocalBackupService({
    files,
    clock,
    system: options.system ?? systemFacts(),
    sqlite: runtimeSqlite(),
    sleep: ctx.sleep,
    root: where.root,
    trash: (root) => desktop.trashItem ?? libraryTrash(files, root, () => clock.now()),
    retention: where.retention,
    program: ctx.program,
    appVersion: ctx.identity.version,
    lockWaitMs: options.lockWaitMs,
    playsWorker: options.playsWorker ?? null,
    onWorkerFailed: (error) => ctx.logger.warn({ error }, 'the plays worker could not run: importing on the main thread')
  })
}

/**
 * The game on this computer: its data folder, "This computer" versions in the backup library, the
 * local save against the latest cloud backup, and the plays data.db kept, added to the history
 * (on demand, and when data.db changes while the app runs).
 */
// eslint-disable-next-line max-lines-per-function -- the feature's wiring: ports to services, services to channels and signals
export function gameFolderModule(ctx: CoreContext, needs: GameFolderNeeds, options: GameFolderOptions = {}) {
  const { events, desktop, files } = ctx
  const { settings, language, library } = needs.settings
  const { registry } = needs.accounts
  const { sync } = needs.sync
  // `local-game.json`: the file's name from before "game folder" was this feature's name, kept so an
  // older version (after a downgrade) still finds the player's chosen folder.
  const store = ctx.store('local-game')
  const chosen = (): string | null => {
    const value = store.get('gameFolder')
    return typeof value === 'string' && value.length > 0 && value.length < 4096 ? value : null
  }
  const system = options.system ?? systemFacts()
  // The demo's sample game folder is used until the player chooses one (once: "the usual place" stays chosen).
  const sample = options.sampleFolder ?? null
  if (sample && chosen() === null && store.get('sampleApplied') !== sample) {
    store.set('gameFolder', sample)
    store.set('sampleApplied', sample)
  }
  /** What a folder choice offers: the sample folder, the usual places, and whether the game's files are in each. */
  const suggestions = async (): Promise<FolderSuggestion[]> => {
    const places: Omit<FolderSuggestion, 'found'>[] = [
      ...(sample ? [{ path: sample, kind: 'sample' as const }] : []),
      ...gameFolderCandidates(system).map((path) => ({ path, kind: 'usual' as const }))
    ]
    return Promise.all(places.map(async (p) => ({ ...p, found: (await gameFiles(files, p.path)).some(isGameFile) })))
  }
  const local = gameFolderLibrary(
    ctx,
    { root: () => library().folder ?? needs.backups.defaultFolder, retention: () => library().retention },
    options
  )
  const account = (id: string) => {
    const found = registry.get(id)
    if (!found) throw AppError.of('not_found', 'That account is not signed in.')
    return found
  }
  const stateOf = async (accountId: string): Promise<LocalState> => {
    const status = await local.status(chosen())
    const uid = account(accountId).uid
    const library = uid ? await local.versions(uid, accountId).catch(() => null) : null
    return { accountId, status, library: library && (library.entries.length || library.unindexed.length) ? library : null }
  }
  const emit = async (accountId: string) => {
    const state = await stateOf(accountId)
    events.emit('gameFolder:changed', state)
    void ctx.signals.gameFolderChanged.fire(state)
  }
  const history: PlaysHistory = {
    records: (id) => sync.history(id),
    remember: (id, records, source) => sync.remember(id, records, { kind: 'import', source }),
    keptLines: (id) => sync.keptLines(id),
    rememberLines: (id, lines, folded, source) => sync.rememberLines(id, lines, folded, source)
  }
  const untimed = (accountId: string, count: number) => needs.sessions?.service.untimed(accountId, count)

  const handlers = gameFolderHandlers({
    local,
    files,
    desktop,
    folder: {
      chosen,
      choose: (path) => (path === null ? store.delete('gameFolder') : store.set('gameFolder', path)),
      suggestions
    },
    account,
    activeId: () => registry.activeId(),
    emit,
    backups: needs.backups.service,
    charts: needs.chartList.charts,
    history,
    untimed
  })
  const changes = followGameFiles(ctx, {
    local,
    chosen,
    settings: () => settings.get(),
    language,
    accounts: () => registry.list(),
    activeId: () => registry.activeId(),
    history,
    untimed,
    emit,
    pollMs: options.pollMs === undefined ? 30_000 : options.pollMs
  })

  return {
    local,
    /** The game's folder the player chose; null: the usual place. */
    chosenFolder: chosen,
    /** Every play a data.db kept (the game's in `folder`, or `dataFile`), newest first. */
    plays: async (folder: string | null, dataFile: string | null) => localPlays(await local.plays(folder, dataFile)),
    /** Every "This computer" version in the library, whoever's save it kept. */
    versions: () => everyComputerVersion(local, files),
    /** The save in `folder` against the newest cloud backup of the same player in the library (no download). */
    compareWithCloud: (folder: string | null, charts: ReadonlyMap<string, ChartInfo>) =>
      compareWithLatestCloud(local, files, folder, charts),
    handlers,
    backUpNow: changes.backUpNow,
    start: changes.start
  }
}

export type GameFolderModule = ReturnType<typeof gameFolderModule>
