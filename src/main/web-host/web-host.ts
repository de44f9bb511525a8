import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { extname, isAbsolute, join, normalize, relative } from 'node:path'
import type { AddressInfo } from 'node:net'
import { eventChannelNames } from '../../shared/ipc/channels'
import type { Dispatch } from '../ipc/dispatcher'
import type { EventHub } from '../ipc/event-hub'
import { MAX_EXPORT_BYTES } from '../../shared/file-names'

/**
 * Development and test host: serves the built renderer on 127.0.0.1 and carries bridge calls over
 * HTTP (calls) and server-sent events (events) to the same dispatcher the Electron app uses.
 * Every bridge request must carry the per-run secret, which the page reads from its URL fragment.
 */
export interface WebHostOptions {
  rendererDir: string
  dispatch: Dispatch
  events: EventHub
  port?: number
  secret?: string
  /** Sees every payload crossing the bridge (tests scan them for secrets). */
  tap?: (kind: 'request' | 'response' | 'event', channel: string, payload: unknown) => void
}

export interface WebHost {
  /** The page URL, carrying the secret in its fragment. */
  url: string
  origin: string
  close(): Promise<void>
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.wasm': 'application/wasm'
}

/** The largest call: a file the window saves (its bytes as base64), and room for the rest of the call. */
const MAX_BODY = Math.ceil(MAX_EXPORT_BYTES / 3) * 4 + 1024 * 1024
class BodyTooLarge extends Error {}
export const WEB_BRIDGE_SCRIPT = 'web-bridge.js'

function sameSecret(given: string | null | undefined, secret: string): boolean {
  if (!given) return false
  const a = Buffer.from(given)
  const b = Buffer.from(secret)
  return a.length === b.length && timingSafeEqual(a, b)
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY) throw new BodyTooLarge()
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** The build's content-hashed files (`assets/index-BkdCz_Ds.js`): a name never names other bytes. */
const HASHED_ASSET = /^assets[/\\][^/\\]+-[A-Za-z0-9_-]{8}\.(?:js|css|svg|png|woff2|wasm)$/

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, cache = 'no-store'): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': cache, 'x-content-type-options': 'nosniff' })
  res.end(body)
}

// eslint-disable-next-line max-lines-per-function -- the web host as one server: its routes in the order they are matched
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const secret = options.secret ?? randomBytes(24).toString('base64url')
  const streams = new Set<ServerResponse>()
  let origin = ''

  const removeSink = options.events.addSink((event, payload) => {
    options.tap?.('event', event, payload)
    const frame = `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`
    for (const res of streams) res.write(frame)
  })

  async function serveFile(res: ServerResponse, pathname: string): Promise<void> {
    let decoded: string
    try {
      decoded = decodeURIComponent(pathname === '/' ? '/index.html' : pathname)
    } catch {
      return send(res, 400, 'text/plain', 'Bad request')
    }
    const file = normalize(join(options.rendererDir, decoded))
    const rel = relative(options.rendererDir, file)
    if (rel.startsWith('..') || isAbsolute(rel)) return send(res, 404, 'text/plain', 'Not found')
    try {
      let body: Buffer | string = await readFile(file)
      if (rel === 'index.html') {
        // Module scripts run in document order: the bridge is installed before the app starts.
        body = body
          .toString('utf8')
          .replace('<script type="module"', `<script type="module" src="./${WEB_BRIDGE_SCRIPT}"></script>\n    <script type="module"`)
      }
      // Kept by the browser like the app's own files on disk (app:// with V8's code cache); the page itself never is.
      const cache = HASHED_ASSET.test(rel) ? 'public, max-age=31536000, immutable' : 'no-store'
      send(res, 200, MIME[extname(file)] ?? 'application/octet-stream', body, cache)
    } catch {
      send(res, 404, 'text/plain', 'Not found')
    }
  }

  async function invoke(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const trusted = sameSecret(req.headers['x-companion-secret'] as string | undefined, secret) && req.headers.origin === origin
    let parsed: { channel?: unknown; args?: unknown }
    try {
      parsed = JSON.parse(await readBody(req)) as typeof parsed
    } catch (error) {
      const message = error instanceof BodyTooLarge ? 'The call is too large for the app to take.' : 'Body is not JSON.'
      return send(res, 400, 'application/json', JSON.stringify({ ok: false, error: { code: 'invalid_payload', message } }))
    }
    options.tap?.('request', String(parsed.channel), parsed.args)
    const result = await options.dispatch(String(parsed.channel), parsed.args, { url: trusted ? `${origin}/` : '' })
    options.tap?.('response', String(parsed.channel), result)
    send(res, 200, 'application/json', JSON.stringify(result))
  }

  function subscribe(url: URL, res: ServerResponse): void {
    if (!sameSecret(url.searchParams.get('secret'), secret)) return send(res, 403, 'text/plain', 'Forbidden')
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' })
    res.write(`: ${eventChannelNames.length} channels\n\n`)
    streams.add(res)
    res.on('close', () => streams.delete(res))
  }

  const server = createServer((req, res) => {
    // A page from another name that resolves here (DNS rebinding) is not this app: only our own Host.
    if (req.headers.host !== new URL(origin).host) return send(res, 421, 'text/plain', 'Misdirected request')
    let url: URL
    try {
      if (!req.url?.startsWith('/') || req.url.startsWith('//')) throw new Error('not an origin-form target')
      url = new URL(req.url, origin)
    } catch {
      return send(res, 400, 'text/plain', 'Bad request')
    }
    const fail = () => {
      if (!res.headersSent) send(res, 500, 'text/plain', 'Internal error')
      else res.destroy()
    }
    if (req.method === 'POST' && url.pathname === '/__bridge/invoke') return void invoke(req, res).catch(fail)
    if (req.method === 'GET' && url.pathname === '/__bridge/events') return subscribe(url, res)
    if (req.method === 'GET' || req.method === 'HEAD') return void serveFile(res, url.pathname).catch(fail)
    send(res, 405, 'text/plain', 'Method not allowed')
  })
  server.on('clientError', (_error, socket) => socket.destroy())

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  origin = `http://127.0.0.1:${port}`

  return {
    origin,
    url: `${origin}/#secret=${secret}`,
    close: async () => {
      removeSink()
      for (const res of streams) res.end()
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections()
      await closed
    }
  }
}
