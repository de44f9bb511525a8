import { Worker, type MessagePort } from 'node:worker_threads'
import { AppError, toErrorData, type AppErrorData } from '../../shared/errors'
import { computeSessions, type ComputeReply, type ComputeRequest } from './compute'
import { transferList } from './play-table'

/**
 * A whole computation of sessions (a hundred thousand plays sorted and folded, the log read where the
 * kept columns fall short) runs on a worker thread: the main thread only hands over buffers and takes
 * the result back. One worker per computation; it ends when it has answered.
 */
export type StartSessionsWorker = () => Worker

export function sessionsWorkerAt(file: string | URL, execArgv?: string[]): StartSessionsWorker {
  return () => new Worker(file, execArgv ? { execArgv } : {})
}

type Reply = { ok: true; reply: ComputeReply } | { ok: false; error: AppErrorData }

/** The buffers a request or reply owns (handed over, not copied). */
function buffers(request: ComputeRequest): ArrayBuffer[] {
  const list = transferList(request.base)
  if (request.tail) list.push(request.tail.buffer as ArrayBuffer)
  return [...new Set(list)]
}

/** Runs `request` on a worker from `start`; a worker that cannot run fails with `details.cause: 'worker'`. */
export function computeOffThread(start: StartSessionsWorker, request: ComputeRequest): Promise<ComputeReply> {
  return new Promise((resolve, reject) => {
    let worker: Worker
    const broken = (problem: string) => AppError.of('internal', `The sessions worker ${problem}.`, { details: { cause: 'worker' } })
    try {
      worker = start()
    } catch (error) {
      return reject(broken(`could not start (${(error as Error).message})`))
    }
    let settled = false
    const settle = (done: () => void) => {
      if (settled) return
      settled = true
      done()
      void worker.terminate()
    }
    worker.once('message', (message: Reply) => settle(() => (message.ok ? resolve(message.reply) : reject(new AppError(message.error)))))
    worker.once('error', (error) => settle(() => reject(broken(`failed (${error.message})`))))
    worker.once('exit', (code) => settle(() => reject(broken(`stopped before it was done (exit ${code})`))))
    worker.postMessage(request, buffers(request))
  })
}

/** The worker's side: one request, one reply with the sorted columns handed back. */
export function serveSessions(port: MessagePort): void {
  port.once('message', (request: ComputeRequest) => {
    try {
      const reply = computeSessions(request)
      const state = reply.state
      const owned = [...transferList(reply.columns), ...[state.best, state.value, state.constants].map((a) => a.buffer as ArrayBuffer)]
      port.postMessage({ ok: true, reply } satisfies Reply, owned)
    } catch (error) {
      port.postMessage({ ok: false, error: toErrorData(error) } satisfies Reply)
    }
  })
}
