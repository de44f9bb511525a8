import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { ServiceHttp, staticCredentials } from '../../src/main/api/http'
import { ServiceClient } from '../../src/main/api/service-client'
import { trackedBody } from '../support/tracked-body'
import { damage, DOOR_TIMEOUT_MS, fuzz, mutate, oddValue, outcomeOf } from './fuzz'

/**
 * Every answer the service client parses: the envelope, the profile (own and public), recent plays,
 * rank, save info and the save URL. The samples are the reference service's real answers; the fuzz
 * mutates them and hands them to the client through its fetch port, with odd statuses and headers.
 */
const OPERATIONS = ['currentUser', 'publicUser', 'recent', 'rank', 'saveInfo', 'saveDownloadUrl'] as const
type Operation = (typeof OPERATIONS)[number]
const PATHS: Record<Operation, string> = {
  currentUser: '/v1/user',
  publicUser: '/v1/user/alice',
  recent: '/v1/user/alice/recent',
  rank: '/v1/user/alice/rank',
  saveInfo: '/v1/game/save/info',
  saveDownloadUrl: '/v1/game/save'
}

let service: ReferenceService
const samples = {} as Record<Operation, unknown>
beforeAll(async () => {
  service = await startReferenceService({ testControls: true, dailyDownloadLimit: 100_000 })
  const base = service.deployments.global.base_url
  const token = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!.user_token
  for (const operation of OPERATIONS) {
    const response = await fetch(`${base}${PATHS[operation]}`, { headers: operation === 'publicUser' ? {} : { authorization: token } })
    samples[operation] = await response.json()
    expect((samples[operation] as { code: string }).code, operation).toBe('OK')
  }
})
afterAll(() => service?.close())

const answer = fc.record({
  status: fc.constantFrom(200, 200, 200, 200, 400, 401, 403, 404, 418, 429, 500, 502, 503),
  contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/html', 'text/plain', null),
  lyingLength: fc.option(fc.constantFrom(0, 1, 999_999_999), { freq: 5 }),
  encoding: fc.option(fc.constantFrom('gzip', 'br', 'identity', 'x-unknown'), { freq: 8 }),
  mutations: fc.array(
    fc.record({ kind: fc.constantFrom('drop', 'replace', 'replace', 'wrap', 'duplicate'), at: fc.nat(), value: oddValue }),
    { maxLength: 4 }
  ),
  damage: fc.oneof(
    { weight: 6, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('cut' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }) }
  )
})

describe('fuzz: every service answer the client parses', () => {
  it(
    'mutated envelopes, profiles, recent plays, rank, save info and save URLs: a value or a typed refusal in words; every body ends',
    async () => {
      await fuzz([fc.constantFrom(...OPERATIONS), fc.array(answer, { minLength: 1, maxLength: 3 })], async (operation, answers) => {
        const open = new Set<object>()
        let calls = 0
        const http = new ServiceHttp({
          userAgent: 'fuzz',
          language: () => 'en',
          sleep: async () => {},
          timeoutMs: 5_000,
          // Each call gets the next answer (retries and rank's "not ready yet" ask again), the last one repeated.
          fetch: async () => {
            const a = answers[Math.min(calls++, answers.length - 1)]!
            const body = damage(Buffer.from(JSON.stringify(mutate(samples[operation] as never, a.mutations))), a.damage)
            const headers = new Headers()
            if (a.contentType) headers.set('content-type', a.contentType)
            if (a.lyingLength !== null) headers.set('content-length', String(a.lyingLength))
            if (a.encoding) headers.set('content-encoding', a.encoding)
            return new Response(trackedBody(body, open), { status: a.status, headers })
          }
        })
        const client = new ServiceClient(http, 'https://service.example/api')
        const credentials = staticCredentials('Basic YWxpY2U6ZnV6emluZy1pcy1mdW4=')
        const call: Record<Operation, () => Promise<unknown>> = {
          currentUser: () => client.currentUser(credentials),
          publicUser: () => client.publicUser('alice'),
          recent: () => client.recent(credentials, 'alice'),
          rank: () => client.rank(credentials, 'alice'),
          saveInfo: () => client.saveInfo(credentials),
          saveDownloadUrl: () => client.saveDownloadUrl(credentials)
        }
        await outcomeOf(call[operation])
        expect(open.size, 'a response body was neither read to its end nor cancelled').toBe(0)
      })
    },
    DOOR_TIMEOUT_MS
  )
})
