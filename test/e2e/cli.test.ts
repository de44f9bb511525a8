import { spawn } from 'node:child_process'
import { chmodSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'

let service: ReferenceService
const tokenOf = (username: string) => service.accounts.find((a) => a.username === username && a.deployment === 'global')!.user_token
const seen: string[] = []

beforeAll(async () => {
  service = await startReferenceService({ testControls: true })
})
afterAll(async () => {
  await service?.close()
})

/** Runs the built CLI; everything it prints is kept for the final secret scan. */
function cli(args: string[], env: Record<string, string | undefined> = {}): Promise<{ code: number; stdout: string; stderr: string; json: unknown }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['out/cli/index.js', '--base-url', service.deployments.global.base_url, ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, COMPANION_USER_TOKEN: tokenOf('alice'), ...env },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      seen.push(stdout, stderr)
      let json: unknown = null
      try {
        json = JSON.parse(stdout)
      } catch {
        // not JSON output
      }
      resolve({ code: code ?? -1, stdout, stderr, json })
    })
  })
}

describe('companion CLI (built, as a child process, against the reference service)', () => {
  it('profile: the service data with its field names, as one JSON document', async () => {
    const r = await cli(['profile', '--json'])
    expect(r.code).toBe(0)
    expect(r.json).toMatchObject({ uid: '10000001', username: 'alice', email: 'alice@example.test' })
    expect(r.stdout.trim().split('\n')).toHaveLength(1)
    const human = await cli(['profile'])
    expect(human.stdout).toMatch(/username\s+alice/)
  })

  it('user: a public profile without credentials, identity encoded as one segment', async () => {
    const r = await cli(['user', 'night owl/夜猫', '--json'], { COMPANION_USER_TOKEN: undefined })
    expect(r.code).toBe(0)
    expect(r.json).toEqual({ username: 'night owl/夜猫', nickname: expect.any(String), avatar: expect.any(String) })
  })

  it('recent and rank', async () => {
    const recent = await cli(['recent', '--json'])
    expect((recent.json as { data: unknown[] }).data).toHaveLength(20)
    const rank = await cli(['rank', '--json'])
    expect(rank.json).toMatchObject({ touch_reality: expect.any(Number), keyboard_reality: expect.any(Number), touch_ranks: expect.any(Array) })
    expect((await cli(['rank'])).stdout).toMatch(/Touch Reality \d+\.\d{4}/)
  })

  it('save info spends no download', async () => {
    const before = service.controls.counters('global').downloadUrlsIssued
    const r = await cli(['save', 'info', '--json'])
    expect(r.json).toMatchObject({ updated_at: expect.any(String), size: expect.any(Number) })
    expect(service.controls.counters('global').downloadUrlsIssued).toBe(before)
  })

  it('backup: downloads, then "up-to-date" without spending a download; --force downloads; list and verify', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-backups-'))
    const env = { COMPANION_USER_TOKEN: tokenOf('night owl/夜猫') }
    const first = await cli(['backup', '--dir', dir, '--json'], env)
    expect(first.code).toBe(0)
    expect(first.json).toEqual({ status: 'downloaded', file: expect.stringContaining(dir), sha256: expect.stringMatching(/^[0-9a-f]{64}$/), size: expect.any(Number), format: 'sqlite' })
    const before = service.controls.counters('global').downloadUrlsIssued
    const second = await cli(['backup', '--dir', dir, '--json'], env)
    expect(second.json).toMatchObject({ status: 'up-to-date' })
    expect(service.controls.counters('global').downloadUrlsIssued).toBe(before)
    expect((await cli(['backup', '--dir', dir, '--force', '--json'], env)).json).toMatchObject({ status: 'downloaded' })
    const list = await cli(['backups', 'list', '--dir', dir, '--json'], env)
    expect(list.json).toHaveLength(2)
    const verify = await cli(['backups', 'verify', '--dir', dir, '--json'], env)
    expect(verify.code).toBe(0)
    expect((verify.json as { state: string }[]).map((e) => e.state)).toEqual(['ok', 'ok'])
    const folder = readdirSync(dir)[0]!
    const file = readdirSync(join(dir, folder)).find((f) => f.endsWith('.sqlite'))!
    writeFileSync(join(dir, folder, file), 'damaged')
    const damaged = await cli(['backups', 'verify', '--dir', dir, '--json'], env)
    expect(damaged.code).toBe(5)
    expect((damaged.json as { state: string }[]).map((e) => e.state)).toEqual(['mismatch', 'mismatch'])
  })

  it('nickname refuses without --yes (usage, exit 2) and changes it with --yes', async () => {
    service.controls.setStamina('global', 'alice', 2)
    const refused = await cli(['nickname', 'Scripted'])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/uses one nickname change opportunity/)
    expect(service.controls.stamina('global', 'alice').count).toBe(2)
    const done = await cli(['nickname', 'Scripted', '--yes', '--json'])
    expect(done.code).toBe(0)
    expect(done.json).toMatchObject({ nickname: 'Scripted' })
  })

  it.each([
    ['a missing token', ['profile', '--json'], { COMPANION_USER_TOKEN: undefined }, 3],
    ['a wrong token', ['profile', '--json'], { COMPANION_USER_TOKEN: 'Basic ' + Buffer.from('nope:nope-nope').toString('base64') }, 3],
    ['a usage error', ['frobnicate'], {}, 2],
    ['an unknown option', ['profile', '--colour'], {}, 2],
    ['a service error', ['user', 'nobody-at-all', '--json'], {}, 1]
  ])('exits with the documented code for %s', async (_, args, env, code) => {
    const r = await cli(args as string[], env as Record<string, string | undefined>)
    expect(r.code).toBe(code)
    expect(r.stderr.trim().split('\n').length).toBeGreaterThanOrEqual(1)
    if ((args as string[]).includes('--json')) expect(r.json).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } })
  })

  it('exit 3 for a token lacking a scope', async () => {
    const r = await cli(['save', 'info', '--json'], { COMPANION_USER_TOKEN: service.controls.createUserToken('global', 'alice', ['profile']) })
    expect(r.code).toBe(3)
    expect(r.json).toMatchObject({ error: { code: 'InsufficientScopeError', status: 403 } })
  })

  it('exit 4 when the service is down, 5 when the backup folder cannot be written', async () => {
    const down = await cli(['--base-url', 'http://127.0.0.1:9/global/api', 'profile', '--json'])
    expect(down.code).toBe(4)
    const blocked = join(mkdtempSync(join(tmpdir(), 'cli-')), 'file')
    writeFileSync(blocked, 'x')
    const io = await cli(['backup', '--dir', join(blocked, 'sub'), '--json'])
    expect(io.code).toBe(5)
  })

  it('reads --token-file, refusing one that other users can read', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cli-token-')), 'token')
    writeFileSync(file, tokenOf('alice'))
    chmodSync(file, 0o644)
    const open = await cli(['--token-file', file, 'profile'], { COMPANION_USER_TOKEN: undefined })
    expect(open.code).toBe(3)
    expect(open.stderr).toMatch(/readable by other users/)
    chmodSync(file, 0o600)
    expect((await cli(['--token-file', file, 'profile', '--json'], { COMPANION_USER_TOKEN: undefined })).code).toBe(0)
  })

  it('sends --lang as Accept-Language', async () => {
    const r = await cli(['--lang', 'zh-CN', 'user', 'nobody-at-all'])
    expect(r.stderr).toMatch(/用户不存在/)
  })

  it('never prints a token or a signed URL, even with --verbose', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-verbose-'))
    const r = await cli(['--verbose', 'backup', '--dir', dir, '--force'])
    expect(r.stderr).toMatch(/GET 127\.0\.0\.1:\d+\/files\/save\//)
    const everything = seen.join('\n')
    for (const account of service.accounts) expect(everything).not.toContain(account.user_token.replace(/^Basic /, ''))
    expect(everything).not.toMatch(/sig=/)
  })
})
