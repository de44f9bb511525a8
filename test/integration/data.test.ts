import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { staticCredentials } from '../../src/main/api/http'
import { chartReality } from '../../src/shared/reality'
import { testCore } from '../support/core'

let service: ReferenceService
const base = () => service.deployments.global.base_url
const tokenOf = (username: string) => service.accounts.find((a) => a.username === username && a.deployment === 'global')!.user_token

beforeAll(async () => {
  service = await startReferenceService({ testControls: true })
})
afterAll(async () => {
  await service?.close()
})

async function signedIn(username = 'alice', token = tokenOf(username)) {
  const t = testCore({ localBaseUrl: base(), deps: { tuning: { sleep: async () => {}, timeoutMs: 2_000, retryAfterMs: null } } })
  const { account } = await t.core.auth.addUserToken('local', token)
  return { ...t, id: account.id, account }
}

describe('sync and offline cache', () => {
  it('fetches profile, save info, recent and rank in parallel, each panel fresh with its time', async () => {
    const { core, id } = await signedIn()
    const data = await core.sync.sync(id)
    expect(data.profile.data).toMatchObject({ username: 'alice', nickname: expect.any(String) })
    expect(data.profile.avatar).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(data.save.data?.meta).toHaveProperty('reality_value')
    expect(data.recent.data).toHaveLength(20)
    expect(data.rank.data?.touch_ranks.length).toBeGreaterThan(0)
    for (const panel of [data.profile.panel, data.save.panel, data.recent.panel, data.rank.panel]) {
      expect(panel).toMatchObject({ status: 'fresh', error: null })
      expect(panel.fetchedAt).toBeGreaterThan(0)
    }
    expect(data.history.records).toBeGreaterThanOrEqual(20)
    expect(data.history.snapshots).toBe(1)
  })

  it('marks panels the token cannot read as unavailable, and does not call them', async () => {
    const { core, id } = await signedIn('tired', service.controls.createUserToken('global', 'tired', ['profile', 'milthm:event:recent']))
    const before = service.controls.counters('global').requestsPerRoute['GET /global/api/v1/user/:username/rank'] ?? 0
    const data = await core.sync.sync(id)
    expect(data.recent.panel.status).toBe('fresh')
    expect(data.rank.panel.status).toBe('unavailable')
    expect(data.save.panel.status).toBe('unavailable')
    expect(service.controls.counters('global').requestsPerRoute['GET /global/api/v1/user/:username/rank'] ?? 0).toBe(before)
  })

  it('starts offline from the cache: everything readable, marked offline, nothing overwritten', async () => {
    const { core, id, dataDir, cipher } = await signedIn()
    const online = await core.sync.sync(id)
    const { testCore: again } = await import('../support/core')
    const offline = again({ localBaseUrl: 'http://127.0.0.1:9/global/api', dataDir, cipher, deps: { tuning: { sleep: async () => {}, timeoutMs: 500, retryAfterMs: null } } })
    // Same account, same base URL in the registry: point the record at a dead port to simulate the service being down.
    offline.core.registry.update(id, { baseUrl: 'http://127.0.0.1:9/global/api' })
    const cached = offline.core.sync.view(id)
    expect(cached.recent.data).toEqual(online.recent.data)
    const after = await offline.core.sync.sync(id)
    expect(after.offline).toBe(true)
    expect(after.profile.panel.status).toBe('offline')
    expect(after.profile.panel.fetchedAt).toBe(online.profile.panel.fetchedAt)
    expect(after.recent.data).toEqual(online.recent.data)
    expect(after.rank.data).toEqual(online.rank.data)
    expect(after.profile.data).toEqual(online.profile.data)
  })

  it('keeps every record ever seen, merged without duplicates, as new plays arrive', async () => {
    const { core, id } = await signedIn('alice')
    await core.sync.sync(id)
    const first = core.sync.history(id).length
    service.controls.addPlays('global', 'alice', 7)
    await core.sync.sync(id)
    const second = core.sync.history(id)
    expect(second.length).toBe(first + 7)
    await core.sync.sync(id)
    expect(core.sync.history(id).length).toBe(second.length)
    const keys = new Set(second.map((r) => `${r.chart_id}|${r.played_at}|${r.score}`))
    expect(keys.size).toBe(second.length)
  })

  it('skips a sync when everything is younger than maxAge, and shares one sync between callers', async () => {
    const { core, id } = await signedIn()
    await core.sync.sync(id)
    const before = service.controls.counters('global').requestsPerRoute['GET /global/api/v1/user'] ?? 0
    await core.sync.sync(id, { maxAgeMs: 60_000 })
    expect(service.controls.counters('global').requestsPerRoute['GET /global/api/v1/user'] ?? 0).toBe(before)
    await Promise.all([core.sync.sync(id), core.sync.sync(id), core.sync.sync(id)])
    expect(service.controls.counters('global').requestsPerRoute['GET /global/api/v1/user']).toBe(before + 1)
  })

  it('fetches the chart catalogue from the service and computes insights with titles', async () => {
    const { core, id } = await signedIn()
    await core.sync.sync(id)
    await expect.poll(() => core.catalogue.info().count).toBe(240)
    const insights = core.handlers['data:insights'](id) as Awaited<ReturnType<typeof core.handlers['data:insights']>>
    expect(insights!.touch.best).toHaveLength(20)
    expect(insights!.touch.overflow.length).toBeLessThanOrEqual(10)
    expect(insights!.touch.best[0]!.title).toEqual(expect.any(String))
    for (const row of [...insights!.touch.best, ...insights!.keyboard.best]) {
      if (row.targetScore === null) continue
      const gain = chartReality(row.constant!, row.targetScore) - row.record.reality
      expect(gain).toBeGreaterThanOrEqual(0.2 - 1e-6)
      expect(chartReality(row.constant!, row.targetScore - 1) - row.record.reality).toBeLessThan(0.2 + 0.002)
    }
  })
})

describe('service client: operations and errors', () => {
  const client = async () => {
    const { core } = await signedIn()
    return { core, client: core.auth.client({ baseUrl: base() }) }
  }

  it.each([
    ['a username with spaces, / and non-ASCII', 'night owl/夜猫'],
    ['the UID: form', 'UID:10000001']
  ])('looks up %s as one encoded segment, without credentials', async (_, identity) => {
    const { client: c } = await client()
    const profile = await c.publicUser(identity)
    expect(Object.keys(profile).sort()).toEqual(['avatar', 'nickname', 'username'])
  })

  it('maps UserNotFoundError to not_found with the server message and code', async () => {
    const { client: c } = await client()
    await expect(c.publicUser('nobody-at-all')).rejects.toMatchObject({ code: 'not_found', data: { status: 404, serviceCode: 'UserNotFoundError', serviceMessage: expect.stringMatching(/does not exist/) } })
    await expect(c.currentUser(staticCredentials(tokenOf('ghost')))).rejects.toMatchObject({ data: { serviceCode: 'UserNotFoundError' } })
  })

  it('sends Accept-Language from the UI language: the message changes, the code does not', async () => {
    const { core, client: c } = await client()
    core.settings.update({ language: 'zh-CN' })
    const zh = await c.publicUser('nobody-at-all').catch((e: { data: unknown }) => e.data)
    core.settings.update({ language: 'en' })
    const en = await c.publicUser('nobody-at-all').catch((e: { data: unknown }) => e.data)
    expect(zh).toMatchObject({ serviceCode: 'UserNotFoundError', serviceMessage: expect.stringMatching(/用户不存在/) })
    expect(en).toMatchObject({ serviceCode: 'UserNotFoundError', serviceMessage: expect.stringMatching(/does not exist/) })
  })

  it('retries GETs on 5xx and HTML error pages, with a final clear error', async () => {
    const { client: c } = await client()
    service.controls.failNext(2, 'status500')
    expect((await c.publicUser('alice')).username).toBe('alice')
    service.controls.failNext(3, 'html')
    await expect(c.publicUser('alice')).rejects.toMatchObject({ code: 'unexpected_response', message: expect.stringMatching(/HTML page/) })
    service.controls.resetFaults()
  })

  it('reports malformed JSON as an unexpected response', async () => {
    const { client: c } = await client()
    service.controls.malformedNext(1)
    await expect(c.publicUser('alice')).rejects.toMatchObject({ code: 'unexpected_response' })
    service.controls.resetFaults()
  })

  it('never retries a PATCH', async () => {
    const { core, client: c } = await client()
    const before = service.controls.counters('global').requestsPerRoute['PATCH /global/api/v1/user'] ?? 0
    service.controls.failNext(1, 'status500')
    await expect(c.updateNickname(core.auth.credentials((await core.auth.state()).activeId!), 'Nope')).rejects.toMatchObject({ data: { status: 500 } })
    service.controls.resetFaults()
    const after = service.controls.counters('global').requestsPerRoute['PATCH /global/api/v1/user'] ?? 0
    expect(after - before).toBeLessThanOrEqual(1)
  })

  it('times out slow requests', async () => {
    const { client: c } = await client()
    service.controls.setLatency(3_000)
    try {
      await expect(c.publicUser('alice')).rejects.toMatchObject({ code: 'timeout' })
    } finally {
      service.controls.setLatency(0)
    }
  })
})

describe('nickname', () => {
  it('changes the nickname, records the submission and refreshes the profile', async () => {
    service.controls.setStamina('global', 'alice', 2)
    const { core, id } = await signedIn()
    const data = await core.handlers['profile:changeNickname'](id, '  Alice Again  ')
    expect(data.profile.data?.nickname).toBe('Alice Again')
    expect(data.nickname.submissions).toHaveLength(1)
    expect(Date.parse(data.nickname.nextRecovery!) - Date.parse(data.nickname.submissions[0]!)).toBe((15 * 24 + 12) * 3_600_000)
  })

  it('refuses an empty nickname before sending anything', async () => {
    const { core, id } = await signedIn()
    const before = service.controls.stamina('global', 'alice').count
    await expect(core.handlers['profile:changeNickname'](id, '   ')).rejects.toMatchObject({ code: 'invalid_input' })
    expect(service.controls.stamina('global', 'alice').count).toBe(before)
  })

  it('UserNicknameTakenError is specific, and the failed submission is recorded as spent', async () => {
    service.controls.setStamina('global', 'alice', 2)
    const { core, id } = await signedIn()
    await expect(core.handlers['profile:changeNickname'](id, 'Night Owl')).rejects.toMatchObject({ data: { status: 409, serviceCode: 'UserNicknameTakenError' } })
    expect(core.sync.view(id).nickname.submissions).toHaveLength(1)
  })

  it('StaminaNotEnough says when the next opportunity is expected; the service clock brings it back', async () => {
    service.controls.setStamina('global', 'alice', 1)
    const { core, id } = await signedIn()
    await core.handlers['profile:changeNickname'](id, 'Alice One')
    const error = (await Promise.resolve(core.handlers['profile:changeNickname'](id, 'Alice Two')).then(
      () => null,
      (e: { data: { serviceCode: string; details: { nextRecovery: string } } }) => e.data
    ))!
    expect(error.serviceCode).toBe('StaminaNotEnough')
    expect(error.details.nextRecovery).toBe(core.sync.view(id).nickname.nextRecovery)
    service.controls.advanceClock((15 * 24 + 12) * 3_600_000 + 1000)
    expect((await core.handlers['profile:changeNickname'](id, 'Alice Two')).profile.data?.nickname).toBe('Alice Two')
  })

  it('needs the user scope: a token without it is told how to get it', async () => {
    const { core, id } = await signedIn('alice', service.controls.createUserToken('global', 'alice', ['profile']))
    await expect(core.handlers['profile:changeNickname'](id, 'X')).rejects.toMatchObject({ code: 'scope_missing', message: expect.stringMatching(/"user" scope/) })
  })
})

describe('chart catalogue import', () => {
  it('imports a valid file and refuses a bad one without changing anything', async () => {
    const { core } = await signedIn()
    const info = core.catalogue.import(JSON.stringify({ charts: [{ chart_id: 'c1', title: 'One', difficulty: 'Clear', constant: 12.3 }] }))
    expect(info).toMatchObject({ count: 1, source: 'imported' })
    expect(() => core.catalogue.import('{not json')).toThrow(/not JSON/)
    expect(() => core.catalogue.import(JSON.stringify({ charts: [{ chart_id: 'c2' }] }))).toThrow(/not a chart catalogue/)
    expect(core.catalogue.info().count).toBe(1)
  })
})
