// A restore run in a process of its own, for the test that kills it at each step:
//   node --import tsx test/support/restore-child.ts <work> <backupId> <gameFolder>
// With RESTORE_PAUSE_AT=<step>, it prints "paused <step>" when that step starts and waits there to be killed.
import { join } from 'node:path'
import { restoreFixture, request } from './restore'

const [work, backupId, gameFolder] = process.argv.slice(2) as [string, string, string]
const pauseAt = process.env.RESTORE_PAUSE_AT
const { restore } = restoreFixture(
  work,
  { platform: 'linux', home: join(work, 'home'), env: {} },
  {
    onStep: async (step) => {
      if (step !== pauseAt) return
      process.stdout.write(`paused ${step}\n`)
      await new Promise(() => setInterval(() => {}, 1000))
    }
  }
)
const report = await restore.apply(await restore.plan(request(backupId, { gameFolder, withPlays: true, allowDowngrade: true })))
process.stdout.write(`${JSON.stringify({ status: report.status, snapshotId: report.snapshotId })}\n`)
