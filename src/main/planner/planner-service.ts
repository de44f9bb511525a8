import { AppError } from '../../shared/errors'
import type { PlannerList } from '../../shared/planner/list'
import { planReality } from '../../shared/planner/plan'
import type { Plan, PlanOptions, WhatIf, WhatIfScore } from '../../shared/planner/schema'
import { whatIf } from '../../shared/planner/what-if'
import type { Logger } from '../logging/logger'
import type { PlannerWorker } from './off-thread'

/**
 * Plans and what-ifs on a list of bests (lists.ts makes one from an account or a save). A plan goes to the worker
 * where the app has one (a worker that cannot run: on this thread, as the CLI does); a what-if is a few
 * milliseconds and stays here.
 */
export class PlannerService {
  constructor(private readonly deps: { worker: PlannerWorker | null; logger?: Logger }) {}

  async plan(list: PlannerList, target: number, options: PlanOptions): Promise<Plan> {
    const { worker } = this.deps
    if (!worker) return planReality(list, target, options)
    try {
      return await worker.plan(list, target, options)
    } catch (error) {
      if (!(error instanceof AppError && error.data.details?.cause === 'worker')) throw error
      this.deps.logger?.warn({ error }, 'the planner worker could not run: planning on the main thread')
      return planReality(list, target, options)
    }
  }

  whatIf(list: PlannerList, scores: readonly WhatIfScore[]): WhatIf {
    return whatIf(list, scores)
  }

  /** Stops the plan being worked out (it fails as cancelled); a plan on this thread is over before a cancel arrives. */
  async cancel(): Promise<void> {
    await this.deps.worker?.cancel()
  }
}
