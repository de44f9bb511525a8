import type { FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import type { SaveInfo } from '../../shared/api'
import { compareInstants } from '../../shared/timestamps'
import type { BackupEntry, BackupProgress, BackupReason, BackupResult, Library, RetentionPolicy } from '../../shared/backups'
import { allowsInsecureHttp } from '../../shared/deployments'
import { AppError } from '../../shared/errors'
import type { Credentials } from '../api/http'
import type { ServiceClient } from '../api/service-client'
import type { Logger } from '../logging/logger'
import type { Clock, FileSystem } from '../ports'
import { manifestFor, type DownloadedSave } from './cloud-manifest'
import { download, DownloadFailure, type DownloadLimits, type DownloadResult, type ResumePoint, type Validator } from './download'
import type { LockOptions } from './folder-lock'
import { detectFormat } from './format'
import { io } from '../platform-node/io'
import { backupBaseName, BackupLibrary, entryOf, extensionFor, sanitize, type Trash, type VerifyReport } from './library'
import { newPartialName, PartialNote, removePartial, sidecarOf, type PartFile, type PartialInfo } from './partials'

/** The account facts a backup needs; the app's accounts and the CLI's User Token both provide them. */
export interface BackupAccount {
  id: string
  deploymentId: string
  baseUrl: string
  username: string | null
  uid: string | null
}

/** How backups reach the service: the app's signed-in accounts, or the CLI's User Token. */
export interface BackupConnection {
  client(account: BackupAccount): ServiceClient
  credentials(accountId: string): Credentials
}

export interface BackupDeps {
  connection: BackupConnection
  accounts: { get(id: string): BackupAccount | undefined; list(): BackupAccount[] }
  clock: Clock
  files: FileSystem
  /** The backup root: the folder the user chose, or the default one. */
  root: () => string
  /** Where deleted backups go, per root (the OS trash in the app). */
  trash: (root: string) => Trash
  /** Retention after each run; null applies none (the CLI unless asked). */
  retention: () => RetentionPolicy | null
  /** The largest save accepted when neither save/info nor the file server gives a size. */
  maxSaveBytes: () => number
  program: 'app' | 'cli'
  appVersion: string
  emitProgress: (progress: BackupProgress) => void
  /** Told whenever an account's library changed on disk through this service. */
  onLibraryChanged?: (accountId: string) => void
  /** How long a run waits for another program's backup of the same account. */
  lockWaitMs?: number
  downloadLimits?: Partial<DownloadLimits>
  sleep?: (ms: number) => Promise<void>
  onDownloadRequest?: (method: string, urlWithoutQuery: string, status: number) => void
  /** Told when a run failed (so the account's state shows it at once, e.g. offline). */
  onFailure?: (accountId: string, error: unknown) => void
  /** Told the cloud save's info each run fetches, so the rest of the app shows the newest. */
  onSaveInfo?: (accountId: string, info: SaveInfo) => void
  logger?: Logger
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
}

/** A one-per-second moving rate for the progress bar, emitted at most ten times a second. */
function progressReporter(accountId: string, clock: Clock, emit: (p: BackupProgress) => void) {
  let lastEmit = 0
  const samples: { t: number; bytes: number }[] = []
  return (stage: BackupProgress['stage'], received = 0, total: number | null = null, force = false) => {
    const now = clock.now()
    samples.push({ t: now, bytes: received })
    while (samples.length > 2 && now - samples[0]!.t > 2_000) samples.shift()
    if (!force && now - lastEmit < 100) return
    lastEmit = now
    const first = samples[0]!
    const rate = now > first.t ? ((received - first.bytes) * 1000) / (now - first.t) : 0
    emit({
      accountId,
      stage,
      received,
      total,
      rate: Math.max(0, rate),
      etaSeconds: total !== null && rate > 0 ? Math.ceil((total - received) / rate) : null
    })
  }
}
type Report = ReturnType<typeof progressReporter>

/** One run's download: the account and its folder, what save/info said, what the folder held when the run locked it. */
interface DownloadJob {
  account: BackupAccount
  library: BackupLibrary
  folder: string
  dir: string
  info: SaveInfo
  /** The folder's backups, newest first. */
  known: BackupEntry[]
  /** The partial an interrupted run left, if any. */
  kept: PartFile | null
  reason: BackupReason
  signal: AbortSignal
  report: Report
}

/** The partial a download writes into: its note (sidecar), its open handle, and what it already holds. */
interface OpenPartial {
  note: PartialNote
  handle: FileHandle
  resume: ResumePoint | undefined
}

/** Signed URLs are https; plain http only when the API itself is on this machine, and then only to this machine. */
export function signedUrlPolicy(baseUrl: string): (url: URL) => void {
  const loopbackApi = allowsInsecureHttp(baseUrl)
  return (url) => {
    if (url.protocol === 'https:' && !url.username && !url.password) return
    if (url.protocol === 'http:' && loopbackApi && allowsInsecureHttp(url.origin)) return
    throw AppError.of(
      'unexpected_response',
      `The service gave a download link this app will not follow (${url.protocol}//${url.host}): only https is accepted. Nothing was saved.`
    )
  }
}

/**
 * A backup run: never spends a download when the last backup still holds the cloud save's exact
 * version; streams to a partial file; verifies; places the manifest, then the save; applies
 * retention. One run per account at a time, across the app and the CLI (the folder's lock).
 */
export class BackupService {
  readonly #running = new Map<string, AbortController>()

  constructor(private readonly deps: BackupDeps) {}

  library(): BackupLibrary {
    const root = this.deps.root()
    return new BackupLibrary(root, this.deps.files, this.deps.trash(root))
  }

  folderOf(account: Pick<BackupAccount, 'deploymentId' | 'username' | 'uid'>): string {
    return sanitize(`${account.deploymentId}-${account.username ?? 'user'}-${account.uid ?? 'unknown'}`)
  }

  account(accountId: string): BackupAccount {
    const account = this.deps.accounts.get(accountId)
    if (!account) throw AppError.of('not_found', 'That account is not signed in.')
    return account
  }

  /** The lock options of a short library change (pin, note, delete…). */
  lockFor(signal?: AbortSignal, waitMs = 30_000): LockOptions {
    return { program: this.deps.program, waitMs, signal }
  }

  isRunning(accountId?: string): boolean {
    return accountId === undefined ? this.#running.size > 0 : this.#running.has(accountId)
  }

  cancel(accountId?: string): void {
    for (const [id, controller] of this.#running) if (accountId === undefined || id === accountId) controller.abort()
  }

  async read(accountId: string): Promise<Library> {
    const account = this.account(accountId)
    return this.library().read(this.folderOf(account), accountId)
  }

  async run(accountId: string, options: { force?: boolean; signal?: AbortSignal } = {}): Promise<BackupResult> {
    if (this.#running.has(accountId)) throw AppError.of('busy', 'A backup of this account is already running. Wait for it or cancel it.')
    const controller = new AbortController()
    options.signal?.addEventListener('abort', () => controller.abort(), { once: true })
    this.#running.set(accountId, controller)
    const report = progressReporter(accountId, this.deps.clock, this.deps.emitProgress)
    const started = this.deps.clock.now()
    try {
      const result = await this.#run(this.account(accountId), options.force ?? false, controller.signal, report)
      report('done', result.size ?? 0, result.size, true)
      this.deps.logger?.info(
        {
          accountId,
          status: result.status,
          reason: result.reason,
          bytes: result.size,
          downloadsSpent: result.downloadsSpent,
          resumedBytes: result.resumedBytes,
          ms: this.deps.clock.now() - started
        },
        'backup finished'
      )
      return result
    } catch (error) {
      report(controller.signal.aborted ? 'cancelled' : 'failed', 0, null, true)
      const failure =
        controller.signal.aborted && !(error instanceof AppError && error.code === 'cancelled')
          ? AppError.of('cancelled', 'The backup was cancelled.')
          : error
      this.deps.logger?.warn({ accountId, error: failure, ms: this.deps.clock.now() - started }, 'backup failed')
      if (!(failure instanceof AppError && (failure.code === 'cancelled' || failure.code === 'busy')))
        this.deps.onFailure?.(accountId, failure)
      throw failure instanceof DownloadFailure ? new AppError(failure.data) : failure
    } finally {
      this.#running.delete(accountId)
      this.deps.onLibraryChanged?.(accountId)
    }
  }

  /** Why a download is needed, or that the last backup still is the cloud save (re-hashed to be sure). */
  async #decide(
    library: BackupLibrary,
    latest: BackupEntry | null,
    info: SaveInfo,
    force: boolean
  ): Promise<{ upToDate: boolean; reason: BackupReason }> {
    if (!latest) return { upToDate: false, reason: 'first' }
    const announced = latest.announcedSize ?? latest.size
    const same =
      !latest.indexedLater &&
      compareInstants(latest.updatedAt, info.updated_at) === 0 &&
      sameJson(latest.meta, info.meta ?? null) &&
      (info.size === undefined || info.size === announced)
    if (!same) return { upToDate: false, reason: force ? 'forced' : 'changed' }
    const state = await io('Checking the latest backup', () => library.check(latest))
    if (state === 'mismatch') return { upToDate: false, reason: 'latest-damaged' }
    if (state === 'missing') return { upToDate: false, reason: 'latest-missing' }
    return { upToDate: !force, reason: force ? 'forced' : 'unchanged' }
  }

  async #run(account: BackupAccount, force: boolean, signal: AbortSignal, report: Report): Promise<BackupResult> {
    report('checking', 0, null, true)
    const library = this.library()
    const folder = this.folderOf(account)
    const dir = library.accountDir(folder)
    const existed = await this.deps.files.stat(dir).then(
      () => true,
      () => false
    )
    // save/info spends nothing and touches nothing here: it travels while the folder is checked, locked and read.
    const client = this.deps.connection.client(account)
    const credentials = this.deps.connection.credentials(account.id)
    const asked = client.saveInfo(credentials, signal)
    asked.catch(() => {})
    try {
      return await this.#locked(account, library, folder, dir, asked, force, signal, report)
    } catch (error) {
      // No cloud save yet: a run that made the account's folder leaves nothing behind.
      if (!existed && error instanceof AppError && error.code === 'no_cloud_save') await this.#removeIfEmpty(dir)
      throw error
    }
  }

  async #removeIfEmpty(dir: string): Promise<void> {
    const left = await this.deps.files.readdir(dir).catch(() => ['?'])
    if (left.length === 0) await this.deps.files.rm(dir, { recursive: true, force: true }).catch(() => {})
  }

  async #locked(
    account: BackupAccount,
    library: BackupLibrary,
    folder: string,
    dir: string,
    askedEarly: Promise<SaveInfo>,
    force: boolean,
    signal: AbortSignal,
    report: Report
  ): Promise<BackupResult> {
    let waited = false
    const lock = await library.lock(folder, {
      program: this.deps.program,
      waitMs: this.deps.lockWaitMs ?? 5 * 60_000,
      signal,
      onWait: () => {
        waited = true
        report('waiting', 0, null, true)
      }
    })
    try {
      report('checking', 0, null, true)
      // After waiting for another program's backup, the answer from before may be old: ask again.
      const asked = waited
        ? this.deps.connection.client(account).saveInfo(this.deps.connection.credentials(account.id), signal)
        : askedEarly
      asked.catch(() => {})
      const kept = await library.recover(folder)
      // Read once under the lock: nothing else changes the folder until this run releases it.
      const known = await library.entries(folder)
      const latest = known[0] ?? null
      const info = await asked
      const toldSaveInfo = this.#tellSaveInfo(account.id, info)
      try {
        const decision = await this.#decide(library, latest, info, force)
        if (decision.upToDate && latest) {
          return {
            status: 'up-to-date',
            reason: decision.reason,
            entryId: latest.id,
            path: latest.path,
            size: latest.size,
            sha256: latest.sha256,
            format: latest.format,
            downloadsSpent: 0,
            resumedBytes: 0,
            removedByRetention: []
          }
        }
        return await this.#download({ account, library, folder, dir, info, known, kept, reason: decision.reason, signal, report })
      } finally {
        toldSaveInfo()
      }
    } finally {
      await lock.release()
    }
  }

  /**
   * Tells the rest of the app the newest save info (its cache and window: a few ms of work) just after this run's
   * next request has left, not before it; at the latest when the run ends. Returns the "at the latest".
   */
  #tellSaveInfo(accountId: string, info: SaveInfo): () => void {
    let told = false
    const tell = () => {
      if (told) return
      told = true
      try {
        this.deps.onSaveInfo?.(accountId, info)
      } catch (error) {
        this.deps.logger?.warn({ accountId, error }, 'the save info could not be shown')
      }
    }
    const later = setImmediate(tell)
    return () => {
      clearImmediate(later)
      tell()
    }
  }

  /** Takes over the partial an interrupted run left for this same cloud save version; drops any other. */
  async #adopt(kept: PartFile | null, info: SaveInfo, partPath: string): Promise<ResumePoint | undefined> {
    if (!kept) return undefined
    const matches = kept.info?.validator && compareInstants(kept.info.updatedAt, info.updated_at) === 0
    if (!matches) {
      await removePartial(this.deps.files, kept)
      return undefined
    }
    await this.deps.files.rename(kept.path, partPath)
    await this.deps.files.rename(kept.sidecar, sidecarOf(partPath))
    return { bytes: kept.size, validator: kept.info!.validator! }
  }

  async #download(job: DownloadJob): Promise<BackupResult> {
    const { account, signal } = job
    const client = this.deps.connection.client(account)
    const credentials = this.deps.connection.credentials(account.id)
    // The signed URL travels while the partial is prepared (adopted, noted, opened). Should that fail, one of the
    // day's downloads is spent unused; the partial's note has always been able to fail after the URL was spent.
    let firstUrl: Promise<string> | null = client.saveDownloadUrl(credentials, signal).then((r) => r.file_url)
    firstUrl.catch(() => {})
    const freshUrl = () => {
      const url = firstUrl ?? client.saveDownloadUrl(credentials, signal).then((r) => r.file_url)
      firstUrl = null
      return url
    }
    const partial = await this.#openPartial(job)
    const downloaded = await this.#transfer(job, partial, freshUrl)
    job.report('verifying', downloaded.size, downloaded.size, true)
    const now = this.deps.clock.now()
    const save: DownloadedSave = {
      account,
      info: job.info,
      size: downloaded.size,
      sha256: downloaded.sha256,
      format: detectFormat(downloaded.head),
      appVersion: this.deps.appVersion,
      at: new Date(now).toISOString()
    }
    const placed = await this.#placeDownloaded(job, partial.note, save, downloaded.validator, now)
    const policy = this.deps.retention()
    // The entry just placed, as a reading of the folder would give it (manifestFor() is the same for the same base).
    const entries = [entryOf(manifestFor(save, placed.base, placed.duplicateOf), placed.entryId, placed.path), ...job.known]
    const removed = policy ? await job.library.applyRetention(job.folder, policy, now, entries) : []
    return {
      status: placed.duplicateOf ? 'duplicate' : 'downloaded',
      reason: job.reason,
      entryId: placed.entryId,
      path: placed.path,
      size: downloaded.size,
      sha256: downloaded.sha256,
      format: save.format,
      downloadsSpent: downloaded.urlsRequested,
      resumedBytes: downloaded.resumedBytes,
      removedByRetention: removed
    }
  }

  /**
   * The partial this run writes, open: the one an interrupted run left for this same cloud save (adopted), or a
   * new one. Its note is on the way.
   */
  async #openPartial(job: DownloadJob): Promise<OpenPartial> {
    const { files } = this.deps
    const partPath = join(job.dir, newPartialName())
    const resume = await io('Preparing the download', () => this.#adopt(job.kept, job.info, partPath))
    const info: PartialInfo = {
      updatedAt: job.info.updated_at,
      expectedSize: job.info.size ?? null,
      validator: resume?.validator ?? null,
      placing: null
    }
    // Written while the download starts; its failure is reported after the transfer.
    const note = new PartialNote(files, partPath, info, (work) => io('Preparing the download', work))
    const handle = await io('Preparing the download', () => files.open(partPath, resume ? 'r+' : 'w+', 0o600))
    return { note, handle, resume }
  }

  /**
   * Streams the save into the open partial and closes it. On failure a stall or a dropped connection keeps
   * what arrived (with its validator) for the next run; anything else keeps nothing.
   */
  async #transfer(job: DownloadJob, partial: OpenPartial, freshUrl: () => Promise<string>): Promise<DownloadResult> {
    const { note, handle } = partial
    let downloaded: DownloadResult
    try {
      downloaded = await download({
        freshUrl,
        checkUrl: signedUrlPolicy(job.account.baseUrl),
        file: handle,
        resume: partial.resume,
        expectedSize: job.info.size,
        limits: { ...this.deps.downloadLimits, maxBytes: this.deps.maxSaveBytes() },
        signal: job.signal,
        sleep: this.deps.sleep,
        onRequest: this.deps.onDownloadRequest,
        onValidator: (validator) => note.validator(validator),
        onProgress: (received, total) => job.report('downloading', received, total)
      })
      await note.first
    } catch (error) {
      await handle.close().catch(() => {})
      await note.settle()
      const keep = error instanceof DownloadFailure && error.resumable && note.info.validator !== null
      if (keep) await note.record({}).catch(() => {})
      else await note.remove().catch(() => {})
      throw error
    }
    await note.settle()
    await handle.close()
    return downloaded
  }

  /**
   * Places a downloaded save in the account's folder: when its bytes are those of the previous backup (checked
   * whole), a manifest only, pointing at that file; otherwise the partial becomes the file. Placed or not,
   * the partial is done with: a failed placement keeps nothing half-made.
   */
  async #placeDownloaded(
    job: DownloadJob,
    note: PartialNote,
    save: DownloadedSave,
    validator: Validator,
    now: number
  ): Promise<{ base: string; entryId: string; path: string; duplicateOf: string | null }> {
    const { library, folder, account, known } = job
    const latest = known[0] ?? null
    const preferred = backupBaseName(now, account.deploymentId, account.username ?? account.uid ?? 'user')
    const original = latest?.file
      ? latest
      : latest?.duplicateOf
        ? (known.find((e) => e.id === `${folder}/${latest.duplicateOf}`) ?? null)
        : null
    const same = original?.path && original.sha256 === save.sha256 && (await library.check(original)) === 'ok'
    try {
      if (same) {
        const duplicateOf = original.id.split('/')[1]!
        const base = await library.place(
          folder,
          null,
          preferred,
          (b) => manifestFor(save, b, duplicateOf),
          async () => {}
        )
        return { base, entryId: `${folder}/${base}`, path: original.path!, duplicateOf }
      }
      const base = await library.place(
        folder,
        note.partPath,
        preferred,
        (b) => manifestFor(save, b, null),
        async (b, file) => {
          await io('Recording the placement', () => note.record({ validator, placing: { base: b, file: file!, sha256: save.sha256 } }))
        }
      )
      return { base, entryId: `${folder}/${base}`, path: join(job.dir, `${base}.${extensionFor(save.format)}`), duplicateOf: null }
    } finally {
      await note.remove().catch(() => {})
    }
  }

  async retentionPreview(accountId: string): Promise<BackupEntry[]> {
    const policy = this.deps.retention()
    if (!policy) return []
    const library = this.library()
    return library.plan(await library.entries(this.folderOf(this.account(accountId))), policy, this.deps.clock.now())
  }

  async verify(accountId: string, only: string | null, record = true): Promise<VerifyReport> {
    const account = this.account(accountId)
    const report = await this.library().verify(this.folderOf(account), only, this.deps.clock.now(), record ? this.lockFor() : null)
    if (report.recorded) this.deps.onLibraryChanged?.(accountId)
    return report
  }

  /** At app start: tidies every signed-in account's folder that no other program is working in. */
  async tidyAll(): Promise<void> {
    const library = this.library()
    for (const account of this.deps.accounts.list()) {
      const folder = this.folderOf(account)
      if (
        !(await this.deps.files.stat(library.accountDir(folder)).then(
          (s) => s.isDirectory(),
          () => false
        ))
      )
        continue
      await library.withLock(folder, { program: this.deps.program, waitMs: 0 }, () => library.recover(folder)).catch(() => {})
    }
  }
}
