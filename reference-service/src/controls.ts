import Router from '@koa/router'
import type { ServiceContext } from './context'
import { liveAccessTokenIds } from './oidc-adapter'
import { createUserToken, emptyCounters, hashSecret, type Counters, type DeploymentId } from './model'
import { makePlay, rfc3339 } from './seed/plays'
import { createRandom } from './seed/prng'

/** In-process test controls; also reachable over HTTP at /__controls/* with --test-controls. */
export function createControls(service: ServiceContext) {
  const deployment = (id: DeploymentId) => {
    const d = service.deployments.get(id)
    if (!d) throw new Error(`unknown deployment ${id}`)
    return d
  }
  const account = (id: DeploymentId, username: string) => {
    const a = deployment(id).accounts.byUsername(username)
    if (!a) throw new Error(`unknown account ${username}`)
    return a
  }
  return {
    advanceClock(ms: number) {
      service.clock.advance(ms)
    },
    setLatency(ms: number) {
      service.faults.latencyMs = ms
    },
    failNext(count: number, kind: 'status500' | 'html' = 'status500', scope: 'api' | 'file' = 'api') {
      service.faults.failNext[scope] = count
      service.faults.failNext.kind = kind
    },
    malformedNext(count: number) {
      service.faults.malformedNext = count
    },
    cutNextDownload(bytes: number, times = 1) {
      service.faults.cutNext = { bytes, times }
    },
    wrongLengthNext(delta: number, times = 1) {
      service.faults.wrongLengthNext = { delta, times }
    },
    throttleDownloads(bytesPerSecond: number) {
      service.faults.throttleBytesPerSecond = bytesPerSecond
    },
    expireSignedUrls() {
      service.faults.urlsValidAfter = service.clock.now() + 1
    },
    expireAccessTokens(id?: DeploymentId) {
      for (const d of service.deployments.values()) {
        if (id && d.config.id !== id) continue
        for (const jti of liveAccessTokenIds(d.adapterScope)) service.faults.expiredAccessTokens.add(jti)
      }
    },
    /** A new cloud save version, as if the game had uploaded one. */
    updateSave(id: DeploymentId, username: string) {
      const a = account(id, username)
      if (!a.save) throw new Error('account has no save')
      a.save = { ...a.save, version: a.save.version + 1, updatedAt: rfc3339(service.clock.now(), deployment(id).config.utcOffsetMinutes) }
      service.persist()
    },
    /** New plays "now" (service clock), as if the player had just played. */
    addPlays(id: DeploymentId, username: string, count: number) {
      const a = account(id, username)
      const random = createRandom(`${username}:${a.plays.length}`)
      const now = service.clock.now()
      for (let i = 0; i < count; i++) {
        const chart = random.pick(service.catalogue)
        a.plays.push(makePlay(random, chart, 12, now - (count - i) * 60_000, deployment(id).config.utcOffsetMinutes, random.next() < 0.5))
      }
    },
    deleteAccount(id: DeploymentId, username: string) {
      account(id, username).deleted = true
      service.persist()
    },
    setStamina(id: DeploymentId, username: string, count: number) {
      account(id, username).stamina = { count, anchor: service.clock.now() }
      service.persist()
    },
    stamina(id: DeploymentId, username: string) {
      return { ...account(id, username).stamina }
    },
    createUserToken(id: DeploymentId, username: string, scopes: string[]) {
      return createUserToken(deployment(id), account(id, username), scopes, 'test', service.clock.now()).header
    },
    /** User Tokens of the account expire now (401 TokenExpireError): all, or the one given. */
    expireUserTokens(id: DeploymentId, username: string, header?: string) {
      const a = account(id, username)
      const hash = header ? hashSecret(header.replace(/^Basic\s+/i, '')) : null
      for (const t of deployment(id).userTokens) if (t.uid === a.uid && (!hash || t.secretHash === hash)) t.expiresAt = service.clock.now()
    },
    counters(id: DeploymentId): Counters {
      return structuredClone(deployment(id).counters)
    },
    resetFaults() {
      Object.assign(service.faults, { throttleBytesPerSecond: 0, latencyMs: 0, failNext: { api: 0, file: 0, kind: 'status500' }, malformedNext: 0, cutNext: { bytes: 0, times: 0 }, wrongLengthNext: { delta: 0, times: 0 } })
    },
    resetCounters() {
      for (const d of service.deployments.values()) d.counters = emptyCounters()
    }
  }
}

export type Controls = ReturnType<typeof createControls>

export function controlsRouter(controls: Controls): Router {
  const router = new Router({ prefix: '/__controls' })
  router.get('/counters/:deployment', (ctx) => {
    ctx.body = controls.counters(ctx.params.deployment as DeploymentId)
  })
  router.post('/:name', (ctx) => {
    const name = ctx.params.name as keyof Controls
    const fn = Object.hasOwn(controls, name) ? (controls[name] as (...args: unknown[]) => unknown) : undefined
    if (!fn) {
      ctx.status = 404
      ctx.body = { error: `unknown control ${name}` }
      return
    }
    const args = (ctx.request.body as { args?: unknown[] } | undefined)?.args ?? []
    ctx.body = { result: fn(...args) ?? null }
  })
  return router
}
