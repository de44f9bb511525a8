import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { AppError } from '../../shared/errors'
import { messagesFor } from '../i18n'
import { failureInWords } from '../platform-node/io'

export interface LoopbackCallback {
  url: URL
  /** Answers the browser tab with the final outcome (it waits for the token exchange). */
  respond(outcome: { ok: boolean; message: string }): void
}

export interface LoopbackListener {
  redirectUri: string
  callback: Promise<LoopbackCallback>
  /** Resolves once the port is closed again. */
  closed: Promise<void>
  close(): void
}

export interface LoopbackOptions {
  timeoutMs: number
  signal?: AbortSignal
  port?: number
  /** The sign-in's `state`: a callback without it is answered and ignored, and the sign-in goes on waiting. */
  state: string
  page(outcome: { ok: boolean; message: string }): string
  /** The listener's own answers, in the UI language (English when not given). */
  texts?: { foreign: string; unfinished: string }
}

const ENGLISH = messagesFor('en').signInPage

/**
 * RFC 8252 loopback redirect: a listener on 127.0.0.1 only, on an ephemeral port, for exactly one
 * callback. It closes after that callback, after the timeout, or when the signal aborts.
 */
export async function openLoopback(options: LoopbackOptions): Promise<LoopbackListener> {
  let settle!: { resolve: (cb: LoopbackCallback) => void; reject: (e: unknown) => void }
  const callback = new Promise<LoopbackCallback>((resolve, reject) => (settle = { resolve, reject }))
  callback.catch(() => {})
  let done = false

  const finish = (error?: unknown) => {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', onAbort)
    if (error && !done) settle.reject(error)
    done = true
    setTimeout(() => server.close(), 0).unref?.()
    server.closeIdleConnections?.()
  }

  const server: Server = createServer((req, res) => {
    // Anything may arrive on this port: a malformed target is answered, never thrown.
    let url: URL
    try {
      if (!req.url?.startsWith('/')) throw new Error('not an origin-form target')
      url = new URL(req.url, 'http://127.0.0.1')
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad request')
      return
    }
    if (req.method !== 'GET' || url.pathname !== '/callback' || done) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
      return
    }
    if (url.searchParams.get('state') !== options.state) {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      res.end(options.page({ ok: false, message: (options.texts ?? ENGLISH).foreign }))
      return
    }
    done = true
    let answered = false
    const respond = (outcome: { ok: boolean; message: string }) => {
      if (answered) return
      answered = true
      res.writeHead(outcome.ok ? 200 : 400, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'close'
      })
      res.end(options.page(outcome))
      finish()
    }
    setTimeout(() => respond({ ok: false, message: (options.texts ?? ENGLISH).unfinished }), 30_000).unref()
    settle.resolve({ url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}${url.pathname}${url.search}`), respond })
  })

  server.on('clientError', (_error, socket) => socket.destroy())
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(AppError.of('port_unavailable', `Could not open a local port for the sign-in redirect: ${failureInWords(error.code)}.`))
    )
    server.listen(options.port ?? 0, '127.0.0.1', resolve)
  })

  const timer = setTimeout(
    () => finish(AppError.of('timeout', 'Sign-in timed out: the browser did not come back within 5 minutes.')),
    options.timeoutMs
  )
  const onAbort = () => finish(AppError.of('cancelled', 'Sign-in was cancelled.'))
  options.signal?.addEventListener('abort', onAbort)
  if (options.signal?.aborted) onAbort()

  const { port } = server.address() as AddressInfo
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()))
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    callback,
    closed,
    close: () => finish(AppError.of('cancelled', 'Sign-in was cancelled.'))
  }
}
