import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import { AppError } from '../../shared/errors'
import type { FileSystem } from '../ports'
import { isErrno } from '../platform-node/io'
import { hostTag, processAlive, Writer, writerGone } from '../platform-node/writer-tag'

export const LOCK_FILE = '.companion.lock'
const BREAK_FILE = '.companion.lock.break'

export const LockOwner = z.object({
  pid: z.number().int(),
  host: z.string().max(255),
  /** `app` or `cli`: shown to the user who waits. */
  program: z.string().max(20),
  startedAt: z.string().max(40),
  token: z.string().max(64)
})
export type LockOwner = z.infer<typeof LockOwner>

export interface LockOptions {
  program: 'app' | 'cli'
  /** How long to wait for another holder before giving up (0: do not wait). */
  waitMs: number
  /** A lock whose holder stopped refreshing it for this long is stale, whoever holds it. */
  staleMs?: number
  heartbeatMs?: number
  signal?: AbortSignal
  /** Called once when the lock is held by someone else and this call starts waiting. */
  onWait?: (holder: LockOwner | null) => void
  pollMs?: number
  /** What the `busy` error says, given who holds the lock (default: a backup of this account is running there). */
  busyMessage?: (holder: string) => string
  /** The `busy` error's `details.reason`, for a face that words it in the reader's language. */
  busyReason?: string
}

export interface HeldLock {
  release(): Promise<void>
}

export const thisHost = (): string => hostname()

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(AppError.of('cancelled', 'The backup was cancelled.'))), {
      once: true
    })
  })

export function describeHolder(holder: LockOwner | null): string {
  if (!holder) return 'another program'
  const who = holder.program === 'cli' ? 'the companion CLI' : 'the app'
  return `${who} (process ${holder.pid}${holder.host === thisHost() ? '' : ` on ${holder.host}`})`
}

/**
 * One lock per account folder, shared by the app and the CLI: a lock file with the holder's pid and
 * host, created exclusively. The holder refreshes its time while it works; a lock whose holder is
 * gone (same host, pid not running) or that was not refreshed for `staleMs` is taken over. Taking
 * over goes through a second, short-lived file so two waiters never both break the same lock.
 * Lock files are not flushed to disk: one lost in a power cut frees the folder, as a stale one would.
 */
export class FolderLock {
  constructor(
    private readonly files: FileSystem,
    private readonly dir: string
  ) {}

  /**
   * Creates a lock file only if there is none (false when there is), written in place: half the calls of a
   * write-then-link. A reader takes a lock it cannot parse for one being written, and one a killed writer
   * left that way goes stale after 10 s. One that could not be written whole is removed.
   */
  async #create(path: string, text: string): Promise<boolean> {
    let handle: Awaited<ReturnType<FileSystem['open']>>
    try {
      handle = await this.files.open(path, 'wx', 0o600)
    } catch (error) {
      if (isErrno(error) && error.code === 'EEXIST') return false
      throw error
    }
    try {
      try {
        await handle.writeFile(text)
      } finally {
        await handle.close()
      }
    } catch (error) {
      await this.files.rm(path, { force: true }).catch(() => {})
      throw error
    }
    return true
  }

  async #read(path: string): Promise<{ owner: LockOwner | null; mtimeMs: number } | null> {
    try {
      const [text, info] = await Promise.all([this.files.readFile(path), this.files.lstat(path)])
      let owner: LockOwner | null = null
      try {
        const parsed = LockOwner.safeParse(JSON.parse(text.toString('utf8')))
        owner = parsed.success ? parsed.data : null
      } catch {
        owner = null
      }
      return { owner, mtimeMs: info.mtimeMs }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
  }

  #stale(lock: { owner: LockOwner | null; mtimeMs: number }, staleMs: number): boolean {
    const age = Date.now() - lock.mtimeMs
    if (age > staleMs) return true
    // A lock file that does not parse is being written right now, or was left half-written long ago.
    if (!lock.owner) return age > 10_000
    return lock.owner.host === thisHost() && !processAlive(lock.owner.pid)
  }

  async #breakStale(expectedToken: string | null, staleMs: number): Promise<void> {
    const breaker = join(this.dir, BREAK_FILE)
    const writer: Writer = { host: hostTag(), pid: process.pid }
    if (!(await this.#create(breaker, JSON.stringify(writer)))) {
      const info = await this.files.lstat(breaker).catch(() => null)
      if (info && Date.now() - info.mtimeMs > 10_000) await this.files.rm(breaker, { force: true })
      return
    }
    try {
      const again = await this.#read(join(this.dir, LOCK_FILE))
      if (again && (again.owner?.token ?? null) === expectedToken && this.#stale(again, staleMs)) {
        await this.files.rm(join(this.dir, LOCK_FILE), { force: true })
      }
    } finally {
      await this.files.rm(breaker, { force: true })
    }
  }

  /** Removes a lock-breaking file whose writer was killed mid-break (call while holding the lock). */
  async tidy(): Promise<void> {
    const breaker = join(this.dir, BREAK_FILE)
    const left = await this.files.readFile(breaker).catch(() => null)
    if (!left) return
    let writer: Writer | null
    try {
      writer = Writer.safeParse(JSON.parse(left.toString('utf8'))).data ?? null
    } catch {
      writer = null
    }
    const info = await this.files.lstat(breaker).catch(() => null)
    if ((writer && writerGone(writer)) || (info && Date.now() - info.mtimeMs > 10_000)) await this.files.rm(breaker, { force: true })
  }

  /** Waits (bounded) for the lock; throws `busy` naming the holder when it stays taken. */
  async acquire(options: LockOptions): Promise<HeldLock> {
    const staleMs = options.staleMs ?? 120_000
    const path = join(this.dir, LOCK_FILE)
    const deadline = Date.now() + options.waitMs
    const owner: LockOwner = {
      pid: process.pid,
      host: thisHost(),
      program: options.program,
      startedAt: new Date().toISOString(),
      token: randomUUID()
    }
    let announced = false
    for (;;) {
      if (options.signal?.aborted) throw AppError.of('cancelled', 'The backup was cancelled.')
      if (await this.#create(path, JSON.stringify(owner)))
        return this.#held(path, owner, options.heartbeatMs ?? Math.min(15_000, staleMs / 4))
      const current = await this.#read(path)
      if (current && this.#stale(current, staleMs)) {
        await this.#breakStale(current.owner?.token ?? null, staleMs)
        continue
      }
      if (Date.now() >= deadline) {
        const holder = describeHolder(current?.owner ?? null)
        throw AppError.of(
          'busy',
          options.busyMessage?.(holder) ?? `Another backup of this account is running in ${holder}. Wait for it to finish, then try again.`,
          options.busyReason ? { details: { reason: options.busyReason } } : undefined
        )
      }
      if (!announced) {
        announced = true
        options.onWait?.(current?.owner ?? null)
      }
      await sleep(Math.min(options.pollMs ?? 250, Math.max(1, deadline - Date.now())), options.signal)
    }
  }

  #held(path: string, owner: LockOwner, heartbeatMs: number): HeldLock {
    const beat = setInterval(() => {
      const now = new Date()
      void this.files.utimes(path, now, now).catch(() => {})
    }, heartbeatMs)
    beat.unref?.()
    let released = false
    return {
      release: async () => {
        if (released) return
        released = true
        clearInterval(beat)
        const current = await this.#read(path).catch(() => null)
        if (current?.owner?.token === owner.token) await this.files.rm(path, { force: true })
      }
    }
  }
}
