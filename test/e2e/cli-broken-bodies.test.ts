// The built CLI against a file server that breaks the body and closes the connection (issue #39):
// `companion backup --force` used to die about one run in three on undici's `assert(!this.paused)`.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { BrokenBody } from '../../reference-service/src/context'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { runCli, type CliRun } from '../support/cli-run'
import { filesUnder } from '../support/files'

let service: ReferenceService
const dataDir = mkdtempSync(join(tmpdir(), 'cli-broken-data-'))

beforeAll(async () => {
  service = await startReferenceService({ testControls: true, dailyDownloadLimit: 100_000 })
})
afterEach(() => service.controls.resetFaults())
afterAll(async () => {
  await service?.close()
})

// The bug died about one run in three: twelve runs find it 99 times in 100.
const RUNS = 12
/** All runs at once: a run that retries waits about 16 s between its attempts, doing nothing. */
const AT_ONCE = 12

function backup(): Promise<CliRun & { dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'cli-broken-'))
  const token = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!.user_token
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, COMPANION_USER_TOKEN: token }
  const args = ['--base-url', service.deployments.global.base_url, '--data-dir', dataDir, 'backup', '--force', '--dir', dir, '--json']
  return runCli(args, env, 90_000).then((run) => ({ ...run, dir }))
}

/** What each broken body must end in: the documented exit code, the error's code and the words the player reads. */
const EXPECTED: Record<BrokenBody, { exit: number; code: string; message: RegExp }> = {
  'fake-gzip': { exit: 1, code: 'unexpected_response', message: /damaged compressed save/ },
  'short-plain': { exit: 4, code: 'network', message: /kept failing/ },
  'cut-chunked': { exit: 4, code: 'network', message: /kept failing/ },
  'short-gzip': { exit: 4, code: 'network', message: /kept failing/ }
}

describe('companion backup --force against a file server that breaks the body, then closes the connection', () => {
  for (const kind of Object.keys(EXPECTED) as BrokenBody[]) {
    it(`${kind}: ${RUNS} runs, each ends with its typed error and exit code; no stack trace, no save kept`, async () => {
      service.controls.brokenBody(kind)
      const runs: (CliRun & { dir: string })[] = []
      for (let i = 0; i < RUNS; i += AT_ONCE) runs.push(...(await Promise.all(Array.from({ length: AT_ONCE }, backup))))
      const died = runs.filter((run) => /\n\s+at |Error \[|uncaught/i.test(run.stderr) || run.json === null)
      expect(`${died.length} of ${RUNS} runs died`, died[0]?.stderr).toBe(`0 of ${RUNS} runs died`)
      const { exit, code, message } = EXPECTED[kind]
      for (const run of runs) {
        expect(run.code).toBe(exit)
        expect(run.json).toMatchObject({ error: { code, message: expect.stringMatching(message) } })
        expect(run.stderr.trim().split('\n')).toHaveLength(1)
        expect(filesUnder(run.dir).filter((f) => !/\.part(\.json)?$/.test(f))).toEqual([])
      }
    }, 240_000)
  }
})
