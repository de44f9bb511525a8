import { createHash, type Hash } from 'node:crypto'
import type { FileHandle } from 'node:fs/promises'
import { Agent, type Dispatcher } from 'undici'
import { AppError, QUOTA_MESSAGE, saysDownloadLimit } from '../../shared/errors'
import { BodyDecoder, contentCoding, type ContentCoding } from './content-coding'
import { getFile, type FileResponse } from './get-file'
import { checkSaveHead, checkSaveTail, HEAD_BYTES } from './format'
import { ioFailure } from '../platform-node/io'

/** What the server said identifies this exact file: resume only while it stays the same. */
export interface Validator {
  etag: string | null
  lastModified: string | null
}

export interface DownloadLimits {
  connectTimeoutMs: number
  /** No response headers within this long: a stall. */
  headersTimeoutMs: number
  /** No body bytes for this long, once the answer has come: a stall. */
  idleTimeoutMs: number
  /** The whole download (every attempt) must end within `overallBaseMs + size / minBytesPerSecond`. */
  overallBaseMs: number
  minBytesPerSecond: number
  /** Fewer than `bytesPerSecond` on average over `windowMs`: a trickle, ended like a stall. */
  lowSpeed: { bytesPerSecond: number; windowMs: number }
  /** The largest body accepted when neither save/info nor the response gives a size. */
  maxBytes: number
  /** Interrupted transfers resumed (or restarted) within one run before giving up. */
  maxAttempts: number
  /** Attempts in a row that stalled (a deadline ended them, or they brought no new byte) before giving up. */
  maxStalledAttempts: number
  /** Replacement URLs after 403/410 within one run (each spends one of the day's downloads). */
  maxFreshUrls: number
  maxRedirects: number
}

export const DEFAULT_LIMITS: DownloadLimits = {
  connectTimeoutMs: 15_000,
  headersTimeoutMs: 30_000,
  idleTimeoutMs: 15_000,
  overallBaseMs: 120_000,
  minBytesPerSecond: 64 * 1024,
  lowSpeed: { bytesPerSecond: 1024, windowMs: 60_000 },
  maxBytes: 1024 * 1024 * 1024,
  maxAttempts: 6,
  maxStalledAttempts: 2,
  maxFreshUrls: 1,
  maxRedirects: 3
}

export interface ResumePoint {
  bytes: number
  validator: Validator
}

export interface DownloadOptions {
  /** Asks the service for a signed URL. Each call spends one of the day's downloads. */
  freshUrl: () => Promise<string>
  /** Throws when a URL (the signed one, or a redirect) may not be fetched. */
  checkUrl: (url: URL) => void
  /** The partial file, open for reading and writing. */
  file: FileHandle
  /** Bytes already in `file` from an earlier run, and the validator they were downloaded under. */
  resume?: ResumePoint
  /** The size save/info announced (advisory: the response's own framing wins when they differ). */
  expectedSize?: number
  limits?: Partial<DownloadLimits>
  signal?: AbortSignal
  onProgress?: (received: number, total: number | null) => void
  /**
   * Told the validator of each answer as soon as it arrives, so an interrupted run can be resumed
   * later; null when that answer's bytes cannot be resumed (no ETag or Last-Modified, or compressed).
   */
  onValidator?: (validator: Validator | null) => void
  /** Told about each file request (for --verbose); gets the URL without its query (the signature). */
  onRequest?: (method: string, urlWithoutQuery: string, status: number) => void
  sleep?: (ms: number) => Promise<void>
  dispatcher?: Dispatcher
}

export interface DownloadResult {
  size: number
  sha256: string
  /** The first bytes, to tell JSON from SQLite. */
  head: Buffer
  urlsRequested: number
  resumedBytes: number
  validator: Validator
}

/** Why a run stopped: the code and message the user sees, and whether the partial is worth keeping. */
export class DownloadFailure extends AppError {
  constructor(
    error: AppError,
    readonly resumable: boolean
  ) {
    super(error.data, { cause: error })
  }
}

const strongEtag = (value: string | undefined): string | null => (value && !/^W\//i.test(value) ? value : null)

function validatorOf(headers: Dispatcher.ResponseData['headers']): Validator {
  const pick = (name: string) => {
    const v = headers[name]
    return typeof v === 'string' ? v : Array.isArray(v) ? (v[0] ?? undefined) : undefined
  }
  return { etag: strongEtag(pick('etag')), lastModified: pick('last-modified') ?? null }
}

const canResumeWith = (v: Validator) => v.etag !== null || v.lastModified !== null
const ifRangeOf = (v: Validator) => v.etag ?? v.lastModified!
const sameValidator = (a: Validator, b: Validator) =>
  a.etag !== null ? a.etag === b.etag : a.lastModified !== null && a.lastModified === b.lastModified

/** The start of a refusal's body (at most 4 KiB), to read what the file server says; never fails. */
async function shortText(response: FileResponse): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  await response
    .pipe((chunk) => {
      chunks.push(chunk)
      size += chunk.length
      if (size >= 4096) throw new Error('enough')
      return null
    })
    .catch(() => {})
  return Buffer.concat(chunks).toString('utf8', 0, Math.min(size, 4096))
}

function header(headers: Dispatcher.ResponseData['headers'], name: string): string | undefined {
  const v = headers[name]
  return typeof v === 'string' ? v : Array.isArray(v) ? v[0] : undefined
}

const ioError = (error: NodeJS.ErrnoException) => ioFailure('Writing the backup', error)

const NETWORK_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH'
])

/** The server went silent (no answer, or no body bytes): waiting again is unlikely to help. */
const STALL_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'])
const isStall = (error: unknown) => STALL_CODES.has((error as { code?: string }).code ?? '')

function describeNetwork(error: unknown): string {
  const code = (error as { code?: string }).code ?? ''
  if (code === 'UND_ERR_HEADERS_TIMEOUT') return 'the file server did not answer'
  if (code === 'UND_ERR_BODY_TIMEOUT') return 'the file server stopped sending data'
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return 'the file server could not be reached in time'
  if (code === 'ECONNREFUSED') return 'the file server refused the connection'
  return `the connection failed (${code || (error as Error).message})`
}

/** The body's chunks are gathered into batches of about this size, each written with one writev, up to WRITE_DEPTH at once. */
const WRITE_BATCH = 4 * 1024 * 1024
const WRITE_DEPTH = 2
/** Every this many bytes a background fdatasync starts, so the final fsync has little left to do. */
const EARLY_SYNC_BYTES = 32 * 1024 * 1024

interface Write {
  done: Promise<void>
  chunks: Buffer[]
  length: number
  settled: boolean
}

/**
 * The bytes of one response, hashed as they arrive and gathered into batches that are written
 * (one writev each, at their position) while the next fills: receiving, hashing and writing
 * overlap. The chunks are written as they came, not copied: each is a buffer of its own that the
 * network never reuses, and a copy of every byte on the main thread cost more than the batch
 * (a tenth of a 256 MiB download's CPU). When the connection drops, everything that arrived is
 * still written before the error is reported, so the bytes on disk, the hash and `written` always
 * agree: the exact resume offset.
 */
class BodyWriter {
  #batch: Buffer[] = []
  #batched = 0
  /** Writes in flight, oldest first: `written` advances only as the oldest completes. */
  #inflight: Write[] = []
  #failure: AppError | null = null
  #syncedAt = 0
  #syncing: Promise<void> | null = null

  constructor(
    private readonly file: FileHandle,
    private readonly state: { written: number; hash: Hash; head: Buffer; tail: Buffer },
    /** The chunks come straight from the socket (not from a decoder): each written one may be freed at once. */
    private readonly fromSocket: boolean
  ) {}

  /** Bytes accepted so far: written, being written, or waiting to be. */
  get queued(): number {
    return this.state.written + this.#inflight.reduce((n, w) => n + w.length, 0) + this.#batched
  }

  /** Takes a chunk; returns a promise when every batch is being written and the body must wait for one. */
  push(chunk: Buffer): Promise<void> | null {
    if (this.#failure) throw this.#failure
    const { state } = this
    state.hash.update(chunk)
    if (state.head.length < HEAD_BYTES) state.head = Buffer.concat([state.head, chunk.subarray(0, HEAD_BYTES)]).subarray(0, HEAD_BYTES)
    // A copy: the chunk itself may be freed once written.
    state.tail = Buffer.concat([state.tail, chunk.subarray(-64)]).subarray(-64)
    if (chunk.length === 0) return null
    this.#batch.push(chunk)
    this.#batched += chunk.length
    if (this.#batched < WRITE_BATCH) return null
    if (this.#inflight.length < WRITE_DEPTH) {
      this.#flush()
      return null
    }
    return this.#afterOldest()
  }

  /** Holds the body until the oldest write completes, then writes the full batch. */
  async #afterOldest(): Promise<void> {
    await this.#inflight[0]!.done
    if (this.#failure) throw this.#failure
    this.#flush()
  }

  #flush(): void {
    if (this.#batched === 0) return
    const chunks = this.#batch
    const length = this.#batched
    this.#batch = []
    this.#batched = 0
    const position = this.state.written + this.#inflight.reduce((n, w) => n + w.length, 0)
    const entry: Write = { done: Promise.resolve(), chunks, length, settled: false }
    entry.done = this.#write(chunks, length, position).then(
      () => {
        entry.settled = true
        this.#advance()
      },
      (error: NodeJS.ErrnoException) => {
        this.#failure ??= ioError(error)
      }
    )
    this.#inflight.push(entry)
  }

  /** Counts the writes that completed, oldest first: `written` only ever covers contiguous bytes. */
  #advance(): void {
    while (this.#inflight[0]?.settled) {
      const oldest = this.#inflight.shift()!
      this.state.written += oldest.length
      if (this.fromSocket) oldest.chunks.forEach(releaseChunk)
      this.#startEarlySync()
    }
  }

  /** Starts writing what is on disk so far to the device while the download goes on. */
  #startEarlySync(): void {
    if (this.#syncing || this.state.written - this.#syncedAt < EARLY_SYNC_BYTES) return
    this.#syncedAt = this.state.written
    this.#syncing = this.file.datasync().then(
      () => void (this.#syncing = null),
      (error: NodeJS.ErrnoException) => {
        this.#syncing = null
        this.#failure ??= ioError(error)
      }
    )
  }

  async #write(chunks: Buffer[], length: number, position: number): Promise<void> {
    // A write may take less than asked: continue with what remains.
    let rest = chunks
    for (let done = 0; done < length;) {
      const { bytesWritten } = await this.file.writev(rest, position + done)
      if (bytesWritten === 0) throw Object.assign(new Error('EIO: a write made no progress'), { code: 'EIO' })
      done += bytesWritten
      if (done < length) rest = remainderAfter(rest, bytesWritten)
    }
  }

  /** Writes whatever is still pending; throws the first write failure. */
  async settle(): Promise<void> {
    while (!this.#failure && this.#inflight.length >= WRITE_DEPTH) await this.#inflight[0]!.done
    if (!this.#failure && this.#batched > 0) this.#flush()
    for (const write of [...this.#inflight]) await write.done
    await this.#syncing
    if (this.#failure) throw this.#failure
  }
}

/**
 * Frees a chunk's memory now rather than at the next full garbage collection. Node reads a socket
 * into a fresh buffer each time (64 KiB); a 256 MiB body leaves 4,000 of them for the collector, and
 * the memory they hold outside the heap is what forces a full collection every few dozen MiB (in the
 * app's large heap, the main cost of a download after hashing). Only a chunk that is the whole of
 * its buffer, so nothing else can see it (not part of a read that also held headers, or that undici
 * gave back to the socket when the body paused), and that is large (never one of Node's shared small
 * pools). Once written and hashed nothing reads it again.
 */
export function releaseChunk(chunk: Buffer): void {
  // ES2024's ArrayBuffer.prototype.transfer (Node 21+), not yet in this project's TypeScript lib.
  const buffer = chunk.buffer as ArrayBuffer & { detached?: boolean; transfer?: (length: number) => ArrayBuffer }
  if (chunk.byteOffset !== 0 || chunk.length !== buffer.byteLength || chunk.length < 16 * 1024) return
  if (buffer instanceof ArrayBuffer && buffer.detached === false) buffer.transfer?.(0)
}

/** The buffers of `chunks` left after its first `bytes` bytes (a short writev). */
function remainderAfter(chunks: Buffer[], bytes: number): Buffer[] {
  let skip = bytes
  let i = 0
  while (skip >= chunks[i]!.length) skip -= chunks[i++]!.length
  return [chunks[i]!.subarray(skip), ...chunks.slice(i + 1)]
}

async function hashExisting(file: FileHandle, bytes: number, state: { hash: Hash; head: Buffer; tail: Buffer }): Promise<void> {
  const buffer = Buffer.allocUnsafe(1024 * 1024)
  let position = 0
  while (position < bytes) {
    const { bytesRead } = await file.read(buffer, 0, Math.min(buffer.length, bytes - position), position)
    if (bytesRead === 0) throw AppError.of('io', 'The interrupted download could not be read back.')
    const chunk = buffer.subarray(0, bytesRead)
    state.hash.update(chunk)
    if (position === 0) state.head = Buffer.from(chunk.subarray(0, HEAD_BYTES))
    state.tail = Buffer.from(Buffer.concat([state.tail, chunk]).subarray(-64))
    position += bytesRead
  }
}

let sharedAgent: Agent | undefined

/** A keep-alive agent with the connect, header and idle deadlines: undici, the client Node's fetch is built on. */
function agentFor(limits: DownloadLimits): Dispatcher {
  if (
    limits.connectTimeoutMs === DEFAULT_LIMITS.connectTimeoutMs &&
    limits.headersTimeoutMs === DEFAULT_LIMITS.headersTimeoutMs &&
    limits.idleTimeoutMs === DEFAULT_LIMITS.idleTimeoutMs
  ) {
    sharedAgent ??= new Agent({
      connect: { timeout: limits.connectTimeoutMs },
      headersTimeout: limits.headersTimeoutMs,
      bodyTimeout: limits.idleTimeoutMs
    })
    return sharedAgent
  }
  return new Agent({
    connect: { timeout: limits.connectTimeoutMs },
    headersTimeout: limits.headersTimeoutMs,
    bodyTimeout: limits.idleTimeoutMs
  })
}

/** A deadline for the whole download, and a watchdog that ends a trickle. */
function deadlines(limits: DownloadLimits, expected: number | undefined, outer?: AbortSignal) {
  const controller = new AbortController()
  let reason: AppError | null = null
  const stop = (error: AppError) => {
    reason ??= error
    controller.abort()
  }
  const overallMs = limits.overallBaseMs + ((expected ?? 16 * 1024 * 1024) / limits.minBytesPerSecond) * 1000
  const overall = setTimeout(
    () => stop(AppError.of('timeout', `The download did not finish within ${Math.round(overallMs / 1000)} s.`)),
    overallMs
  )
  const samples: { at: number; bytes: number }[] = []
  let received = 0
  const { bytesPerSecond, windowMs } = limits.lowSpeed
  samples.push({ at: Date.now(), bytes: 0 })
  const watchdog = setInterval(
    () => {
      const now = Date.now()
      samples.push({ at: now, bytes: received })
      // Keep the newest sample that is at least a window old, so the average spans a whole window.
      while (samples.length > 1 && now - samples[1]!.at >= windowMs) samples.shift()
      const first = samples[0]!
      if (now - first.at >= windowMs && received - first.bytes < (bytesPerSecond * (now - first.at)) / 1000) {
        stop(
          AppError.of(
            'timeout',
            `The download is too slow (under ${Math.max(1, Math.round(bytesPerSecond / 1024))} KiB/s for ${Math.round(windowMs / 1000)} s).`
          )
        )
      }
    },
    Math.max(50, windowMs / 6)
  )
  const onOuter = () => controller.abort()
  outer?.addEventListener('abort', onOuter, { once: true })
  return {
    signal: controller.signal,
    reason: () => reason,
    count: (bytes: number) => void (received += bytes),
    dispose: () => {
      clearTimeout(overall)
      clearInterval(watchdog)
      outer?.removeEventListener('abort', onOuter)
    }
  }
}

/**
 * Streams a signed URL into `file` in bounded memory, hashing as it goes. Interrupted transfers
 * resume with a Range request guarded by If-Range, and a resume is accepted only when the answer
 * starts exactly at the bytes on disk and the validator (ETag or Last-Modified) is unchanged;
 * anything else starts again from zero. A body that is not a save is refused at its first bytes.
 * Every stall ends: connect, header, idle and overall deadlines, and a low-speed watchdog.
 */
export async function download(options: DownloadOptions): Promise<DownloadResult> {
  const limits: DownloadLimits = {
    ...DEFAULT_LIMITS,
    ...options.limits,
    lowSpeed: { ...DEFAULT_LIMITS.lowSpeed, ...options.limits?.lowSpeed }
  }
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)))
  const dispatcher = options.dispatcher ?? agentFor(limits)
  const state = { written: 0, hash: createHash('sha256'), head: Buffer.alloc(0), tail: Buffer.alloc(0) }
  let validator: Validator = options.resume?.validator ?? { etag: null, lastModified: null }
  let resumedBytes = 0
  if (options.resume && options.resume.bytes > 0 && canResumeWith(options.resume.validator)) {
    await hashExisting(options.file, options.resume.bytes, state)
    state.written = options.resume.bytes
    resumedBytes = options.resume.bytes
  }
  const restart = async () => {
    await options.file.truncate(0)
    Object.assign(state, { written: 0, hash: createHash('sha256'), head: Buffer.alloc(0), tail: Buffer.alloc(0) })
    resumedBytes = 0
  }
  if (state.written === 0) await options.file.truncate(0)

  const watch = deadlines(limits, options.expectedSize, options.signal)
  let urlsRequested = 0
  let freshUrls = 0
  let attempts = 0
  let stalledInARow = 0
  let lastFailure = ''
  /** A compressed body was seen: its bytes on disk are decoded, so no later attempt may resume them with a Range. */
  let encoded = false
  /** The latest response: whatever way the run ends, a body nobody reads is dropped. */
  let open: FileResponse | null = null
  const cancelled = () => options.signal?.aborted === true
  const fail = (error: AppError, resumable: boolean) => new DownloadFailure(error, resumable)
  /** A stall or a trickle: what arrived stays for the next run, and the message says so. */
  const stalled = () => {
    const reason = watch.reason()!
    const kept = state.written > 0 ? ' What arrived is kept; the next backup continues from there.' : ''
    return fail(new AppError({ ...reason.data, message: `${reason.message}${kept}` }), true)
  }
  const nextUrl = () => {
    urlsRequested++
    return options.freshUrl()
  }
  /**
   * Another attempt within this run, with backoff; after the last one, a network error. An attempt
   * that `stalled` (a deadline ended it, or it brought no new byte) earns a resume only while the
   * ones before it made progress: after `maxStalledAttempts` in a row the run ends, keeping what arrived.
   */
  const again = async (why: string, stalled?: boolean) => {
    lastFailure = why
    if (stalled !== undefined) stalledInARow = stalled ? stalledInARow + 1 : 0
    if (stalledInARow >= limits.maxStalledAttempts) {
      throw fail(
        AppError.of(
          'network',
          `The download stalled ${stalledInARow} times in a row: ${why}. What arrived is kept; the next backup continues from there.`
        ),
        true
      )
    }
    if (++attempts >= limits.maxAttempts) {
      throw fail(
        AppError.of('network', `The download kept failing: ${why}. What arrived is kept; the next backup continues from there.`),
        true
      )
    }
    await sleep(Math.min(8_000, 250 * 2 ** attempts))
  }

  try {
    let url = await nextUrl()
    for (;;) {
      if (cancelled()) throw fail(AppError.of('cancelled', 'The backup was cancelled.'), false)
      const requestHeaders: Record<string, string> = { 'user-agent': 'GameAccountCompanion', 'accept-encoding': 'identity' }
      const resuming = state.written > 0 && canResumeWith(validator) && !encoded
      if (state.written > 0 && !resuming) await restart()
      if (resuming) {
        requestHeaders.range = `bytes=${state.written}-`
        requestHeaders['if-range'] = ifRangeOf(validator)
      }
      let response: FileResponse
      let target = new URL(url)
      try {
        for (let hops = 0; ; hops++) {
          options.checkUrl(target)
          response = open = await getFile(target, requestHeaders, dispatcher, watch.signal)
          options.onRequest?.('GET', `${target.host}${target.pathname}`, response.status)
          const location = header(response.headers, 'location')
          if (response.status < 300 || response.status >= 400 || !location) break
          response.drop()
          if (hops + 1 > limits.maxRedirects)
            throw AppError.of(
              'unexpected_response',
              `The file server redirected more than ${limits.maxRedirects} times. Nothing was saved.`
            )
          target = new URL(location, target)
        }
      } catch (error) {
        if (error instanceof AppError) throw fail(error, false)
        if (cancelled()) throw fail(AppError.of('cancelled', 'The backup was cancelled.'), false)
        if (watch.reason()) throw stalled()
        if (!NETWORK_CODES.has((error as { code?: string }).code ?? '') && !(error instanceof TypeError)) throw error
        await again(describeNetwork(error), true)
        continue
      }
      response = response!
      const status = response.status
      if (status === 429 || (status >= 400 && status < 500 && saysDownloadLimit(await shortText(response)))) {
        // The day's downloads are spent: asking again would only spend another.
        response.drop()
        throw fail(AppError.of('quota_exceeded', QUOTA_MESSAGE, { status, details: { downloadsSpent: urlsRequested } }), false)
      }
      if (status === 403 || status === 410) {
        response.drop()
        if (++freshUrls > limits.maxFreshUrls)
          throw fail(AppError.of('service', 'The download link expired again. Nothing new was saved; try again later.', { status }), true)
        url = await nextUrl()
        continue
      }
      if (status === 416 && resuming) {
        response.drop()
        const size = /^bytes \*\/(\d+)$/.exec(header(response.headers, 'content-range') ?? '')?.[1]
        // Everything is already on disk.
        if (size !== undefined && Number(size) === state.written && sameValidator(validator, validatorOf(response.headers))) break
        await restart()
        await again('the file server refused to resume')
        continue
      }
      if (status >= 500) {
        response.drop()
        await again(`the file server answered HTTP ${status}`)
        continue
      }
      if (status !== 200 && status !== 206) {
        response.drop()
        throw fail(AppError.of('unexpected_response', `The file server answered HTTP ${status}. Nothing was saved.`, { status }), false)
      }
      let coding: ContentCoding | null
      try {
        coding = contentCoding(header(response.headers, 'content-encoding'))
      } catch (error) {
        response.drop()
        throw fail(error as AppError, false)
      }
      if (coding && status === 206) {
        // A compressed part cannot be joined to decoded bytes: start again, whole.
        response.drop()
        encoded = true
        await restart()
        await again('the file server sent a compressed part of the save')
        continue
      }
      encoded ||= coding !== null
      // A compressed body is never resumed (its ranges are of the compressed bytes): no validator to keep.
      const answered = coding ? { etag: null, lastModified: null } : validatorOf(response.headers)
      /** The length of what this answer sends in all (of the compressed bytes when compressed). */
      let total: number | null
      if (status === 206) {
        const range = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header(response.headers, 'content-range') ?? '')
        const valid =
          range !== null && Number(range[1]) === state.written && (resuming ? sameValidator(validator, answered) : state.written === 0)
        if (!valid) {
          // A resume that does not continue exactly these bytes of this same file: never splice it.
          response.drop()
          await restart()
          await again(
            range
              ? 'the file server resumed at the wrong place or with a changed file'
              : 'the file server resumed without saying which bytes it sent'
          )
          continue
        }
        total = range[3] === '*' ? null : Number(range[3])
      } else {
        if (state.written > 0) await restart()
        const length = header(response.headers, 'content-length')
        total = length !== undefined && /^\d+$/.test(length) ? Number(length) : null
      }
      validator = answered
      options.onValidator?.(canResumeWith(validator) ? validator : null)
      // The save's own size: a compressed body's length is not it, so only save/info's size or the cap bound it.
      const announced = (coding ? null : total) ?? options.expectedSize ?? null
      const limit = announced ?? limits.maxBytes
      const offered = Math.max(limit, total ?? 0)
      if (offered > limits.maxBytes) {
        response.drop()
        throw fail(
          AppError.of(
            'unexpected_response',
            `The file server offers ${offered} bytes, more than the ${limits.maxBytes} a save may have (Settings). Nothing was saved.`
          ),
          false
        )
      }
      // Progress counts bytes as they arrive (a slow link moves the bar at once); the resume offset is `written`.
      const progress = (n: number) => options.onProgress?.(n, announced)
      const writer = new BodyWriter(options.file, state, coding === null)
      const take = (chunk: Buffer) => {
        if (writer.queued + chunk.length > limit) {
          throw AppError.of(
            'unexpected_response',
            announced !== null
              ? `The file server sent more than the announced ${announced} bytes. Nothing was saved.`
              : `The file server sent more than ${limits.maxBytes} bytes, far more than a save. Nothing was saved.`
          )
        }
        const wait = writer.push(chunk)
        checkSaveHead(state.head, writer.queued)
        progress(writer.queued)
        return wait
      }
      const decoder = coding ? new BodyDecoder(coding, take) : null
      let dropped: unknown = null
      let arrived = 0
      try {
        await response.pipe((chunk) => {
          watch.count(chunk.length)
          arrived += chunk.length
          return decoder ? decoder.write(chunk) : take(chunk)
        })
        // A compressed save is complete when its stream ends whole, not when the bytes stop.
        await decoder?.end()
      } catch (error) {
        dropped = error
        decoder?.destroy()
      }
      await writer.settle()
      if (dropped instanceof AppError) throw fail(dropped, false)
      if (state.written > 0 && state.written < 16) checkSaveHead(state.head, state.written)
      if (dropped) {
        if (cancelled()) throw fail(AppError.of('cancelled', 'The backup was cancelled.'), false)
        if (watch.reason()) throw stalled()
        await again(describeNetwork(dropped), isStall(dropped) || arrived === 0)
        continue
      }
      if (announced !== null && state.written < announced) {
        await again(`the download ended early (${state.written} of ${announced} bytes)`, arrived === 0)
        continue
      }
      break
    }
    if (state.written === 0)
      throw fail(AppError.of('unexpected_response', 'The file server sent an empty file: that is not a save. Nothing was saved.'), false)
    try {
      checkSaveHead(state.head, state.written)
      checkSaveTail(state.head, state.tail, state.written)
    } catch (error) {
      throw fail(error as AppError, false)
    }
    await options.file.sync()
  } catch (error) {
    if (error instanceof DownloadFailure) throw error
    if (error instanceof AppError) throw fail(error, error.code === 'network' || error.code === 'timeout')
    if (typeof (error as NodeJS.ErrnoException).code === 'string' && /^E[A-Z]+$/.test((error as NodeJS.ErrnoException).code!))
      throw fail(ioError(error as NodeJS.ErrnoException), false)
    throw fail(AppError.of('network', `The download failed (${lastFailure || (error as Error).message}).`), true)
  } finally {
    open?.drop()
    watch.dispose()
  }
  return { size: state.written, sha256: state.hash.digest('hex'), head: state.head, urlsRequested, resumedBytes, validator }
}
