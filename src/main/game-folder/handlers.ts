import { join } from 'node:path'
import { AppError } from '../../shared/errors'
import type { ChartInfo } from '../../shared/data'
import type { FolderSuggestion } from '../../shared/dialogs'
import type { AccountRecord } from '../accounts/account-registry'
import type { BackupsModule } from '../backups/module'
import { readSaveContents } from '../backups/save-reader'
import type { FeatureHandlers } from '../ipc/dispatcher'
import type { DesktopPort, FileSystem } from '../ports'
import { compareLocalWithCloud } from './compare'
import { donePlays, importPlays, type PlaysHistory } from './import-plays'
import type { LocalBackupService } from './local-backup'

export interface GameFolderHandlerDeps {
  local: LocalBackupService
  files: Pick<FileSystem, 'readFile'>
  desktop: Pick<DesktopPort, 'chooseFolder'>
  /** The game's folder the player chose (null: the usual place), and the folders a choice offers. */
  folder: { chosen(): string | null; choose(path: string | null): void; suggestions(): Promise<FolderSuggestion[]> }
  /** A signed-in account (a `not_found` error otherwise), and the active one. */
  account(accountId: string): AccountRecord
  activeId(): string | null
  /** Sends the account's view of the game's folder as `gameFolder:changed`. */
  emit(accountId: string): Promise<void>
  backups: Pick<BackupsModule['service'], 'read'>
  charts(): ReadonlyMap<string, ChartInfo>
  history: PlaysHistory
  /** Told how many of an account's plays an import left out for want of a usable time. */
  untimed(accountId: string, count: number): void
}

/** The game on this computer, as the window asks about it. */
export function gameFolderHandlers(deps: GameFolderHandlerDeps): FeatureHandlers<'gameFolder'> {
  const { local, folder, desktop } = deps

  /** The local save must be this account's: the app never compares or mixes another player's save silently. */
  const readOwnSave = async (accountId: string) => {
    const reading = await local.read(folder.chosen())
    const { uid, username } = deps.account(accountId)
    const ids = [reading.identity.userId, reading.identity.userUuid]
    const owner = reading.identity.username ?? reading.identity.id
    if (reading.identity.id !== null && uid !== null && !ids.includes(uid))
      throw AppError.of('invalid_input', `The save on this computer belongs to another player (${owner}), not to ${username ?? uid}.`)
    return reading
  }

  return {
    'gameFolder:load': async (id) => (await deps.emit(id), null),
    'gameFolder:chooseFolder': async ({ reset }) => {
      // A folder without the game's files is refused with where Milthm keeps them; the choice stays as it was.
      const check = (path: string) => local.requireGameFiles(path)
      const chosen = reset ? null : await desktop.chooseFolder({ purpose: 'game', suggestions: await folder.suggestions(), check })
      if (chosen) await check(chosen)
      if (reset) folder.choose(null)
      else if (chosen) folder.choose(chosen)
      const active = deps.activeId()
      if (active) await deps.emit(active).catch(() => {})
      return chosen
    },
    'gameFolder:folderChoices': () => folder.suggestions(),
    'gameFolder:backup': async (id) => {
      try {
        return await local.backup(folder.chosen())
      } finally {
        await deps.emit(id).catch(() => {})
      }
    },
    'gameFolder:compare': async (id) => {
      const reading = await readOwnSave(id)
      const cloud = (await deps.backups.read(id)).entries.find((e) => e.source !== 'computer' && e.path)
      const cloudSide = cloud?.path ? { entry: cloud, contents: await readSaveContents(await deps.files.readFile(cloud.path)) } : null
      return compareLocalWithCloud(
        { contents: reading.save.contents!, lastSaveTime: reading.identity.lastSaveTime },
        cloudSide,
        deps.charts()
      )
    },
    'gameFolder:importPlays': async (id, { pick, anyUser }) => {
      const check = (path: string) => local.requireDataDb(path)
      const picked = pick ? await desktop.chooseFolder({ purpose: 'plays', suggestions: await folder.suggestions(), check }) : null
      if (pick && !picked) return null
      if (picked) await check(picked)
      const read = await local.playsToImport(folder.chosen(), picked ? join(picked, 'data.db') : null)
      try {
        const outcome = await importPlays(read, deps.account(id), deps.history, { anyUser })
        deps.untimed(id, outcome.untimed)
        return { ...outcome, file: read.file }
      } finally {
        await donePlays(read)
      }
    }
  }
}
