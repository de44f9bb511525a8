import type { Hash } from 'node:crypto'
import type { FileHandle } from 'node:fs/promises'
import { AppError } from '../../shared/errors'
import { HEAD_BYTES } from './format'
import { ioFailure } from '../platform-node/io'

export const ioError = (error: NodeJS.ErrnoException) => ioFailure('Writing the backup', error)

/** What a download has received so far: the bytes on disk, their hash, and the first and last bytes (to check the save's shape). */
export interface Received {
  written: number
  hash: Hash
  head: Buffer
  tail: Buffer
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
export class BodyWriter {
  #batch: Buffer[] = []
  #batched = 0
  /** Writes in flight, oldest first: `written` advances only as the oldest completes. */
  #inflight: Write[] = []
  #failure: AppError | null = null
  #syncedAt = 0
  #syncing: Promise<void> | null = null

  constructor(
    private readonly file: FileHandle,
    private readonly state: Received,
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

export async function hashExisting(file: FileHandle, bytes: number, state: { hash: Hash; head: Buffer; tail: Buffer }): Promise<void> {
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
