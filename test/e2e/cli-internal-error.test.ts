// The CLI's last line of defence (issue #39): a failure the code did not expect never shows a stack
// trace. One line on stderr, the stack in the log, exit 70. The fault is planted with
// COMPANION_PLANT_INTERNAL_ERROR (docs/robustness.md), which only makes the command fail.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { runCli } from '../support/cli-run'

let service: ReferenceService
beforeAll(async () => {
  service = await startReferenceService({ testControls: true })
})
afterAll(async () => {
  await service?.close()
})

const LINE = /^companion: internal error \((.+)\); nothing was changed; please report it with the log at (.+)\n$/
const STACK = /\n\s+at |\bat .+:\d+:\d+/

async function planted(kind: string, args: string[], dataDir = mkdtempSync(join(tmpdir(), 'cli-internal-'))) {
  const token = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!.user_token
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, COMPANION_USER_TOKEN: token, COMPANION_PLANT_INTERNAL_ERROR: kind }
  const run = await runCli(['--base-url', service.deployments.global.base_url, '--data-dir', dataDir, ...args], env, 30_000)
  return { ...run, dataDir }
}

describe('an internal error in a command', () => {
  it('uncaught, thrown outside the command: exit 70, one line, the stack in the log, no stack on screen', async () => {
    const run = await planted('uncaught', ['profile'])
    expect(run.code).toBe(70)
    expect(run.stdout).toBe('')
    const [, what, log] = LINE.exec(run.stderr) ?? []
    expect(what).toBe("TypeError: planted fault: Cannot read properties of undefined (reading 'uid')")
    expect(log).toBe(join(run.dataDir, 'logs', 'cli.log'))
    expect(run.stderr).not.toMatch(STACK)
    const logged = readFileSync(log!, 'utf8')
    expect(logged).toMatch(/uncaught exception\ncommand: companion --base-url \S+ --data-dir \S+ profile\nTypeError: planted fault/)
    expect(logged).toMatch(/\n\s+at .+internal-error|\n\s+at .+index\.js/)
  })

  it('--json: exactly one document with code "internal"; the log path in it', async () => {
    const run = await planted('rejection', ['--json', 'recent'])
    expect(run.code).toBe(70)
    expect(run.stdout.trim().split('\n')).toHaveLength(1)
    expect(run.json).toEqual({
      error: {
        code: 'internal',
        status: null,
        message: expect.stringMatching(/^internal error \(RangeError: planted fault: an unhandled rejection\); nothing was changed; /),
        log: join(run.dataDir, 'logs', 'cli.log')
      }
    })
    expect(run.stdout + run.stderr).not.toMatch(STACK)
    const logged = readFileSync(join(run.dataDir, 'logs', 'cli.log'), 'utf8')
    expect(logged).toMatch(/unhandled rejection[\s\S]*RangeError: planted fault[\s\S]*\n\s+at /)
  })

  it('a command that throws something that is not an AppError maps to the same, not to exit 1 with a bare message', async () => {
    const run = await planted('action', ['save', 'info'])
    expect(run.code).toBe(70)
    expect(run.stderr).toMatch(LINE)
    expect(run.stderr).toMatch(/TypeError: planted fault: a command threw something that is not an AppError/)
    expect(run.stderr).not.toMatch(STACK)
  })

  it('the log is redacted, and goes to the temp folder when the data folder cannot be written', async () => {
    const notAFolder = join(mkdtempSync(join(tmpdir(), 'cli-internal-')), 'file')
    writeFileSync(notAFolder, 'x')
    const run = await planted('action', ['user', 'name?sig=SIGNATURESECRET123'], notAFolder)
    expect(run.code).toBe(70)
    const log = LINE.exec(run.stderr)?.[2]
    expect(log).toBe(join(tmpdir(), 'game-account-companion-cli.log'))
    expect(existsSync(log!)).toBe(true)
    const logged = readFileSync(log!, 'utf8')
    expect(logged).toContain('sig=[redacted]')
    expect(logged).not.toContain('SIGNATURESECRET123')
  })

  it('without the planted fault, the same command answers as usual (exit 0)', async () => {
    const run = await planted('', ['profile', '--json'])
    expect(run.code).toBe(0)
    expect(run.json).toMatchObject({ username: 'alice' })
  })
})
