import type { ScoreRecord } from '../../shared/api'
import type { BackupProgress, RetentionPolicy } from '../../shared/backups'
import type { ChartInfo } from '../../shared/data'
import { AppError } from '../../shared/errors'
import type { FolderKind } from '../../shared/progress'
import type { Language } from '../../shared/settings'
import { staticCredentials, type Credentials } from '../api/http'
import { reportingFetch } from '../api/reporting-fetch'
import type { AccountRecord } from '../accounts/account-registry'
import type { DownloadLimits } from '../backups/download'
import type { SystemFacts } from '../game-folder/locate'
import { redactor } from '../logging/redact'
import { nodeFiles } from '../platform-node/files'
import type { ListProcesses } from '../platform-node/processes'
import type { FileSystem } from '../ports'
import { fileSubmissions } from '../profile/submissions-file'
import type { RestorePlan, RestoreRequest } from '../restore/restore-plan'
import { localSessions, type LocalSessionsOptions } from '../sessions/local-sessions'
import { describePackFile } from '../progress/goal-packs'
import type { LibraryPlace } from '../settings/module'
import { resolveDeployment } from '../accounts/account-key'
import { userTokenHeader } from '../accounts/user-token-file'
import { createCore } from '../core/create-core'
import { CLI_LOCK_WAIT_MS, cliStores, DEFAULT_BACKUP_DIR, defaultCliDataDir, refuse } from './cli-core'

export { DEFAULT_BACKUP_DIR, defaultCliDataDir } from './cli-core'

/**
 * The CLI's face of the app: the one core every face builds (`createCore`) with the CLI's ports and options,
 * authenticated with a User Token once a command needs the account. The CLI imports this module and nothing
 * else of `src/main`; it builds one per command. What a command reads of files needs no credential.
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
  dataDir?: string
  files?: FileSystem
  downloadLimits?: Partial<DownloadLimits>
  /** Where the game is looked for, and what runs on this computer (tests give fakes). */
  system?: SystemFacts
  processes?: ListProcesses
}

/** Masks every credential the process knows of, and the shapes credentials travel in. */
export const redact = (text: string): string => redactor.text(text)

// eslint-disable-next-line max-lines-per-function -- the CLI's face: one closure over the command's core and account, a method per command
export function createHeadless(o: HeadlessOptions) {
  const files = o.files ?? nodeFiles
  const dataDir = o.dataDir ?? defaultCliDataDir()
  const submissions = fileSubmissions(files, dataDir)
  let place: LibraryPlace = { folder: DEFAULT_BACKUP_DIR, retention: null }
  /** The library (`--dir`) and retention of the calls that follow. */
  const at = (dir: string, retention: RetentionPolicy | null = null) => void (place = { folder: dir, retention })
  const language = o.language ?? 'en'
  // The app's core with the CLI's ports and options: building it reads and writes nothing.
  const core = createCore(
    {
      identity: {
        name: 'Game Account Companion CLI',
        version: o.version,
        platform: process.platform,
        host: 'web',
        systemLanguage: language,
        program: 'cli'
      },
      dataDir,
      openRawStore: cliStores(dataDir),
      openExternal: refuse('browser'),
      secretCipher: { protection: async () => 'unavailable', encrypt: refuse('keyring'), decrypt: refuse('keyring') },
      files,
      fetch: reportingFetch(o.onRequest)
    },
    {
      settings: { language, library: () => place },
      chartList: { url: process.env.COMPANION_CHART_LIST_URL || null },
      profile: { submissions },
      backups: {
        lockWaitMs: CLI_LOCK_WAIT_MS,
        downloadLimits: o.downloadLimits,
        onDownloadRequest: o.onRequest && ((m, url, status) => o.onRequest!(`${m} ${url} → ${status}`))
      },
      gameFolder: { lockWaitMs: CLI_LOCK_WAIT_MS, system: o.system, pollMs: null },
      restore: { lockWaitMs: CLI_LOCK_WAIT_MS, processes: o.processes }
    }
  )
  const { accounts, backups, profile, chartList, gameFolder, restore, progress, planner, picks, record } = core.modules
  const { service, reads } = backups

  let deployment: ReturnType<typeof resolveDeployment> | null = null
  const where = () => (deployment ??= resolveDeployment(o, process.env.COMPANION_LOCAL_BASE_URL))
  const client = () => accounts.auth.client(where())
  let credentials: Credentials | null = null
  const creds = () => (credentials ??= staticCredentials(userTokenHeader(o)))
  let me: Promise<AccountRecord> | null = null
  /** The token's account, signed in to the core under the key the app gives it (its profile read once). */
  const account = () => (me ??= accounts.auth.useUserToken(where(), userTokenHeader(o)))
  /** The token's account, with the library at `dir`. */
  const mine = async (dir: string, retention: RetentionPolicy | null = null) => {
    const a = await account()
    at(dir, retention)
    return { a, folder: service.folderOf(a) }
  }
  /** The token's account's best-performance lists, once the service has made them. */
  const ranks = async () => {
    const rank = await client().rank(creds(), (await account()).username!)
    if (rank.listsReady === false)
      throw AppError.of('service', 'The service has not finished the best-performance lists yet: try again in a minute.')
    return rank
  }
  /** `<backup>` among the token's account's backups at `dir` (a path or a whole id needs no credential). */
  const ownBackup = (dir: string, ref: string | null) => {
    at(dir)
    return backups.resolve(ref, async () => [(await mine(dir)).folder])
  }

  return {
    /** The core this face runs on (the same `createCore` as the app's). */
    core,
    /** `charts update`: the player runs it, which is their agreement to the host (the rest: `core.modules.chartList`). */
    async updateCharts(url?: string) {
      if (url !== undefined) chartList.chartList.setUrl(url)
      return chartList.chartList.update({ agreed: true })
    },
    // Async throughout, so a missing or malformed credential is a rejection like any other failure.
    profile: async () => client().currentUser(creds()),
    publicUser: async (identity: string) => client().publicUser(identity),
    recent: async () => client().recent(creds(), (await account()).username!),
    rank: async () => client().rank(creds(), (await account()).username!),

    /** The token's account's id (signed in to the core): the key the features' services take (`core.modules`). */
    accountId: async () => (await account()).id,
    /** The marks of plays in the account's kept history in the data folder (#55), for the JSON of a table. */
    marksOf: async (plays: readonly Pick<ScoreRecord, 'chart_id' | 'played_at' | 'score'>[]) =>
      record.record.marksOf((await account()).id, plays),
    saveInfo: async () => client().saveInfo(creds()),

    async backup(options: {
      dir: string
      force: boolean
      retention: RetentionPolicy | null
      signal?: AbortSignal
      onProgress?: (p: BackupProgress) => void
    }) {
      const { a } = await mine(options.dir, options.retention)
      const stop = options.onProgress ? core.events.on('backups:progress', options.onProgress) : null
      try {
        return await service.run(a.id, { force: options.force, signal: options.signal })
      } finally {
        stop?.()
      }
    },
    library: async (dir: string) => service.read((await mine(dir)).a.id),
    /** Re-hashes every backup; records the results unless the archive cannot be written. */
    verify: async (dir: string) => service.verify((await mine(dir)).a.id, null),
    /** Defaults: the latest backup, and the one before it with other content. */
    diff: async (dir: string, from: string | null, to: string | null) =>
      reads.diff(from === null ? null : await ownBackup(dir, from), await ownBackup(dir, to)),
    /** What a backup holds (default: the latest), with titles and the Reality it implies from the chart list. */
    summary: async (dir: string, ref: string | null) => reads.summary(await ownBackup(dir, ref)),
    /** Folder tables from a backup's save, the newest of any account's by default (no credential). */
    async folders(input: { dir: string; ref: string | null; charts: ReadonlyMap<string, ChartInfo>; by?: FolderKind }) {
      at(input.dir)
      return progress.reports.backup(input.ref, input)
    },
    /**
     * `plan` and `whatif`: the list of bests they work on, from a save file or a `<backup>` of the library at `dir`
     * (any account's: no credential), or from the token's account in one input mode (the service's rank lists).
     */
    planner: {
      async list(source: PlannerCliSource) {
        if (source.kind === 'file') return planner.lists.backup({ kind: 'file', path: source.path })
        if (source.kind === 'backup') {
          at(source.dir)
          return planner.lists.backup(await backups.resolve(source.ref))
        }
        const rank = await ranks()
        return planner.lists.records(source.mode, source.mode === 'touch' ? rank.touch_ranks : rank.keyboard_ranks)
      }
    },
    async index(dir: string, name: string) {
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
    async changeNickname(name: string) {
      const { a } = await mine(DEFAULT_BACKUP_DIR)
      await profile.nickname.change(a.id, name).finally(() => submissions.flush())
      return { ...(await client().currentUser(creds())), nextRecovery: profile.nickname.nextRecovery(a.id) }
    },

    /** The `local` commands: the game's save on this computer (`gameDir`, or the usual place), no credential. */
    local(gameDir: string | null = null) {
      const { local } = gameFolder
      return {
        status: () => local.status(gameDir),
        backup: (dir: string, retention: RetentionPolicy | null, signal?: AbortSignal) => (
          at(dir, retention),
          local.backup(gameDir, { signal })
        ),
        plays: (dataFile: string | null) => gameFolder.plays(gameDir, dataFile),
        folders: (charts: ReadonlyMap<string, ChartInfo>, by?: FolderKind) => progress.reports.game(gameDir, { charts, by }),
        /** Sessions of the plays data.db kept (oldest first), with the gap rule, of one player only. */
        async sessions(dataFile: string | null, options: LocalSessionsOptions) {
          const read = await local.plays(gameDir, dataFile)
          return { file: read.file, ...localSessions(read, options) }
        },
        /** Against the newest cloud backup of the same player in `dir` (no download), without the chart list. */
        diff: (dir: string) => (at(dir), gameFolder.compareWithCloud(gameDir, new Map()))
      }
    },

    /** What `pick` works from: the token's account's best lists and recent plays, or a save's bests (no credential). */
    picks: {
      async account() {
        const { username } = await account() // first: without a credential nothing else starts (no rejection unheard)
        const [rank, recent] = await Promise.all([ranks(), client().recent(creds(), username!)])
        return picks.inputs.ranks({ touch: rank.touch_ranks, keyboard: rank.keyboard_ranks }, recent.data, chartList.charts())
      },
      save: (dir: string, ref: string | null) => (at(dir), picks.inputs.save(ref))
    },
    /** A goal pack file, read as untrusted and checked against the chart list where the CLI has one; the CLI keeps no goals. */
    goalPack: (path: string, charts: ReadonlyMap<string, ChartInfo>) => describePackFile(files, path, charts, language),

    /** `local versions` and `local restore`: the library at `dir`, the game's folder `gameDir` (or the usual place). */
    restore(dir: string, gameDir: string | null = null) {
      at(dir)
      return {
        versions: () => gameFolder.versions(),
        resolve: (ref: string) => restore.whose(ref),
        /** `backupId`: a `<backup>` as the CLI takes it; a plan to be written signs the token in where the version needs it. */
        plan: (request: Omit<RestoreRequest, 'gameFolder'>, { dryRun = false } = {}) =>
          restore.planNamed({ ...request, gameFolder: gameDir }, { dryRun, signIn: account }),
        planUndo: () => restore.service.planUndo(gameDir),
        apply: (plan: RestorePlan) => restore.service.apply(plan)
      }
    }
  }
}

export type Headless = ReturnType<typeof createHeadless>

/** Where `plan` and `whatif` read the bests: a save file, a `<backup>` in the library at `dir`, or the token's account. */
export type PlannerCliSource =
  { kind: 'file'; path: string } | { kind: 'backup'; dir: string; ref: string } | { kind: 'account'; mode: 'touch' | 'keyboard' }
export type { FolderReport, FolderTable } from '../progress/folder-report'
export { cliTextsFor, errorTextsFor, type CliTexts } from '../i18n'
export type { PlayMarks } from '../record/record-service'
