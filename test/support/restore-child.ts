// A restore run in a process of its own, for the test that kills it at each step:
//   node --import tsx test/support/restore-child.ts <work> <backupId> <gameFolder>
// With RESTORE_PAUSE_AT=<step>, it prints "paused <step>" when that step starts and waits there to be killed.
// With RESTORE_FAIL_READ_BACK=1, the first read of saves.db after it was replaced finds it damaged (the put-back runs).
import { join } from 'node:path'
import { nodeFiles } from '../../src/main/platform-node/files'
import type { FileSystem } from '../../src/main/ports'
import { losingNextRead, restoreFixture, request } from './restore'

const [work, backupId, gameFolder] = process.argv.slice(2) as [string, string, string]
const pauseAt = process.env.RESTORE_PAUSE_AT
let replaced = false
const files: FileSystem = losingNextRead(
  {
    ...nodeFiles,
    rename: async (from, to) => {
      await nodeFiles.rename(from, to)
      replaced ||= to === join(gameFolder, 'saves.db')
    }
  },
  join(gameFolder, 'saves.db'),
  () => Boolean(process.env.RESTORE_FAIL_READ_BACK) && replaced
)
const { restore } = restoreFixture(
  work,
  { platform: 'linux', home: join(work, 'home'), env: {} },
  {
    files,
    onStep: async (step) => {
      if (step !== pauseAt) return
      process.stdout.write(`paused ${step}\n`)
      await new Promise(() => setInterval(() => {}, 1000))
    }
  }
)
const report = await restore.apply(await restore.plan(request(backupId, { gameFolder, withPlays: true, allowDowngrade: true })))
process.stdout.write(`${JSON.stringify({ status: report.status, snapshotId: report.snapshotId })}\n`)
