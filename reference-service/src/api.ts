import Router from '@koa/router'
import { createHmac } from 'node:crypto'
import type { Context, Next } from 'koa'
import { BEST_COUNT, playerReality } from '../../src/shared/reality'
import type { Deployment, ServiceContext } from './context'
import { messageFor, negotiateLocale } from './i18n'
import { hashSecret, type Account, type PlayRecord } from './model'
import { saveMeta } from './saves'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string
  ) {
    super(code)
  }
}

export function sendEnvelope(ctx: Context, status: number, code: string, data?: unknown): void {
  ctx.status = status
  ctx.type = 'application/json'
  const body: Record<string, unknown> = { code, message: messageFor(code, negotiateLocale(ctx.get('accept-language'))) }
  if (data !== undefined) body.data = data
  ctx.body = body
}

interface Principal {
  account: Account
  scopes: Set<string>
  kind: 'oidc' | 'user_token'
}

const NICKNAME_PERIOD_MS = (15 * 24 + 12) * 3_600_000
const RANKS_RETURNED = 30
const MAX_NICKNAME_LENGTH = 40

/**
 * Bearer access tokens are checked in-process with the provider's own records; Basic credentials
 * are User Tokens (stored hashed). Errors: 401 AuthenticationRequiredError (none given),
 * 401 InvalidTokenError (unknown, revoked, malformed), 401 TokenExpireError (expired).
 */
async function authenticate(ctx: Context, service: ServiceContext, d: Deployment): Promise<Principal | null> {
  const header = ctx.get('authorization').trim()
  if (!header) return null
  const [scheme = '', value = ''] = header.split(/\s+/, 2)
  if (/^bearer$/i.test(scheme) && value) {
    const token = await d.provider.AccessToken.find(value, { ignoreExpiration: true })
    if (!token || !token.accountId) throw new ApiError(401, 'InvalidTokenError')
    if (token.isExpired || service.faults.expiredAccessTokens.has(token.jti)) throw new ApiError(401, 'TokenExpireError')
    const account = d.accounts.byUid(token.accountId)
    if (!account) throw new ApiError(401, 'InvalidTokenError')
    return { account, scopes: new Set((token.scope ?? '').split(' ').filter(Boolean)), kind: 'oidc' }
  }
  if (/^basic$/i.test(scheme) && value) {
    const stored = d.userTokens.find((t) => t.secretHash === hashSecret(value))
    const account = stored && d.accounts.byUid(stored.uid)
    if (!stored || !account) throw new ApiError(401, 'InvalidTokenError')
    if (stored.expiresAt && service.clock.now() >= stored.expiresAt) throw new ApiError(401, 'TokenExpireError')
    return { account, scopes: new Set(stored.scopes), kind: 'user_token' }
  }
  throw new ApiError(401, 'InvalidTokenError')
}

async function requirePrincipal(ctx: Context, service: ServiceContext, d: Deployment, scope?: string): Promise<Principal> {
  const principal = await authenticate(ctx, service, d)
  if (!principal) throw new ApiError(401, 'AuthenticationRequiredError')
  if (scope && !principal.scopes.has(scope)) throw new ApiError(403, 'InsufficientScopeError')
  if (principal.account.deleted) throw new ApiError(404, 'UserNotFoundError')
  return principal
}

/** The scope table of the spec, row by row. */
export function currentProfile(account: Account, scopes: Set<string>): Record<string, string> {
  const any = (...names: string[]) => names.some((n) => scopes.has(n))
  const data: Record<string, string> = {}
  if (any('openid', 'profile', 'user')) Object.assign(data, { uid: account.uid, zone: account.zone })
  if (any('profile', 'user')) Object.assign(data, { username: account.username, nickname: account.nickname, avatar: account.avatar })
  if (any('email')) data.email = account.email
  return data
}

function publicProfile(account: Account) {
  return { username: account.username, nickname: account.nickname, avatar: account.avatar }
}

function findIdentity(d: Deployment, identity: string): Account | undefined {
  if (identity.startsWith('UID:')) {
    const uid = identity.slice(4)
    if (!/^\d{1,20}$/.test(uid)) throw new ApiError(400, 'RequestParamError')
    return d.accounts.byUid(uid)
  }
  if (identity.length === 0 || identity.length > 64) throw new ApiError(400, 'RequestParamError')
  return d.accounts.byUsername(identity)
}

/** Recovers opportunities: one every 15 days 12 hours, up to the cap. */
function refreshStamina(account: Account, now: number, cap: number): void {
  const { stamina } = account
  const recovered = Math.floor((now - stamina.anchor) / NICKNAME_PERIOD_MS)
  if (recovered > 0) {
    stamina.count = Math.min(cap, stamina.count + recovered)
    stamina.anchor += recovered * NICKNAME_PERIOD_MS
  }
  if (stamina.count >= cap) stamina.anchor = now
}

function rankOf(plays: readonly PlayRecord[], touch: boolean) {
  const best = new Map<string, PlayRecord>()
  for (const play of plays) {
    if (play.modifiers.includes('TouchMode') !== touch) continue
    const current = best.get(play.chart_id)
    if (!current || play.reality > current.reality || (play.reality === current.reality && play.score > current.score))
      best.set(play.chart_id, play)
  }
  const ranks = [...best.values()].sort((a, b) => b.reality - a.reality || b.score - a.score)
  return {
    reality: Math.round(playerReality(ranks.slice(0, BEST_COUNT).map((r) => r.reality)) * 10_000) / 10_000,
    ranks: ranks.slice(0, RANKS_RETURNED)
  }
}

/**
 * Each listed chart again: the same best a second time, and a lower play of the chart in the same mode
 * (an older one where there is one, else a copy 1,000 points lower).
 */
function withDuplicates(ranks: readonly PlayRecord[], plays: readonly PlayRecord[]): PlayRecord[] {
  const out: PlayRecord[] = []
  for (const best of ranks) {
    const touch = best.modifiers.includes('TouchMode')
    const lower = plays.find(
      (p) => p.chart_id === best.chart_id && p.modifiers.includes('TouchMode') === touch && p.score < best.score
    ) ?? { ...best, score: Math.max(0, best.score - 1_000), played_at: best.played_at }
    out.push(lower, best, { ...best })
  }
  return out
}

function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

export function signSavePath(secret: Buffer, path: string, expires: number, issued: number): string {
  return createHmac('sha256', secret).update(`${path}\n${expires}\n${issued}`).digest('base64url')
}

function parseNicknameBody(body: unknown): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'RequestParamError')
  const nickname = (body as { nickname?: unknown }).nickname
  if (typeof nickname !== 'string') throw new ApiError(400, 'RequestParamError')
  const trimmed = nickname.trim()
  if (trimmed.length === 0 || [...trimmed].length > MAX_NICKNAME_LENGTH) throw new ApiError(400, 'RequestParamError')
  return trimmed
}

export function apiRouter(service: ServiceContext, d: Deployment): Router {
  const router = new Router({ prefix: d.config.prefix })
  const { scopes } = d.config

  router.get('/v1/user', async (ctx) => {
    const { account, scopes: granted } = await requirePrincipal(ctx, service, d)
    const profile: Record<string, unknown> = currentProfile(account, granted)
    const { shapes } = service.faults
    if (shapes.numericUid && profile.uid) profile.uid = Number(profile.uid)
    if (shapes.nullNickname && 'nickname' in profile) profile.nickname = null
    if (shapes.noUsername) delete profile.username
    if (shapes.relativeAvatar && typeof profile.avatar === 'string') profile.avatar = new URL(profile.avatar).pathname
    sendEnvelope(ctx, 200, 'OK', profile)
  })

  router.get('/v1/user/:identity', async (ctx) => {
    const principal = await authenticate(ctx, service, d)
    const account = findIdentity(d, ctx.params.identity!)
    if (!account || account.deleted) throw new ApiError(404, 'UserNotFoundError')
    const isOwner = principal?.account.uid === account.uid
    sendEnvelope(ctx, 200, 'OK', isOwner ? currentProfile(account, principal.scopes) : publicProfile(account))
  })

  router.patch('/v1/user', async (ctx) => {
    const { account } = await requirePrincipal(ctx, service, d, 'user')
    const now = service.clock.now()
    refreshStamina(account, now, service.options.staminaCap)
    if (account.stamina.count < 1) throw new ApiError(409, 'StaminaNotEnough')
    // Every submission spends an opportunity, whether or not it then succeeds.
    if (account.stamina.count >= service.options.staminaCap) account.stamina.anchor = now
    account.stamina.count -= 1
    service.persist()
    const nickname = parseNicknameBody(ctx.request.body)
    const taken = d.accounts.list.some((a) => a.uid !== account.uid && a.nickname.toLowerCase() === nickname.toLowerCase())
    if (taken) throw new ApiError(409, 'UserNicknameTakenError')
    account.nickname = nickname
    service.persist()
    sendEnvelope(ctx, 200, 'OK')
  })

  router.get('/v1/game/save/info', async (ctx) => {
    const { account } = await requirePrincipal(ctx, service, d, scopes.save)
    if (!account.save) throw new ApiError(400, 'GameSaveEmptyError')
    const file = await service.saveFile(d, account.uid)
    const meta = saveMeta(account, service.catalogueById)
    sendEnvelope(ctx, 200, 'OK', {
      updated_at: account.save.updatedAt,
      meta: account.save.metaAsString ? JSON.stringify(meta) : meta,
      size: service.faults.omitSaveSize ? undefined : file.size
    })
  })

  router.get('/v1/game/save', async (ctx) => {
    const { account } = await requirePrincipal(ctx, service, d, scopes.save)
    if (!account.save) throw new ApiError(400, 'GameSaveEmptyError')
    const now = service.clock.now()
    const today = dayOf(now)
    if (account.downloads.day !== today) account.downloads = { day: today, count: 0 }
    if (account.downloads.count >= service.options.dailyDownloadLimit) throw new ApiError(418, 'GameSaveDownloadLimitExceededError')
    await service.saveFile(d, account.uid)
    account.downloads.count += 1
    d.counters.downloadUrlsIssued += 1
    service.persist()
    const path = `/files/save/${d.config.id}/${account.uid}/${account.save.version}`
    const expires = Math.floor(now / 1000) + service.options.signedUrlTtlSeconds
    const sig = signSavePath(service.urlSecret, path, expires, now)
    sendEnvelope(ctx, 200, 'OK', { file_url: `${service.origin}${path}?expires=${expires}&issued=${now}&sig=${sig}` })
  })

  const ownData = async (ctx: Context, scope: string) => {
    const principal = await requirePrincipal(ctx, service, d, scope)
    if (ctx.params.username !== principal.account.username) throw new ApiError(403, 'PermissionDeniedError')
    return principal.account
  }

  /** Records that do not read (a missing chart id, a score as text, not an object), mixed in on demand. */
  const withBroken = (records: unknown[]) => {
    const broken = [{ score: 900_000 }, { chart_id: 'x', score: 'lots', played_at: 'yesterday' }, 'not a record', null]
    return [...records, ...Array.from({ length: service.faults.shapes.brokenRecords }, (_, i) => broken[i % broken.length])]
  }

  /** With the `nulls` shape, what a backend with nullable columns and nil lists writes for absent values. */
  const nulls = () => service.faults.shapes.nulls
  const OPTIONAL = ['score_fracture_exact_count', 'score_fracture_miss_count', 'game_version'] as const
  /** With `textNumbers`, a number as a decimal column writes it. */
  const number = (n: number) => (service.faults.shapes.textNumbers ? String(n) : n)
  const written = (records: readonly PlayRecord[]): unknown[] =>
    records.map((r) => {
      const { shapes } = service.faults
      const record: Record<string, unknown> = nulls()
        ? {
            ...Object.fromEntries(OPTIONAL.map((key) => [key, r[key] ?? null])),
            ...Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)),
            modifiers: r.modifiers.length > 0 ? r.modifiers : null
          }
        : { ...r }
      if (shapes.omitEmpty && r.modifiers.length === 0) delete record.modifiers
      if (shapes.textNumbers) for (const [key, v] of Object.entries(record)) if (typeof v === 'number') record[key] = number(v)
      return record
    })
  const list = (records: unknown[]) => (nulls() && records.length === 0 ? null : records)
  /** A mode's fields, left out altogether with `omitEmpty` when the mode was never played. */
  const mode = (name: 'touch' | 'keyboard', rank: { reality: number; ranks: unknown[] }) =>
    service.faults.shapes.omitEmpty && rank.ranks.length === 0
      ? {}
      : {
          [`${name}_reality`]: nulls() && rank.ranks.length === 0 ? null : number(rank.reality),
          [`${name}_ranks`]: list(rank.ranks)
        }

  router.get('/v1/user/:username/recent', async (ctx) => {
    const account = await ownData(ctx, scopes.recent)
    const recent = list(withBroken(written(account.plays.slice(-20).reverse())))
    sendEnvelope(ctx, 200, 'OK', service.faults.shapes.omitEmpty && recent?.length === 0 ? {} : { data: recent })
  })

  router.get('/v1/user/:username/rank', async (ctx) => {
    const account = await ownData(ctx, scopes.best)
    const touch = rankOf(account.plays, true)
    const keyboard = rankOf(account.plays, false)
    if (service.faults.rankNotReady > 0) {
      // The live service sometimes answers before its lists are ready: the values alone.
      service.faults.rankNotReady--
      return sendEnvelope(ctx, 200, 'OK', { touch_reality: number(touch.reality), keyboard_reality: number(keyboard.reality) })
    }
    const doubled = (ranks: PlayRecord[]) => (service.faults.duplicateRankEntries ? withDuplicates(ranks, account.plays) : ranks)
    sendEnvelope(ctx, 200, 'OK', {
      ...mode('touch', { reality: touch.reality, ranks: withBroken(written(doubled(touch.ranks))) }),
      ...mode('keyboard', { reality: keyboard.reality, ranks: written(doubled(keyboard.ranks)) })
    })
  })

  router.get('/static/avatars/:file', (ctx) => {
    const uid = ctx.params.file!.replace(/\.svg$/, '')
    const account = d.accounts.byUid(uid)
    if (!account) throw new ApiError(404, 'NotFoundError')
    const hue = (Number(uid) * 47) % 360
    const letter = [...account.nickname][0] ?? '?'
    ctx.type = 'image/svg+xml'
    ctx.body =
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="hsl(${hue} 60% 45%)"/>` +
      `<text x="48" y="62" font-size="44" text-anchor="middle" fill="#fff" font-family="sans-serif">` +
      `${letter.replace(/[<&>"]/g, '')}</text></svg>`
  })

  return router
}

/** Latency, injected failures and malformed bodies for API routes (test controls). */
export function apiFaults(service: ServiceContext) {
  return async (ctx: Context, next: Next) => {
    const { faults } = service
    if (faults.latencyMs > 0) await new Promise((r) => setTimeout(r, faults.latencyMs))
    if (faults.delayNext.times > 0 && ctx.path.endsWith(faults.delayNext.path)) {
      faults.delayNext.times--
      await new Promise((r) => setTimeout(r, faults.delayNext.ms))
    }
    const refusal = faults.refuse.find((r) => r.times > 0 && ctx.path.endsWith(r.path))
    if (refusal) {
      refusal.times--
      return sendEnvelope(ctx, refusal.status, refusal.code)
    }
    if (faults.failNext.api > 0) {
      faults.failNext.api--
      if (faults.failNext.kind === 'html') {
        ctx.status = 502
        ctx.type = 'text/html'
        ctx.body = '<html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>'
      } else {
        sendEnvelope(ctx, 500, 'InternalServerError')
      }
      return
    }
    await next()
    if (faults.malformedNext > 0 && ctx.body && typeof ctx.body === 'object') {
      faults.malformedNext--
      ctx.type = 'application/json'
      ctx.body = JSON.stringify(ctx.body).slice(0, 25)
    }
  }
}
