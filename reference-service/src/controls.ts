import Router from '@koa/router'
import { Faults, type BrokenBody, type ServiceContext } from './context'
import { liveAccessTokenIds } from './oidc-adapter'
import { createUserToken, emptyCounters, hashSecret, type Counters, type DeploymentId } from './model'
import { makePlay, rfc3339, type PlayRecord } from './seed/plays'
import { createRandom } from './seed/prng'
import { chartReality, gradeOf } from '../../src/shared/reality'

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
    /** The next file responses stall: `headers` (never answer) or `body` after `afterBytes` (`half`: half of each body). */
    stallNextDownload(phase: 'headers' | 'body', afterBytes: number | 'half' = 0, times = 1) {
      service.faults.stallNext = { phase, afterBytes, times }
    },
    /** The next resumed responses: a 206 from another offset, a 206 without Content-Range, or If-Range ignored. */
    rangeFaultNext(kind: 'wrong-start' | 'no-content-range' | 'ignore-if-range', times = 1) {
      service.faults.rangeFaultNext = { kind, times }
    },
    /** The next file responses are not a save: a captive-portal HTML page, or a body that never ends. */
    wrongBodyNext(kind: 'html' | 'endless', times = 1) {
      service.faults.bodyNext = { kind, times }
    },
    /**
     * The next file responses are compressed with `coding` whatever the client accepts (a CDN's
     * pre-compressed object); `bomb`: a few KiB that expand to 64 MiB.
     */
    compressNext(coding: 'gzip' | 'deflate' | 'br', times = 1, bomb = false) {
      service.faults.compressNext = { coding, times, bomb }
    },
    /** After the next cut download, the file at the same URL is replaced (new bytes, new ETag). */
    replaceFileAfterCut() {
      service.faults.replaceAfterCut = true
    },
    /** After the next cut download, every signed URL issued so far expires: the resume meets a 403. */
    expireUrlsAfterCut() {
      service.faults.expireUrlsAfterCut = true
    },
    /** The next API request to a path ending with `path` answers only after `ms` (a slow service). */
    delayNext(path: string, ms: number, times = 1) {
      service.faults.delayNext = { path, ms, times }
    },
    /** The next API requests to a path ending with `path` are refused with `status` and `code` (e.g. 403 with a code of its own). */
    refuseNext(path: string, status: number, code: string, times = 1) {
      service.faults.refuse.push({ path, status, code, times })
    },
    /**
     * Answer in shapes live services may send: a numeric uid, `nickname: null`, no username, broken
     * records, nulls, omitempty, numbers as text, a relative avatar.
     */
    oddShapes(shapes: Partial<Faults['shapes']>) {
      Object.assign(service.faults.shapes, shapes)
    },
    /** The next file responses say the daily limit as the live file server does: `429`, or `message` (403, "Download limit reached"). */
    fileLimitNext(kind: '429' | 'message' = '429', times = 1) {
      service.faults.fileLimitNext = { kind, times }
    },
    /** The next `times` rank answers carry the Reality values but not the lists (the live service answers so before they are ready). */
    rankNotReady(times = 1) {
      service.faults.rankNotReady = times
    },
    /** Rank lists hold each listed chart twice more: the same best again, and a lower play of it (as the live service sometimes does). */
    duplicateRankEntries(on = true) {
      service.faults.duplicateRankEntries = on
    },
    omitSaveSize(omit: boolean) {
      service.faults.omitSaveSize = omit
    },
    noValidators(none: boolean) {
      service.faults.noValidators = none
    },
    /** Every file response is this broken body, then FIN, until reset (null: none). */
    brokenBody(kind: BrokenBody | null) {
      service.faults.brokenBody = kind
    },
    /** The exact file the signed URL serves now: size, SHA-256 and ETag (the tests' independent truth). */
    async saveFile(id: DeploymentId, username: string) {
      const file = await service.saveFile(deployment(id), account(id, username).uid)
      return { size: file.size, sha256: file.sha256, etag: file.etag }
    },
    /** The account's best score per chart (any input mode), as its save holds them. */
    saveBests(id: DeploymentId, username: string): Record<string, number> {
      const best: Record<string, number> = {}
      for (const play of account(id, username).plays) best[play.chart_id] = Math.max(best[play.chart_id] ?? 0, play.score)
      return best
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
    /** A new cloud save version, as if the game had uploaded one (optionally with an exact `updated_at`). */
    updateSave(id: DeploymentId, username: string, updatedAt?: string) {
      const a = account(id, username)
      if (!a.save) throw new Error('account has no save')
      a.save = {
        ...a.save,
        version: a.save.version + 1,
        updatedAt: updatedAt ?? rfc3339(service.clock.now(), deployment(id).config.utcOffsetMinutes)
      }
      service.persist()
    },
    /** Every play of an account, oldest first (a copy): for seeding a demo app's kept history. */
    plays(id: DeploymentId, username: string) {
      return [...account(id, username).plays].sort((a, b) => Date.parse(a.played_at) - Date.parse(b.played_at))
    },
    /** New plays "now" (service clock), as if the player had just played. */
    addPlays(id: DeploymentId, username: string, count: number) {
      const a = account(id, username)
      const random = createRandom(`${username}:${a.plays.length}`)
      const now = service.clock.now()
      const added = []
      for (let i = 0; i < count; i++) {
        const chart = random.pick(service.catalogue)
        const play = makePlay(random, chart, 12, now - (count - i) * 60_000, deployment(id).config.utcOffsetMinutes, random.next() < 0.5)
        a.plays.push(play)
        added.push(play)
      }
      return added
    },
    /**
     * One play "now" on a given chart with an exact score (its Reality and grade follow the rules); `written` replaces
     * fields as a live service may write them (a grade it names, more modifiers).
     */
    addPlayOf(id: DeploymentId, username: string, chartId: string, score: number, touch: boolean, written: Partial<PlayRecord> = {}) {
      const a = account(id, username)
      const chart = service.catalogue.find((c) => c.chart_id === chartId)
      if (!chart) throw new Error('no such chart')
      const random = createRandom(`${username}:${a.plays.length}:exact`)
      const base = makePlay(random, chart, 12, service.clock.now(), deployment(id).config.utcOffsetMinutes, touch)
      const play = {
        ...base,
        score,
        grade: gradeOf(score),
        reality: Math.round(chartReality(chart.constant, score) * 1000) / 1000,
        ...written
      }
      a.plays.push(play)
      return play
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
    /** Every fault back to its default (the Faults class's own), keeping the expiries of URLs and tokens. */
    resetFaults() {
      const { urlsValidAfter, expiredAccessTokens } = service.faults
      Object.assign(service.faults, new Faults(), { urlsValidAfter, expiredAccessTokens })
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
  router.post('/:name', async (ctx) => {
    const name = ctx.params.name as keyof Controls
    const fn = Object.hasOwn(controls, name) ? (controls[name] as (...args: unknown[]) => unknown) : undefined
    if (!fn) {
      ctx.status = 404
      ctx.body = { error: `unknown control ${name}` }
      return
    }
    const args = (ctx.request.body as { args?: unknown[] } | undefined)?.args ?? []
    ctx.body = { result: (await fn(...args)) ?? null }
  })
  return router
}
