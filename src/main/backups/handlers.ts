import type { FolderSuggestion } from '../../shared/dialogs'
import { AppError } from '../../shared/errors'
import type { KeptRecord, ScoreRecord } from '../../shared/api'
import type { Library } from '../../shared/backups'
import type { ChartInfo } from '../../shared/data'
import type { Settings, SettingsPatch } from '../../shared/settings'
import type { ImportSource } from '../../shared/record'
import type { FeatureHandlers } from '../ipc/dispatcher'
import type { DesktopPort } from '../ports'
import type { BackupService } from './backup-service'
import type { VersionOwners } from './ownership'
import { recordsForHistory } from './save-insights'
import type { VersionReads } from './version-reads'

/** What the backup handlers need from the rest of the app. */
export interface BackupHandlerDeps {
  backups: BackupService
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
    /** Adds the records as one import (listed, so it can be taken back). */
    remember(accountId: string, records: readonly KeptRecord[], source: ImportSource): Promise<number>
  }
  /** Whose folder a backup is in. */
  owners: Pick<VersionOwners, 'ownerOf'>
  /** A backup's summary, two backups compared. */
  reads: VersionReads
  emitLibrary: (library: Library) => void
}

// eslint-disable-next-line max-lines-per-function -- the feature's channel map: one entry per channel
export function backupHandlers(deps: BackupHandlerDeps): FeatureHandlers<'backups'> {
  const { backups } = deps
  const emit = async (accountId: string) => deps.emitLibrary(await backups.read(accountId))
  const { reads } = deps
  /** The signed-in account whose folder holds this backup. */
  const ownerOf = (backupId: string): string => {
    const owner = deps.owners.ownerOf(backupId)
    if (!owner) throw AppError.of('not_found', 'That backup does not belong to a signed-in account.')
    return owner.id
  }
  const version = (id: string) => ({ kind: 'version' as const, id, byPath: false })
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
    'backups:star': (backupId, starred) =>
      changed(backupId, async () => (await backups.library().update(backupId, { starred }, backups.lockFor()), null)),
    'backups:export': async (backupId) => {
      const entry = await reads.withFile(backupId)
      // A version of the game's own files is offered under the game's names (its data.db goes beside it as data.db).
      const target = await deps.desktop.chooseSavePath(entry.source === 'computer' ? 'saves.db' : entry.path.split(/[\\/]/).pop()!)
      return target ? backups.library().exportTo(backupId, target) : null
    },
    'backups:reveal': async (backupId) => (deps.desktop.revealInFolder((await reads.withFile(backupId)).path), null),
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
    'backups:summary': (backupId) => reads.summary(version(backupId)),
    'backups:diff': (fromId, toId) => {
      ownerOf(toId)
      return reads.diff(fromId === null ? null : version(fromId), version(toId))
    },
    'backups:backfill': async (backupId) => {
      const owner = ownerOf(backupId)
      const { ref, contents } = await reads.read(version(backupId))
      const records = recordsForHistory(contents, ref, deps.charts(), await deps.history.records(owner))
      return { added: await deps.history.remember(owner, records, { kind: 'backup', label: backupId, automatic: false }) }
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
