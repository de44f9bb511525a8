import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger } from '../../../src/main/logging/logger'
import { Redactor, redactor } from '../../../src/main/logging/redact'

describe('Redactor', () => {
  const r = new Redactor()
  r.add('s3cr3t-access-token-value')

  it('masks registered secrets wherever they appear', () => {
    expect(r.text('token s3cr3t-access-token-value leaked')).toBe('token [redacted] leaked')
  })

  it.each([
    ['Authorization: Bearer eyJhbGciOiJSUzI1NiJ9.payload.sig', 'Bearer [redacted]'],
    ['Authorization: Basic YWJjZGVmOmdoaWprbA==', 'Basic [redacted]'],
    ['https://x/files/save/1?expires=1&issued=2&sig=abcDEF123', 'sig=[redacted]'],
    ['grant_type=refresh_token&refresh_token=abc123xyz', 'refresh_token=[redacted]'],
    ['{"access_token":"abc","token_type":"Bearer"}', '"access_token":"[redacted]"'],
    ['{"file_url":"http://127.0.0.1/files/x?sig=1"}', '"file_url":"[redacted]"']
  ])('masks the shape of %s', (input, expected) => {
    expect(r.text(input)).toContain(expected)
  })

  it('redacts nested values and errors', () => {
    const out = r.value({ error: new Error('failed with s3cr3t-access-token-value'), list: ['Bearer abcdefghijk'] })
    expect(JSON.stringify(out)).not.toContain('s3cr3t')
    expect(JSON.stringify(out)).not.toContain('abcdefghijk')
  })
})

describe('logger', () => {
  it('never writes a registered secret, in messages or objects', () => {
    const lines: string[] = []
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk))
        done()
      }
    })
    redactor.add('live-refresh-token-0123456789')
    const log = createLogger(sink as never)
    log.info({ token: 'live-refresh-token-0123456789', url: 'http://h/x?sig=zzzzzz' }, 'refreshed with live-refresh-token-0123456789')
    log.error(new Error('Bearer live-refresh-token-0123456789 rejected'))
    const text = lines.join('')
    expect(text).toContain('refreshed with [redacted]')
    expect(text).not.toContain('live-refresh-token-0123456789')
    expect(text).not.toContain('zzzzzz')
  })
})
