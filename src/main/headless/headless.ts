import type { CurrentUserProfile } from '../../shared/api'
import type { BackupProgress, BackupResult, Library, RetentionPolicy, SaveDiff, SaveSummary, UnindexedFile } from '../../shared/backups'
import type { ChartListInfo, ChartInfo } from '../../shared/data'
import { AppError } from '../../shared/errors'
import type { Language } from '../../shared/settings'
import { staticCredentials, type Credentials } from '../api/http'
import type { AccountRecord } from '../accounts/account-registry'
import type { DownloadLimits } from '../backups/download'
import type { VerifyReport } from '../backups/library'
import { diffSaves, summarize } from '../backups/save-insights'
import { readSaveContents } from '../backups/save-reader'
import type { SystemFacts } from '../game-folder/locate'
import { redactor } from '../logging/redact'
import { nodeFiles } from '../platform-node/files'
import type { ListProcesses } from '../platform-node/processes'
import type { FileSystem } from '../ports'
import type { LibraryPlace } from '../settings/module'
import { cliCore, DEFAULT_BACKUP_DIR, defaultCliDataDir } from './cli-core'
import { chartCommands, fileSubmissions } from './cli-stores'
import { reportingFetch, resolveDeployment, tokenHeader } from './connection'
import { localGame } from './local'
import { restoreCommands } from './restore'
import { backupFolders } from './folders'

export { DEFAULT_BACKUP_DIR, defaultCliDataDir } from './cli-core'
export { readTokenFile, resolveDeployment } from './connection'

/**
 * The CLI's face of the app: the one core every face builds (`createCore`), with the CLI's ports and
 * options, authenticated with a User Token when a command needs the account. The CLI imports this module
 * and nothing else of `src/main`; it builds one per command.
 */
export interface HeadlessOptions {
  deployment?: 'global' | 'china' | 'local'
  baseUrl?: string
  tokenFile?: string
  /** The token from the environment, when no file is given. */
  tokenFromEnv?: string
  language?: Language
  version: string
  /** Told about every request (method, host, path, status): for --verbose. */
  onRequest?: (line: string) => void
  /** The CLI's own data (nickname submissions, the chart list): never the app's folder. */
  dataDir?: string
  files?: FileSystem
  downloadLimits?: Partial<DownloadLimits>
  /** Where the game is looked for, and what runs on this computer (tests give fakes). */
  system?: SystemFacts
  processes?: ListProcesses
}

/** Masks every credential the process knows of, and the shapes credentials travel in. */
export const redact = (text: string): string => redactor.text(text)

export function createHeadless(o: HeadlessOptions) {
  const files = o.files ?? nodeFiles
  const dataDir = o.dataDir ?? defaultCliDataDir()
  const submissions = fileSubmissions(files, dataDir)
  let place: LibraryPlace = { folder: DEFAULT_BACKUP_DIR, retention: null }
  /** The library (`--dir`) and retention of the call being made. */
  const at = (dir: string, retention: RetentionPolicy | null = null) => void (place = { folder: dir, retention })
  const core = cliCore({
    version: o.version,
    language: o.language ?? 'en',
    dataDir,
    files,
    fetch: reportingFetch(o.onRequest),
    submissions,
    library: () => place,
    downloadLimits: o.downloadLimits,
    onDownloadRequest: o.onRequest ? (method, url, status) => o.onRequest!(`${method} ${url} → ${status}`) : undefined,
    system: o.system,
    processes: o.processes
  })
  const { accounts, backups, profile, chartList } = core.modules
  const service = backups.service
  const charts = chartCommands(() => chartList.chartList)

  let deployment: ReturnType<typeof resolveDeployment> | null = null
  const where = () => (deployment ??= resolveDeployment(o))
  const client = () => accounts.auth.client(where())
  let credentials: Credentials | null = null
  const creds = () => (credentials ??= staticCredentials(tokenHeader(o)))
  let me: Promise<AccountRecord> | null = null
  /** The token's account, signed in to the core under the same key the app gives it (the profile read once). */
  const account = () =>
    (me ??= (async () => {
      const profile = await client().currentUser(creds())
      if (!profile.username || !profile.uid)
        throw AppError.of('scope_missing', 'This User Token cannot read your username: create one with the "profile" scope.')
      const { uid, username, nickname } = profile
      return accounts.auth.keepUserToken(where(), { uid, username, nickname }, tokenHeader(o))
    })())
  /** The token's account, with the library at `dir`. */
  const mine = async (dir: string, retention: RetentionPolicy | null = null) => {
    const a = await account()
    at(dir, retention)
    return { a, folder: service.folderOf(a) }
  }

  /** A backup by id or name, or the latest. */
  const backupEntry = async (dir: string, ref: string | null) => {
    const { a, folder } = await mine(dir)
    const { entries, previousDifferent } = await service.read(a.id)
    const find = (r: string) =>
      entries.find(
        (e) => e.id === r || e.id === `${folder}/${r}` || e.file === r || e.id.endsWith(`/${r.replace(/\.manifest\.json$/, '')}`)
      )
    return { entries, previousDifferent, find, target: ref ? find(ref) : entries[0] }
  }

  return {
    /** The core this face runs on (the same `createCore` as the app's). */
    core,
    charts,
    // Async throughout, so a missing or malformed credential is a rejection like any other failure.
    profile: async () => client().currentUser(creds()),
    publicUser: async (identity: string) => client().publicUser(identity),
    recent: async () => client().recent(creds(), (await account()).username!),
    rank: async () => client().rank(creds(), (await account()).username!),
    saveInfo: async () => client().saveInfo(creds()),

    async backup(options: {
      dir: string
      force: boolean
      retention: RetentionPolicy | null
      signal?: AbortSignal
      onProgress?: (p: BackupProgress) => void
    }): Promise<BackupResult> {
      const { a } = await mine(options.dir, options.retention)
      const stop = options.onProgress ? core.events.on('backups:progress', options.onProgress) : null
      try {
        return await service.run(a.id, { force: options.force, signal: options.signal })
      } finally {
        stop?.()
      }
    },

    async library(dir: string): Promise<Library> {
      return service.read((await mine(dir)).a.id)
    },

    /** Re-hashes every backup; records the results unless the archive cannot be written. */
    async verify(dir: string): Promise<VerifyReport> {
      return service.verify((await mine(dir)).a.id, null)
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
      return (await mine(dir)).folder
    },

    async index(dir: string, name: string): Promise<{ id: string }> {
      const { a, folder } = await mine(dir)
      const facts = {
        accountId: a.id,
        deploymentId: a.deploymentId,
        username: a.username,
        uid: a.uid,
        appVersion: o.version,
        now: Date.now()
      }
      return { id: await service.library().index(folder, name, facts, service.lockFor()) }
    },

    /** The profile after the change (the CLI's JSON), plus when the next opportunity is expected back. */
    async changeNickname(name: string): Promise<CurrentUserProfile & { nextRecovery: string | null }> {
      const { a } = await mine(DEFAULT_BACKUP_DIR)
      try {
        await profile.nickname.change(a.id, name)
      } finally {
        await submissions.flush()
      }
      const current = await client().currentUser(creds())
      return { ...current, nextRecovery: profile.nickname.nextRecovery(a.id) }
    },

    /** Folder tables from a backup's save (no credential). */
    folders: (input: Omit<Parameters<typeof backupFolders>[1], 'files' | 'at'>) => backupFolders(core, { ...input, files, at }),
    /** The `local` commands: the game's save on this computer (no credential, no network). */
    local: (gameDir?: string) => localGame(core, { gameDir: gameDir ?? null, files, at }),
    /** `local versions` and `local restore`. */
    restore: (dir: string, gameDir?: string) => restoreCommands(core, { dir, gameDir: gameDir ?? null, files, at, signIn: account })
  }
}

export type Headless = ReturnType<typeof createHeadless>
export type { LocalGame } from './local'
export type { FolderReport, FolderTable } from './folders'
export type { LocalVersion, RestoreCli } from './restore'
export type { BackupResult, ChartListInfo, ChartInfo, Library, SaveDiff, SaveSummary, UnindexedFile, VerifyReport }
export { cliTextsFor, type CliTexts } from '../i18n'
