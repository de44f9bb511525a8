import type { CurrentUserProfile } from '../../shared/api'
import type { BackupProgress, BackupResult, Library, RetentionPolicy, SaveDiff, SaveSummary, UnindexedFile } from '../../shared/backups'
import type { ChartListInfo, ChartInfo } from '../../shared/data'
import { AppError } from '../../shared/errors'
import type { Language } from '../../shared/settings'
import { ServiceHttp, staticCredentials, type Credentials } from '../api/http'
import { ServiceClient } from '../api/service-client'
import { accountKey } from '../accounts/account-key'
import type { BackupAccount } from '../backups/backup-service'
import type { DownloadLimits } from '../backups/download'
import type { VerifyReport } from '../backups/library'
import { diffSaves, summarize } from '../backups/save-insights'
import { readSaveContents } from '../backups/save-reader'
import { redactor } from '../logging/redact'
import { nodeFiles } from '../platform-node/files'
import type { FileSystem } from '../ports'
import { chartCommands, fileSubmissions } from './cli-stores'
import { reportingFetch, resolveDeployment, tokenHeader } from './connection'
import { cliAccountModules, cliCharts, cliContext, DEFAULT_BACKUP_DIR, defaultCliDataDir, withBackupProgress } from './modules'

export { DEFAULT_BACKUP_DIR, defaultCliDataDir } from './modules'
export { readTokenFile, resolveDeployment } from './connection'

/**
 * The headless face of the app for scripts (the CLI): the same services (API client, backups,
 * nickname bookkeeping), authenticated with a User Token. The CLI imports this module and
 * nothing else of `src/main`.
 */
export interface HeadlessOptions {
  deployment?: 'global' | 'china' | 'local'
  baseUrl?: string
  tokenFile?: string
  /** The token from the environment, when no file is given. */
  tokenFromEnv?: string
  language: Language
  version: string
  /** Told about every request (method, host, path, status): for --verbose. */
  onRequest?: (line: string) => void
  /** The CLI's own data (nickname submissions, the chart list): never the app's folder. */
  dataDir?: string
  files?: FileSystem
  downloadLimits?: Partial<DownloadLimits>
}

/** Masks every credential the process knows of, and the shapes credentials travel in. */
export const redact = (text: string): string => redactor.text(text)

export function createHeadless(o: HeadlessOptions) {
  const deployment = resolveDeployment(o)
  const files = o.files ?? nodeFiles
  const fetchImpl = reportingFetch(o.onRequest)
  const http = new ServiceHttp({
    fetch: fetchImpl,
    userAgent: `GameAccountCompanion-CLI/${o.version} (${process.platform})`,
    language: () => o.language
  })
  const client = new ServiceClient(http, deployment.baseUrl)
  let credentials: Credentials | null = null
  const creds = () => (credentials ??= staticCredentials(tokenHeader(o)))
  let me: Promise<BackupAccount> | null = null

  /** The token's account, under the same key the app gives it. */
  const account = () =>
    (me ??= client.currentUser(creds()).then((profile) => {
      if (!profile.username || !profile.uid)
        throw AppError.of('scope_missing', 'This User Token cannot read your username: create one with the "profile" scope.')
      return {
        id: accountKey(deployment.id, deployment.baseUrl, profile.uid),
        deploymentId: deployment.id,
        baseUrl: deployment.baseUrl,
        username: profile.username,
        uid: profile.uid
      }
    }))

  const dataDir = o.dataDir ?? defaultCliDataDir()
  const ctx = cliContext({
    version: o.version,
    language: o.language,
    dataDir,
    files,
    fetch: fetchImpl,
    downloadLimits: o.downloadLimits,
    onDownloadRequest: o.onRequest ? (method, url, status) => o.onRequest!(`${method} ${url} → ${status}`) : undefined
  })
  const chartList = cliCharts(ctx)
  const charts = chartCommands(() => chartList().chartList)
  const submissions = fileSubmissions(files, dataDir)
  const connection = { client: () => client, credentials: () => creds() }
  /** The app's backups and profile modules for the token's account, with the library at `dir`. */
  const modulesFor = async (dir: string, retention: RetentionPolicy | null = null) => {
    const a = await account()
    return { a, ...cliAccountModules(ctx, a, connection, { language: o.language, dir, retention, charts: charts.list, submissions }) }
  }

  const libraryOf = async (dir: string) => {
    const { a, backups } = await modulesFor(dir)
    const service = backups.service
    return { a, service, folder: service.folderOf(a) }
  }

  /** A backup by id or name, or the latest. */
  const backupEntry = async (dir: string, ref: string | null) => {
    const { service, a, folder } = await libraryOf(dir)
    const { entries, previousDifferent } = await service.read(a.id)
    const find = (r: string) =>
      entries.find(
        (e) => e.id === r || e.id === `${folder}/${r}` || e.file === r || e.id.endsWith(`/${r.replace(/\.manifest\.json$/, '')}`)
      )
    return { entries, previousDifferent, find, target: ref ? find(ref) : entries[0] }
  }

  return {
    deployment,
    charts,
    // Async throughout, so a missing or malformed credential is a rejection like any other failure.
    profile: async () => client.currentUser(creds()),
    publicUser: async (identity: string) => client.publicUser(identity),
    recent: async () => client.recent(creds(), (await account()).username!),
    rank: async () => client.rank(creds(), (await account()).username!),
    saveInfo: async () => client.saveInfo(creds()),

    async backup(options: {
      dir: string
      force: boolean
      retention: RetentionPolicy | null
      signal?: AbortSignal
      onProgress?: (p: BackupProgress) => void
    }): Promise<BackupResult> {
      const { a, backups } = await modulesFor(options.dir, options.retention)
      const run = () => backups.service.run(a.id, { force: options.force, signal: options.signal })
      return withBackupProgress(ctx, options.onProgress, run)
    },

    async library(dir: string): Promise<Library> {
      const { a, service } = await libraryOf(dir)
      return service.read(a.id)
    },

    /** Re-hashes every backup; records the results unless the archive cannot be written. */
    async verify(dir: string): Promise<VerifyReport> {
      const { a, service } = await libraryOf(dir)
      return service.verify(a.id, null)
    },

    /** `from`/`to`: backup ids or names; defaults: the latest backup and the one before it with other content. */
    async diff(dir: string, from: string | null, to: string | null): Promise<SaveDiff> {
      const { entries, previousDifferent, find, target } = await backupEntry(dir, to)
      if (!target) throw AppError.of('not_found', to ? `No backup named ${to}.` : 'There are no backups yet.')
      const source = from ? find(from) : entries.find((e) => e.id === previousDifferent[target.id])
      if (!source)
        throw AppError.of('not_found', from ? `No backup named ${from}.` : 'There is no earlier backup with other content to compare with.')
      if (!source.path || !target.path) throw AppError.of('not_found', 'The save file of a backup is missing.')
      const read = async (path: string) => readSaveContents(await files.readFile(path))
      return diffSaves(
        { entry: source, contents: await read(source.path) },
        { entry: target, contents: await read(target.path) },
        charts.list()
      )
    },

    /** What a backup holds (default: the latest), with titles and the Reality it implies from the chart list. */
    async summary(dir: string, ref: string | null): Promise<SaveSummary> {
      const { target } = await backupEntry(dir, ref)
      if (!target) throw AppError.of('not_found', ref ? `No backup named ${ref}.` : 'There are no backups yet.')
      if (!target.path) throw AppError.of('not_found', 'The save file of this backup is missing.')
      return summarize(await readSaveContents(await files.readFile(target.path)), charts.list())
    },

    /** The library folder of the token's account (what a cloud backup's id starts with). */
    async backupFolder(dir: string): Promise<string> {
      return (await libraryOf(dir)).folder
    },

    async index(dir: string, name: string): Promise<{ id: string }> {
      const { service, a, folder } = await libraryOf(dir)
      return {
        id: await service
          .library()
          .index(
            folder,
            name,
            { accountId: a.id, deploymentId: a.deploymentId, username: a.username, uid: a.uid, appVersion: o.version, now: Date.now() },
            service.lockFor()
          )
      }
    },

    /** The profile after the change (the CLI's JSON), plus when the next opportunity is expected back. */
    async changeNickname(name: string): Promise<CurrentUserProfile & { nextRecovery: string | null }> {
      const { a, profile } = await modulesFor(DEFAULT_BACKUP_DIR)
      try {
        await profile.nickname.change(a.id, name)
      } finally {
        await submissions.flush()
      }
      const current = await client.currentUser(creds())
      return { ...current, nextRecovery: profile.nickname.nextRecovery(a.id) }
    }
  }
}

export type Headless = ReturnType<typeof createHeadless>
export { createLocalGame, type LocalGame } from './local'
export { backupFolders, type FolderReport, type FolderTable } from './folders'
export { createRestore, type LocalVersion, type RestoreCli } from './restore'
export type { BackupResult, ChartListInfo, ChartInfo, Library, SaveDiff, SaveSummary, UnindexedFile, VerifyReport }
export { cliTextsFor, type CliTexts } from '../i18n'
