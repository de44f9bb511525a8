import { createHash } from 'node:crypto'
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { download } from '../../src/main/backups/download'
import { testCore } from '../support/core'
import { filesUnder } from '../support/files'

let service: ReferenceService
const tokenOf = (username: string) => service.accounts.find((a) => a.username === username && a.deployment === 'global')!.user_token

beforeAll(async () => {
  service = await startReferenceService({ testControls: true, dailyDownloadLimit: 100_000 })
})
afterAll(async () => {
  await service?.close()
})


/** Every file in the library with its hash: to prove a failed run changed nothing. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(filesUnder(dir).map((f) => [f, createHash('sha256').update(readFileSync(f)).digest('hex')]))
}

async function setup(username = 'alice') {
  const folder = mkdtempSync(join(tmpdir(), 'backups-'))
  const t = testCore({ localBaseUrl: service.deployments.global.base_url, deps: { tuning: { sleep: async () => {}, retryAfterMs: null } } })
  t.core.settings.update({ backupFolder: folder, retention: { keepLast: 1000, dailyForDays: 0, weeklyForWeeks: 0 } })
  const { account } = await t.core.auth.addUserToken('local', tokenOf(username))
  return { ...t, folder, id: account.id }
}

const urlsIssued = () => service.controls.counters('global').downloadUrlsIssued

describe('backup run', () => {
  it('downloads, verifies and files a backup with its manifest; a second run spends no download', async () => {
    const { core, id, folder } = await setup()
    const progress: number[] = []
    core.events.addSink((event, payload) => event === 'backup:progress' && progress.push((payload as { received: number }).received))
    const first = await core.backups.run(id)
    expect(first.status).toBe('downloaded')
    expect(first.entry).toMatchObject({ format: 'json', verifyStatus: 'ok', pinned: false })
    const file = readFileSync(first.entry!.path!)
    expect(createHash('sha256').update(file).digest('hex')).toBe(first.entry!.sha256)
    expect(first.entry!.size).toBe(file.length)
    expect(first.entry!.path).toMatch(/_local_alice\.json$/)
    expect(progress.at(-1)).toBe(file.length)
    const before = urlsIssued()
    const second = await core.backups.run(id)
    expect(second.status).toBe('up-to-date')
    expect(urlsIssued()).toBe(before)
    expect(filesUnder(folder).filter((f) => f.endsWith('.part'))).toEqual([])
  })

  it('detects SQLite saves, and a forced run of unchanged content keeps one file with two manifests', async () => {
    const { core, id, folder } = await setup('night owl/夜猫')
    const first = await core.backups.run(id)
    expect(first.entry?.format).toBe('sqlite')
    const forced = await core.backups.run(id, { force: true })
    expect(forced.status).toBe('duplicate')
    expect(forced.entry?.path).toBe(first.entry?.path)
    expect(filesUnder(folder).filter((f) => f.endsWith('.sqlite'))).toHaveLength(1)
    const summary = await core.handlers['backups:summary'](forced.entry!.id)
    expect(summary).toMatchObject({ format: 'sqlite', username: 'night owl/夜猫' })
    expect(summary.records).toBeGreaterThan(50)
  })

  it('downloads again when the cloud save changed, and summarizes and backfills a backup', async () => {
    const { core, id } = await setup('tired')
    await core.backups.run(id)
    service.controls.advanceClock(1000)
    service.controls.updateSave('global', 'tired')
    const second = await core.backups.run(id)
    expect(second.status).toBe('downloaded')
    expect((await core.backups.list(id)).length).toBe(2)
    await core.sync.sync(id)
    const summary = await core.handlers['backups:summary'](second.entry!.id)
    expect(summary.reality).toBeGreaterThan(0)
    expect(summary.best[0]!.title).toEqual(expect.any(String))
    const { added } = await core.handlers['backups:backfill'](second.entry!.id)
    expect(added).toBeGreaterThan(0)
  })

  it('only one run at a time', async () => {
    const { core, id } = await setup()
    service.controls.setLatency(300)
    try {
      const first = core.backups.run(id)
      await expect(core.backups.run(id)).rejects.toMatchObject({ code: 'busy' })
      await first
    } finally {
      service.controls.setLatency(0)
    }
  })

  it('a cancelled run leaves nothing behind', async () => {
    const { core, id, folder } = await setup('bench')
    const run = core.backups.run(id)
    core.events.addSink((event, p) => event === 'backup:progress' && (p as { stage: string }).stage === 'downloading' && core.backups.cancel())
    await expect(run).rejects.toMatchObject({ code: 'cancelled' })
    expect(filesUnder(folder)).toEqual([])
  })
})

describe('never lose data: faults during download', () => {
  async function faulty(inject: () => void) {
    const ctx = await setup()
    const good = await ctx.core.backups.run(ctx.id)
    const before = snapshot(ctx.folder)
    service.controls.advanceClock(1000)
    service.controls.updateSave('global', 'alice')
    inject()
    const outcome = await ctx.core.backups.run(ctx.id).then((r) => ({ ok: true as const, r }), (e: { code: string; message: string }) => ({ ok: false as const, e }))
    service.controls.resetFaults()
    const after = snapshot(ctx.folder)
    for (const [path, hash] of Object.entries(before)) if (!path.endsWith('.manifest.json')) expect(after[path]).toBe(hash)
    expect(Object.keys(after).filter((f) => f.endsWith('.part') || f.endsWith('.tmp'))).toEqual([])
    expect(readFileSync(good.entry!.path!).length).toBe(good.entry!.size)
    return { ...ctx, outcome }
  }

  it('resumes after a cut at a random byte, with a Range request', async () => {
    const { outcome, core, id } = await faulty(() => service.controls.cutNextDownload(1 + Math.floor(Math.random() * 30_000)))
    expect(outcome.ok).toBe(true)
    expect((await core.backups.verifyAll(id)).every((e) => e.verifyStatus === 'ok')).toBe(true)
  })

  it('retries 5xx from the file server', async () => {
    const { outcome } = await faulty(() => service.controls.failNext(2, 'html', 'file'))
    expect(outcome.ok).toBe(true)
  })

  it('gets a fresh URL when the signed URL expired mid-download, and resumes', async () => {
    const { outcome } = await faulty(() => {
      service.controls.cutNextDownload(5_000)
      setTimeout(() => service.controls.expireSignedUrls(), 0)
    })
    expect(outcome.ok).toBe(true)
  })

  it('completes a body shorter than announced by resuming', async () => {
    const { outcome } = await faulty(() => service.controls.wrongLengthNext(-500))
    expect(outcome.ok).toBe(true)
  })

  it('refuses a body longer than announced, keeping nothing', async () => {
    const { outcome } = await faulty(() => service.controls.wrongLengthNext(300, 10))
    expect(outcome).toMatchObject({ ok: false, e: { code: 'unexpected_response', message: expect.stringMatching(/more than the announced/) } })
  })

  it('gives up after bounded retries with a clear error', async () => {
    const { outcome } = await faulty(() => service.controls.cutNextDownload(100, 50))
    expect(outcome).toMatchObject({ ok: false, e: { code: expect.stringMatching(/network|unexpected_response/), message: expect.stringMatching(/Nothing was saved/) } })
  })

  it('reports an unwritable backup folder without downloading', async () => {
    const ctx = await setup()
    const blocked = join(ctx.folder, 'blocked')
    writeFileSync(blocked, 'a file, not a folder')
    ctx.core.settings.update({ backupFolder: join(blocked, 'inside') })
    const before = urlsIssued()
    await expect(ctx.core.backups.run(ctx.id)).rejects.toMatchObject({ code: 'io', message: expect.stringMatching(/cannot be written/) })
    expect(urlsIssued()).toBe(before)
  })

  it('reports a backup folder removed mid-download', async () => {
    const ctx = await setup('bench')
    const run = ctx.core.backups.run(ctx.id)
    let removed = false
    ctx.core.events.addSink((event, p) => {
      if (!removed && event === 'backup:progress' && (p as { stage: string }).stage === 'downloading') {
        removed = true
        rmSync(ctx.folder, { recursive: true, force: true })
      }
    })
    await expect(run).rejects.toMatchObject({ code: 'io' })
  })

  it('reports a full disk (writes to /dev/full) as an I/O error', async () => {
    if (process.platform !== 'linux') return
    const url = String((await (await fetch(`${service.deployments.global.base_url}/v1/game/save`, { headers: { authorization: tokenOf('alice') } })).json() as { data: { file_url: string } }).data.file_url)
    await expect(download({ freshUrl: async () => url, partPath: '/dev/full', sleep: async () => {} })).rejects.toMatchObject({ code: 'io', message: expect.stringMatching(/disk is full/) })
  })

  it('removes .part files left by a run the app never finished (quit mid-download)', async () => {
    const ctx = await setup()
    await ctx.core.backups.run(ctx.id)
    const dir = ctx.core.backups.library().accountDir(ctx.core.backups.folderOf(ctx.core.registry.get(ctx.id)!))
    writeFileSync(join(dir, '.2026-01-01T00-00-00Z_local_alice.abcd.part'), 'half a save')
    await ctx.core.backups.cleanupPartials()
    expect(readdirSync(dir).filter((n) => n.endsWith('.part'))).toEqual([])
  })

  it('survives 100 randomized faulty downloads, then the whole library verifies', async () => {
    const ctx = await setup()
    let seed = 42
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
    let failures = 0
    for (let i = 0; i < 100; i++) {
      if (random() < 0.5) {
        service.controls.advanceClock(1000)
        service.controls.updateSave('global', 'alice')
      }
      const fault = Math.floor(random() * 6)
      if (fault === 0) service.controls.cutNextDownload(1 + Math.floor(random() * 40_000), 1 + Math.floor(random() * 3))
      if (fault === 1) service.controls.failNext(1 + Math.floor(random() * 3), 'html', 'file')
      if (fault === 2) service.controls.wrongLengthNext(-1 - Math.floor(random() * 1000))
      if (fault === 3) service.controls.wrongLengthNext(1 + Math.floor(random() * 100), 10)
      if (fault === 4) service.controls.expireSignedUrls()
      await ctx.core.backups.run(ctx.id, { force: random() < 0.3 }).catch(() => failures++)
      service.controls.resetFaults()
    }
    const entries = await ctx.core.backups.verifyAll(ctx.id)
    expect(entries.length).toBeGreaterThan(10)
    expect(entries.filter((e) => e.verifyStatus !== 'ok')).toEqual([])
    expect(filesUnder(ctx.folder).filter((f) => f.endsWith('.part') || f.endsWith('.tmp'))).toEqual([])
    expect(failures).toBeLessThan(100)
  })
})

describe('automatic backup', () => {
  it('backs up only when the cloud save changed, and notifies new backups and failures', async () => {
    const notes: string[] = []
    const folder = mkdtempSync(join(tmpdir(), 'auto-'))
    const t = testCore({ localBaseUrl: service.deployments.global.base_url, deps: { desktop: { notify: (title: string) => notes.push(title) }, tuning: { sleep: async () => {}, retryAfterMs: null } } })
    t.core.settings.update({ backupFolder: folder })
    const { account } = await t.core.auth.addUserToken('local', tokenOf('alice'))
    expect(await t.core.autoBackup.runOnce()).toEqual({})
    t.core.settings.update({ autoBackup: { enabled: true, everyHours: 6 } })
    const first = await t.core.autoBackup.runOnce()
    expect(first[account.id]).toMatchObject({ status: expect.stringMatching(/downloaded|duplicate/) })
    const before = urlsIssued()
    expect(await t.core.autoBackup.runOnce()).toMatchObject({ [account.id]: { status: 'up-to-date' } })
    expect(urlsIssued()).toBe(before)
    expect(notes).toEqual(['Backup saved'])
    t.core.settings.update({ backupFolder: join(folder, 'missing', '\u0000bad') })
    await t.core.autoBackup.runOnce()
    expect(notes.at(-1)).toBe('Backup failed')
  })
})

describe('library', () => {
  it('pins, notes, exports, deletes (pinned only with confirmation) and verifies a damaged file', async () => {
    const ctx = await setup('xiaoming' as string).catch(() => setup())
    const { core, id } = ctx
    const run = await core.backups.run(id)
    const entryId = run.entry!.id
    expect((await core.backups.library().pin(entryId, true)).pinned).toBe(true)
    expect((await core.backups.library().note(entryId, 'before the update')).note).toBe('before the update')
    await expect(core.backups.library().delete(entryId, false)).rejects.toMatchObject({ code: 'invalid_input' })
    const dest = join(ctx.folder, 'exported.json')
    await core.backups.library().exportTo(entryId, dest)
    expect(readFileSync(dest)).toEqual(readFileSync(run.entry!.path!))
    chmodSync(run.entry!.path!, 0o644)
    writeFileSync(run.entry!.path!, 'tampered')
    expect((await core.backups.library().verify(entryId, Date.now())).verifyStatus).toBe('mismatch')
    rmSync(run.entry!.path!)
    expect((await core.backups.library().verify(entryId, Date.now())).verifyStatus).toBe('missing')
    await core.backups.library().delete(entryId, true)
    expect(await core.backups.list(id)).toEqual([])
  })

  it('retention keeps the last N plus daily and weekly ones, never pinned, and previews before removing', async () => {
    const ctx = await setup()
    const dir = join(ctx.folder, 'x')
    mkdirSync(dir)
    const lib = ctx.core.backups.library()
    const now = Date.parse('2026-11-22T12:00:00Z')
    const entries = Array.from({ length: 60 }, (_, i) => ({ id: `x/b${i}`, backedUpAt: new Date(now - i * 12 * 3_600_000).toISOString(), pinned: i === 59 })) as never[]
    const doomed = lib.plan(entries, { keepLast: 3, dailyForDays: 7, weeklyForWeeks: 4 }, now) as { id: string }[]
    const kept = (entries as { id: string }[]).filter((e) => !doomed.some((d) => d.id === e.id)).map((e) => e.id)
    expect(kept.slice(0, 3)).toEqual(['x/b0', 'x/b1', 'x/b2'])
    expect(kept).toContain('x/b59')
    expect(kept.length).toBeGreaterThan(7)
    expect(kept.length).toBeLessThan(16)
  })
})
