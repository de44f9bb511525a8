import { join } from 'node:path'
import { AppError } from '../../shared/errors'
import type { RestoreReport } from '../../shared/restore'
import { io } from '../platform-node/io'
import type { ReadyToExport } from './restore-plan'
import { Refusal } from './snapshot-step'
import type { StepContext } from './write-step'
import { place, stage, verifySame, verifyWritten } from './writer'

/** Writes the restored files into a folder of the player's choice; nothing there is ever overwritten. */
export async function exportTo(ctx: StepContext, plan: ReadyToExport, to: string | null | undefined): Promise<RestoreReport> {
  const { files } = ctx
  if (!to) throw AppError.of('invalid_input', 'Choose the folder to export into.')
  const { intended } = plan
  const at = ctx.clock.now()
  await io(`Creating ${to}`, () => files.mkdir(to, { recursive: true }))
  const jobs = [
    { name: 'saves.db', bytes: intended.save, row: intended.row },
    ...(intended.data ? [{ name: 'data.db', bytes: intended.data, row: null }] : [])
  ]
  const written: string[] = []
  const staged: string[] = []
  try {
    await ctx.step('writing')
    for (const job of jobs) staged.push(await stage(files, join(to, job.name), job.bytes, at))
    await ctx.step('verifying')
    for (const [i, job] of jobs.entries()) await verifyWritten(files, staged[i] ?? '', job.bytes, job.row)
    await ctx.step('replacing')
    for (const [i, job] of jobs.entries()) {
      const target = join(to, job.name)
      if (!(await place(files, staged[i] ?? '', target))) throw new Refusal({ reason: 'target-exists', detail: target })
      written.push(target)
    }
    await ctx.step('reading-back')
    for (const job of jobs) await verifySame(files, join(to, job.name), job.bytes)
  } finally {
    // Placed, a temp name is gone; one that cannot be removed is ours, in the player's folder, named as ours.
    for (const temp of staged) await files.rm(temp, { force: true }).catch(() => {})
  }
  await ctx.step('done')
  return { ...plan.report, status: 'exported', written }
}
