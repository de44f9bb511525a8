import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { ServiceHttp, staticCredentials } from '../../src/main/api/http'
import { ServiceClient } from '../../src/main/api/service-client'
import { computeInsights } from '../../src/shared/insights'
import { NICKNAME_RECOVERY_MS } from '../../src/shared/nickname'
import { chartValue } from '../../src/shared/reality'
import { addUserToken, testCore, TestClock } from '../support/core'

let service: ReferenceService
const base = () => service.deployments.global.base_url
const tokenOf = (username: string) => service.accounts.find((a) => a.username === username && a.deployment === 'global')!.user_token
const routeCount = (route: string) => service.controls.counters('global').requestsPerRoute[route] ?? 0

beforeAll(async () => {
  service = await startReferenceService({ testControls: true })
})
afterAll(async () => {
  await service?.close()
})
afterEach(() => {
  service.controls.resetFaults()
})

async function signedIn(username = 'alice', token = tokenOf(username), dataDir?: string, chartListUrl?: string) {
  const tuning = { sleep: async () => {}, timeoutMs: 2_000, retryAfterMs: null }
  const t = testCore({ localBaseUrl: base(), dataDir, tuning, options: { chartList: { url: chartListUrl } } })
  const { account } = await addUserToken(t.core.handlers, 'local', token)
  // The sync that follows adding an account, finished.
  await t.call('sync:run', account.id, {})
  return { ...t, id: account.id, account }
}

describe('sync and offline cache', () => {
  it('fetches profile, save info, recent and rank in parallel, each panel fresh with its time', async () => {
    const t = await signedIn()
    const data = await t.data(t.id)
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
    const before = routeCount('GET /global/api/v1/user/:username/rank')
    const t = await signedIn('tired', service.controls.createUserToken('global', 'tired', ['profile', 'milthm:event:recent']))
    const data = await t.sync(t.id)
    expect(data.recent.panel.status).toBe('fresh')
    expect(data.rank.panel.status).toBe('unavailable')
    expect(data.save.panel.status).toBe('unavailable')
    expect(routeCount('GET /global/api/v1/user/:username/rank')).toBe(before)
  })

  it('starts offline from the cache: everything readable, marked offline, nothing overwritten', async () => {
    const t = await signedIn()
    const online = await t.data(t.id)
    await t.core.dispose()
    // The same account and data folder, with the service down.
    const down = await startReferenceService()
    const address = down.deployments.global.base_url
    await down.close()
    const offline = testCore({
      localBaseUrl: address,
      dataDir: t.dataDir,
      cipher: t.cipher,
      tuning: { sleep: async () => {}, timeoutMs: 500, retryAfterMs: null },
      deps: { fetch: (input, init) => fetch(String(input instanceof Request ? input.url : input).replace(base(), address), init) }
    })
    const cached = await offline.data(t.id)
    expect(cached.recent.data).toEqual(online.recent.data)
    const after = await offline.sync(t.id)
    expect(after.offline).toBe(true)
    expect(after.profile.panel.status).toBe('offline')
    expect(after.profile.panel.fetchedAt).toBe(online.profile.panel.fetchedAt)
    expect(after.recent.data).toEqual(online.recent.data)
    expect(after.rank.data).toEqual(online.rank.data)
    expect(after.profile.data).toEqual(online.profile.data)
  })

  it('keeps every record ever seen, merged without duplicates, as new plays arrive', async () => {
    const t = await signedIn('alice')
    const first = (await t.call('sync:history', t.id)).records.length
    service.controls.addPlays('global', 'alice', 7)
    await t.sync(t.id)
    const second = (await t.call('sync:history', t.id)).records
    expect(second.length).toBe(first + 7)
    await t.sync(t.id)
    expect((await t.call('sync:history', t.id)).records.length).toBe(second.length)
    expect(new Set(second.map((r) => `${r.chart_id}|${r.played_at}|${r.score}`)).size).toBe(second.length)
  })

  it('the personal bests are the best per chart and mode of the kept plays, after a restart and from a damaged file', async () => {
    const t = await signedIn('tired')
    service.controls.addPlays('global', 'tired', 12)
    await t.sync(t.id)
    const truth = async () => {
      const kept = (await t.call('sync:history', t.id)).records
      const best = new Map<string, { score: number; plays: number }>()
      for (const r of kept) {
        const key = `${r.chart_id}|${r.modifiers.includes('TouchMode') ? 'touch' : 'keyboard'}`
        const current = best.get(key) ?? { score: 0, plays: 0 }
        best.set(key, { score: Math.max(current.score, r.score), plays: current.plays + 1 })
      }
      return { best, kept: kept.length }
    }
    const check = async (stats: {
      plays: number
      bests: { mode: string; plays: number; record: { chart_id: string; score: number } }[]
    }) => {
      const { best, kept } = await truth()
      expect(stats.plays).toBe(kept)
      expect(new Map(stats.bests.map((b) => [`${b.record.chart_id}|${b.mode}`, { score: b.record.score, plays: b.plays }]))).toEqual(best)
    }
    await t.call('sync:load', t.id)
    await expect.poll(() => t.events.latest('sync:player')?.plays).toBe((await truth()).kept)
    await check(t.events.latest('sync:player')!)
    await t.core.dispose()
    // Restarted on the same folder, then with the bests file damaged: the same bests.
    const safe = t.id.replace(/[^A-Za-z0-9_-]/g, '_')
    // Then with a file from before bests kept their FC/AP mark (version 1): rebuilt from the plays, not moved aside.
    const bestsFile = join(t.dataDir, `bests-${safe}.json`)
    for (const damage of [false, 'version 1', true] as const) {
      if (damage === true) writeFileSync(bestsFile, '{"schemaVersion":1,"covered":')
      if (damage === 'version 1') {
        const doc = JSON.parse(readFileSync(bestsFile, 'utf8')) as { schemaVersion: number; bests: { combo?: unknown }[] }
        expect(doc.schemaVersion).toBe(3)
        writeFileSync(bestsFile, JSON.stringify({ ...doc, schemaVersion: 1, bests: doc.bests.map(({ combo: _, ...rest }) => rest) }))
      }
      const again = testCore({ localBaseUrl: base(), dataDir: t.dataDir, tuning: { sleep: async () => {}, retryAfterMs: null } })
      await again.call('sync:load', t.id)
      await expect.poll(() => again.events.latest('sync:player')?.accountId).toBe(t.id)
      await check(again.events.latest('sync:player')!)
      if (damage === 'version 1') {
        expect(again.events.latest('sync:player')!.bests.every((b) => b.combo !== undefined)).toBe(true)
        expect((again.events.latest('app:notices') ?? []).map((n) => n.file)).not.toContain(`bests-${safe}.json`)
      }
      await again.core.dispose()
    }
  })

  it('skips a sync when everything is younger than maxAge, and shares one sync between callers', async () => {
    const t = await signedIn()
    const before = routeCount('GET /global/api/v1/user')
    await t.call('sync:run', t.id, { maxAgeMs: 60_000 })
    expect(routeCount('GET /global/api/v1/user')).toBe(before)
    await Promise.all([t.call('sync:run', t.id, {}), t.call('sync:run', t.id, {}), t.call('sync:run', t.id, {})])
    expect(routeCount('GET /global/api/v1/user')).toBe(before + 1)
  })

  it('names charts from the community list on its own host (no consent asked for this computer); hints use its constants', async () => {
    const t = await signedIn('alice', tokenOf('alice'), undefined, service.chartList.url)
    // The list as the community publishes it, counted here by hand: every difficulty entry is a chart.
    const list = (await (await fetch(service.chartList.url)).json()) as Record<string, { difficulty: Record<string, unknown> }>
    const written = Object.values(list).reduce((n, song) => n + Object.keys(song.difficulty).length, 0)
    await t.call('app:bootstrap')
    expect(t.events.latest('chartList:changed')).toMatchObject({ count: 0, needsConsent: false })
    expect(await t.call('chartList:update')).toMatchObject({ count: written, source: 'url', format: 'songs', skipped: 0 })
    const charts = new Map((await t.call('chartList:charts')).map((c) => [c.chart_id, c]))
    const insights = computeInsights((await t.data(t.id)).rank.data!, charts)
    expect(insights.touch.best).toHaveLength(20)
    expect(insights.touch.overflow.length).toBeLessThanOrEqual(10)
    for (const row of [...insights.touch.best, ...insights.keyboard.best]) {
      expect(row.title).toBe(Object.keys(list).find((title) => JSON.stringify(list[title]).includes(row.record.chart_id)))
      expect(row.stale).toBe(false)
      if (row.targetScore === null) continue
      // The value at the target score is at least 0.2 (0.01 × 20) above the record's; one point less is not.
      const at = (score: number) => chartValue({ constant: row.constant!, score, gameVersion: row.record.game_version })
      expect(at(row.targetScore) - row.record.reality).toBeGreaterThanOrEqual(0.2 - 0.002)
      expect(at(row.targetScore - 1) - row.record.reality).toBeLessThan(0.2 + 0.002)
    }
  })
})

describe('what the live service may send: read tolerantly', () => {
  it('a numeric uid and nickname: null are read; records that do not read are skipped and counted', async () => {
    service.controls.oddShapes({ numericUid: true, nullNickname: true, brokenRecords: 3 })
    const t = await signedIn('tired')
    const data = await t.data(t.id)
    expect(data.profile.data).toMatchObject({ uid: '10000005', username: 'tired' })
    expect(data.profile.data?.nickname).toBeUndefined()
    expect(data.recent).toMatchObject({ skipped: 3, panel: { status: 'fresh' } })
    expect(data.recent.data).toHaveLength(20)
    expect(data.rank.data?.skipped).toBe(3)
    expect(data.rank.panel.status).toBe('fresh')
  })

  it('null where a value is optional (nil lists, nullable columns) is absent: nothing skipped, an unplayed mode is empty', async () => {
    service.controls.oddShapes({ nulls: true })
    const t = await signedIn('alice')
    const data = await t.data(t.id)
    expect(data.recent).toMatchObject({ skipped: 0, panel: { status: 'fresh' } })
    expect(data.recent.data).toHaveLength(20)
    // Keyboard plays came with `modifiers: null`: they read as plays without modifiers, not as broken ones.
    expect(data.recent.data.some((r) => r.modifiers.length === 0)).toBe(true)
    expect(data.rank).toMatchObject({ data: { skipped: 0 }, panel: { status: 'fresh' } })
    expect(data.rank.data!.touch_ranks.length + data.rank.data!.keyboard_ranks.length).toBeGreaterThan(20)
    const newbie = await signedIn('newbie')
    expect((await newbie.data(newbie.id)).rank).toMatchObject({
      data: { touch_reality: 0, keyboard_reality: 0, touch_ranks: [], keyboard_ranks: [], skipped: 0 },
      panel: { status: 'fresh' }
    })
  })

  it('omitempty, numbers as text and an avatar path read as the usual answers do: the same plays, Reality and avatar', async () => {
    // Independent truth: the same accounts in the usual shapes.
    const usual = await signedIn('alice')
    const expected = await usual.data(usual.id)
    service.controls.oddShapes({ omitEmpty: true, textNumbers: true, relativeAvatar: true })
    const t = await signedIn('alice')
    const data = await t.data(t.id)
    expect(data.recent).toMatchObject({ skipped: 0, panel: { status: 'fresh' } })
    expect(data.recent.data).toEqual(expected.recent.data)
    expect(data.rank).toMatchObject({ data: expected.rank.data, panel: { status: 'fresh' } })
    expect(data.profile.avatar).toBe(expected.profile.avatar)
    expect(data.profile.avatar).toMatch(/^data:image\/svg\+xml;base64,/)
    const newbie = await signedIn('newbie')
    expect(await newbie.data(newbie.id)).toMatchObject({
      recent: { data: [], skipped: 0, panel: { status: 'fresh' } },
      rank: { data: { touch_reality: 0, keyboard_reality: 0, touch_ranks: [], keyboard_ranks: [], skipped: 0 }, panel: { status: 'fresh' } }
    })
  })

  it('a missing username makes recent and rank unavailable with that reason, not a missing scope', async () => {
    service.controls.oddShapes({ noUsername: true })
    const t = await signedIn('tired')
    const data = await t.data(t.id)
    for (const panel of [data.recent.panel, data.rank.panel]) {
      expect(panel).toMatchObject({ status: 'unavailable', error: { details: { reason: 'no_username' } } })
    }
    expect(data.save.panel.status).toBe('fresh')
  })

  it('a 404 from save/info with any code means there is no cloud save yet', async () => {
    const t = await signedIn('alice')
    service.controls.refuseNext('/v1/game/save/info', 404, 'SomethingNotFound')
    const data = await t.sync(t.id)
    expect(data.save).toMatchObject({ data: null, noCloudSave: true, panel: { status: 'fresh', error: null } })
  })

  it('GameSaveEmptyError under any status is "no cloud save yet", and a save uploaded later replaces it', async () => {
    const t = await signedIn('alice')
    for (const status of [400, 403, 500]) {
      service.controls.refuseNext('/v1/game/save/info', status, 'GameSaveEmptyError', status === 500 ? 3 : 1)
      expect((await t.sync(t.id)).save).toMatchObject({ data: null, noCloudSave: true, panel: { status: 'fresh', error: null } })
    }
    expect((await t.sync(t.id)).save).toMatchObject({ data: { updated_at: expect.any(String) }, noCloudSave: false })
  })

  it('any 403, and a 401 that is no credential error, on a scope-gated call means "not allowed", not an error', async () => {
    const t = await signedIn('alice')
    service.controls.refuseNext('/recent', 403, 'PermissionDeniedError')
    service.controls.refuseNext('/v1/game/save/info', 401, 'ScopeNotGrantedError')
    const data = await t.sync(t.id)
    expect(data.recent.panel).toMatchObject({
      status: 'unavailable',
      error: { code: 'scope_missing', serviceCode: 'PermissionDeniedError' }
    })
    expect(data.save.panel).toMatchObject({ status: 'unavailable', error: { code: 'scope_missing', serviceCode: 'ScopeNotGrantedError' } })
    expect(data.profile.panel.status).toBe('fresh')
  })
})

describe('service client: operations and errors', () => {
  const client = (language = 'en', timeoutMs = 2_000) =>
    new ServiceClient(new ServiceHttp({ fetch, userAgent: 'test', language: () => language, sleep: async () => {}, timeoutMs }), base())

  it.each([
    ['a username with spaces, / and non-ASCII', 'night owl/夜猫'],
    ['the UID: form', 'UID:10000001']
  ])('looks up %s as one encoded segment, without credentials', async (_, identity) => {
    const profile = await client().publicUser(identity)
    expect(
      Object.keys(profile)
        .filter((k) => profile[k as keyof typeof profile] !== undefined)
        .sort()
    ).toEqual(['avatar', 'nickname', 'username'])
  })

  it('maps UserNotFoundError to not_found with the server message and code', async () => {
    await expect(client().publicUser('nobody-at-all')).rejects.toMatchObject({
      code: 'not_found',
      data: { status: 404, serviceCode: 'UserNotFoundError', serviceMessage: expect.stringMatching(/does not exist/) }
    })
    await expect(client().currentUser(staticCredentials(tokenOf('ghost')))).rejects.toMatchObject({
      data: { serviceCode: 'UserNotFoundError' }
    })
  })

  it('sends Accept-Language from the UI language: the message changes, the code does not', async () => {
    const zh = await client('zh-CN')
      .publicUser('nobody-at-all')
      .catch((e: { data: unknown }) => e.data)
    const en = await client('en')
      .publicUser('nobody-at-all')
      .catch((e: { data: unknown }) => e.data)
    expect(zh).toMatchObject({ serviceCode: 'UserNotFoundError', serviceMessage: expect.stringMatching(/用户不存在/) })
    expect(en).toMatchObject({ serviceCode: 'UserNotFoundError', serviceMessage: expect.stringMatching(/does not exist/) })
  })

  it('retries GETs on 5xx and HTML error pages, with a final clear error', async () => {
    service.controls.failNext(2, 'status500')
    expect((await client().publicUser('alice')).username).toBe('alice')
    service.controls.failNext(3, 'html')
    await expect(client().publicUser('alice')).rejects.toMatchObject({
      code: 'unexpected_response',
      message: expect.stringMatching(/HTML page/)
    })
  })

  it('reports malformed JSON as an unexpected response', async () => {
    service.controls.malformedNext(1)
    await expect(client().publicUser('alice')).rejects.toMatchObject({ code: 'unexpected_response' })
  })

  it('never retries a PATCH: one 5xx answer, exactly one request sent', async () => {
    service.controls.setStamina('global', 'alice', 3)
    const before = routeCount('PATCH /global/api/v1/user')
    service.controls.failNext(1, 'status500')
    await expect(client().updateNickname(staticCredentials(tokenOf('alice')), 'Nope')).rejects.toMatchObject({ data: { status: 500 } })
    expect(routeCount('PATCH /global/api/v1/user') - before).toBe(1)
  })

  it('times out slow requests', async () => {
    service.controls.setLatency(3_000)
    await expect(client('en', 500).publicUser('alice')).rejects.toMatchObject({ code: 'timeout' })
  })
})

describe('nickname', () => {
  it('changes the nickname, records the submission and refreshes the profile', async () => {
    service.controls.setStamina('global', 'alice', 2)
    const t = await signedIn()
    await t.call('profile:changeNickname', t.id, '  Alice Again  ')
    const data = await t.data(t.id)
    expect(data.profile.data?.nickname).toBe('Alice Again')
    expect(data.nickname.submissions).toHaveLength(1)
    expect(Date.parse(data.nickname.nextRecovery!) - Date.parse(data.nickname.submissions[0]!)).toBe(NICKNAME_RECOVERY_MS)
  })

  it('refuses an empty nickname before sending anything', async () => {
    const t = await signedIn()
    const before = service.controls.stamina('global', 'alice').count
    await expect(t.call('profile:changeNickname', t.id, '   ')).rejects.toMatchObject({ code: 'invalid_input' })
    expect(service.controls.stamina('global', 'alice').count).toBe(before)
  })

  it('UserNicknameTakenError is specific, and the failed submission is recorded as spent', async () => {
    service.controls.setStamina('global', 'alice', 2)
    const t = await signedIn()
    await expect(t.call('profile:changeNickname', t.id, 'Night Owl')).rejects.toMatchObject({
      data: { status: 409, serviceCode: 'UserNicknameTakenError' }
    })
    expect((await t.data(t.id)).nickname.submissions).toHaveLength(1)
  })

  it('StaminaNotEnough says when the next opportunity is expected; the service clock brings it back', async () => {
    service.controls.setStamina('global', 'alice', 1)
    const t = await signedIn()
    await t.call('profile:changeNickname', t.id, 'Alice One')
    const error = await t.call('profile:changeNickname', t.id, 'Alice Two').then(
      () => null,
      (e: { data: { serviceCode: string; details: { nextRecovery: string } } }) => e.data
    )
    expect(error?.serviceCode).toBe('StaminaNotEnough')
    expect(error?.details.nextRecovery).toBe((await t.data(t.id)).nickname.nextRecovery)
    service.controls.advanceClock(NICKNAME_RECOVERY_MS + 1000)
    await t.call('profile:changeNickname', t.id, 'Alice Two')
    expect((await t.data(t.id)).profile.data?.nickname).toBe('Alice Two')
  })

  it('needs the user scope: a token without it is told how to get it, and nothing is recorded as spent', async () => {
    const t = await signedIn('alice', service.controls.createUserToken('global', 'alice', ['profile']))
    await expect(t.call('profile:changeNickname', t.id, 'X')).rejects.toMatchObject({
      code: 'scope_missing',
      message: expect.stringMatching(/"user" scope/)
    })
    expect((await t.data(t.id)).nickname.submissions).toEqual([])
  })

  it('a refusal for scope with a code of its own (403) is not recorded as spent either', async () => {
    service.controls.setStamina('global', 'alice', 2)
    const t = await signedIn()
    service.controls.refuseNext('/v1/user', 403, 'ForbiddenByPolicy')
    await expect(t.call('profile:changeNickname', t.id, 'Nobody Sees')).rejects.toMatchObject({ code: 'scope_missing' })
    expect((await t.data(t.id)).nickname.submissions).toEqual([])
    expect(service.controls.stamina('global', 'alice').count).toBe(2)
  })
})

describe('the chart list', () => {
  const songKeyed = JSON.stringify({
    霧雨の街: {
      titleCulture: 'ja',
      latinTitle: 'Kirisame no Machi',
      Title_zh_Hans: '雾雨之街',
      difficulty: { Clear: { chartid: 'c1', difficultyValue: 12.3 }, Drizzle_Story: { chartid: 'c2', difficultyValue: 0 } }
    }
  })

  it('imports a file in any format players use and refuses a bad one without changing anything', async () => {
    const t = await signedIn()
    expect(await t.call('chartList:import', songKeyed, 'resources.json')).toMatchObject({
      count: 2,
      source: 'imported',
      origin: 'resources.json',
      format: 'songs',
      lastChange: { added: 2, removed: 0, constantsChanged: 0 }
    })
    const script = 'const constants = { "c1": { "constant": 12.1, "constantv3": 12.5, "category": "CL", "name": "Kirisame" } };'
    expect(await t.call('chartList:import', script, 'constant.js')).toMatchObject({
      count: 1,
      format: 'constants',
      lastChange: { added: 0, removed: 1, constantsChanged: 1 }
    })
    for (const bad of ['{not json', JSON.stringify({ charts: [{ chart_id: 'c2' }] }), 'const constants = { "c1": { "constant": 1 + 1 } }'])
      await expect(t.call('chartList:import', bad, 'bad.json')).rejects.toMatchObject({
        message: expect.stringMatching(/not a chart list/)
      })
    expect(await t.call('chartList:charts')).toEqual([{ chart_id: 'c1', title: 'Kirisame', difficulty: 'Clear', constant: 12.5 }])
  })

  it('moves a list an earlier version kept beside its state into a file of its own, and a damaged one aside', async () => {
    // As versions before this one wrote it: the charts and the state in catalogue.json.
    const earlier = (catalogue: unknown) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'companion-list-'))
      writeFileSync(
        join(dataDir, 'catalogue.json'),
        JSON.stringify({ catalogue, source: 'imported', origin: 'resources.json', format: 'songs' })
      )
      return dataDir
    }
    const kept = { charts: [{ chart_id: 'c1', title: 'Kirisame', difficulty: 'Clear', constant: 12.3 }] }
    const dataDir = earlier(kept)
    const t = testCore({ localBaseUrl: base(), dataDir })
    expect(await t.call('chartList:charts')).toEqual(kept.charts)
    await t.call('app:bootstrap')
    expect(t.events.latest('chartList:changed')).toMatchObject({ count: 1, source: 'imported', origin: 'resources.json' })
    await t.core.dispose()
    expect(JSON.parse(readFileSync(join(dataDir, 'chart-list.json'), 'utf8'))).toEqual({ catalogue: kept })
    expect(JSON.parse(readFileSync(join(dataDir, 'catalogue.json'), 'utf8'))).not.toHaveProperty('catalogue')
    // Started again: read from its own file.
    const again = testCore({ localBaseUrl: base(), dataDir })
    expect(await again.call('chartList:charts')).toEqual(kept.charts)
    await again.core.dispose()

    const damagedDir = earlier({ charts: 'not a list' })
    const damaged = testCore({ localBaseUrl: base(), dataDir: damagedDir })
    expect(await damaged.call('chartList:charts')).toEqual([])
    await damaged.call('app:bootstrap')
    const [notice] = damaged.events.latest('app:notices') ?? []
    expect(notice).toMatchObject({ file: 'catalogue.json', movedTo: expect.stringMatching(/^catalogue\.json\.corrupt-/) })
    expect(JSON.parse(readFileSync(join(damagedDir, notice!.movedTo!), 'utf8'))).toMatchObject({ catalogue: { charts: 'not a list' } })
    await damaged.core.dispose()
  })

  it('sends nothing to a third-party host before the player agrees', async () => {
    const asked: string[] = []
    const spy: typeof fetch = (input, init) => {
      asked.push(String(input instanceof Request ? input.url : input))
      return fetch(input, init)
    }
    const t = testCore({
      localBaseUrl: base(),
      tuning: { sleep: async () => {}, timeoutMs: 2_000, retryAfterMs: null },
      deps: { fetch: spy }
    })
    const { account } = await addUserToken(t.core.handlers, 'local', tokenOf('alice'))
    t.core.start()
    await t.call('sync:run', account.id, {})
    await t.call('app:bootstrap')
    const info = t.events.latest('chartList:changed')!
    expect(info).toMatchObject({ count: 0, needsConsent: true, url: expect.stringMatching(/^https:\/\/raw\.githubusercontent\.com\//) })
    expect(asked.length).toBeGreaterThan(0)
    expect(asked.filter((url) => !url.startsWith('http://127.0.0.1'))).toEqual([])
    await t.core.dispose()
  })

  it('updates with ETag: the second update transfers nothing; a failing host leaves the list as it was', async () => {
    const t = await signedIn('alice', tokenOf('alice'), undefined, service.chartList.url)
    const before = { ...service.chartList.counters }
    const first = await t.call('chartList:update')
    expect(first.count).toBeGreaterThan(240)
    expect(service.chartList.counters.full).toBe(before.full + 1)
    const second = await t.call('chartList:update')
    expect(service.chartList.counters).toMatchObject({ full: before.full + 1, notModified: before.notModified + 1 })
    expect(second).toMatchObject({ count: first.count, updatedAt: first.updatedAt, lastError: null })
    service.chartList.failNext(1, 503)
    await expect(t.call('chartList:update')).rejects.toMatchObject({ message: expect.stringMatching(/HTTP 503.*unchanged/) })
    expect(t.events.latest('chartList:changed')).toMatchObject({ count: first.count, lastError: { status: 503 } })
    expect(await t.call('chartList:charts')).toHaveLength(first.count)
  })

  it('a new release of the list: what it added, removed and changed is said; a daily update is due once a day', async () => {
    const clock = new TestClock()
    const t = testCore({
      localBaseUrl: base(),
      clock,
      tuning: { sleep: async () => {}, timeoutMs: 2_000, retryAfterMs: null },
      options: { chartList: { url: service.chartList.url } }
    })
    const original = await (await fetch(service.chartList.url)).text()
    try {
      const first = await t.call('chartList:update')
      const list = JSON.parse(original) as Record<string, { difficulty: Record<string, { chartid: string; difficultyValue: number }> }>
      const [gone, changed] = Object.keys(list)
      const removed = Object.keys(list[gone!]!.difficulty).length
      delete list[gone!]
      for (const d of Object.values(list[changed!]!.difficulty)) d.difficultyValue += 0.3
      const changedCount = Object.keys(list[changed!]!.difficulty).length
      list['New Song'] = { difficulty: { Clear: { chartid: 'new-chart', difficultyValue: 12.1 } } }
      service.chartList.publish(JSON.stringify(list))
      clock.offset += 60 * 60_000
      t.core.start()
      // Checked an hour ago: not due, so start() sent nothing.
      expect(t.events.latest('chartList:changed')?.updatedAt).toBe(first.updatedAt)
      clock.offset += 24 * 60 * 60_000
      expect(await t.call('chartList:update')).toMatchObject({
        count: first.count - removed + 1,
        lastChange: { added: 1, removed, constantsChanged: changedCount }
      })
    } finally {
      service.chartList.publish(original)
      await t.core.dispose()
    }
  })
})
