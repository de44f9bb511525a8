import { join } from 'node:path'
import { AppError } from '../../shared/errors'
import type { FolderSuggestion } from '../../shared/dialogs'
import { GAME_FILES, type LocalState } from '../../shared/local-game'
import type { AccountsModule } from '../auth/module'
import type { BackupsModule } from '../backups/module'
import { libraryTrash } from '../backups/library'
import { readSaveContents } from '../backups/save-reader'
import type { ChartListModule } from '../chart-list/module'
import type { CoreContext } from '../core/context'
import type { FeatureHandlers } from '../ipc/dispatcher'
import { messagesFor } from '../i18n'
import type { SettingsModule } from '../settings/module'
import type { SyncModule } from '../sync/module'
import { compareLocalWithCloud } from './compare'
import { donePlays, importPlays, ownerAmong, type PlaysHistory } from './import-plays'
import { LocalBackupService } from './local-backup'
import { gameFiles, gameFolderCandidates, systemFacts } from './locate'
import { runtimeSqlite } from './snapshot'
import { ChangeWatcher } from './watcher'

const isGameFile = (name: string) => (GAME_FILES as readonly string[]).includes(name)

export interface LocalGameNeeds {
  settings: Pick<SettingsModule, 'settings' | 'language'>
  accounts: Pick<AccountsModule, 'registry'>
  sync: Pick<SyncModule, 'sync'>
  backups: Pick<BackupsModule, 'service' | 'defaultFolder'>
  chartList: Pick<ChartListModule, 'charts'>
  /** Told how many of an account's plays an import left out for want of a usable time. */
  sessions?: { service: { untimed(accountId: string, count: number): void } }
}

/**
 * The game on this computer: its data folder, "This computer" versions in the backup library, the
 * local save against the latest cloud backup, and the plays data.db kept, added to the history
 * (on demand, and when data.db changes while the app runs).
 */
export function localGameModule(ctx: CoreContext, needs: LocalGameNeeds) {
  const { events, desktop, files, clock } = ctx
  const { settings, language } = needs.settings
  const { registry } = needs.accounts
  const { sync } = needs.sync
  const store = ctx.store('local-game')
  const chosen = (): string | null => {
    const value = store.get('gameFolder')
    return typeof value === 'string' && value.length > 0 && value.length < 4096 ? value : null
  }
  const system = ctx.deps.gameSystem ?? systemFacts()
  // The demo's sample game folder is used until the player chooses one (once: "the usual place" stays chosen).
  const sample = ctx.deps.sampleGameFolder ?? null
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
    return Promise.all(places.map(async (p) => ({ ...p, found: (await gameFiles(files, p.path)).some((f) => isGameFile(f.name)) })))
  }
  const local = new LocalBackupService({
    files,
    clock,
    system,
    sqlite: runtimeSqlite(),
    sleep: ctx.tuning.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    root: () => settings.get().backupFolder ?? needs.backups.defaultFolder,
    trash: (root) => desktop.trashItem ?? libraryTrash(files, root, () => clock.now()),
    retention: () => settings.get().retention,
    program: 'app',
    appVersion: ctx.deps.identity.version,
    lockWaitMs: ctx.tuning.lockWaitMs,
    playsWorker: ctx.deps.playsWorker ?? null,
    onWorkerFailed: (error) => ctx.logger.warn({ error }, 'the plays worker could not run: importing on the main thread')
  })
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
  const emit = async (accountId: string) => events.emit('local:changed', await stateOf(accountId))
  const history: PlaysHistory = {
    records: (id) => sync.history(id),
    remember: (id, records) => sync.remember(id, records),
    keptLines: (id) => sync.keptLines(id),
    rememberLines: (id, lines, folded) => sync.rememberLines(id, lines, folded)
  }

  /** The local save must be this account's: the app never compares or mixes another player's save silently. */
  const readOwnSave = async (accountId: string) => {
    const reading = await local.read(chosen())
    const { uid, username } = account(accountId)
    const ids = [reading.identity.userId, reading.identity.userUuid]
    const owner = reading.identity.username ?? reading.identity.id
    if (reading.identity.id !== null && uid !== null && !ids.includes(uid))
      throw AppError.of('invalid_input', `The save on this computer belongs to another player (${owner}), not to ${username ?? uid}.`)
    return reading
  }

  const handlers: FeatureHandlers<'local'> = {
    'local:load': async (id) => (await emit(id), null),
    'local:chooseFolder': async ({ reset }) => {
      const folder = reset ? null : await desktop.chooseFolder({ purpose: 'game', suggestions: await suggestions() })
      if (reset) store.delete('gameFolder')
      else if (folder) store.set('gameFolder', folder)
      const active = registry.activeId()
      if (active) await emit(active).catch(() => {})
      return folder
    },
    'local:folderChoices': () => suggestions(),
    'local:backup': async (id) => {
      try {
        return await local.backup(chosen())
      } finally {
        await emit(id).catch(() => {})
      }
    },
    'local:compare': async (id) => {
      const reading = await readOwnSave(id)
      const cloud = (await needs.backups.service.read(id)).entries.find((e) => e.source !== 'computer' && e.path)
      const cloudSide = cloud?.path ? { entry: cloud, contents: await readSaveContents(await files.readFile(cloud.path)) } : null
      return compareLocalWithCloud(
        { contents: reading.save.contents!, lastSaveTime: reading.identity.lastSaveTime },
        cloudSide,
        needs.chartList.charts()
      )
    },
    'local:importPlays': async (id, { pick, anyUser }) => {
      const folder = pick ? await desktop.chooseFolder({ purpose: 'plays', suggestions: await suggestions() }) : null
      if (pick && !folder) return null
      const read = await local.playsToImport(chosen(), folder ? join(folder, 'data.db') : null)
      try {
        const outcome = await importPlays(read, account(id), history, { anyUser })
        needs.sessions?.service.untimed(id, outcome.untimed)
        return { ...outcome, file: read.file }
      } finally {
        await donePlays(read)
      }
    }
  }

  /** data.db's new plays go to the signed-in account they belong to. */
  const addNewPlays = async () => {
    const read = await local.playsToImport(chosen())
    try {
      const owner = ownerAmong(read, registry.list())
      if (!owner) return
      const { added, untimed } = await importPlays(read, owner, history)
      needs.sessions?.service.untimed(owner.id, untimed)
      if (added === 0) return
      const text = messagesFor(language())
      desktop.notify(text.localPlaysAddedTitle, text.localPlaysAddedBody(added), () =>
        events.emit('app:command', { type: 'navigate', screen: 'scores', accountId: owner.id })
      )
      ctx.logger.info({ accountId: owner.id, added }, 'plays added from this computer')
    } finally {
      await donePlays(read)
    }
  }

  /** With automatic backup on, a changed save becomes a new "This computer" version (never a copy taken mid-write). */
  const backUpChangedSave = async () => {
    const result = await local.backup(chosen())
    if (result.status !== 'saved') return
    const owner = registry.list().find((a) => a.uid !== null && a.uid === result.userId)
    const text = messagesFor(language())
    desktop.notify(text.backupSavedTitle, text.localBackupSavedBody, () =>
      events.emit('app:command', { type: 'navigate', screen: 'backups', accountId: owner?.id })
    )
    if (owner) await emit(owner.id).catch(() => {})
    ctx.logger.info({ entryId: result.entryId, method: result.method }, 'local save backed up')
  }

  /**
   * "Back up now" in the tray, which automatic local backup shares with the cloud's: with automatic
   * backup on, this computer's save too (nothing new when it is unchanged; no game folder, nothing).
   */
  const backUpNow = async () => {
    if (!settings.get().autoBackup.enabled) return
    try {
      if ((await local.status(chosen())).folder) await backUpChangedSave()
    } catch (error) {
      ctx.logger.warn({ error }, 'local backup from the tray failed')
    }
  }

  /** The game's files changed while the app runs: once they have stopped changing, act on what changed. */
  const timesOf = (status: Awaited<ReturnType<typeof local.status>>) => ({
    save: status.files.find((f) => f.name === 'saves.db')?.modifiedAt ?? '',
    data: status.files.find((f) => f.name === 'data.db')?.modifiedAt ?? ''
  })
  /** What the watcher's first look found is the baseline: only later changes are acted on. */
  let seen: ReturnType<typeof timesOf> | null = null
  const watcher = new ChangeWatcher({
    pollMs: ctx.deps.gamePollMs ?? 30_000,
    stamp: async () => {
      const status = await local.status(chosen())
      seen ??= timesOf(status)
      const stampOf = (name: string) => {
        const file = status.files.find((f) => f.name === name)
        return file ? `${status.folder}|${file.size}|${file.modifiedAt}` : ''
      }
      return status.folder ? `${stampOf('saves.db')}#${stampOf('data.db')}` : null
    },
    onSettled: async () => {
      const now = timesOf(await local.status(chosen()))
      const changed = { save: now.save !== seen?.save, data: now.data !== seen?.data }
      seen = now
      if (changed.data && now.data) await addNewPlays().catch((error: unknown) => ctx.logger.warn({ error }, 'adding local plays failed'))
      if (changed.save && now.save && settings.get().autoBackup.enabled)
        await backUpChangedSave().catch((error: unknown) => ctx.logger.warn({ error }, 'automatic local backup failed'))
    },
    onError: (error) => ctx.logger.warn({ error }, 'reading the game folder failed')
  })
  ctx.disposables.add(() => watcher.stop())
  // A restore put another save in the game's folder: Backups reads it again, and the watcher takes it as its new baseline.
  ctx.disposables.add(
    ctx.gameFolder.restored.on(async () => {
      seen = timesOf(await local.status(chosen()))
      const active = registry.activeId()
      if (active) await emit(active).catch(() => {})
    })
  )

  return {
    local,
    /** The game's folder the player chose; null: the usual place. */
    chosenFolder: chosen,
    handlers,
    backUpNow,
    start() {
      if (ctx.deps.gamePollMs !== null) watcher.start()
    }
  }
}

export type LocalGameModule = ReturnType<typeof localGameModule>
