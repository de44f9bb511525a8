import { Worker, type MessagePort } from 'node:worker_threads'
import { AppError, toErrorData, type AppErrorData } from '../../shared/errors'
import { answerEach, WorkerRpc } from '../kernel/worker-rpc'
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

/**
 * The sessions worker: started on the first computation, given one request at a time, ended after
 * `idleMs` without one (or by `close`). A worker that cannot run fails the request with
 * `details.cause: 'worker'`, and the next request starts a new one.
 */
export class SessionsWorker {
  readonly #rpc: WorkerRpc<ComputeRequest, Reply>

  constructor(start: StartSessionsWorker, idleMs = 60_000) {
    this.#rpc = new WorkerRpc(start, { name: 'sessions worker', idleMs, failure: (reply) => (reply.ok ? null : reply.error) })
  }

  async run(request: ComputeRequest): Promise<ComputeReply> {
    const message = await this.#rpc.ask(request, buffers(request))
    if (!message.ok) throw new AppError(message.error)
    message.reply.state.closed = unpackSessions(message.closed)
    return message.reply
  }

  close(): Promise<void> {
    return this.#rpc.close()
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
  answerEach<ComputeRequest, Reply>(
    port,
    (request) => {
      const reply = computeSessions(request)
      const state = reply.state
      const closed = packSessions(state.closed)
      state.closed = []
      const arrays = [state.best, state.value, state.constants, closed]
      const owned = [...new Set([...transferList(reply.columns), ...arrays.map((a) => a.buffer as ArrayBuffer)])]
      return { reply: { ok: true, reply, closed }, transfer: owned }
    },
    (error) => ({ ok: false, error: toErrorData(error) })
  )
}
