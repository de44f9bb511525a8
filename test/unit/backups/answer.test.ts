import { describe, expect, it } from 'vitest'
import { acceptRange, classifyAnswer, type Answer, type OnDisk } from '../../../src/main/backups/answer'

// The expected verdicts are read off RFC 9110 (ranges, If-Range, 416) and the service notes, written out by hand.
const fresh: OnDisk = { written: 0, resuming: false, validator: { etag: null, lastModified: null } }
const resumingAt = (written: number, etag = '"v1"'): OnDisk => ({ written, resuming: true, validator: { etag, lastModified: null } })
const answer = (status: number, headers: Record<string, string> = {}, refusal: string | null = null): Answer => ({
  status,
  headers,
  refusal
})

describe('classifyAnswer', () => {
  it('a whole file: its length and strong validator; a weak ETag is no validator', () => {
    expect(classifyAnswer(answer(200, { 'content-length': '1234', etag: '"abc"' }), fresh)).toEqual({
      kind: 'body',
      coding: null,
      fromStart: true,
      total: 1234,
      validator: { etag: '"abc"', lastModified: null }
    })
    expect(classifyAnswer(answer(200, { etag: 'W/"abc"', 'last-modified': 'Tue, 01 Dec 2026 10:00:00 GMT' }), fresh)).toEqual({
      kind: 'body',
      coding: null,
      fromStart: true,
      total: null,
      validator: { etag: null, lastModified: 'Tue, 01 Dec 2026 10:00:00 GMT' }
    })
    // A length that is not a plain number says nothing.
    expect(classifyAnswer(answer(200, { 'content-length': '12x' }), fresh)).toMatchObject({ kind: 'body', total: null })
  })

  it('a 200 to a resume starts again from the first byte', () => {
    expect(classifyAnswer(answer(200, { 'content-length': '10', etag: '"v2"' }), resumingAt(4))).toMatchObject({
      kind: 'body',
      fromStart: true,
      total: 10
    })
  })

  it('a compressed whole file keeps no validator; a compressed part is never spliced on', () => {
    expect(classifyAnswer(answer(200, { 'content-encoding': 'gzip', etag: '"abc"', 'content-length': '50' }), fresh)).toEqual({
      kind: 'body',
      coding: 'gzip',
      fromStart: true,
      total: 50,
      validator: { etag: null, lastModified: null }
    })
    expect(classifyAnswer(answer(206, { 'content-encoding': 'gzip', 'content-range': 'bytes 4-9/10' }), resumingAt(4))).toEqual({
      kind: 'retry',
      why: 'the file server sent a compressed part of the save',
      restart: true,
      compressed: true
    })
  })

  it('an unknown content coding fails the run', () => {
    const verdict = classifyAnswer(answer(200, { 'content-encoding': 'zstd-unknown' }), fresh)
    expect(verdict.kind).toBe('fail')
  })

  it('a part that continues the same file exactly where the disk ends is accepted', () => {
    expect(classifyAnswer(answer(206, { 'content-range': 'bytes 4-9/10', etag: '"v1"' }), resumingAt(4))).toEqual({
      kind: 'body',
      coding: null,
      fromStart: false,
      total: 10,
      validator: { etag: '"v1"', lastModified: null }
    })
  })

  it('a part at the wrong place, of a changed file, or without its range is refused and restarted', () => {
    const wrong = { kind: 'retry', why: 'the file server resumed at the wrong place or with a changed file', restart: true }
    expect(classifyAnswer(answer(206, { 'content-range': 'bytes 0-9/10', etag: '"v1"' }), resumingAt(4))).toEqual(wrong)
    expect(classifyAnswer(answer(206, { 'content-range': 'bytes 4-9/10', etag: '"v2"' }), resumingAt(4))).toEqual(wrong)
    expect(classifyAnswer(answer(206, { etag: '"v1"' }), resumingAt(4))).toEqual({
      kind: 'retry',
      why: 'the file server resumed without saying which bytes it sent',
      restart: true
    })
  })

  it('a 416 to a resume is the end only when the whole file is what is on disk, of the same file', () => {
    expect(classifyAnswer(answer(416, { 'content-range': 'bytes */10', etag: '"v1"' }, ''), resumingAt(10))).toEqual({ kind: 'complete' })
    const refused = { kind: 'retry', why: 'the file server refused to resume', restart: true }
    expect(classifyAnswer(answer(416, { 'content-range': 'bytes */12', etag: '"v1"' }, ''), resumingAt(10))).toEqual(refused)
    expect(classifyAnswer(answer(416, { 'content-range': 'bytes */10', etag: '"v2"' }, ''), resumingAt(10))).toEqual(refused)
    // Not resuming, a 416 makes no sense: the run fails.
    expect(classifyAnswer(answer(416, {}, ''), fresh)).toMatchObject({ kind: 'fail', error: { code: 'unexpected_response' } })
  })

  it('the download limit: 429, or a 4xx that says so; an expired link: 403 or 410', () => {
    expect(classifyAnswer(answer(429), fresh)).toEqual({ kind: 'quota' })
    expect(classifyAnswer(answer(403, {}, 'daily download limit reached'), fresh)).toEqual({ kind: 'quota' })
    expect(classifyAnswer(answer(403, {}, '<Error>AccessDenied: Request has expired</Error>'), fresh)).toEqual({ kind: 'expired' })
    expect(classifyAnswer(answer(410, {}, ''), fresh)).toEqual({ kind: 'expired' })
  })

  it('a 5xx is retried with what is on disk kept; any other status fails', () => {
    expect(classifyAnswer(answer(503), resumingAt(4))).toEqual({ kind: 'retry', why: 'the file server answered HTTP 503', restart: false })
    expect(classifyAnswer(answer(404, {}, 'not found'), fresh)).toMatchObject({ kind: 'fail', error: { code: 'unexpected_response' } })
    expect(classifyAnswer(answer(204), fresh)).toMatchObject({ kind: 'fail' })
  })
})

describe('acceptRange', () => {
  it('an unknown total is accepted as unknown', () => {
    expect(acceptRange('bytes 0-9/*', { etag: null, lastModified: null }, fresh)).toEqual({ accepted: true, total: null })
  })

  it('a part from zero is a whole file only when nothing is on disk', () => {
    const notResuming: OnDisk = { written: 5, resuming: false, validator: { etag: null, lastModified: null } }
    expect(acceptRange('bytes 5-9/10', { etag: null, lastModified: null }, notResuming).accepted).toBe(false)
  })

  it('Last-Modified guards a resume when there is no ETag', () => {
    const disk: OnDisk = { written: 3, resuming: true, validator: { etag: null, lastModified: 'A' } }
    expect(acceptRange('bytes 3-9/10', { etag: null, lastModified: 'A' }, disk)).toEqual({ accepted: true, total: 10 })
    expect(acceptRange('bytes 3-9/10', { etag: null, lastModified: 'B' }, disk).accepted).toBe(false)
  })
})
