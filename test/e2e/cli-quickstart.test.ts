// The CLI as the quick start leaves it: built by `npm run build` (or `npm run build:cli`), run as
// `node out/cli/index.js`, `npx companion` from the project folder or `companion` after `npm link`;
// `rank` and `recent` print Reality as the game does and times as the app does, `--exact` as the
// service sends them, and `--json` stays the same document whatever the human output does.
import { execFile } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { runCli, type CliRun } from '../support/cli-run'

const run = promisify(execFile)
let service: ReferenceService
const work = mkdtempSync(join(tmpdir(), 'cli-quickstart-'))
beforeAll(async () => {
  service = await startReferenceService({ testControls: true })
})
afterAll(async () => {
  await service?.close()
  rmSync(work, { recursive: true, force: true })
})

/** A time zone far from UTC, so a local time can never pass for a UTC one. */
const TZ = 'Asia/Tokyo'
const token = () => service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!.user_token
const cli = (args: string[]): Promise<CliRun> =>
  runCli(
    ['--base-url', service.deployments.global.base_url, '--data-dir', join(work, 'data'), ...args],
    { PATH: process.env.PATH, HOME: work, TZ, COMPANION_USER_TOKEN: token() },
    30_000
  )

/** Cut, never rounded, to 2 decimals, on the decimal digits (written here apart from the app's helper). */
const cut2 = (value: number) => {
  const [whole, fraction = ''] = value.toFixed(8).split('.')
  return `${whole}.${fraction.slice(0, 2)}`
}
const localTime = (iso: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: TZ }).format(new Date(iso))

interface Rank {
  touch_reality: number
  keyboard_reality: number
  touch_ranks: { reality: number; played_at: string; chart_id: string }[]
}

describe('the CLI from the quick start', () => {
  it('--help works from the build, through the launcher, npx and npm link; an unbuilt launcher says how to build', async () => {
    const direct = await runCli(['--help'], { PATH: process.env.PATH, HOME: work }, 30_000)
    expect(direct.code).toBe(0)
    expect(direct.stdout).toMatch(/Usage: companion/)
    expect(direct.stdout).toMatch(/rank \[options\]/)
    // npx runs the project's own bin (package.json "bin"), nothing fetched.
    const npx = await run('npm', ['exec', '--no', '--offline', '--', 'companion', '--help'], { cwd: resolve('.'), env: process.env })
    expect(npx.stdout).toBe(direct.stdout)
    // npm link, into a prefix of its own (not the machine's global one).
    const prefix = join(work, 'prefix')
    await run('npm', ['link', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
      cwd: resolve('.'),
      env: { ...process.env, npm_config_prefix: prefix }
    })
    const linked = await run(join(prefix, 'bin', 'companion'), ['--help'], { env: process.env })
    expect(linked.stdout).toBe(direct.stdout)
    // The launcher where nothing was built yet: a sentence that says what to run, not MODULE_NOT_FOUND.
    mkdirSync(join(work, 'fresh', 'bin'), { recursive: true })
    for (const file of ['companion.js', 'check-node.cjs']) copyFileSync(join('bin', file), join(work, 'fresh', 'bin', file))
    const unbuilt = await run(process.execPath, [join(work, 'fresh', 'bin', 'companion.js'), '--help']).catch(
      (e: { code: number; stderr: string }) => e
    )
    expect(unbuilt).toMatchObject({ code: 1, stderr: expect.stringContaining('npm run build:cli') })
    expect(String((unbuilt as { stderr: string }).stderr)).not.toMatch(/MODULE_NOT_FOUND/)
  })

  it('rank: Reality cut to 2 decimals and local times by default; --exact: 4 decimals and UTC', async () => {
    const json = (await cli(['rank', '--json'])).json as Rank
    const human = await cli(['rank'])
    expect(human.code).toBe(0)
    const lines = human.stdout.split('\n')
    expect(lines[0]).toBe(`Touch Reality ${cut2(json.touch_reality)}`)
    expect(human.stdout).toContain(`Keyboard Reality ${cut2(json.keyboard_reality)}`)
    // The first row of the touch table: the service's first record, its time local and its Reality cut.
    const first = json.touch_ranks[0]!
    expect(lines[2]!.startsWith(localTime(first.played_at))).toBe(true)
    expect(lines[2]).toMatch(new RegExp(`\\s${cut2(first.reality).replace('.', '\\.')}\\s`))
    expect(human.stdout).not.toMatch(/\d{4}-\d\d-\d\dT/)

    const exact = await cli(['rank', '--exact'])
    const exactLines = exact.stdout.split('\n')
    expect(exactLines[0]).toBe(`Touch Reality ${json.touch_reality.toFixed(4)}`)
    expect(exactLines[2]!.startsWith(new Date(first.played_at).toISOString())).toBe(true)
    expect(exactLines[2]).toMatch(new RegExp(`\\s${first.reality.toFixed(4).replace('.', '\\.')}\\s`))
  })

  it('recent: the same, and --json is the same document with or without --exact, the service values untouched', async () => {
    const plain = await cli(['recent', '--json'])
    const exact = await cli(['recent', '--json', '--exact'])
    expect(exact.stdout).toBe(plain.stdout)
    const records = (plain.json as { data: { played_at: string; reality: number }[] }).data
    // The service's own answer, fetched here without the app.
    const response = await fetch(`${service.deployments.global.base_url}/v1/user/alice/recent`, { headers: { authorization: token() } })
    const served = ((await response.json()) as { data: { data: { played_at: string; reality: number }[] } }).data.data
    expect(records.map((r) => [r.played_at, r.reality])).toEqual(served.map((r) => [r.played_at, r.reality]))
    const human = (await cli(['recent'])).stdout.split('\n')
    expect(human[1]!.startsWith(localTime(records[0]!.played_at))).toBe(true)
    expect(human[1]).toMatch(new RegExp(`\\s${cut2(records[0]!.reality).replace('.', '\\.')}\\s`))
    const rankJson = await cli(['rank', '--json'])
    expect((await cli(['rank', '--json', '--exact'])).stdout).toBe(rankJson.stdout)
  })

  it('charts status names a command that runs from the project folder', async () => {
    const r = await cli(['charts', 'status'])
    expect(r.stdout).toContain('Run: npx companion charts update')
  })
})
