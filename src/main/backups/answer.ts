import type { Dispatcher } from 'undici'
import { AppError, saysDownloadLimit } from '../../shared/errors'
import { contentCoding, type ContentCoding } from './content-coding'

/**
 * What the file server's answer to one request means for a download: pure functions of the status,
 * the headers, a refusal's first words and what is already on disk. `download()` acts on the verdict.
 */

/** What the server said identifies this exact file: resume only while it stays the same. */
export interface Validator {
  etag: string | null
  lastModified: string | null
}

export type Headers = Dispatcher.ResponseData['headers']

export function header(headers: Headers, name: string): string | undefined {
  const v = headers[name]
  return typeof v === 'string' ? v : Array.isArray(v) ? v[0] : undefined
}

const strongEtag = (value: string | undefined): string | null => (value && !/^W\//i.test(value) ? value : null)

export function validatorOf(headers: Headers): Validator {
  return { etag: strongEtag(header(headers, 'etag')), lastModified: header(headers, 'last-modified') ?? null }
}

export const NO_VALIDATOR: Validator = { etag: null, lastModified: null }
export const canResumeWith = (v: Validator) => v.etag !== null || v.lastModified !== null
export const ifRangeOf = (v: Validator) => v.etag ?? v.lastModified!
export const sameValidator = (a: Validator, b: Validator) =>
  a.etag !== null ? a.etag === b.etag : a.lastModified !== null && a.lastModified === b.lastModified

/** What this download has on disk when the answer comes. */
export interface OnDisk {
  /** Bytes already written (and hashed). */
  written: number
  /** The request asked for the rest of them (Range with If-Range). */
  resuming: boolean
  /** The validator those bytes were received under. */
  validator: Validator
}

/** A partial answer (206) continues exactly the bytes on disk of this same file, or it is never spliced on. */
export type RangeVerdict = { accepted: true; total: number | null } | { accepted: false; why: string }

export function acceptRange(contentRange: string | undefined, answered: Validator, disk: OnDisk): RangeVerdict {
  const range = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(contentRange ?? '')
  if (!range) return { accepted: false, why: 'the file server resumed without saying which bytes it sent' }
  const continues = disk.resuming ? sameValidator(disk.validator, answered) : disk.written === 0
  if (Number(range[1]) !== disk.written || !continues)
    return { accepted: false, why: 'the file server resumed at the wrong place or with a changed file' }
  return { accepted: true, total: range[3] === '*' ? null : Number(range[3]) }
}

/** A 416 to a resume: true when it says the whole file is the bytes already on disk (nothing is left to fetch). */
export function alreadyComplete(contentRange: string | undefined, answered: Validator, disk: OnDisk): boolean {
  const size = /^bytes \*\/(\d+)$/.exec(contentRange ?? '')?.[1]
  return size !== undefined && Number(size) === disk.written && sameValidator(disk.validator, answered)
}

export type Verdict =
  /** The day's downloads are spent: asking again would only spend another. */
  | { kind: 'quota' }
  /** The signed URL expired (403/410): a fresh one may help. */
  | { kind: 'expired' }
  /** Everything is already on disk. */
  | { kind: 'complete' }
  /** Try again after a pause; `restart`: the bytes on disk cannot be continued; `compressed`: never resume this file. */
  | { kind: 'retry'; why: string; restart: boolean; compressed?: boolean }
  | { kind: 'fail'; error: AppError }
  /**
   * A body to receive. `fromStart`: it is the whole file (what is on disk goes); `total`: the length this
   * answer sends in all (of the compressed bytes when compressed); `validator`: the one to keep (none when compressed).
   */
  | { kind: 'body'; coding: ContentCoding | null; fromStart: boolean; total: number | null; validator: Validator }

export interface Answer {
  status: number
  headers: Headers
  /** For a 4xx: the start of its body (what the file server says); null otherwise. */
  refusal: string | null
}

/** What an answer means, given what is on disk. Redirects are followed before; this never sees a 3xx with a Location. */
export function classifyAnswer(answer: Answer, disk: OnDisk): Verdict {
  const { status, headers } = answer
  if (status === 429 || (status >= 400 && status < 500 && saysDownloadLimit(answer.refusal ?? ''))) return { kind: 'quota' }
  if (status === 403 || status === 410) return { kind: 'expired' }
  if (status === 416 && disk.resuming) {
    if (alreadyComplete(header(headers, 'content-range'), validatorOf(headers), disk)) return { kind: 'complete' }
    return { kind: 'retry', why: 'the file server refused to resume', restart: true }
  }
  if (status >= 500) return { kind: 'retry', why: `the file server answered HTTP ${status}`, restart: false }
  if (status !== 200 && status !== 206)
    return {
      kind: 'fail',
      error: AppError.of('unexpected_response', `The file server answered HTTP ${status}. Nothing was saved.`, { status })
    }
  let coding: ContentCoding | null
  try {
    coding = contentCoding(header(headers, 'content-encoding'))
  } catch (error) {
    return { kind: 'fail', error: error as AppError }
  }
  // A compressed part cannot be joined to decoded bytes: start again, whole.
  if (coding && status === 206)
    return { kind: 'retry', why: 'the file server sent a compressed part of the save', restart: true, compressed: true }
  // A compressed body is never resumed (its ranges are of the compressed bytes): no validator to keep.
  const validator = coding ? NO_VALIDATOR : validatorOf(headers)
  if (status === 206) {
    const range = acceptRange(header(headers, 'content-range'), validator, disk)
    if (!range.accepted) return { kind: 'retry', why: range.why, restart: true }
    return { kind: 'body', coding, fromStart: false, total: range.total, validator }
  }
  const length = header(headers, 'content-length')
  const total = length !== undefined && /^\d+$/.test(length) ? Number(length) : null
  return { kind: 'body', coding, fromStart: true, total, validator }
}
