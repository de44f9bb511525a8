import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger } from '../../../src/main/logging/logger'
import { MAX_SECRETS, Redactor, redactor } from '../../../src/main/logging/redact'

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

describe('Redactor over a month of sessions', () => {
  const token = (n: number) => `eyJ.session-${n}.${'x'.repeat(40)}`

  it('holds a bounded number of secrets; one registered again as it is used stays redacted', () => {
    const r = new Redactor()
    const held = 'the-user-token-in-use-all-month'
    r.add(held)
    // A refreshed session every hour for over a year: each new pair registered, the token in use again at each sync.
    for (let n = 0; n < 10_000; n++) {
      r.add(token(n))
      if (n % 100 === 0) r.add(held)
    }
    expect(r.size).toBe(MAX_SECRETS)
    expect(r.text(`sent ${held} and ${token(9_999)}`)).toBe('sent [redacted] and [redacted]')
  })

  it.each([
    ['the value first', ['the-user-token-value', 'Basic the-user-token-value']],
    ['the header first', ['Basic the-user-token-value', 'the-user-token-value']]
  ])('a secret holding another goes whole, whichever was registered last (%s)', (_, order) => {
    const r = new Redactor()
    for (const secret of order!) r.add(secret)
    expect(r.text('bad credential Basic the-user-token-value')).toBe('bad credential [redacted]')
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
