import { createHash } from 'node:crypto'
import { chmodSync, copyFileSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { NICKNAME_RECOVERY_MS } from '../../src/shared/nickname'
import { readTokenFile } from '../../src/main/accounts/user-token-file'
import { createHeadless, type HeadlessOptions } from '../../src/main/headless/headless'
import { nodeFiles } from '../../src/main/platform-node/files'
import type { FileSystem } from '../../src/main/ports'

/** The CLI's facade in this process (the CLI tests run the built CLI as a child process). */
let service: ReferenceService
const base = () => service.deployments.global.base_url
const accountOf = (username: string) => service.accounts.find((a) => a.username === username && a.deployment === 'global')!
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex')
const temp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix))

beforeAll(async () => {
  service = await startReferenceService({ testControls: true, dailyDownloadLimit: 1_000 })
})
afterEach(() => service.controls.resetFaults())
afterAll(async () => {
  await service?.close()
})

const headless = (username: string, options: Partial<HeadlessOptions> = {}) =>
  createHeadless({
    baseUrl: base(),
    tokenFromEnv: accountOf(username).user_token,
    language: 'en',
    version: 'test',
    dataDir: temp('cli-'),
    ...options
  })

describe('the CLI facade', () => {
  it('reads the account as the service has it', async () => {
    const cli = headless('alice')
    const profile = await cli.profile()
    expect(profile).toMatchObject({ uid: accountOf('alice').uid, username: 'alice' })
    expect((await cli.publicUser('alice')).username).toBe('alice')
    const recent = await cli.recent()
    expect(recent.data.length).toBeGreaterThan(0)
    expect(recent.skipped).toBe(0)
    const rank = await cli.rank()
    expect(rank.skipped).toBe(0)
    const info = await cli.saveInfo()
    expect(Date.parse(info!.updated_at)).toBeGreaterThan(0)
  })

  it('backs up the real save, spends nothing when it is unchanged, lists, verifies and compares', async () => {
    const cli = headless('alice')
    const dir = temp('cli-backups-')
    const first = await cli.backup({ dir, force: false, retention: null })
    expect(first.status).toBe('downloaded')
    expect(sha(first.path!)).toBe((await service.controls.saveFile('global', 'alice')).sha256)
    expect(await cli.backup({ dir, force: false, retention: null })).toMatchObject({ status: 'up-to-date', downloadsSpent: 0 })
    service.controls.advanceClock(60_000)
    service.controls.addPlays('global', 'alice', 3)
    service.controls.updateSave('global', 'alice')
    const second = await cli.backup({ dir, force: false, retention: null })
    expect(second).toMatchObject({ status: 'downloaded', reason: 'changed' })
    expect(sha(second.path!)).toBe((await service.controls.saveFile('global', 'alice')).sha256)
    const library = await cli.library(dir)
    expect(library.entries).toHaveLength(2)
    const verified = await cli.verify(dir)
    expect(verified.recorded).toBe(true)
    expect(verified.entries.map((e) => e.verifyStatus)).toEqual(['ok', 'ok'])
    const diff = await cli.diff(dir, null, null)
    expect(diff.from.id).toBe(library.entries[1]!.id)
    expect(diff.to.id).toBe(library.entries[0]!.id)
    await expect(cli.diff(dir, null, 'no-such-backup')).rejects.toMatchObject({ code: 'not_found' })
  })

  it('summary and diff take every form of <backup>: id, file name, manifest name, stem, latest and the path of its file', async () => {
    const cli = headless('alice')
    const dir = temp('cli-forms-')
    await cli.backup({ dir, force: false, retention: null })
    service.controls.advanceClock(60_000)
    service.controls.addPlays('global', 'alice', 2)
    service.controls.updateSave('global', 'alice')
    await cli.backup({ dir, force: false, retention: null })
    const [newest, older] = (await cli.library(dir)).entries
    const forms = (e: typeof newest) => {
      const stem = e!.id.split('/')[1]!
      return [e!.id, e!.file, `${stem}.manifest.json`, stem, e!.path!]
    }
    const summary = await cli.summary(dir, newest!.id)
    for (const ref of [...forms(newest), 'latest', null]) expect(await cli.summary(dir, ref), String(ref)).toEqual(summary)
    const diff = await cli.diff(dir, older!.id, newest!.id)
    expect(diff.to.id).toBe(newest!.id)
    for (const [k, from] of forms(older).entries()) expect(await cli.diff(dir, from, forms(newest)[k]!), String(from)).toEqual(diff)
    expect(await cli.diff(dir, null, 'latest')).toEqual(diff)
  })

  it('adds a save file without a manifest to the library under the same account', async () => {
    const cli = headless('alice')
    const dir = temp('cli-index-')
    const done = await cli.backup({ dir, force: false, retention: null })
    const folder = join(
      dir,
      readdirSync(dir).find((f) => !f.startsWith('.'))!
    )
    const name = `copied${done.path!.slice(done.path!.lastIndexOf('.'))}`
    copyFileSync(done.path!, join(folder, name))
    const { id } = await cli.index(dir, name)
    const entry = (await cli.library(dir)).entries.find((e) => e.id === id)!
    expect(entry.sha256).toBe(sha(done.path!))
  })

  it('keeps the same nickname bookkeeping as the app: a spent opportunity is remembered, a refusal for stamina is not', async () => {
    service.controls.setStamina('global', 'tired', 1)
    const dataDir = temp('cli-nick-')
    const cli = headless('tired', { dataDir })
    const changed = await cli.changeNickname('  Tired Two  ')
    expect(changed.nickname).toBe('Tired Two')
    const recorded = JSON.parse(readFileSync(join(dataDir, readdirSync(dataDir)[0]!), 'utf8')) as string[]
    expect(recorded).toHaveLength(1)
    expect(Date.parse(changed.nextRecovery!)).toBe(Date.parse(recorded[0]!) + NICKNAME_RECOVERY_MS)
    await expect(cli.changeNickname('Tired Three')).rejects.toMatchObject({ data: { serviceCode: 'StaminaNotEnough' } })
    expect(JSON.parse(readFileSync(join(dataDir, readdirSync(dataDir)[0]!), 'utf8'))).toEqual(recorded)
    expect(service.controls.stamina('global', 'tired').count).toBe(0)
  })

  it('a refused submission is forgotten even when the disk writes its record after the refusal came back', async () => {
    service.controls.setStamina('global', 'tired', 1)
    const dataDir = temp('cli-nick-slow-')
    // The first change's record lands at once; the second change's record is slower than the service's refusal.
    const delays = [0, 300]
    const files: FileSystem = {
      ...nodeFiles,
      writeAtomic: async (path, data, options) => {
        if (path.includes('nickname-')) await new Promise((r) => setTimeout(r, delays.shift() ?? 0))
        return nodeFiles.writeAtomic(path, data, options)
      }
    }
    const cli = headless('tired', { dataDir, files })
    await cli.changeNickname('Tired Four')
    const stored = () => JSON.parse(readFileSync(join(dataDir, readdirSync(dataDir)[0]!), 'utf8')) as string[]
    const recorded = stored()
    expect(recorded).toHaveLength(1)
    await expect(cli.changeNickname('Tired Five')).rejects.toMatchObject({ data: { serviceCode: 'StaminaNotEnough' } })
    expect(stored()).toEqual(recorded)
  })

  it('says what is missing when there is no credential or it is not a User Token', async () => {
    await expect(createHeadless({ baseUrl: base(), language: 'en', version: 'test' }).profile()).rejects.toMatchObject({
      code: 'not_signed_in',
      message: expect.stringMatching(/COMPANION_USER_TOKEN or pass --token-file/)
    })
    await expect(
      createHeadless({ baseUrl: base(), tokenFromEnv: 'not a token at all', language: 'en', version: 'test' }).profile()
    ).rejects.toMatchObject({
      code: 'credential_invalid'
    })
  })

  it('reports each request by host and path only', async () => {
    const lines: string[] = []
    const cli = headless('alice', { onRequest: (line) => lines.push(line) })
    await cli.backup({ dir: temp('cli-verbose-'), force: true, retention: null })
    expect(lines.some((l) => l.startsWith('GET 127.0.0.1') && l.includes('/v1/game/save/info → 200'))).toBe(true)
    const token = accountOf('alice').user_token.replace(/^Basic /, '')
    for (const line of lines) {
      expect(line).not.toContain(token)
      expect(line).not.toMatch(/sig=|expires=/)
    }
  })
})

describe('the token file', () => {
  const fileWith = (mode: number) => {
    const path = join(temp('token-'), 'token')
    writeFileSync(path, accountOf('alice').user_token)
    chmodSync(path, mode)
    return path
  }

  it.skipIf(process.platform === 'win32')('is read when it is private to this user', () => {
    expect(readTokenFile(fileWith(0o600))).toBe(accountOf('alice').user_token)
    expect(readTokenFile(fileWith(0o400))).toBe(accountOf('alice').user_token)
  })

  it.skipIf(process.platform === 'win32').each(['620', '602', '640', '604'])(
    'is refused with mode %s, with the fix in the message',
    (mode) => {
      const path = fileWith(parseInt(mode, 8))
      expect(() => readTokenFile(path)).toThrow(expect.objectContaining({ message: expect.stringContaining(`chmod 600 ${path}`) }))
    }
  )

  it.skipIf(process.platform === 'win32')('is refused when it is a symlink', () => {
    const target = fileWith(0o600)
    const link = join(temp('token-link-'), 'token')
    symlinkSync(target, link)
    expect(() => readTokenFile(link)).toThrow(expect.objectContaining({ message: expect.stringMatching(/symbolic link|symlink/i) }))
  })
})
