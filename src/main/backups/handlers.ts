import type { FolderSuggestion } from '../../shared/dialogs'
import { AppError } from '../../shared/errors'
import type { KeptRecord, ScoreRecord } from '../../shared/api'
import type { BackupEntry, Library } from '../../shared/backups'
import type { ChartInfo } from '../../shared/data'
import type { Settings, SettingsPatch } from '../../shared/settings'
import type { FeatureHandlers } from '../ipc/dispatcher'
import type { DesktopPort, FileSystem } from '../ports'
import type { BackupService } from './backup-service'
import { io } from '../platform-node/io'
import { diffSaves, recordsForHistory, summarize } from './save-insights'
import { MAX_SUMMARY_BYTES, readSaveContents } from './save-reader'

/** What the backup handlers need from the rest of the app. */
export interface BackupHandlerDeps {
  backups: BackupService
  files: FileSystem
  charts: () => ReadonlyMap<string, ChartInfo>
  desktop: Pick<DesktopPort, 'chooseFolder' | 'chooseSavePath' | 'revealInFolder'>
  settings: {
    get(): Pick<Settings, 'backupFolder' | 'maxSaveMiB' | 'autoBackup'>
    update(patch: SettingsPatch): unknown
  }
  defaultFolder: string
  appVersion: string
  /** The kept history of an account, and a way to add records to it (returns how many were new). */
  history: {
    records(accountId: string): Promise<readonly ScoreRecord[]>
    remember(accountId: string, records: readonly KeptRecord[]): Promise<number>
  }
  /** Accounts that are signed in (to find whose folder a backup is in). */
  accountIds: () => string[]
  /** Other folders of an account's backups: its "This computer" versions. */
  otherFolders?: (accountId: string) => string[]
  emitLibrary: (library: Library) => void
}

export function backupHandlers(deps: BackupHandlerDeps): FeatureHandlers<'backups'> {
  const { backups } = deps
  const emit = async (accountId: string) => deps.emitLibrary(await backups.read(accountId))
  /** The signed-in account whose folder holds this backup. */
  const ownerOf = (backupId: string): string => {
    const folder = backupId.split('/')[0]
    const owner = deps
      .accountIds()
      .find((id) => backups.folderOf(backups.account(id)) === folder || (deps.otherFolders?.(id) ?? []).includes(folder!))
    if (!owner) throw AppError.of('not_found', 'That backup does not belong to a signed-in account.')
    return owner
  }
  const withFile = async (backupId: string): Promise<BackupEntry & { path: string }> => {
    const entry = await backups.library().get(backupId)
    if (!entry.path) throw AppError.of('not_found', 'The save file of this backup is missing.')
    return entry as BackupEntry & { path: string }
  }
  const contentsOf = async (entry: BackupEntry & { path: string }) => {
    const size = (await io('Reading the backup', () => deps.files.stat(entry.path))).size
    if (size > MAX_SUMMARY_BYTES)
      throw AppError.of(
        'invalid_input',
        `This save is too large to read here (${Math.round(size / 1024 / 1024)} MiB; saves are normally a few MiB).`
      )
    return readSaveContents(await io('Reading the backup', () => deps.files.readFile(entry.path)))
  }
  const changed = async <T>(backupId: string, work: () => Promise<T>): Promise<T> => {
    const owner = ownerOf(backupId)
    try {
      return await work()
    } finally {
      await emit(owner).catch(() => {})
    }
  }

  return {
    'backups:run': (id, { force }) => backups.run(id, { force }),
    'backups:cancel': (id) => (backups.cancel(id), null),
    'backups:load': async (id) => (await emit(id), null),
    'backups:verify': async (id, only) => {
      const report = await backups.verify(id, only)
      await emit(id)
      const count = (state: string) => report.entries.filter((e) => e.verifyStatus === state).length
      return { checked: report.entries.length, damaged: count('mismatch'), missing: count('missing'), recorded: report.recorded }
    },
    'backups:pin': (backupId, pinned) =>
      changed(backupId, async () => (await backups.library().update(backupId, { pinned }, backups.lockFor()), null)),
    'backups:note': (backupId, note) =>
      changed(backupId, async () => (await backups.library().update(backupId, { note }, backups.lockFor()), null)),
    'backups:export': async (backupId) => {
      const entry = await withFile(backupId)
      // A version of the game's own files is offered under the game's names (its data.db goes beside it as data.db).
      const target = await deps.desktop.chooseSavePath(entry.source === 'computer' ? 'saves.db' : entry.path.split(/[\\/]/).pop()!)
      return target ? backups.library().exportTo(backupId, target) : null
    },
    'backups:reveal': async (backupId) => (deps.desktop.revealInFolder((await withFile(backupId)).path), null),
    'backups:delete': (backupId, { confirmPinned }) =>
      changed(backupId, async () => (await backups.library().delete(backupId, confirmPinned, backups.lockFor()), { trashed: true })),
    'backups:index': async (id, name) => {
      const account = backups.account(id)
      const created = await backups.library().index(
        backups.folderOf(account),
        name,
        {
          accountId: id,
          deploymentId: account.deploymentId,
          username: account.username,
          uid: account.uid,
          appVersion: deps.appVersion,
          now: Date.now()
        },
        backups.lockFor()
      )
      await emit(id)
      return { id: created }
    },
    'backups:retentionPreview': (id) => backups.retentionPreview(id),
    'backups:summary': async (backupId) => summarize(await contentsOf(await withFile(backupId)), deps.charts()),
    'backups:diff': async (fromId, toId) => {
      const owner = ownerOf(toId)
      const { entries, previousDifferent } = await backups.read(owner)
      if (!entries.some((e) => e.id === toId)) throw AppError.of('not_found', 'That backup no longer exists.')
      const fromWanted = fromId ?? previousDifferent[toId]
      const from = entries.find((e) => e.id === fromWanted)
      if (!from)
        throw AppError.of(
          'not_found',
          fromId === null ? 'There is no earlier backup with different content to compare with.' : 'That backup no longer exists.'
        )
      const [a, b] = await Promise.all([withFile(from.id), withFile(toId)])
      return diffSaves({ entry: a, contents: await contentsOf(a) }, { entry: b, contents: await contentsOf(b) }, deps.charts())
    },
    'backups:backfill': async (backupId) => {
      const owner = ownerOf(backupId)
      const entry = await withFile(backupId)
      const records = recordsForHistory(await contentsOf(entry), entry, deps.charts(), await deps.history.records(owner))
      return { added: await deps.history.remember(owner, records) }
    },
    'backups:folder': () => ({
      path: deps.settings.get().backupFolder ?? deps.defaultFolder,
      isDefault: deps.settings.get().backupFolder === null
    }),
    'backups:chooseFolder': async () => {
      const current = deps.settings.get().backupFolder ?? deps.defaultFolder
      const offered: FolderSuggestion[] = [{ path: current, kind: 'current', found: null }]
      if (current !== deps.defaultFolder) offered.push({ path: deps.defaultFolder, kind: 'documents', found: null })
      const folder = await deps.desktop.chooseFolder({ purpose: 'backups', suggestions: offered })
      if (folder) deps.settings.update({ backupFolder: folder })
      return folder
    }
  }
}
