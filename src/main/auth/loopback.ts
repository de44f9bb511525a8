import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { AppError } from '../../shared/errors'

export interface LoopbackCallback {
  url: URL
  /** Answers the browser tab with the final outcome (it waits for the token exchange). */
  respond(outcome: { ok: boolean; message: string }): void
}

export interface LoopbackListener {
  redirectUri: string
  callback: Promise<LoopbackCallback>
  close(): void
}

export interface LoopbackOptions {
  timeoutMs: number
  signal?: AbortSignal
  port?: number
  page(outcome: { ok: boolean; message: string }): string
}

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
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (req.method !== 'GET' || url.pathname !== '/callback' || done) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
      return
    }
    done = true
    let answered = false
    const respond = (outcome: { ok: boolean; message: string }) => {
      if (answered) return
      answered = true
      res.writeHead(outcome.ok ? 200 : 400, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', connection: 'close' })
      res.end(options.page(outcome))
      finish()
    }
    setTimeout(() => respond({ ok: false, message: 'The app did not finish signing in. Return to it and try again.' }), 30_000).unref()
    settle.resolve({ url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}${req.url}`), respond })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(AppError.of('port_unavailable', `Could not open a local port for the sign-in redirect (${error.code ?? error.message}).`))
    )
    server.listen(options.port ?? 0, '127.0.0.1', resolve)
  })

  const timer = setTimeout(() => finish(AppError.of('timeout', 'Sign-in timed out: the browser did not come back within 5 minutes.')), options.timeoutMs)
  const onAbort = () => finish(AppError.of('cancelled', 'Sign-in was cancelled.'))
  options.signal?.addEventListener('abort', onAbort)
  if (options.signal?.aborted) onAbort()

  const { port } = server.address() as AddressInfo
  return { redirectUri: `http://127.0.0.1:${port}/callback`, callback, close: () => finish(AppError.of('cancelled', 'Sign-in was cancelled.')) }
}
