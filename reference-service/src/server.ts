import { communityList, startChartListHost, type ChartListHost } from './community-list'
import { bodyParser } from '@koa/bodyparser'
import Router from '@koa/router'
import Koa, { type Context, type Next } from 'koa'
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { writeFileSync as atomicWriteFileSync } from 'atomically'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ApiError, apiFaults, apiRouter, sendEnvelope } from './api'
import { ServiceClock } from './clock'
import { defaultServiceOptions, Faults, type Deployment, type ServiceContext, type ServiceOptions } from './context'
import { createControls, controlsRouter, type Controls } from './controls'
import { serveSave } from './files'
import { interactionRouter } from './interactions'
import { AccountDirectory, createUserToken, DEMO_PASSWORD, DEPLOYMENTS, emptyCounters, generateCatalogue, type DeploymentId } from './model'
import { NATIVE_CLIENT_ID, createProvider } from './oidc'
import { dropAdapterScope, memoryAdapterFor } from './oidc-adapter'
import { writeSaveFile, type SaveFile } from './saves'
import { tokensRouter } from './tokens-page'

export interface StartOptions extends Partial<ServiceOptions> {
  port?: number
  dataDir?: string
  testControls?: boolean
}

export interface DeploymentInfo {
  base_url: string
  issuer: string
  tokens_page: string
  client_id: string
  scopes: { save: string; recent: string; best: string }
}

export interface AccountInfo {
  deployment: DeploymentId
  username: string
  password: string
  uid: string
  user_token: string
  deleted: boolean
}

export interface ReferenceService {
  origin: string
  deployments: Record<DeploymentId, DeploymentInfo>
  accounts: AccountInfo[]
  controls: Controls
  dataDir: string
  /** The community chart list's stand-in, on a host (port) of its own: the live API publishes none. */
  chartList: ChartListHost
  close(): Promise<void>
}

interface PersistedState {
  accounts: Record<
    string,
    {
      nickname: string
      deleted: boolean
      stamina: { count: number; anchor: number }
      save: { version: number; revision: number; updatedAt: string } | null
      downloads: { day: string; count: number }
    }
  >
  userTokens: Deployment['userTokens']
}

function loadJwks(dataDir: string) {
  const file = join(dataDir, 'jwks.json')
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { keys: Record<string, unknown>[] }
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const jwks = { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' }] }
  atomicWriteFileSync(file, JSON.stringify(jwks), { mode: 0o600 })
  return jwks
}

/** Mounts each provider under `{base_url}/oidc`, the way koa-mount would. */
function mountProviders(deployments: Iterable<Deployment>) {
  const mounts = [...deployments].map((d) => ({ path: `${d.config.prefix}/oidc`, handle: d.provider.callback() }))
  return async (ctx: Context, next: Next) => {
    const mount = mounts.find((m) => ctx.path === m.path || ctx.path.startsWith(`${m.path}/`))
    if (!mount) return next()
    const req = ctx.req as IncomingMessage & { originalUrl?: string }
    req.originalUrl = req.url
    req.url = req.url!.slice(mount.path.length) || '/'
    ctx.respond = false
    await mount.handle(req, ctx.res)
  }
}

function errorEnvelope() {
  return async (ctx: Context, next: Next) => {
    try {
      await next()
      if (ctx.respond !== false && ctx.status === 404 && ctx.body == null) sendEnvelope(ctx, 404, 'NotFoundError')
    } catch (error) {
      if (error instanceof ApiError) return sendEnvelope(ctx, error.status, error.code)
      const status = (error as { status?: number }).status ?? 500
      if (status === 413) return sendEnvelope(ctx, 413, 'RequestTooLargeError')
      if (status >= 400 && status < 500) return sendEnvelope(ctx, 400, 'RequestParamError')
      console.error('reference service error:', (error as Error).message)
      sendEnvelope(ctx, 500, 'InternalServerError')
    }
  }
}

export async function startReferenceService(options: StartOptions = {}): Promise<ReferenceService> {
  const settings: ServiceOptions = {
    ...defaultServiceOptions,
    ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined))
  }
  const ownsDataDir = !options.dataDir
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'milkloud-ref-'))
  mkdirSync(join(dataDir, 'saves'), { recursive: true })
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', resolve)
  })
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const clock = new ServiceClock()
  const catalogue = generateCatalogue()
  const chartList = await startChartListHost(JSON.stringify(communityList(catalogue), null, 2), () => clock.now())
  const jwks = loadJwks(dataDir)
  const cookieKeys = [randomBytes(32).toString('base64url')]
  const stateFile = join(dataDir, 'state.json')
  const deployments = new Map<DeploymentId, Deployment>()
  const saveFiles = new Map<string, Promise<SaveFile>>()
  const instance = randomBytes(4).toString('hex')

  const service: ServiceContext = {
    clock,
    origin,
    catalogue,
    catalogueById: new Map(catalogue.map((c) => [c.chart_id, c])),
    deployments,
    faults: new Faults(),
    options: settings,
    urlSecret: randomBytes(32),
    saveFile(d, uid) {
      const account = d.accounts.byUid(uid)!
      const key = `${d.config.id}:${uid}:${account.save!.version}:${account.save!.revision}`
      let file = saveFiles.get(key)
      if (!file) {
        file = writeSaveFile(account, join(dataDir, 'saves'), settings.largeSaveBytes)
        saveFiles.set(key, file)
        file.catch(() => saveFiles.delete(key))
      }
      return file
    },
    persist() {
      const state: PersistedState = { accounts: {}, userTokens: [] }
      for (const d of deployments.values()) {
        for (const a of d.accounts.list) {
          state.accounts[`${d.config.id}:${a.uid}`] = {
            nickname: a.nickname,
            deleted: a.deleted,
            stamina: a.stamina,
            save: a.save && { version: a.save.version, revision: a.save.revision, updatedAt: a.save.updatedAt },
            downloads: a.downloads
          }
        }
        state.userTokens.push(...d.userTokens.filter((t) => t.label !== 'seeded'))
      }
      atomicWriteFileSync(stateFile, JSON.stringify(state))
    }
  }

  for (const config of DEPLOYMENTS) {
    const runtime = {
      config,
      accounts: new AccountDirectory(config, catalogue, clock.now(), `${origin}${config.prefix}`),
      counters: emptyCounters(),
      userTokens: [] as Deployment['userTokens']
    }
    const adapterScope = `${instance}:${config.id}`
    const d = { ...runtime, adapterScope } as unknown as Deployment
    d.provider = createProvider(d, `${origin}${config.prefix}/oidc`, {
      adapter: memoryAdapterFor(adapterScope),
      accessTokenTtlSeconds: settings.accessTokenTtlSeconds,
      deviceCodeTtlSeconds: settings.deviceCodeTtlSeconds,
      deviceIntervalSeconds: settings.deviceIntervalSeconds,
      cookieKeys,
      jwks
    })
    deployments.set(config.id, d)
  }

  if (existsSync(stateFile)) {
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as PersistedState
    for (const d of deployments.values()) {
      for (const a of d.accounts.list) {
        const saved = state.accounts[`${d.config.id}:${a.uid}`]
        if (!saved) continue
        Object.assign(a, { nickname: saved.nickname, deleted: saved.deleted, stamina: saved.stamina, downloads: saved.downloads })
        if (a.save && saved.save) a.save = { ...a.save, ...saved.save }
      }
      d.userTokens.push(...state.userTokens.filter((t) => t.deployment === d.config.id))
    }
  }

  const accounts: AccountInfo[] = []
  for (const d of deployments.values()) {
    for (const a of d.accounts.list) {
      const scopes = ['profile', 'user', 'email', ...Object.values(d.config.scopes)]
      const { header } = createUserToken(d, a, scopes, 'seeded', clock.now())
      accounts.push({
        deployment: d.config.id,
        username: a.username,
        password: DEMO_PASSWORD,
        uid: a.uid,
        user_token: header,
        deleted: a.deleted
      })
    }
  }

  const controls = createControls(service)
  const app = new Koa()
  // Clients that hang up mid-response (a cancelled or deliberately cut download) are not errors.
  app.on('error', (error: NodeJS.ErrnoException) => {
    if (!['ECONNRESET', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE'].includes(error.code ?? ''))
      console.error('reference service:', error.message)
  })
  app.use(errorEnvelope())
  app.use(async (ctx, next) => {
    await next()
    const d = [...deployments.values()].find((x) => ctx.path.startsWith(x.config.prefix))
    const route = (ctx as Context & { _matchedRoute?: string })._matchedRoute ?? ctx.path.replace(/\/oidc\/.*/, '/oidc/*')
    if (d) d.counters.requestsPerRoute[`${ctx.method} ${route}`] = (d.counters.requestsPerRoute[`${ctx.method} ${route}`] ?? 0) + 1
  })
  app.use(mountProviders(deployments.values()))
  app.use(bodyParser({ enableTypes: ['json', 'form'], jsonLimit: settings.maxBodyBytes, formLimit: settings.maxBodyBytes }))
  app.use(async (ctx, next) => (/\/api\/v1\//.test(ctx.path) ? apiFaults(service)(ctx, next) : next()))
  if (options.testControls) {
    const r = controlsRouter(controls)
    app.use(r.routes())
  }
  const files = new Router()
  files.get('/files/save/:deployment/:uid/:version', (ctx) => serveSave(ctx, service))
  app.use(files.routes())
  for (const d of deployments.values()) {
    for (const router of [apiRouter(service, d), interactionRouter(d), tokensRouter(service, d)]) {
      app.use(router.routes())
      app.use(
        router.allowedMethods({
          throw: true,
          methodNotAllowed: () => new ApiError(405, 'MethodNotAllowedError'),
          notImplemented: () => new ApiError(405, 'MethodNotAllowedError')
        })
      )
    }
  }
  const handle = app.callback()
  server.on('request', (req, res) => void handle(req, res))

  const info = Object.fromEntries(
    [...deployments.values()].map((d) => [
      d.config.id,
      {
        base_url: `${origin}${d.config.prefix}`,
        issuer: `${origin}${d.config.prefix}/oidc`,
        tokens_page: `${origin}${d.config.prefix.replace(/\/api$/, '')}/settings/tokens`,
        client_id: NATIVE_CLIENT_ID,
        scopes: d.config.scopes
      }
    ])
  ) as Record<DeploymentId, DeploymentInfo>

  return {
    origin,
    deployments: info,
    accounts,
    controls,
    dataDir,
    chartList,
    async close() {
      await chartList.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      for (const d of deployments.values()) dropAdapterScope(d.adapterScope)
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true })
    }
  }
}
