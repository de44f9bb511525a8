import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib'
import type { Transform } from 'node:stream'
import { AppError } from '../../shared/errors'

export type ContentCoding = 'gzip' | 'deflate' | 'br'

/**
 * The Content-Encoding of a file response: null for none or `identity`. A file server may compress
 * a save whatever the request accepts (a CDN serving a pre-compressed object); a coding this app
 * cannot undo is refused.
 */
export function contentCoding(value: string | undefined): ContentCoding | null {
  const codings = (value ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity')
  if (codings.length === 0) return null
  const only = codings.length === 1 ? (codings[0] === 'x-gzip' ? 'gzip' : codings[0]) : null
  if (only === 'gzip' || only === 'deflate' || only === 'br') return only
  throw AppError.of(
    'unexpected_response',
    `The file server sent the save encoded as "${value}", which this app cannot read. Nothing was saved.`
  )
}

const damaged = (error: Error) =>
  AppError.of('unexpected_response', `The file server sent a damaged compressed save (${error.message}). Nothing was kept; try again.`)

/**
 * Undoes a Content-Encoding as the body arrives. `write` resolves once its chunk is decoded and the
 * output taken by `take`, which may hold decoding back with a promise (so the body waits too) or
 * throw to stop it; `end` resolves only when the compressed stream ended whole. The first failure,
 * `take`'s or the decoder's, is the one reported.
 */
export class BodyDecoder {
  #stream: Transform | null = null
  #failure: unknown = null
  #ended: Promise<void> = Promise.resolve()

  constructor(
    private readonly coding: ContentCoding,
    private readonly take: (chunk: Buffer) => Promise<void> | null
  ) {}

  /** HTTP's `deflate` is zlib-wrapped, but some servers send raw deflate: the first byte tells (as browsers do). */
  #open(first: Buffer): Transform {
    const stream =
      this.coding === 'gzip'
        ? createGunzip()
        : this.coding === 'br'
          ? createBrotliDecompress()
          : (first[0]! & 0x0f) === 0x08
            ? createInflate()
            : createInflateRaw()
    stream.on('data', (out: Buffer) => {
      try {
        const wait = this.take(out)
        if (!wait) return
        stream.pause()
        wait.then(
          () => stream.resume(),
          (error: unknown) => this.#fail(error)
        )
      } catch (error) {
        this.#fail(error)
      }
    })
    this.#ended = new Promise<void>((resolve, reject) => {
      stream.once('end', resolve)
      stream.once('error', (error) => reject(this.#failure ?? damaged(error)))
    })
    this.#ended.catch(() => {})
    return stream
  }

  #fail(error: unknown): void {
    this.#failure ??= error
    this.#stream?.destroy(error as Error)
  }

  write(chunk: Buffer): Promise<void> {
    const stream = (this.#stream ??= this.#open(chunk))
    return new Promise((resolve, reject) => {
      stream.write(chunk, (error) => (error ? reject(this.#failure ?? damaged(error)) : resolve()))
      // A decoder that fails on this chunk never calls its callback: its error ends the write instead.
      this.#ended.catch(reject)
    })
  }

  end(): Promise<void> {
    // No body at all: nothing to decode (the caller reports an empty file).
    if (!this.#stream) return Promise.resolve()
    this.#stream.end()
    return this.#ended
  }

  /** Stops decoding: the body was dropped or failed. */
  destroy(): void {
    this.#stream?.destroy()
  }
}
