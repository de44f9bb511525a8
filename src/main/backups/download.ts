import { createHash, type Hash } from 'node:crypto'
import { open, type FileHandle } from 'node:fs/promises'
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { Writable } from 'node:stream'
import { AppError } from '../../shared/errors'

export interface DownloadProgress {
  received: number
  total: number | null
}

export interface DownloadOptions {
  /** Asks the service for a (new) signed URL: used first, and again when one expires. */
  freshUrl: () => Promise<string>
  partPath: string
  /** The size save/info announced, when it did. */
  expectedSize?: number
  signal?: AbortSignal
  onProgress?: (progress: DownloadProgress) => void
  /** How many interrupted transfers may be resumed before giving up. */
  maxResumes?: number
  /** How many times an expired URL may be replaced. */
  maxFreshUrls?: number
  sleep?: (ms: number) => Promise<void>
  /** Told about each file request (for --verbose); gets the URL without its query (the signature). */
  onRequest?: (method: string, urlWithoutQuery: string, status: number) => void
}

export interface DownloadResult {
  size: number
  sha256: string
  /** The first bytes, to tell JSON from SQLite. */
  head: Buffer
}

interface State {
  /** Bytes written to the file, and hashed, so far: always the exact resume offset. */
  written: number
  head: Buffer
  hash: Hash
}

/** A plain GET (signed URLs take no Authorization), following up to five redirects. */
async function get(url: string, headers: Record<string, string>, signal?: AbortSignal, redirects = 5): Promise<IncomingMessage> {
  const target = new URL(url)
  const send = target.protocol === 'https:' ? httpsRequest : target.protocol === 'http:' ? httpRequest : null
  if (!send) throw AppError.of('unexpected_response', `The download link uses an unsupported scheme (${target.protocol}).`)
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    // Large socket reads: fewer, bigger chunks through the stream machinery.
    const options = { method: 'GET', headers, signal, highWaterMark: 256 * 1024 } as RequestOptions
    const req = send(target, options, resolve)
    req.on('error', reject)
    req.end()
  })
  const location = response.headers.location
  if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location && redirects > 0) {
    response.resume()
    return get(new URL(location, target).href, headers, signal, redirects - 1)
  }
  return response
}

function ioError(error: NodeJS.ErrnoException): AppError {
  return AppError.of('io', error.code === 'ENOSPC' ? 'The disk is full. Free some space and try again; nothing was saved.' : `Writing the backup failed (${error.code ?? error.message}). Nothing was saved.`)
}

/**
 * Writes the body to the file in large batches (writev). Each batch is hashed as it arrives and
 * then written at its position; the next batch may be hashed while the previous one is still being
 * written (one write ahead at most, so memory stays bounded). Every batch that reaches this writer
 * is either written or fails the run, so after a dropped connection, once `settled()` resolves,
 * `state.written` is exactly what is on disk and in the hash.
 */
class HashingFileWriter extends Writable {
  #chain: Promise<void> = Promise.resolve()
  #queued: number
  #error: Error | null = null

  constructor(
    private readonly file: FileHandle,
    private readonly state: State,
    private readonly total: number | null,
    private readonly onProgress: (written: number) => void
  ) {
    super({ highWaterMark: 2 * 1024 * 1024 })
    this.#queued = state.written
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.#write([chunk], callback)
  }

  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    // The chunks go to the file as they are (one writev call), never copied into one buffer.
    this.#write(chunks.map((c) => c.chunk), callback)
  }

  override _final(callback: (error?: Error | null) => void): void {
    void this.#chain.then(() => callback(this.#error))
  }

  #write(batch: Buffer[], callback: (error?: Error | null) => void): void {
    const { state } = this
    const length = batch.reduce((n, b) => n + b.length, 0)
    if (this.#error) return callback(this.#error)
    if (this.total !== null && this.#queued + length > this.total) {
      callback(AppError.of('unexpected_response', `The file server sent more than the announced ${this.total} bytes. Nothing was saved.`))
      return
    }
    const position = this.#queued
    this.#queued += length
    for (const b of batch) state.hash.update(b)
    if (state.head.length < 64) state.head = Buffer.concat([state.head, ...batch]).subarray(0, 64)
    const previous = this.#chain
    this.#chain = previous.then(async () => {
      if (this.#error) return
      try {
        let offset = position
        let pending = batch
        // writev may write less than asked: continue with what remains.
        while (pending.length) {
          const { bytesWritten } = await this.file.writev(pending, offset)
          offset += bytesWritten
          let skip = bytesWritten
          pending = pending.flatMap((b) => {
            if (skip >= b.length) {
              skip -= b.length
              return []
            }
            const rest = b.subarray(skip)
            skip = 0
            return [rest]
          })
        }
        state.written += length
        this.onProgress(state.written)
      } catch (error) {
        this.#error = ioError(error as NodeJS.ErrnoException)
      }
    })
    // Accept the next batch once the previous write is done: one write in flight, one being hashed.
    void previous.then(() => callback(this.#error))
  }

  /** Resolves once every accepted batch has been written (or the run has failed). */
  async settled(): Promise<void> {
    await this.#chain
    if (this.#error) throw this.#error
  }
}

/**
 * Feeds the response into the writer with backpressure. When the connection drops, the writer is
 * ended rather than destroyed, so every byte that did arrive is written before the resume offset
 * is taken: a resume re-requests only what never reached this process.
 */
function pump(response: IncomingMessage, writer: HashingFileWriter): Promise<void> {
  return new Promise((resolve, reject) => {
    let dropped: Error | null = null
    response.on('data', (chunk: Buffer) => {
      if (!writer.write(chunk)) {
        response.pause()
        writer.once('drain', () => response.resume())
      }
    })
    response.on('end', () => writer.end())
    response.on('error', (error) => (dropped ??= error))
    response.on('close', () => {
      if (response.complete) return
      dropped ??= new Error('connection closed before the end of the body')
      writer.end()
    })
    writer.on('finish', () => (dropped ? reject(dropped) : resolve()))
    writer.on('error', (error) => {
      response.destroy()
      reject(error)
    })
  })
}

/**
 * Streams a signed URL to `partPath` in constant memory, hashing as it goes. A dropped connection
 * is resumed with a Range request guarded by If-Range (the ETag); an expired URL is replaced and
 * resumed; a changed file restarts from zero. Sizes are checked against Content-Length and
 * save/info. The caller owns the .part file (renames or removes it).
 */
export async function download(options: DownloadOptions): Promise<DownloadResult> {
  const { signal } = options
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)))
  const state: State = { written: 0, head: Buffer.alloc(0), hash: createHash('sha256') }
  let url = await options.freshUrl()
  let total: number | null = options.expectedSize ?? null
  let etag: string | null = null
  let resumes = 0
  let freshUrls = 0
  const retry = async (message: string, code: 'network' | 'service' | 'unexpected_response' = 'network') => {
    if (++resumes > (options.maxResumes ?? 5)) throw AppError.of(code, `${message} Nothing was saved; try again later.`)
    await sleep(Math.min(8_000, 500 * 2 ** resumes))
  }
  const file = await open(options.partPath, 'w')
  try {
    for (;;) {
      if (signal?.aborted) throw AppError.of('cancelled', 'The backup was cancelled.')
      const headers: Record<string, string> = { 'user-agent': 'GameAccountCompanion' }
      if (state.written > 0) {
        headers.range = `bytes=${state.written}-`
        if (etag) headers['if-range'] = etag
      }
      let response: IncomingMessage
      try {
        response = await get(url, headers, signal)
      } catch (error) {
        if (signal?.aborted) throw AppError.of('cancelled', 'The backup was cancelled.')
        if (error instanceof AppError) throw error
        await retry(`The download kept failing (${(error as Error).message}).`)
        continue
      }
      const status = response.statusCode ?? 0
      const shown = new URL(url)
      options.onRequest?.('GET', `${shown.host}${shown.pathname}`, status)
      if (status === 403 || status === 410) {
        response.resume()
        if (++freshUrls > (options.maxFreshUrls ?? 2)) throw AppError.of('service', 'The download link kept expiring. Nothing was saved; try again later.', { status })
        url = await options.freshUrl()
        continue
      }
      if (status >= 500) {
        response.resume()
        await retry(`The file server kept failing (HTTP ${status}).`, 'service')
        continue
      }
      if (status !== 200 && status !== 206) {
        response.resume()
        throw AppError.of('unexpected_response', `The file server answered HTTP ${status}. Nothing was saved.`, { status })
      }
      if (status === 200 && state.written > 0) {
        // The file changed (or the server ignored Range): start again from zero.
        await file.truncate(0)
        Object.assign(state, { written: 0, head: Buffer.alloc(0), hash: createHash('sha256') })
      }
      if (response.headers.etag) etag = response.headers.etag
      const length = Number(response.headers['content-length'] ?? NaN)
      const rangeTotal = /\/(\d+)$/.exec(response.headers['content-range'] ?? '')?.[1]
      const announced = rangeTotal ? Number(rangeTotal) : Number.isFinite(length) ? state.written + length : null
      if (announced !== null) {
        if (total !== null && announced !== total) {
          response.resume()
          throw AppError.of('unexpected_response', `The file is ${announced} bytes but the service announced ${total}. Nothing was saved.`)
        }
        total = announced
      }
      // Positional writes continue exactly where the file (and the hash) ended.
      const writer = new HashingFileWriter(file, state, total, (n) => options.onProgress?.({ received: n, total }))
      try {
        await pump(response, writer)
        await writer.settled()
      } catch (error) {
        await writer.settled().catch(() => {})
        if (error instanceof AppError && error.code === 'io') throw error
        if (signal?.aborted) throw AppError.of('cancelled', 'The backup was cancelled.')
        if (error instanceof AppError) throw error
        await retry('The download was interrupted too many times.')
        continue
      }
      if (total !== null && state.written < total) {
        await retry(`The download ended early (${state.written} of ${total} bytes).`, 'unexpected_response')
        continue
      }
      break
    }
    await file.sync()
  } finally {
    await file.close()
  }
  if (total !== null && state.written !== total) throw AppError.of('unexpected_response', `The file has ${state.written} bytes but ${total} were announced. Nothing was saved.`)
  return { size: state.written, sha256: state.hash.digest('hex'), head: state.head }
}
