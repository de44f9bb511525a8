import { randomUUID } from 'node:crypto'
import { rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { parseRfc3339 } from '../../shared/api'
import type { BackupEntry, BackupProgress, BackupResult, Manifest } from '../../shared/backups'
import { AppError } from '../../shared/errors'
import type { Settings } from '../../shared/settings'
import type { AccountRecord } from '../auth/account-registry'
import type { Credentials } from '../api/http'
import type { ServiceClient } from '../api/service-client'
import type { Clock } from '../ports'

/** The account facts a backup needs (the app's AccountRecord satisfies it; so does the CLI's). */
export type BackupAccount = Pick<AccountRecord, 'id' | 'deploymentId' | 'username' | 'uid' | 'baseUrl'>

/** How backups reach the service: the app's AuthService, or the CLI's User Token. */
export interface BackupConnection {
  client(account: Pick<AccountRecord, 'baseUrl'>): ServiceClient
  credentials(accountId: string): Credentials
}
import { download } from './download'
import { detectFormat } from './format'
import { backupBaseName, BackupLibrary, sanitize } from './library'

export interface BackupDeps {
  auth: BackupConnection
  registry: { get(id: string): BackupAccount | undefined; list(): BackupAccount[] }
  clock: Clock
  settings: () => Settings
  /** Default root when the user has not chosen a folder. */
  defaultFolder: string
  appVersion: string
  emitProgress: (progress: BackupProgress) => void
  sleep?: (ms: number) => Promise<void>
  onDownloadRequest?: (method: string, urlWithoutQuery: string, status: number) => void
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
    emit({ accountId, stage, received, total, rate, etaSeconds: total !== null && rate > 0 ? Math.ceil((total - received) / rate) : null })
  }
}

/**
 * A backup run: never spends a download when the cloud save is unchanged, streams to a `.part`
 * file, verifies size and hash, renames atomically, writes the manifest, applies retention.
 * One run at a time; a cancelled or failed run leaves nothing behind.
 */
export class BackupService {
  #running: { accountId: string; controller: AbortController } | null = null

  constructor(private readonly deps: BackupDeps) {}

  library(): BackupLibrary {
    return new BackupLibrary(this.deps.settings().backupFolder ?? this.deps.defaultFolder)
  }

  folderOf(record: Pick<BackupAccount, 'deploymentId' | 'username' | 'uid'>): string {
    return sanitize(`${record.deploymentId}-${record.username ?? 'user'}-${record.uid ?? 'unknown'}`)
  }

  #record(accountId: string): BackupAccount {
    const record = this.deps.registry.get(accountId)
    if (!record) throw AppError.of('not_found', 'That account is not signed in.')
    return record
  }

  get busy(): boolean {
    return this.#running !== null
  }

  cancel(): void {
    this.#running?.controller.abort()
  }

  async run(accountId: string, options: { force?: boolean; signal?: AbortSignal } = {}): Promise<BackupResult> {
    if (this.#running) throw AppError.of('busy', 'A backup is already running. Wait for it or cancel it.')
    const controller = new AbortController()
    options.signal?.addEventListener('abort', () => controller.abort())
    this.#running = { accountId, controller }
    const report = progressReporter(accountId, this.deps.clock, this.deps.emitProgress)
    try {
      const result = await this.#run(this.#record(accountId), options.force ?? false, controller.signal, report)
      report('done', result.entry?.size ?? 0, result.entry?.size ?? null, true)
      return result
    } catch (error) {
      report(controller.signal.aborted ? 'cancelled' : 'failed', 0, null, true)
      if (controller.signal.aborted && !(error instanceof AppError && error.code === 'cancelled')) throw AppError.of('cancelled', 'The backup was cancelled.')
      throw error
    } finally {
      this.#running = null
    }
  }

  async #run(record: BackupAccount, force: boolean, signal: AbortSignal, report: ReturnType<typeof progressReporter>): Promise<BackupResult> {
    report('checking', 0, null, true)
    const client = this.deps.auth.client(record)
    const credentials = this.deps.auth.credentials(record.id)
    const info = await client.saveInfo(credentials, signal)
    const library = this.library()
    const folder = this.folderOf(record)
    const latest = await library.latest(folder)
    const unchanged = latest !== null && parseRfc3339(latest.updatedAt) === parseRfc3339(info.updated_at) && sameJson(latest.meta, info.meta ?? null)
    if (unchanged && !force) return { status: 'up-to-date', entry: latest, removedByRetention: [] }

    const dir = library.accountDir(folder)
    await library.ensureWritable(dir)
    const now = this.deps.clock.now()
    const base = await library.uniqueBase(folder, backupBaseName(now, record.deploymentId, record.username ?? record.uid ?? 'user'))
    const partPath = join(dir, `.${base}.${randomUUID().slice(0, 8)}.part`)
    try {
      const result = await download({
        freshUrl: async () => (await client.saveDownloadUrl(credentials, signal)).file_url,
        partPath,
        expectedSize: info.size,
        signal,
        sleep: this.deps.sleep,
        onRequest: this.deps.onDownloadRequest,
        onProgress: ({ received, total }) => report('downloading', received, total)
      })
      report('verifying', result.size, result.size, true)
      const format = detectFormat(result.head)
      const manifest: Manifest = {
        schema: 'companion-backup/1',
        accountId: record.id,
        deploymentId: record.deploymentId,
        username: record.username,
        uid: record.uid,
        updatedAt: info.updated_at,
        meta: info.meta ?? null,
        size: result.size,
        sha256: result.sha256,
        format,
        appVersion: this.deps.appVersion,
        backedUpAt: new Date(now).toISOString(),
        file: null,
        duplicateOf: null,
        pinned: false,
        note: '',
        verifiedAt: new Date(now).toISOString(),
        verifyStatus: 'ok'
      }
      let entry: BackupEntry
      let status: BackupResult['status'] = 'downloaded'
      const original = latest ? (latest.file ? latest : latest.duplicateOf ? await library.get(`${folder}/${latest.duplicateOf}`).catch(() => null) : null) : null
      if (original && original.sha256 === result.sha256 && original.path) {
        // Same bytes as the previous backup: keep a manifest only, pointing at that file.
        await rm(partPath, { force: true })
        entry = await library.writeManifest(folder, base, { ...manifest, duplicateOf: original.id.split('/')[1]! })
        status = 'duplicate'
      } else {
        const fileName = `${base}.${format === 'sqlite' ? 'sqlite' : format === 'json' ? 'json' : 'bin'}`
        await rename(partPath, join(dir, fileName)).catch((error: NodeJS.ErrnoException) => {
          throw AppError.of('io', `The backup could not be moved into place (${error.code ?? 'error'}). Check the backup folder; nothing was saved.`)
        })
        entry = await library.writeManifest(folder, base, { ...manifest, file: fileName })
      }
      const removed = await this.applyRetention(record.id)
      return { status, entry, removedByRetention: removed }
    } catch (error) {
      await rm(partPath, { force: true })
      throw error
    }
  }

  async list(accountId: string): Promise<BackupEntry[]> {
    return this.library().list(this.folderOf(this.#record(accountId)))
  }

  async retentionPreview(accountId: string): Promise<BackupEntry[]> {
    return this.library().plan(await this.list(accountId), this.deps.settings().retention, this.deps.clock.now())
  }

  async applyRetention(accountId: string): Promise<string[]> {
    const doomed = await this.retentionPreview(accountId)
    for (const entry of doomed) await this.library().delete(entry.id, false)
    return doomed.map((e) => e.id)
  }

  async verifyAll(accountId: string): Promise<BackupEntry[]> {
    const library = this.library()
    for (const entry of await this.list(accountId)) await library.verify(entry.id, this.deps.clock.now())
    return this.list(accountId)
  }

  async cleanupPartials(): Promise<void> {
    for (const record of this.deps.registry.list()) await this.library().cleanupPartials(this.folderOf(record))
  }
}
