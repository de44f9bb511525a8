import { createHash } from 'node:crypto'
import { open, type FileHandle } from 'node:fs/promises'
import { AppError } from '../../shared/errors'
import type { Fetch } from '../ports'

export interface DownloadProgress {
  received: number
  total: number | null
}

export interface DownloadOptions {
  fetch: Fetch
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
}

export interface DownloadResult {
  size: number
  sha256: string
  /** The first bytes, to tell JSON from SQLite. */
  head: Buffer
}

const WRITE_BATCH = 1024 * 1024

/**
 * Streams a signed URL to `partPath` in constant memory, hashing as it goes. A dropped connection
 * is resumed with a Range request guarded by If-Range (the ETag); an expired URL is replaced and
 * resumed; a changed file restarts from zero. Sizes are checked against Content-Length and
 * save/info. The caller owns the .part file (renames or removes it).
 */
export async function download(options: DownloadOptions): Promise<DownloadResult> {
  const { signal } = options
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)))
  let url = await options.freshUrl()
  let hash = createHash('sha256')
  const state: PumpState = { written: 0, head: Buffer.alloc(0) }
  let total: number | null = options.expectedSize ?? null
  let etag: string | null = null
  let resumes = 0
  let freshUrls = 0
  const file: FileHandle = await open(options.partPath, 'w')
  try {
    for (;;) {
      signal?.throwIfAborted()
      const headers: Record<string, string> = {}
      if (state.written > 0) {
        headers.range = `bytes=${state.written}-`
        if (etag) headers['if-range'] = etag
      }
      let response: Response
      try {
        response = await options.fetch(url, { headers, signal, redirect: 'follow' })
      } catch (error) {
        if (signal?.aborted) throw AppError.of('cancelled', 'The backup was cancelled.')
        if (++resumes > (options.maxResumes ?? 5)) throw AppError.of('network', `The download kept failing (${(error as Error).message}). Nothing was saved; try again later.`)
        await sleep(Math.min(8_000, 500 * 2 ** resumes))
        continue
      }
      if (response.status === 403 || response.status === 410) {
        await response.body?.cancel()
        if (++freshUrls > (options.maxFreshUrls ?? 2)) throw AppError.of('service', 'The download link kept expiring. Nothing was saved; try again later.', { status: response.status })
        url = await options.freshUrl()
        continue
      }
      if (response.status >= 500) {
        await response.body?.cancel()
        if (++resumes > (options.maxResumes ?? 5)) throw AppError.of('service', `The file server kept failing (HTTP ${response.status}). Nothing was saved; try again later.`, { status: response.status })
        await sleep(Math.min(8_000, 500 * 2 ** resumes))
        continue
      }
      if (response.status !== 200 && response.status !== 206) {
        await response.body?.cancel()
        throw AppError.of('unexpected_response', `The file server answered HTTP ${response.status}. Nothing was saved.`, { status: response.status })
      }
      if (response.status === 200 && state.written > 0) {
        // The file changed (or the server ignored Range): start again from zero.
        await file.truncate(0)
        hash = createHash('sha256')
        state.written = 0
        state.head = Buffer.alloc(0)
      }
      const responseEtag = response.headers.get('etag')
      if (responseEtag) etag = responseEtag
      const length = Number(response.headers.get('content-length') ?? NaN)
      const rangeTotal = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1]
      const announced = rangeTotal ? Number(rangeTotal) : Number.isFinite(length) ? state.written + length : null
      if (announced !== null) {
        if (total !== null && announced !== total) throw AppError.of('unexpected_response', `The file is ${announced} bytes but the service announced ${total}. Nothing was saved.`)
        total = announced
      }
      try {
        await pump(response, file, hash, state, total, (n) => options.onProgress?.({ received: n, total }))
      } catch (error) {
        if (signal?.aborted) throw AppError.of('cancelled', 'The backup was cancelled.')
        if (error instanceof AppError) throw error
        if (++resumes > (options.maxResumes ?? 5)) throw AppError.of('network', 'The download was interrupted too many times. Nothing was saved; try again later.')
        await sleep(Math.min(8_000, 500 * 2 ** resumes))
        continue
      }
      if (total !== null && state.written < total) {
        if (++resumes > (options.maxResumes ?? 5)) throw AppError.of('unexpected_response', `The download ended early (${state.written} of ${total} bytes). Nothing was saved.`)
        continue
      }
      break
    }
    await file.sync()
  } finally {
    await file.close()
  }
  if (total !== null && state.written !== total) throw AppError.of('unexpected_response', `The file has ${state.written} bytes but ${total} were announced. Nothing was saved.`)
  return { size: state.written, sha256: hash.digest('hex'), head: state.head }
}

interface PumpState {
  /** Bytes written to the file (and hashed) so far. */
  written: number
  head: Buffer
}

/**
 * Copies the body to the file in ~1 MiB writes. On a dropped connection it first writes what did
 * arrive, so `state.written` is always the exact resume offset; extra bytes past the announced
 * size are an error.
 */
async function pump(response: Response, file: FileHandle, hash: ReturnType<typeof createHash>, state: PumpState, total: number | null, onProgress: (n: number) => void): Promise<void> {
  let pending: Buffer[] = []
  let pendingBytes = 0
  const flush = async () => {
    if (pendingBytes === 0) return
    const batch = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes)
    try {
      await file.write(batch)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      throw AppError.of('io', code === 'ENOSPC' ? 'The disk is full. Free some space and try again; nothing was saved.' : `Writing the backup failed (${code ?? (error as Error).message}). Nothing was saved.`)
    }
    hash.update(batch)
    state.written += batch.length
    pending = []
    pendingBytes = 0
    onProgress(state.written)
  }
  if (!response.body) throw new Error('no body')
  try {
    for await (const part of response.body as unknown as AsyncIterable<Uint8Array>) {
      const chunk = Buffer.from(part.buffer, part.byteOffset, part.byteLength)
      if (total !== null && state.written + pendingBytes + chunk.length > total) {
        throw AppError.of('unexpected_response', `The file server sent more than the announced ${total} bytes. Nothing was saved.`)
      }
      if (state.head.length < 64) state.head = Buffer.concat([state.head, chunk.subarray(0, 64 - state.head.length)])
      pending.push(chunk)
      pendingBytes += chunk.length
      if (pendingBytes >= WRITE_BATCH) await flush()
    }
  } catch (error) {
    if (!(error instanceof AppError)) await flush()
    throw error
  }
  await flush()
}
