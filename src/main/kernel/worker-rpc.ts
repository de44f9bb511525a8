import type { MessagePort, Transferable, Worker } from 'node:worker_threads'
import { AppError, type AppErrorData } from '../../shared/errors'

export interface WorkerRpcOptions<Reply> {
  /** Named in the errors of a worker that cannot run (`details.cause: 'worker'`): "the sessions worker". */
  name: string
  /** The failure a reply carries (the worker's answer to a request it could not do), or null for an answer. */
  failure(reply: Reply): AppErrorData | null
  /** Ends the worker after this long without a request; the next request starts another. None: it stays until closed. */
  idleMs?: number
  /** One worker for the whole conversation: once it failed or was closed, every later request fails with why. */
  once?: boolean
}

/**
 * The main thread's side of a worker thread: started on the first request, asked one thing at a time, each
 * answered by the worker's next message (a buffer handed over is the worker's from then on). A worker that
 * cannot start, fails or stops fails the request waiting for it with `details.cause: 'worker'`.
 */
export class WorkerRpc<Request, Reply> {
  #worker: Worker | null = null
  #waiting: { resolve(reply: Reply): void; reject(error: Error): void } | null = null
  /** What the worker said with no request waiting (a first report it sends by itself). */
  readonly #unasked: Reply[] = []
  #ended: Error | null = null
  #chain: Promise<unknown> = Promise.resolve()
  #idle: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly start: () => Worker,
    private readonly o: WorkerRpcOptions<Reply>
  ) {}

  /** Sends `request` (none: waits for what the worker says by itself), once those before it are answered; the worker's answer. */
  ask(request?: Request, transfer: readonly Transferable[] = []): Promise<Reply> {
    const asked = this.#chain.then(() => this.#ask(request, transfer))
    // A request's failure is its caller's; the next one waits for this one to end either way.
    this.#chain = asked.catch(() => {})
    return asked
  }

  /** Ends the worker now; a request waiting for it fails. */
  async close(): Promise<void> {
    if (this.#idle) clearTimeout(this.#idle)
    const worker = this.#worker
    this.#worker = null
    if (this.o.once) this.#ended ??= AppError.of('internal', `The ${this.o.name} was closed.`)
    this.#waiting?.reject(this.#ended ?? this.#broken('was closed'))
    this.#waiting = null
    await worker?.terminate()
  }

  #broken(problem: string): AppError {
    return AppError.of('internal', `The ${this.o.name} ${problem}.`, { details: { cause: 'worker' } })
  }

  #ask(request: Request | undefined, transfer: readonly Transferable[]): Promise<Reply> {
    if (this.#ended) return Promise.reject(this.#ended)
    if (this.#idle) clearTimeout(this.#idle)
    return new Promise<Reply>((resolve, reject) => {
      let worker: Worker
      try {
        worker = this.#worker ?? this.#started()
      } catch (error) {
        const broken = this.#broken(`could not start (${(error as Error).message})`)
        if (this.o.once) this.#ended = broken
        return reject(broken)
      }
      const unasked = request === undefined ? this.#unasked.shift() : undefined
      if (unasked !== undefined) return this.#answer(unasked, { resolve, reject })
      this.#waiting = { resolve, reject }
      if (request !== undefined) worker.postMessage(request, transfer)
    }).finally(() => this.#restAfter())
  }

  #started(): Worker {
    const worker = this.start()
    this.#worker = worker
    worker.on('message', (reply: Reply) => {
      const waiting = this.#waiting
      this.#waiting = null
      if (waiting) this.#answer(reply, waiting)
      else this.#unasked.push(reply)
    })
    worker.once('error', (error) => this.#end(worker, this.#broken(`failed (${error.message})`)))
    worker.once('exit', (code) => this.#end(worker, this.#broken(`stopped before it was done (exit ${code})`)))
    return worker
  }

  #answer(reply: Reply, to: { resolve(reply: Reply): void; reject(error: Error): void }): void {
    const failure = this.o.failure(reply)
    if (failure) to.reject(new AppError(failure))
    else to.resolve(reply)
  }

  /** The worker failed or stopped: the request waiting for it fails; the next one starts another worker (unless `once`). */
  #end(worker: Worker, error: AppError): void {
    // A worker this side let go of already (closed, or idle) ends as asked.
    if (this.#worker !== worker) return
    this.#worker = null
    if (this.o.once) this.#ended ??= error
    this.#waiting?.reject(error)
    this.#waiting = null
    void worker.terminate()
  }

  #restAfter(): void {
    if (this.o.idleMs === undefined) return
    this.#idle = setTimeout(() => void this.close(), this.o.idleMs)
    this.#idle.unref?.()
  }
}

/**
 * The worker's side: each request answered in turn with what `answer` gives (and the buffers it hands over),
 * or, should it throw, with what `failed` makes of the error.
 */
export function answerEach<Request, Reply>(
  port: MessagePort,
  answer: (
    request: Request
  ) => Promise<{ reply: Reply; transfer?: readonly Transferable[] }> | { reply: Reply; transfer?: readonly Transferable[] },
  failed: (error: unknown) => Reply
): void {
  port.on('message', (request: Request) => {
    void (async () => answer(request))().then(
      ({ reply, transfer }) => port.postMessage(reply, transfer ?? []),
      (error: unknown) => port.postMessage(failed(error))
    )
  })
}
