import type { Language, Settings } from '../../shared/settings'
import type { AccountRecord } from '../accounts/account-registry'
import type { CoreContext } from '../kernel/context'
import { messagesFor } from '../i18n'
import { donePlays, importPlays, ownerAmong, type PlaysHistory } from './import-plays'
import type { LocalBackupService } from './local-backup'
import { ChangeWatcher } from './watcher'

export interface GameFileChangesDeps {
  local: LocalBackupService
  chosen(): string | null
  settings(): Settings
  language(): Language
  accounts(): AccountRecord[]
  activeId(): string | null
  history: PlaysHistory
  untimed(accountId: string, count: number): void
  /** Sends the account's view of the game's folder as `gameFolder:changed`. */
  emit(accountId: string): Promise<void>
  /** How often the game's files are looked at while the app runs; null: never. */
  pollMs: number | null
}

/**
 * What the app does when the game's files change while it runs: data.db's new plays go to the
 * account they belong to, and (with automatic backup on) a changed save becomes a "This computer"
 * version. Also "Back up now" of the tray, which shares that backup.
 */
export function followGameFiles(ctx: CoreContext, deps: GameFileChangesDeps) {
  const { events, desktop } = ctx
  const { local, chosen } = deps

  /** data.db's new plays go to the signed-in account they belong to. */
  const addNewPlays = async () => {
    const read = await local.playsToImport(chosen())
    try {
      const owner = ownerAmong(read, deps.accounts())
      if (!owner) return
      const { added, untimed } = await importPlays(read, owner, deps.history, { automatic: true })
      deps.untimed(owner.id, untimed)
      if (added === 0) return
      const text = messagesFor(deps.language())
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
    const owner = deps.accounts().find((a) => a.uid !== null && a.uid === result.userId)
    const text = messagesFor(deps.language())
    desktop.notify(text.backupSavedTitle, text.localBackupSavedBody, () =>
      events.emit('app:command', { type: 'navigate', screen: 'backups', accountId: owner?.id })
    )
    if (owner) await deps.emit(owner.id).catch(() => {})
    ctx.logger.info({ entryId: result.entryId, method: result.method }, 'local save backed up')
  }

  /**
   * "Back up now" in the tray, which automatic local backup shares with the cloud's: with automatic
   * backup on, this computer's save too (nothing new when it is unchanged; no game folder, nothing).
   */
  const backUpNow = async () => {
    if (!deps.settings().autoBackup.enabled) return
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
    pollMs: deps.pollMs ?? 30_000,
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
      if (changed.save && now.save && deps.settings().autoBackup.enabled)
        await backUpChangedSave().catch((error: unknown) => ctx.logger.warn({ error }, 'automatic local backup failed'))
    },
    onError: (error) => ctx.logger.warn({ error }, 'reading the game folder failed')
  })
  ctx.disposables.add(() => watcher.stop())
  // A restore put another save in the game's folder: Backups reads it again, and the watcher takes it as its new baseline.
  ctx.disposables.add(
    ctx.signals.gameFolderRestored.on(async () => {
      seen = timesOf(await local.status(chosen()))
      const active = deps.activeId()
      if (active) await deps.emit(active).catch(() => {})
    })
  )

  return {
    backUpNow,
    start() {
      if (deps.pollMs !== null) watcher.start()
    }
  }
}
