import { Worker, type MessagePort } from 'node:worker_threads'
import { AppError, toErrorData, type AppErrorData } from '../../shared/errors'
import { computeSessions, type ComputeReply, type ComputeRequest } from './compute'
import { packSessions, unpackSessions } from './fold'
import { transferList } from './play-table'

/**
 * A whole computation of sessions (a hundred thousand plays sorted and folded, the log read where the
 * kept columns fall short) runs on a worker thread: the main thread only hands over buffers and takes
 * the result back. The worker stays for the next computation a while, then ends.
 */
export type StartSessionsWorker = () => Worker

export function sessionsWorkerAt(file: string | URL, execArgv?: string[]): StartSessionsWorker {
  return () => new Worker(file, execArgv ? { execArgv } : {})
}

/** A reply with its sessions packed (`closed`): the state's list travels as one array of numbers. */
type Reply = { ok: true; reply: ComputeReply; closed: Float64Array } | { ok: false; error: AppErrorData }

/** The buffers a request owns (handed over, not copied): the caller gives it copies of what it keeps. */
function buffers(request: ComputeRequest): ArrayBuffer[] {
  const list = transferList(request.base)
  if (request.tail) list.push(request.tail.buffer as ArrayBuffer)
  return [...new Set(list)]
}

const broken = (problem: string) => AppError.of('internal', `The sessions worker ${problem}.`, { details: { cause: 'worker' } })

/**
 * The sessions worker: started on the first computation, given one request at a time, ended after
 * `idleMs` without one (or by `close`). A worker that cannot run fails the request with
 * `details.cause: 'worker'`, and the next request starts a new one.
 */
export class SessionsWorker {
  #worker: Worker | null = null
  #chain: Promise<unknown> = Promise.resolve()
  #idle: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly start: StartSessionsWorker,
    private readonly idleMs = 60_000
  ) {}

  run(request: ComputeRequest): Promise<ComputeReply> {
    const work = this.#chain.then(() => this.#ask(request))
    this.#chain = work.catch(() => {})
    return work
  }

  #ask(request: ComputeRequest): Promise<ComputeReply> {
    if (this.#idle) clearTimeout(this.#idle)
    return new Promise<ComputeReply>((resolve, reject) => {
      let worker: Worker
      try {
        worker = this.#worker ??= this.start()
      } catch (error) {
        return reject(broken(`could not start (${(error as Error).message})`))
      }
      const done = () => {
        worker.off('message', onMessage)
        worker.off('error', onError)
        worker.off('exit', onExit)
      }
      const onMessage = (message: Reply) => {
        done()
        if (!message.ok) return reject(new AppError(message.error))
        message.reply.state.closed = unpackSessions(message.closed)
        resolve(message.reply)
      }
      const fail = (error: AppError) => {
        done()
        if (this.#worker === worker) this.#worker = null
        void worker.terminate()
        reject(error)
      }
      const onError = (error: Error) => fail(broken(`failed (${error.message})`))
      const onExit = (code: number) => fail(broken(`stopped before it was done (exit ${code})`))
      worker.on('message', onMessage)
      worker.once('error', onError)
      worker.once('exit', onExit)
      worker.postMessage(request, buffers(request))
    }).finally(() => {
      this.#idle = setTimeout(() => void this.close(), this.idleMs)
      this.#idle.unref?.()
    })
  }

  async close(): Promise<void> {
    if (this.#idle) clearTimeout(this.#idle)
    const worker = this.#worker
    this.#worker = null
    await worker?.terminate()
  }
}

/** One computation on a worker of its own, ended after. */
export async function computeOffThread(start: StartSessionsWorker, request: ComputeRequest): Promise<ComputeReply> {
  const worker = new SessionsWorker(start)
  try {
    return await worker.run(request)
  } finally {
    await worker.close()
  }
}

/** The worker's side: each request answered in turn, the sorted columns handed back. */
export function serveSessions(port: MessagePort): void {
  port.on('message', (request: ComputeRequest) => {
    try {
      const reply = computeSessions(request)
      const state = reply.state
      const closed = packSessions(state.closed)
      state.closed = []
      const arrays = [state.best, state.value, state.constants, closed]
      const owned = [...new Set([...transferList(reply.columns), ...arrays.map((a) => a.buffer as ArrayBuffer)])]
      port.postMessage({ ok: true, reply, closed } satisfies Reply, owned)
    } catch (error) {
      port.postMessage({ ok: false, error: toErrorData(error) } satisfies Reply)
    }
  })
}
