import { Worker, type MessagePort } from 'node:worker_threads'
import { AppError, toErrorData, type AppErrorData } from '../../shared/errors'
import type { PlannerList } from '../../shared/planner/list'
import { planReality } from '../../shared/planner/plan'
import type { Plan, PlanOptions } from '../../shared/planner/schema'
import { answerEach, WorkerRpc } from '../kernel/worker-rpc'

/**
 * A far target on a long list can take the planner's search a second or two (docs/planner.md: it stops after 5,000
 * nodes): the app works plans out on a worker thread, so the window and the tray never wait for one. The worker
 * stays for the next plan a while, then ends; a cancelled plan ends it at once.
 */
export type StartPlannerWorker = () => Worker

export function plannerWorkerAt(file: string | URL, execArgv?: string[]): StartPlannerWorker {
  return () => new Worker(file, execArgv ? { execArgv } : {})
}

interface Request {
  list: PlannerList
  target: number
  options: PlanOptions
}
type Reply = { ok: true; plan: Plan } | { ok: false; error: AppErrorData }

/**
 * The planner's worker: started on the first plan, asked one plan at a time. A worker that cannot run fails the plan
 * with `details.cause: 'worker'` (the next plan starts another); a plan cancelled fails with `cancelled`.
 */
export class PlannerWorker {
  readonly #rpc: WorkerRpc<Request, Reply>
  #asked = 0
  /** Plans asked up to this one were cancelled: whatever the worker says of them, they fail as cancelled. */
  #cancelledThrough = 0
  /** One plan at a time: a cancel ends the worker of the plan running, and those waiting never start. */
  #chain: Promise<unknown> = Promise.resolve()

  constructor(start: StartPlannerWorker, idleMs = 60_000) {
    this.#rpc = new WorkerRpc(start, { name: 'planner worker', idleMs, failure: (reply) => (reply.ok ? null : reply.error) })
  }

  plan(list: PlannerList, target: number, options: PlanOptions): Promise<Plan> {
    const asked = ++this.#asked
    const cancelled = () => asked <= this.#cancelledThrough
    const run = this.#chain.then(async () => {
      if (cancelled()) throw cancelledError()
      try {
        const reply = await this.#rpc.ask({ list, target, options })
        if (cancelled()) throw cancelledError()
        if (!reply.ok) throw new AppError(reply.error)
        return reply.plan
      } catch (error) {
        throw cancelled() ? cancelledError() : error
      }
    })
    this.#chain = run.catch(() => {})
    return run
  }

  /** Stops the plans asked so far (the running one's worker ends); the next plan starts another. */
  cancel(): Promise<void> {
    this.#cancelledThrough = this.#asked
    return this.#rpc.close()
  }

  close(): Promise<void> {
    return this.#rpc.close()
  }
}

const cancelledError = () => AppError.of('cancelled', 'The plan was cancelled.')

/** The worker's side: each plan worked out in turn, or the error it ended with. */
export function servePlans(port: MessagePort): void {
  answerEach<Request, Reply>(
    port,
    (request) => ({ reply: { ok: true, plan: planReality(request.list, request.target, request.options) } }),
    (error) => ({ ok: false, error: toErrorData(error) })
  )
}
