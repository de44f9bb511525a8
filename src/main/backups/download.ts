import { createHash } from 'node:crypto'
import type { FileHandle } from 'node:fs/promises'
import { Agent, type Dispatcher } from 'undici'
import { AppError, QUOTA_MESSAGE } from '../../shared/errors'
import { canResumeWith, classifyAnswer, header, ifRangeOf, NO_VALIDATOR, type Validator } from './answer'
import { BodyWriter, hashExisting, ioError, type Received } from './body-writer'
import { BodyDecoder, type ContentCoding } from './content-coding'
import { checkSaveHead, checkSaveTail } from './format'
import { getFile, type FileResponse } from './get-file'
import { failureInWords, isErrno } from '../platform-node/io'

export type { Validator } from './answer'
export { releaseChunk } from './body-writer'

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
  return `the connection failed: ${code ? failureInWords(code) : (error as Error).message}`
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

/** What one request needs besides its URL and headers: the run's client, deadlines and URL policy. */
interface RequestContext {
  dispatcher: Dispatcher
  signal: AbortSignal
  checkUrl: (url: URL) => void
  onRequest?: DownloadOptions['onRequest']
  maxRedirects: number
  /** Told of each response as it arrives: the run drops the latest one when it ends, whatever way. */
  opened: (response: FileResponse) => void
}

/** One GET, following redirects (each target checked, at most `maxRedirects`): the first answer that is not a redirect. */
async function requestFollowingRedirects(url: string, headers: Record<string, string>, context: RequestContext): Promise<FileResponse> {
  let target = new URL(url)
  for (let hops = 0; ; hops++) {
    context.checkUrl(target)
    const response = await getFile(target, headers, context.dispatcher, context.signal)
    context.opened(response)
    context.onRequest?.('GET', `${target.host}${target.pathname}`, response.status)
    const location = header(response.headers, 'location')
    if (response.status < 300 || response.status >= 400 || !location) return response
    response.drop()
    if (hops + 1 > context.maxRedirects)
      throw AppError.of('unexpected_response', `The file server redirected more than ${context.maxRedirects} times. Nothing was saved.`)
    target = new URL(location, target)
  }
}

/** Where a body goes and what bounds it. */
interface BodyTarget {
  file: FileHandle
  state: Received
  limits: DownloadLimits
  expectedSize: number | undefined
  onProgress?: DownloadOptions['onProgress']
  /** Told of every byte that comes over the connection (the low-speed watchdog). */
  count: (bytes: number) => void
}

interface Receipt {
  /** Why the body stopped before its end: the connection's error, or an AppError that ends the run; null when it ended. */
  dropped: unknown
  /** Bytes that came over the connection (the compressed ones when compressed). */
  arrived: number
  /** The save's size as announced (null when nothing says it). */
  announced: number | null
}

/**
 * Receives one answer's body into the file: bounded by the announced size (or the cap), refused at its
 * first bytes when it is not a save, decoded when compressed. Whatever happens, the body is read to its
 * end or dropped, and everything that arrived is written before this returns.
 */
async function receiveBody(
  response: FileResponse,
  coding: ContentCoding | null,
  total: number | null,
  target: BodyTarget
): Promise<Receipt> {
  const { limits, state } = target
  // The save's own size: a compressed body's length is not it, so only save/info's size or the cap bound it.
  const announced = (coding ? null : total) ?? target.expectedSize ?? null
  const limit = announced ?? limits.maxBytes
  const offered = Math.max(limit, total ?? 0)
  if (offered > limits.maxBytes) {
    response.drop()
    const message =
      `The file server offers ${offered} bytes, more than the ${limits.maxBytes} a save may have (Settings). ` + 'Nothing was saved.'
    return { dropped: AppError.of('unexpected_response', message), arrived: 0, announced }
  }
  const writer = new BodyWriter(target.file, state, coding === null)
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
    // Progress counts bytes as they arrive (a slow link moves the bar at once); the resume offset is `written`.
    target.onProgress?.(writer.queued, announced)
    return wait
  }
  const decoder = coding ? new BodyDecoder(coding, take) : null
  let dropped: unknown = null
  let arrived = 0
  try {
    await response.pipe((chunk) => {
      target.count(chunk.length)
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
  if (!(dropped instanceof AppError) && state.written > 0 && state.written < 16) checkSaveHead(state.head, state.written)
  return { dropped, arrived, announced }
}

/** After an attempt: the whole file is on disk, another attempt is due (after its pause), or one with a fresh URL. */
type Next = 'complete' | 'again' | { url: string }

const emptyReceived = (): Received => ({ written: 0, hash: createHash('sha256'), head: Buffer.alloc(0), tail: Buffer.alloc(0) })
const cancelledError = () => AppError.of('cancelled', 'The backup was cancelled.')
const KEPT = 'What arrived is kept; the next backup continues from there.'

/**
 * Streams a signed URL into `file` in bounded memory, hashing as it goes. Interrupted transfers
 * resume with a Range request guarded by If-Range, and a resume is accepted only when the answer
 * starts exactly at the bytes on disk and the validator (ETag or Last-Modified) is unchanged;
 * anything else starts again from zero. A body that is not a save is refused at its first bytes.
 * Every stall ends: connect, header, idle and overall deadlines, and a low-speed watchdog.
 */
export async function download(options: DownloadOptions): Promise<DownloadResult> {
  const run = await DownloadRun.start(options)
  try {
    let url = await run.nextUrl()
    for (let next = await run.attempt(url); next !== 'complete'; next = await run.attempt(url)) {
      if (next !== 'again') url = next.url
    }
    await run.finish()
  } catch (error) {
    throw run.failureOf(error)
  } finally {
    run.dispose()
  }
  return run.result()
}

const fail = (error: AppError, resumable: boolean) => new DownloadFailure(error, resumable)

/** One run of `download()`: what is on disk, the attempts made, the deadlines, and the latest response. */
class DownloadRun {
  readonly #options: DownloadOptions
  readonly #limits: DownloadLimits
  readonly #sleep: (ms: number) => Promise<unknown>
  readonly #state: Received
  readonly #watch: ReturnType<typeof deadlines>
  readonly #context: RequestContext
  readonly #body: BodyTarget
  #validator: Validator
  #resumedBytes: number
  #urlsRequested = 0
  #freshUrls = 0
  #attempts = 0
  #stalledInARow = 0
  #lastFailure = ''
  /** A compressed body was seen: its bytes on disk are decoded, so no later attempt may resume them with a Range. */
  #encoded = false
  /** The latest response: whatever way the run ends, a body nobody reads is dropped. */
  #open: FileResponse | null = null

  /** Takes over the bytes an earlier run left, hashed again, when they can be resumed; otherwise the file starts empty. */
  static async start(options: DownloadOptions): Promise<DownloadRun> {
    const state = emptyReceived()
    const { resume, file } = options
    if (resume && resume.bytes > 0 && canResumeWith(resume.validator)) {
      await hashExisting(file, resume.bytes, state)
      state.written = resume.bytes
    }
    if (state.written === 0) await file.truncate(0)
    return new DownloadRun(options, state)
  }

  private constructor(options: DownloadOptions, state: Received) {
    this.#options = options
    this.#state = state
    this.#resumedBytes = state.written
    const limits = { ...DEFAULT_LIMITS, ...options.limits, lowSpeed: { ...DEFAULT_LIMITS.lowSpeed, ...options.limits?.lowSpeed } }
    this.#limits = limits
    this.#sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)))
    this.#validator = options.resume?.validator ?? NO_VALIDATOR
    this.#watch = deadlines(limits, options.expectedSize, options.signal)
    this.#context = {
      dispatcher: options.dispatcher ?? agentFor(limits),
      signal: this.#watch.signal,
      checkUrl: options.checkUrl,
      onRequest: options.onRequest,
      maxRedirects: limits.maxRedirects,
      opened: (response) => void (this.#open = response)
    }
    const { file, expectedSize, onProgress } = options
    this.#body = { file, state: this.#state, limits, expectedSize, onProgress, count: this.#watch.count }
  }

  nextUrl(): Promise<string> {
    this.#urlsRequested++
    return this.#options.freshUrl()
  }

  async #restart(): Promise<void> {
    await this.#options.file.truncate(0)
    Object.assign(this.#state, emptyReceived())
    this.#resumedBytes = 0
  }

  #cancelled = () => this.#options.signal?.aborted === true

  /** A stall or a trickle: what arrived stays for the next run, and the message says so. */
  #stalled(): DownloadFailure {
    const reason = this.#watch.reason()!
    const kept = this.#state.written > 0 ? ` ${KEPT}` : ''
    return fail(new AppError({ ...reason.data, message: `${reason.message}${kept}` }), true)
  }

  /**
   * Another attempt within this run, with backoff; after the last one, a network error. An attempt
   * that `stalled` (a deadline ended it, or it brought no new byte) earns a resume only while the
   * ones before it made progress: after `maxStalledAttempts` in a row the run ends, keeping what arrived.
   */
  async #again(why: string, stalled?: boolean): Promise<'again'> {
    const limits = this.#limits
    this.#lastFailure = why
    if (stalled !== undefined) this.#stalledInARow = stalled ? this.#stalledInARow + 1 : 0
    if (this.#stalledInARow >= limits.maxStalledAttempts)
      throw fail(AppError.of('network', `The download stalled ${this.#stalledInARow} times in a row: ${why}. ${KEPT}`), true)
    if (++this.#attempts >= limits.maxAttempts) throw fail(AppError.of('network', `The download kept failing: ${why}. ${KEPT}`), true)
    await this.#sleep(Math.min(8_000, 250 * 2 ** this.#attempts))
    return 'again'
  }

  /** The connection failed (before the answer or during its body): cancelled, stalled, or worth another attempt. */
  async #afterNetworkError(error: unknown, stalledAttempt: boolean): Promise<'again'> {
    if (this.#cancelled()) throw fail(cancelledError(), false)
    if (this.#watch.reason()) throw this.#stalled()
    return this.#again(describeNetwork(error), stalledAttempt)
  }

  /** The request of one attempt: a resume (Range guarded by If-Range) when the bytes on disk can be continued. */
  async #request(url: string): Promise<{ response: FileResponse; resuming: boolean } | 'again'> {
    const state = this.#state
    const headers: Record<string, string> = { 'user-agent': 'GameAccountCompanion', 'accept-encoding': 'identity' }
    const resuming = state.written > 0 && canResumeWith(this.#validator) && !this.#encoded
    if (state.written > 0 && !resuming) await this.#restart()
    if (resuming) {
      headers.range = `bytes=${state.written}-`
      headers['if-range'] = ifRangeOf(this.#validator)
    }
    try {
      return { response: await requestFollowingRedirects(url, headers, this.#context), resuming }
    } catch (error) {
      if (error instanceof AppError) throw fail(error, false)
      const network = NETWORK_CODES.has((error as { code?: string }).code ?? '') || error instanceof TypeError
      if (!this.#cancelled() && !this.#watch.reason() && !network) throw error
      return this.#afterNetworkError(error, true)
    }
  }

  /** One request and its answer: what the run does next. */
  async attempt(url: string): Promise<Next> {
    if (this.#cancelled()) throw fail(cancelledError(), false)
    const requested = await this.#request(url)
    if (requested === 'again') return 'again'
    const { response, resuming } = requested
    const { status } = response
    const refusal = status >= 400 && status < 500 && status !== 429 ? await shortText(response) : null
    const disk = { written: this.#state.written, resuming, validator: this.#validator }
    const verdict = classifyAnswer({ status, headers: response.headers, refusal }, disk)
    if (verdict.kind !== 'body') response.drop()
    switch (verdict.kind) {
      case 'quota':
        throw fail(AppError.of('quota_exceeded', QUOTA_MESSAGE, { status, details: { downloadsSpent: this.#urlsRequested } }), false)
      case 'expired':
        if (++this.#freshUrls > this.#limits.maxFreshUrls)
          throw fail(AppError.of('service', 'The download link expired again. Nothing new was saved; try again later.', { status }), true)
        // Another signed URL, then another attempt at once.
        return { url: await this.nextUrl() }
      case 'complete':
        return 'complete'
      case 'fail':
        throw fail(verdict.error, false)
      case 'retry':
        this.#encoded ||= verdict.compressed === true
        if (verdict.restart) await this.#restart()
        return this.#again(verdict.why)
    }
    this.#encoded ||= verdict.coding !== null
    if (verdict.fromStart && this.#state.written > 0) await this.#restart()
    this.#validator = verdict.validator
    this.#options.onValidator?.(canResumeWith(this.#validator) ? this.#validator : null)
    return this.#received(await receiveBody(response, verdict.coding, verdict.total, this.#body))
  }

  /** After a body: the file is whole, or the connection dropped, or it ended before the announced size. */
  async #received({ dropped, arrived, announced }: Receipt): Promise<Next> {
    if (dropped instanceof AppError) throw fail(dropped, false)
    if (dropped) return this.#afterNetworkError(dropped, isStall(dropped) || arrived === 0)
    const written = this.#state.written
    if (announced !== null && written < announced)
      return this.#again(`the download ended early (${written} of ${announced} bytes)`, arrived === 0)
    return 'complete'
  }

  /** The whole file is on disk: it must look like a whole save; then it is flushed. */
  async finish(): Promise<void> {
    const state = this.#state
    if (state.written === 0)
      throw fail(AppError.of('unexpected_response', 'The file server sent an empty file: that is not a save. Nothing was saved.'), false)
    try {
      checkSaveHead(state.head, state.written)
      checkSaveTail(state.head, state.tail, state.written)
    } catch (error) {
      throw fail(error as AppError, false)
    }
    await this.#options.file.sync()
  }

  /** Whatever ended the run, as the failure the caller sees: whether what arrived is worth keeping. */
  failureOf(error: unknown): DownloadFailure {
    if (error instanceof DownloadFailure) return error
    if (error instanceof AppError) return fail(error, error.code === 'network' || error.code === 'timeout')
    if (isErrno(error)) return fail(ioError(error), false)
    return fail(AppError.of('network', `The download failed (${this.#lastFailure || (error as Error).message}).`), true)
  }

  dispose(): void {
    this.#open?.drop()
    this.#watch.dispose()
  }

  result(): DownloadResult {
    const { written, hash, head } = this.#state
    const urlsRequested = this.#urlsRequested
    return { size: written, sha256: hash.digest('hex'), head, urlsRequested, resumedBytes: this.#resumedBytes, validator: this.#validator }
  }
}
