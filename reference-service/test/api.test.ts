import { describe, expect, it } from 'vitest'
import { account, call, useService } from './support'

/**
 * The Reality rules as ../shared/notes/real-service.md states them (v3, game 4.0 and later), written
 * here from the notes and not taken from the app's code: the service is checked against the text.
 */
function realityFromNotes(c: number, s: number): number {
  if (c < 0.001) return 0
  if (s >= 1_000_000) return c + 1.5
  if (s >= 850_000) return c + (s - 850_000) / 100_000
  if (s >= 700_000) return Math.max(0, c * (0.5 + (s - 700_000) / 300_000) + (s - 850_000) / 100_000)
  if (s >= 600_000) return Math.max(0, ((c - 3) * (s - 600_000)) / 200_000)
  return 0
}
/** "Sum of the best 20 chart values / 20, divided by 20 even with fewer than 20 plays." */
const bestTwentyOver20 = (values: number[]) =>
  values
    .slice()
    .sort((a, b) => b - a)
    .slice(0, 20)
    .reduce((sum, v) => sum + v, 0) / 20

const box = useService()
const base = (d: 'global' | 'china' = 'global') => box.service.deployments[d].base_url
const token = (name = 'alice', d: 'global' | 'china' = 'global') => account(box.service, d, name).user_token
const scoped = (scopes: string[], name = 'alice', d: 'global' | 'china' = 'global') => box.service.controls.createUserToken(d, name, scopes)

describe('HTTP conventions and envelope', () => {
  it('answers success with code OK and message OK', async () => {
    const r = await call(`${base()}/v1/user`, { auth: token() })
    expect(r.status).toBe(200)
    expect(r.body.code).toBe('OK')
    expect(r.body.message).toBe('OK')
    expect(r.headers.get('content-type')).toMatch(/application\/json/)
  })

  it('localizes message by Accept-Language, never the code', async () => {
    const en = await call(`${base()}/v1/user/nobody-here`)
    const zh = await call(`${base()}/v1/user/nobody-here`, { lang: 'zh-CN,zh;q=0.9' })
    expect(en.status).toBe(404)
    expect(zh.status).toBe(404)
    expect(en.body.code).toBe('UserNotFoundError')
    expect(zh.body.code).toBe('UserNotFoundError')
    expect(en.body.message).toMatch(/does not exist/)
    expect(zh.body.message).toMatch(/用户不存在/)
  })

  it('honours quality values and defaults to English', async () => {
    const preferEn = await call(`${base()}/v1/user/nobody-here`, { lang: 'zh;q=0.2, en;q=0.8' })
    const preferZh = await call(`${base()}/v1/user/nobody-here`, { lang: 'en;q=0.5, zh-Hans;q=0.9' })
    const unknown = await call(`${base()}/v1/user/nobody-here`, { lang: 'fr-FR' })
    expect(preferEn.body.message).toMatch(/does not exist/)
    expect(preferZh.body.message).toMatch(/用户不存在/)
    expect(unknown.body.message).toMatch(/does not exist/)
  })

  it('puts every operation under /v1; other versions are not found', async () => {
    const r = await call(`${base()}/v2/user`, { auth: token() })
    expect(r.status).toBe(404)
    expect(r.body.code).toBe('NotFoundError')
  })
})

describe('CurrentUserProfile scope table (GET /v1/user)', () => {
  const cases: [string[], string[]][] = [
    [['openid'], ['uid', 'zone']],
    [['profile'], ['uid', 'zone', 'username', 'nickname', 'avatar']],
    [['user'], ['uid', 'zone', 'username', 'nickname', 'avatar']],
    [['email'], ['email']],
    [['milthm:save:read'], []],
    [
      ['profile', 'email'],
      ['uid', 'zone', 'username', 'nickname', 'avatar', 'email']
    ]
  ]
  it.each(cases)('scopes %j return exactly %j', async (scopes, fields) => {
    const r = await call(`${base()}/v1/user`, { auth: scoped(scopes) })
    expect(r.status).toBe(200)
    expect(Object.keys(r.body.data ?? {}).sort()).toEqual([...fields].sort())
  })

  it('returns 404 UserNotFoundError for a deleted account', async () => {
    const r = await call(`${base()}/v1/user`, { auth: token('ghost') })
    expect(r.status).toBe(404)
    expect(r.body.code).toBe('UserNotFoundError')
  })
})

describe('common authentication errors', () => {
  it('401 AuthenticationRequiredError without a credential', async () => {
    const r = await call(`${base()}/v1/user`)
    expect([r.status, r.body.code]).toEqual([401, 'AuthenticationRequiredError'])
  })
  it.each(['Basic bm9wZTpub3Bl', 'Bearer not-a-token', 'Token abc', 'Basic'])('401 InvalidTokenError for %s', async (auth) => {
    const r = await call(`${base()}/v1/user`, { auth })
    expect([r.status, r.body.code]).toEqual([401, 'InvalidTokenError'])
  })
  it('401 TokenExpireError for an expired User Token', async () => {
    const auth = scoped(['profile'], 'tired')
    box.service.controls.expireUserTokens('global', 'tired', auth)
    const r = await call(`${base()}/v1/user`, { auth })
    expect([r.status, r.body.code]).toEqual([401, 'TokenExpireError'])
  })
  it('403 InsufficientScopeError when a scope is missing', async () => {
    const r = await call(`${base()}/v1/game/save/info`, { auth: scoped(['profile']) })
    expect([r.status, r.body.code]).toEqual([403, 'InsufficientScopeError'])
  })
  it('a User Token of one deployment is unknown to the other', async () => {
    const r = await call(`${base('china')}/v1/user`, { auth: token('alice') })
    expect([r.status, r.body.code]).toEqual([401, 'InvalidTokenError'])
  })
})

describe('PublicUserProfile (GET /v1/user/:identity)', () => {
  it('returns only username, nickname and avatar without credentials', async () => {
    const r = await call(`${base()}/v1/user/alice`)
    expect(r.status).toBe(200)
    expect(Object.keys(r.body.data!).sort()).toEqual(['avatar', 'nickname', 'username'])
  })

  it('accepts the UID:<uid> form', async () => {
    const uid = account(box.service, 'global', 'alice').uid
    const r = await call(`${base()}/v1/user/${encodeURIComponent(`UID:${uid}`)}`)
    expect(r.body.data?.username).toBe('alice')
  })

  it.each([
    ['global', 'night owl/夜猫'],
    ['china', '雨 夜']
  ] as const)('finds %s user %s sent as one URL-encoded segment', async (d, username) => {
    const r = await call(`${base(d)}/v1/user/${encodeURIComponent(username)}`)
    expect(r.status).toBe(200)
    expect(r.body.data?.username).toBe(username)
  })

  it('does not treat an unencoded slash as part of the identity', async () => {
    const r = await call(`${base()}/v1/user/night owl/夜猫`)
    expect(r.body.code).not.toBe('OK')
  })

  it('returns the expanded profile only when an authenticated request names the owner', async () => {
    const own = await call(`${base()}/v1/user/alice`, { auth: scoped(['profile', 'email']) })
    expect(own.body.data).toHaveProperty('email')
    expect(own.body.data).toHaveProperty('uid')
    const other = await call(`${base()}/v1/user/tired`, { auth: scoped(['profile', 'email']) })
    expect(Object.keys(other.body.data!).sort()).toEqual(['avatar', 'nickname', 'username'])
  })

  it('404 for unknown and deleted identities, 400 for a malformed UID form', async () => {
    expect((await call(`${base()}/v1/user/ghost`)).body.code).toBe('UserNotFoundError')
    expect((await call(`${base()}/v1/user/UID%3A99999999`)).body.code).toBe('UserNotFoundError')
    const bad = await call(`${base()}/v1/user/UID%3Aabc`)
    expect([bad.status, bad.body.code]).toEqual([400, 'RequestParamError'])
  })
})

describe('PATCH /v1/user (nickname) and its limits', () => {
  const patch = (auth: string, body: unknown, raw?: string) => call(`${base()}/v1/user`, { method: 'PATCH', auth, body, rawBody: raw })

  it('requires the user scope; profile (read-only) is not sufficient', async () => {
    const r = await patch(scoped(['profile']), { nickname: 'Nope' })
    expect([r.status, r.body.code]).toEqual([403, 'InsufficientScopeError'])
  })

  it('changes only the nickname and answers OK with no data', async () => {
    box.service.controls.setStamina('global', 'alice', 3)
    const r = await patch(token(), { nickname: 'Alice Prime' })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ code: 'OK', message: 'OK' })
    const after = await call(`${base()}/v1/user`, { auth: token() })
    expect(after.body.data).toMatchObject({ nickname: 'Alice Prime', username: 'alice' })
  })

  it('400 RequestParamError for empty, blank, missing or mistyped nicknames — each consuming one opportunity', async () => {
    box.service.controls.setStamina('global', 'alice', 3)
    for (const body of [{ nickname: '' }, { nickname: '   ' }, {}]) {
      const r = await patch(token(), body)
      expect([r.status, r.body.code]).toEqual([400, 'RequestParamError'])
    }
    expect(box.service.controls.stamina('global', 'alice').count).toBe(0)
    box.service.controls.setStamina('global', 'alice', 1)
    expect((await patch(token(), { nickname: 42 })).body.code).toBe('RequestParamError')
    expect(box.service.controls.stamina('global', 'alice').count).toBe(0)
  })

  it('409 UserNicknameTakenError for an unavailable nickname, and it still consumes', async () => {
    box.service.controls.setStamina('global', 'alice', 2)
    const r = await patch(token(), { nickname: 'night owl' })
    expect([r.status, r.body.code]).toEqual([409, 'UserNicknameTakenError'])
    expect(box.service.controls.stamina('global', 'alice').count).toBe(1)
  })

  it('409 StaminaNotEnough when no opportunity is left', async () => {
    const r = await patch(token('tired'), { nickname: 'Rested' })
    expect([r.status, r.body.code]).toEqual([409, 'StaminaNotEnough'])
  })

  it('recovers one opportunity every 15 days and 12 hours, up to the cap', async () => {
    box.service.controls.setStamina('global', 'tired', 0)
    box.service.controls.advanceClock((15 * 24 + 11) * 3_600_000)
    expect((await patch(token('tired'), { nickname: 'Rested' })).body.code).toBe('StaminaNotEnough')
    box.service.controls.advanceClock(3_600_000)
    expect((await patch(token('tired'), { nickname: 'Rested' })).body.code).toBe('OK')
    expect((await patch(token('tired'), { nickname: 'Rested Again' })).body.code).toBe('StaminaNotEnough')
    box.service.controls.advanceClock(10 * 365 * 86_400_000)
    await patch(token('tired'), { nickname: 'Tired' })
    expect(box.service.controls.stamina('global', 'tired').count).toBe(2)
  })

  it('rejects malformed JSON and oversized bodies with the envelope', async () => {
    box.service.controls.setStamina('global', 'alice', 3)
    const malformed = await patch(token(), undefined, '{"nickname": ')
    expect([malformed.status, malformed.body.code]).toEqual([400, 'RequestParamError'])
    const huge = await patch(token(), { nickname: 'x'.repeat(100_000) })
    expect([huge.status, huge.body.code]).toEqual([413, 'RequestTooLargeError'])
    expect(JSON.stringify(huge.body)).not.toMatch(/at .*\.ts/)
  })
})

describe('cloud save metadata and download URL', () => {
  it('save/info carries updated_at (RFC 3339), meta as an object or a JSON string, and size', async () => {
    const json = await call(`${base()}/v1/game/save/info`, { auth: token('alice') })
    expect(json.body.data?.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+(Z|[+-]\d\d:\d\d)$/)
    expect(typeof json.body.data?.meta).toBe('object')
    expect(json.body.data?.size).toBeGreaterThan(100)
    const str = await call(`${base()}/v1/game/save/info`, { auth: token('night owl/夜猫') })
    expect(typeof str.body.data?.meta).toBe('string')
    expect(JSON.parse(str.body.data!.meta as string)).toHaveProperty('reality_value')
    const cn = await call(`${base('china')}/v1/game/save/info`, { auth: token('雨 夜', 'china') })
    expect(cn.body.data?.updated_at).toMatch(/\+08:00$/)
  })

  it('uses the deployment scope names: spec names on China, live names on Global', async () => {
    const live = await call(`${base()}/v1/game/save/info`, { auth: scoped(['game:save:read']) })
    expect(live.body.code).toBe('InsufficientScopeError')
    const spec = await call(`${base('china')}/v1/game/save/info`, { auth: scoped(['game:save:read'], 'xiaoming', 'china') })
    expect(spec.body.code).toBe('OK')
  })

  it('400 GameSaveEmptyError ("game save is empty", as live) for an account that never uploaded a cloud save', async () => {
    for (const path of ['/v1/game/save/info', '/v1/game/save']) {
      const r = await call(`${base()}${path}`, { auth: token('newbie') })
      expect([r.status, r.body.code, r.body.message]).toEqual([400, 'GameSaveEmptyError', 'game save is empty'])
    }
  })

  it('hands out a signed file_url, five a day, then 418 GameSaveDownloadLimitExceededError', async () => {
    const auth = scoped(['milthm:save:read'], 'tired')
    const urls: string[] = []
    for (let i = 0; i < 5; i++) {
      const r = await call(`${base()}/v1/game/save`, { auth })
      expect(r.body.code).toBe('OK')
      urls.push(String(r.body.data?.file_url))
    }
    const limited = await call(`${base()}/v1/game/save`, { auth })
    expect([limited.status, limited.body.code]).toEqual([418, 'GameSaveDownloadLimitExceededError'])
    const file = await fetch(urls[0]!)
    expect(file.status).toBe(200)
    expect((await file.text()).startsWith('{')).toBe(true)
    box.service.controls.advanceClock(86_400_000)
    expect((await call(`${base()}/v1/game/save`, { auth })).body.code).toBe('OK')
  })
})

describe('recent scores and Reality', () => {
  it('recent: data.data holds at most 20 records, newest first, with the observed fields', async () => {
    const r = await call(`${base()}/v1/user/${encodeURIComponent('night owl/夜猫')}/recent`, { auth: token('night owl/夜猫') })
    const records = r.body.data!.data!
    expect(records).toHaveLength(20)
    const times = records.map((x) => Date.parse(String(x.played_at)))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    expect(Object.keys(records[0]!).sort()).toEqual(
      [
        'chart_id',
        'score',
        'score_accuracy',
        'reality',
        'grade',
        'score_exact_count',
        'score_perfect_count',
        'score_great_count',
        'score_good_count',
        'score_bad_count',
        'score_miss_count',
        'score_fracture_exact_count',
        'score_fracture_miss_count',
        'played_at',
        'game_version',
        'modifiers'
      ].sort()
    )
  })

  it('recent is empty for an account with no plays', async () => {
    const r = await call(`${base()}/v1/user/newbie/recent`, { auth: token('newbie') })
    expect(r.body.data?.data).toEqual([])
  })

  it('rank: touch and keyboard separately, Reality = best 20 / 20', async () => {
    const r = await call(`${base()}/v1/user/alice/rank`, { auth: token('alice') })
    const data = r.body.data as {
      touch_reality: number
      keyboard_reality: number
      touch_ranks: { reality: number; modifiers: string[] }[]
      keyboard_ranks: { reality: number; modifiers: string[] }[]
    }
    expect(data.touch_ranks.every((x) => x.modifiers.includes('TouchMode'))).toBe(true)
    expect(data.keyboard_ranks.every((x) => !x.modifiers.includes('TouchMode'))).toBe(true)
    expect(data.touch_reality).toBeCloseTo(bestTwentyOver20(data.touch_ranks.map((x) => x.reality)), 3)
    expect(data.keyboard_reality).toBeCloseTo(bestTwentyOver20(data.keyboard_ranks.map((x) => x.reality)), 3)
  })

  it("each record's reality follows the notes' formula for its chart's constant", async () => {
    // The constants as the community's song-keyed list gives them (read here by hand, not by the app's reader).
    const list = (await (await fetch(box.service.chartList.url)).json()) as Record<
      string,
      { difficulty: Record<string, { chartid: string; difficultyValue: number }> }
    >
    const constant = new Map(
      Object.values(list).flatMap((song) => Object.values(song.difficulty).map((d) => [d.chartid, d.difficultyValue]))
    )
    const r = await call(`${base()}/v1/user/alice/rank`, { auth: token('alice') })
    const data = r.body.data as {
      touch_ranks: { chart_id: string; score: number; reality: number }[]
      keyboard_ranks: typeof data.touch_ranks
    }
    const records = [...data.touch_ranks, ...data.keyboard_ranks]
    expect(records.length).toBeGreaterThan(20)
    for (const record of records) expect(record.reality).toBeCloseTo(realityFromNotes(constant.get(record.chart_id)!, record.score), 3)
    // The notes' own worked points, so the formula above is itself checked.
    expect(realityFromNotes(12.4, 1_000_000)).toBeCloseTo(13.9, 9)
    expect(realityFromNotes(12.4, 900_000)).toBeCloseTo(12.9, 9)
    expect(realityFromNotes(10, 775_000)).toBeCloseTo(6.75, 9)
    expect(realityFromNotes(10, 650_000)).toBeCloseTo(1.75, 9)
  })

  it('refuses another user’s data and requires the scopes', async () => {
    expect((await call(`${base()}/v1/user/tired/recent`, { auth: token('alice') })).body.code).toBe('PermissionDeniedError')
    expect((await call(`${base()}/v1/user/alice/rank`, { auth: scoped(['milthm:event:recent']) })).body.code).toBe('InsufficientScopeError')
    expect((await call(`${base()}/v1/user/alice/recent`, { auth: scoped(['milthm:stats:best_performance']) })).body.code).toBe(
      'InsufficientScopeError'
    )
  })
})

describe('test controls', () => {
  it('injects 5xx, HTML error pages and malformed JSON, then recovers', async () => {
    box.service.controls.failNext(1, 'html')
    const html = await fetch(`${base()}/v1/user/alice`)
    expect(html.status).toBe(502)
    expect(await html.text()).toContain('<html>')
    box.service.controls.failNext(1, 'status500')
    expect((await call(`${base()}/v1/user/alice`)).status).toBe(500)
    box.service.controls.malformedNext(1)
    const broken = await fetch(`${base()}/v1/user/alice`)
    await expect(broken.json()).rejects.toThrow()
    expect((await call(`${base()}/v1/user/alice`)).body.code).toBe('OK')
  })

  it('counts requests per route', async () => {
    const before = box.service.controls.counters('global').requestsPerRoute['GET /global/api/v1/user/:identity'] ?? 0
    await call(`${base()}/v1/user/alice`)
    expect(box.service.controls.counters('global').requestsPerRoute['GET /global/api/v1/user/:identity']).toBe(before + 1)
  })
})
