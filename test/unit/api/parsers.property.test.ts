import fc from 'fast-check'
import type { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { ServiceHttp } from '../../../src/main/api/http'
import { RankData, RecentData, SaveInfo, ScoreRecord } from '../../../src/shared/api'
import { parseRfc3339 } from '../../../src/shared/timestamps'
import { AppError } from '../../../src/shared/errors'

const http = (body: string, status: number) =>
  new ServiceHttp({
    fetch: async () => new Response(body, { status }),
    userAgent: 'test',
    language: () => 'en',
    retries: 0,
    sleep: async () => {}
  })

/** Envelopes that are almost right: the shapes a broken proxy or a changed service might send. */
const envelope = fc.oneof(
  fc.string(),
  fc.json(),
  fc
    .record(
      {
        code: fc.oneof(fc.constant('OK'), fc.string(), fc.integer()),
        message: fc.oneof(fc.string(), fc.constant(null)),
        data: fc.jsonValue()
      },
      { requiredKeys: [] }
    )
    .map((o) => JSON.stringify(o)),
  fc
    .record({ code: fc.constant('OK'), message: fc.constant('OK'), data: fc.record({ data: fc.array(fc.jsonValue(), { maxLength: 3 }) }) })
    .map((o) => JSON.stringify(o)),
  fc.jsonValue().map((v) => JSON.stringify(v).slice(0, Math.max(0, JSON.stringify(v).length - 1)))
)

const record = fc.record(
  {
    chart_id: fc.oneof(fc.uuid(), fc.string(), fc.integer()),
    score: fc.oneof(fc.integer({ min: -5, max: 1_100_000 }), fc.double(), fc.string()),
    score_accuracy: fc.oneof(fc.double(), fc.string()),
    reality: fc.oneof(fc.double(), fc.constant(null)),
    grade: fc.oneof(fc.constantFrom('R', 'M', 'SS', 'S'), fc.integer()),
    played_at: fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      fc.string()
    ),
    modifiers: fc.oneof(fc.array(fc.string()), fc.string(), fc.constant(undefined))
  },
  { requiredKeys: [] }
)

describe('parsers never crash on malformed input (property-based)', () => {
  it('the service client turns any body and status into data or a typed AppError (4,000 cases per schema)', async () => {
    for (const schema of [RecentData, RankData, SaveInfo] as z.ZodType[]) {
      await fc.assert(
        fc.asyncProperty(envelope, fc.constantFrom(200, 200, 400, 401, 404, 418, 500, 502), async (body, status) => {
          try {
            const value = await http(body, status).request('http://127.0.0.1:1', { method: 'GET', path: '/x', schema })
            expect(schema.safeParse(value).success).toBe(true)
          } catch (error) {
            expect(error).toBeInstanceOf(AppError)
            expect(['unexpected_response', 'service', 'credential_invalid', 'not_found', 'quota_exceeded', 'scope_missing']).toContain(
              (error as AppError).code
            )
          }
        }),
        { numRuns: 4_000 }
      )
    }
  })

  it('records: any object either parses to a valid record or is rejected, never throws (3,000 cases)', () => {
    fc.assert(
      fc.property(record, (r) => {
        const result = ScoreRecord.safeParse(r)
        if (result.success) {
          expect(Number.isNaN(parseRfc3339(result.data.played_at))).toBe(false)
          expect(result.data.score).toBeLessThanOrEqual(1_010_000)
        }
      }),
      { numRuns: 3_000 }
    )
  })

  it('timestamps: valid RFC 3339 parses exactly (offsets, fractions); anything else is NaN (3,000 cases)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.integer({ min: -14 * 60, max: 14 * 60 }),
        fc.integer({ min: 0, max: 6 }),
        (date, offset, digits) => {
          const local = new Date(date.getTime() + offset * 60_000).toISOString().slice(0, 19)
          const frac = digits ? '.' + String(date.getUTCMilliseconds()).padStart(3, '0').padEnd(digits, '0').slice(0, digits) : ''
          const sign = offset >= 0 ? '+' : '-'
          const abs = Math.abs(offset)
          const numeric = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
          const text = `${local}${frac}${offset === 0 && digits % 2 ? 'Z' : numeric}`
          const expectedMs =
            Math.floor(date.getTime() / 1000) * 1000 +
            (digits >= 3
              ? date.getUTCMilliseconds()
              : digits
                ? Math.floor(date.getUTCMilliseconds() / 10 ** (3 - digits)) * 10 ** (3 - digits)
                : 0)
          expect(parseRfc3339(text)).toBe(expectedMs)
        }
      ),
      { numRuns: 2_000 }
    )
    fc.assert(
      fc.property(fc.string(), (s) => {
        const ms = parseRfc3339(s)
        expect(Number.isNaN(ms) || /^\d{4}-\d\d-\d\d[Tt ]\d\d:\d\d:\d\d(\.\d+)?([Zz]|[+-]\d\d:\d\d)$/.test(s)).toBe(true)
      }),
      { numRuns: 1_000 }
    )
    for (const bad of ['2026-02-30T00:00:00Z', '2026-13-01T00:00:00Z', '2026-11-22T24:00:00Z', '2026-11-22 10:00', '2026-11-22T10:00:00']) {
      expect(parseRfc3339(bad)).toBeNaN()
    }
  })
})

describe('regressions found by the properties', () => {
  it('a service code named like an Object.prototype member is just an unknown code', async () => {
    for (const code of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const error = await http(JSON.stringify({ code, message: 'x' }), 400)
        .request('http://127.0.0.1:1', { method: 'GET', path: '/x', schema: SaveInfo })
        .catch((e: AppError) => e)
      expect(error).toBeInstanceOf(AppError)
      expect((error as AppError).code).toBe('service')
    }
  })
})
