import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import type { BackupResult, Manifest } from '../../src/shared/backups'
import type { AccountData } from '../../src/shared/data'
import type { EventChannel } from '../../src/shared/ipc/contract'
import { createHeadless } from '../../src/main/headless/headless'
import { loadSqlJs } from '../../src/main/platform-node/sqljs'
import { BackupLibrary, localFolderName } from '../../src/main/backups/library'
import { DEFAULT_LIMITS } from '../../src/main/backups/download'
import { nodeFiles } from '../../src/main/platform-node/files'
import type { FileSystem } from '../../src/main/ports'
import { addUserToken, bridge, testCore } from '../support/core'
import { faultyFiles } from '../support/faulty-files'
import { filesUnder } from '../support/files'

let service: ReferenceService
const tokenOf = (username: string, d: 'global' | 'china' = 'global') =>
  service.accounts.find((a) => a.username === username && a.deployment === d)!.user_token
const base = () => service.deployments.global.base_url
const LARGE = 6 * 1024 * 1024

beforeAll(async () => {
  service = await startReferenceService({ testControls: true, dailyDownloadLimit: 100_000, largeSaveBytes: LARGE })
  process.env.COMPANION_LOCAL_BASE_URL = base()
})
// A test that fails halfway must not leave its faults (a throttle, a stall) to the next one.
afterEach(() => service.controls.resetFaults())
afterAll(async () => {
  delete process.env.COMPANION_LOCAL_BASE_URL
  await service?.close()
})

/** Deadlines short enough for tests, long enough for a loopback download. */
const FAST = {
  connectTimeoutMs: 2_000,
  headersTimeoutMs: 700,
  idleTimeoutMs: 700,
  overallBaseMs: 20_000,
  minBytesPerSecond: 64 * 1024,
  lowSpeed: { bytesPerSecond: 4096, windowMs: 1_500 }
}

/** Resolves once a run reports it is downloading (bounded: fails after 20 s). */
const downloading = (events: { event: string; payload: unknown }[]) =>
  expect
    .poll(() => events.some((e) => e.event === 'backups:progress' && (e.payload as { stage: string }).stage === 'downloading'), {
      timeout: 20_000,
      interval: 5
    })
    .toBe(true)

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex')
/** Every file in the library with its hash: to prove a failed run changed nothing. */
const snapshot = (dir: string) => Object.fromEntries(filesUnder(dir).map((f) => [f, sha(readFileSync(f))]))
const partials = (dir: string) => filesUnder(dir).filter((f) => f.endsWith('.part'))
const leftovers = (dir: string) => filesUnder(dir).filter((f) => /\.part(\.json)?$|\.tmp(-\d+)?$/.test(f))
const urlsIssued = () => service.controls.counters('global').downloadUrlsIssued

/** The file the service serves right now: the independent truth a backup must equal. */
async function expectRealSave(result: BackupResult, username: string, d: 'global' | 'china' = 'global') {
  const truth = await service.controls.saveFile(d, username)
  const bytes = readFileSync(result.path!)
  expect({ size: bytes.length, sha256: sha(bytes) }).toEqual({ size: truth.size, sha256: truth.sha256 })
}

async function setup(
  username = 'alice',
  options: {
    files?: FileSystem
    timeoutMs?: number
    deployment?: 'global' | 'china'
    lockWaitMs?: number
    downloadLimits?: typeof FAST
    sleep?: (ms: number) => Promise<void>
  } = {}
) {
  const folder = mkdtempSync(join(tmpdir(), 'backups-'))
  const t = testCore({
    localBaseUrl: base(),
    tuning: {
      sleep: options.sleep ?? (async () => {}),
      retryAfterMs: null,
      timeoutMs: options.timeoutMs ?? 5_000,
      lockWaitMs: options.lockWaitMs ?? 10_000,
      downloadLimits: options.downloadLimits ?? FAST
    },
    deps: { files: options.files },
    options: { chartList: { url: service.chartList.url } }
  })
  const call = bridge(t.core.handlers)
  await call('settings:update', { backupFolder: folder, retention: { keepLast: 1000, dailyForDays: 0, weeklyForWeeks: 0 } })
  let deploymentId: 'local' | 'custom' = 'local'
  if (options.deployment === 'china') {
    await call('settings:update', { customBaseUrl: service.deployments.china.base_url })
    deploymentId = 'custom'
  }
  const { account } = await addUserToken(t.core.handlers, deploymentId, tokenOf(username, options.deployment))
  const events: { event: EventChannel; payload: unknown }[] = []
  t.core.events.addSink((event, payload) => events.push({ event, payload }))
  const run = (force = false) => call('backups:run', account.id, { force })
  const library = async () => {
    await call('backups:load', account.id)
    const last = events.filter((e) => e.event === 'backups:changed').at(-1)!.payload as {
      entries: (Manifest & { id: string; path: string | null })[]
      unindexed: { name: string }[]
      problems: { name: string; reason: string; cause: string }[]
      folder: string
    }
    return last
  }
  return { ...t, call, folder, id: account.id, run, library, events }
}

const settle = <T>(p: Promise<T>) =>
  p.then(
    (r) => ({ ok: true as const, r }),
    (e: { code: string; message: string }) => ({ ok: false as const, e })
  )

describe('backup run', () => {
  it('files the real save with its manifest; a second run re-checks it and spends no download', async () => {
    const { run, library, folder, events } = await setup()
    const first = await run()
    expect(first).toMatchObject({ status: 'downloaded', reason: 'first', format: 'json', downloadsSpent: 1 })
    await expectRealSave(first, 'alice')
    const progress = events.filter((e) => e.event === 'backups:progress').map((e) => e.payload as { received: number; stage: string })
    expect(progress.at(-1)).toMatchObject({ stage: 'done', received: first.size })
    const before = urlsIssued()
    const second = await run()
    expect(second).toMatchObject({ status: 'up-to-date', reason: 'unchanged', downloadsSpent: 0, path: first.path })
    expect(urlsIssued()).toBe(before)
    expect(leftovers(folder)).toEqual([])
    const { entries } = await library()
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ verifyStatus: 'ok', pinned: false, baseUrl: base(), announcedSize: first.size })
  })

  it('a SQLite save; a forced run of unchanged content keeps one file with two manifests', async () => {
    const { run, call, folder } = await setup('night owl/夜猫')
    const first = await run()
    expect(first.format).toBe('sqlite')
    await expectRealSave(first, 'night owl/夜猫')
    const forced = await run(true)
    expect(forced).toMatchObject({ status: 'duplicate', reason: 'forced', path: first.path, downloadsSpent: 1 })
    expect(filesUnder(folder).filter((f) => f.endsWith('.sqlite'))).toHaveLength(1)
    const summary = await call('backups:summary', forced.entryId!)
    expect(summary).toMatchObject({ container: 'sqlite', layout: 'SongRecordsV3', username: 'night owl/夜猫' })
    expect(summary.charts).toBe(Object.keys(service.controls.saveBests('global', 'night owl/夜猫')).length)
  })

  it('downloads again when the cloud save changed', async () => {
    const { run, library } = await setup('tired')
    await run()
    service.controls.advanceClock(1000)
    service.controls.updateSave('global', 'tired')
    const second = await run()
    expect(second).toMatchObject({ status: 'downloaded', reason: 'changed' })
    await expectRealSave(second, 'tired')
    expect((await library()).entries).toHaveLength(2)
  })

  it('a run that finds a newer cloud save shows it on the save panel at once, not at the next sync', async () => {
    const { run, call, id, events } = await setup('tired')
    await call('sync:run', id, {})
    service.controls.advanceClock(1000)
    service.controls.updateSave('global', 'tired')
    await run()
    // Independent truth: what the service itself says now.
    const truth = await (await fetch(`${base()}/v1/game/save/info`, { headers: { authorization: tokenOf('tired') } })).json()
    const shown = events.filter((e) => e.event === 'sync:changed').at(-1)!.payload as AccountData
    expect(shown.save.data?.updated_at).toBe((truth as { data: { updated_at: string } }).data.updated_at)
    expect(shown.save.panel).toMatchObject({ status: 'fresh', error: null })
  })

  it('backs up both versions when updated_at differs only below the millisecond', async () => {
    const { run, library } = await setup('tired')
    service.controls.updateSave('global', 'tired', '2026-11-20T10:00:00.123456780Z')
    const first = await run()
    service.controls.updateSave('global', 'tired', '2026-11-20T10:00:00.123456789Z')
    const second = await run()
    expect(first.status).toBe('downloaded')
    expect(second).toMatchObject({ status: 'downloaded', reason: 'changed' })
    await expectRealSave(second, 'tired')
    expect((await library()).entries.map((e) => e.updatedAt)).toEqual(['2026-11-20T10:00:00.123456789Z', '2026-11-20T10:00:00.123456780Z'])
  })

  it('a damaged latest backup is never "up to date": the next run downloads again and says why', async () => {
    const { run } = await setup()
    const first = await run()
    const bytes = readFileSync(first.path!)
    bytes[100] = bytes[100]! ^ 0xff
    writeFileSync(first.path!, bytes)
    const before = urlsIssued()
    const second = await run()
    expect(second).toMatchObject({ status: 'downloaded', reason: 'latest-damaged', downloadsSpent: 1 })
    expect(urlsIssued()).toBe(before + 1)
    await expectRealSave(second, 'alice')
    rmSync(second.path!)
    expect(await run()).toMatchObject({ status: 'downloaded', reason: 'latest-missing' })
  })

  it('one run per account at a time in the app', async () => {
    const { run } = await setup()
    service.controls.setLatency(300)
    try {
      const first = run()
      await expect(run()).rejects.toMatchObject({ code: 'busy' })
      await first
    } finally {
      service.controls.setLatency(0)
    }
  })

  it('a cancelled run leaves nothing behind', async () => {
    const { run, call, id, folder, events } = await setup('bench')
    service.controls.throttleDownloads(2 * 1024 * 1024)
    try {
      const running = settle(run())
      await downloading(events)
      await call('backups:cancel', id)
      expect(await running).toMatchObject({ ok: false, e: { code: 'cancelled' } })
    } finally {
      service.controls.resetFaults()
    }
    expect(filesUnder(folder).filter((f) => !f.endsWith('.companion.lock'))).toEqual([])
  })
})

describe('never lose data, never keep a wrong save: faults during download', () => {
  /** A good backup, then a new cloud save version and a fault; older backups must stay byte-identical. */
  async function faulty(inject: () => void, username = 'alice') {
    const ctx = await setup(username)
    await ctx.run()
    const before = snapshot(ctx.folder)
    service.controls.advanceClock(1000)
    service.controls.updateSave('global', username)
    const started = Date.now()
    inject()
    const outcome = await settle(ctx.run())
    const elapsed = Date.now() - started
    service.controls.resetFaults()
    const after = snapshot(ctx.folder)
    for (const [path, hash] of Object.entries(before))
      if (!path.endsWith('.manifest.json') && !path.endsWith('.lock')) expect(after[path]).toBe(hash)
    return { ...ctx, outcome, elapsed }
  }

  it('resumes after a cut at a seeded random byte, re-downloading nothing that arrived', async () => {
    // A fixed seed: the same cut on every run, so a failure reproduces.
    const cutAt = 1 + (((7 * 48271) % 2147483647) % 20_000)
    const bytesBefore = service.controls.counters('global').bytesServed
    const { outcome, folder } = await faulty(() => service.controls.cutNextDownload(cutAt))
    expect(outcome.ok).toBe(true)
    if (outcome.ok) await expectRealSave(outcome.r, 'alice')
    const truth = await service.controls.saveFile('global', 'alice')
    // The first (good) backup and this one: each byte served once, plus nothing for the resume.
    expect(service.controls.counters('global').bytesServed - bytesBefore).toBeLessThanOrEqual(truth.size * 2 + 1_000)
    expect(leftovers(folder)).toEqual([])
  })

  it('retries 5xx from the file server', async () => {
    const { outcome } = await faulty(() => service.controls.failNext(2, 'html', 'file'))
    expect(outcome.ok).toBe(true)
    if (outcome.ok) await expectRealSave(outcome.r, 'alice')
  })

  it('gets one fresh URL when the signed URL expires mid-download, resumes, and reports the extra download', async () => {
    const before = urlsIssued()
    const { outcome } = await faulty(() => {
      service.controls.cutNextDownload(5_000)
      service.controls.expireUrlsAfterCut()
    })
    expect(outcome).toMatchObject({ ok: true, r: { status: 'downloaded', downloadsSpent: 2 } })
    if (outcome.ok) await expectRealSave(outcome.r, 'alice')
    // One for the first backup, two for this one: the replacement was requested exactly once.
    expect(urlsIssued() - before).toBe(3)
  })

  it.each([
    ['a 206 starting elsewhere than asked', 'wrong-start'],
    ['a 206 without Content-Range', 'no-content-range']
  ] as const)('never splices %s: the backup equals the real file', async (_, kind) => {
    const { outcome } = await faulty(() => {
      service.controls.cutNextDownload(12_000)
      service.controls.rangeFaultNext(kind)
    })
    expect(outcome.ok).toBe(true)
    if (outcome.ok) await expectRealSave(outcome.r, 'alice')
  })

  it.each([
    ['honoured', false],
    ['ignored', true]
  ])('a file replaced between attempts (If-Range %s) is downloaded whole, never spliced', async (_, ignored) => {
    const { outcome } = await faulty(() => {
      service.controls.cutNextDownload(12_000)
      service.controls.replaceFileAfterCut()
      if (ignored) service.controls.rangeFaultNext('ignore-if-range')
    })
    expect(outcome.ok).toBe(true)
    if (outcome.ok) await expectRealSave(outcome.r, 'alice')
  })

  it('completes a body shorter than announced by resuming', async () => {
    const { outcome } = await faulty(() => service.controls.wrongLengthNext(-500))
    expect(outcome.ok).toBe(true)
    if (outcome.ok) await expectRealSave(outcome.r, 'alice')
  })

  it('refuses a body longer than announced, keeping nothing', async () => {
    const { outcome, folder } = await faulty(() => service.controls.wrongLengthNext(300, 10))
    expect(outcome).toMatchObject({
      ok: false,
      e: { code: 'unexpected_response', message: expect.stringMatching(/more than the announced/) }
    })
    expect(leftovers(folder)).toEqual([])
  })

  it('a server that never answers ends within its deadline, keeping nothing to resume', async () => {
    const { outcome, elapsed, folder } = await faulty(() => service.controls.stallNextDownload('headers', 0, 20))
    expect(outcome).toMatchObject({ ok: false, e: { code: expect.stringMatching(/^(network|timeout)$/) } })
    expect(elapsed).toBeLessThan(15_000)
    expect(leftovers(folder)).toEqual([])
  })

  it('a body that stalls ends within its deadline; the next run resumes from the bytes on disk', async () => {
    const { outcome, elapsed, folder, run } = await faulty(() => service.controls.stallNextDownload('body', 2_000, 20))
    expect(outcome).toMatchObject({
      ok: false,
      e: { code: expect.stringMatching(/^(network|timeout)$/), message: expect.stringMatching(/continues from there/) }
    })
    expect(elapsed).toBeLessThan(15_000)
    const [part] = partials(folder)
    const kept = readFileSync(part!).length
    expect(kept).toBeGreaterThanOrEqual(2_000)
    const resumed = await run()
    expect(resumed).toMatchObject({ status: 'downloaded', resumedBytes: kept })
    await expectRealSave(resumed, 'alice')
    expect(leftovers(folder)).toEqual([])
  })

  it('a server that sends half of every body, then goes silent, is given up after two stalls (≤ 90 s at the real deadlines)', async () => {
    // The large save (6 MiB here, more than the 4 MiB of the issue), with the test's short deadlines and the backoff recorded.
    const backoff: number[] = []
    const ctx = await setup('bench', { sleep: async (ms) => void backoff.push(ms) })
    service.controls.stallNextDownload('body', 'half', 50)
    const started = Date.now()
    const outcome = await settle(ctx.run())
    const elapsed = Date.now() - started
    service.controls.resetFaults()
    expect(outcome).toMatchObject({ ok: false, e: { code: 'network', message: expect.stringMatching(/continues from there/) } })
    // Each attempt waited one idle deadline (the headers came at once); between them, the backoff.
    const attempts = backoff.length + 1
    expect(attempts).toBe(2)
    expect(elapsed).toBeLessThan(attempts * FAST.idleTimeoutMs + 5_000)
    const atRealDeadlines = attempts * DEFAULT_LIMITS.idleTimeoutMs + backoff.reduce((a, b) => a + b, 0)
    expect(atRealDeadlines).toBeLessThanOrEqual(90_000)
    // Half of the save, then half of the rest: three quarters on disk.
    const [part] = partials(ctx.folder)
    expect(readFileSync(part!).length).toBe((LARGE * 3) / 4)
    const resumed = await ctx.run()
    expect(resumed).toMatchObject({ status: 'downloaded', resumedBytes: (LARGE * 3) / 4 })
    await expectRealSave(resumed, 'bench')
    expect(leftovers(ctx.folder)).toEqual([])
  })

  it('a trickle of 1 byte/s ends within its deadline, with a resumable partial at most', async () => {
    const { outcome, elapsed, folder } = await faulty(() => service.controls.throttleDownloads(1))
    expect(outcome).toMatchObject({ ok: false, e: { code: expect.stringMatching(/^(network|timeout)$/) } })
    expect(elapsed).toBeLessThan(10_000)
    expect(partials(folder).length).toBeLessThanOrEqual(1)
  })

  it('a steady trickle under the low-speed limit is ended by the watchdog, not by the idle deadline', async () => {
    const { outcome, elapsed, folder } = await faulty(() => service.controls.throttleDownloads(400))
    expect(outcome).toMatchObject({ ok: false, e: { code: 'timeout', message: expect.stringMatching(/too slow/) } })
    expect(elapsed).toBeLessThan(10_000)
    expect(partials(folder).length).toBeLessThanOrEqual(1)
  })

  it('without a size, an HTML page instead of the save is refused and nothing is kept', async () => {
    const { outcome, folder, library } = await faulty(() => {
      service.controls.omitSaveSize(true)
      service.controls.wrongBodyNext('html')
    })
    expect(outcome).toMatchObject({ ok: false, e: { code: 'unexpected_response', message: expect.stringMatching(/not a save/) } })
    expect(leftovers(folder)).toEqual([])
    expect((await library()).entries).toHaveLength(1)
  })

  it.each([
    ['an endless body', () => service.controls.wrongBodyNext('endless')],
    // On every attempt: on a loaded machine the first can stall before the cap (its idle deadline is short here), and a retry is right.
    ['a compressed body that expands beyond it', () => service.controls.compressNext('gzip', 10, true)]
  ])('without a size, %s stops at the size cap and nothing is kept', async (_, fault) => {
    const ctx = await setup()
    await ctx.call('settings:update', { maxSaveMiB: 1 })
    service.controls.omitSaveSize(true)
    fault()
    const outcome = await settle(ctx.run())
    service.controls.resetFaults()
    expect(outcome).toMatchObject({
      ok: false,
      e: { code: 'unexpected_response', message: expect.stringMatching(/more than 1048576 bytes/) }
    })
    expect(filesUnder(ctx.folder).filter((f) => !f.endsWith('.lock'))).toEqual([])
  })

  it.each(['gzip', 'deflate', 'br'] as const)(
    'a save the file server compresses (%s, whatever the app accepts) is kept decoded: the real file',
    async (coding) => {
      const { outcome, folder } = await faulty(() => service.controls.compressNext(coding), 'night owl/夜猫')
      expect(outcome).toMatchObject({ ok: true, r: { status: 'downloaded', format: 'sqlite' } })
      if (outcome.ok) await expectRealSave(outcome.r, 'night owl/夜猫')
      expect(leftovers(folder)).toEqual([])
    }
  )

  it('a compressed save cut mid-body starts again whole (its bytes cannot be resumed) and equals the real file', async () => {
    const { outcome, folder } = await faulty(() => {
      service.controls.compressNext('gzip', 2)
      service.controls.cutNextDownload(300)
    })
    expect(outcome).toMatchObject({ ok: true, r: { status: 'downloaded', resumedBytes: 0, downloadsSpent: 1 } })
    if (outcome.ok) await expectRealSave(outcome.r, 'alice')
    expect(leftovers(folder)).toEqual([])
  })

  it('a compressed save cut on every try fails as a network error and keeps no partial to resume', async () => {
    const { outcome, folder } = await faulty(() => {
      service.controls.compressNext('gzip', 50)
      service.controls.cutNextDownload(300, 50)
    })
    expect(outcome).toMatchObject({ ok: false, e: { code: 'network' } })
    expect(leftovers(folder)).toEqual([])
  })

  it('a save served without ETag or Last-Modified, cut on every try, keeps no partial: it could never be resumed', async () => {
    const { outcome, folder } = await faulty(() => {
      service.controls.noValidators(true)
      service.controls.cutNextDownload(300, 50)
    })
    expect(outcome).toMatchObject({ ok: false, e: { code: 'network' } })
    expect(leftovers(folder)).toEqual([])
  })

  it('gives up after bounded retries with a clear error', async () => {
    const { outcome } = await faulty(() => service.controls.cutNextDownload(100, 50))
    expect(outcome).toMatchObject({ ok: false, e: { code: 'network', message: expect.stringMatching(/kept failing/) } })
  })

  it('a timed-out request for the download URL is never repeated: one signed URL for the run', async () => {
    const ctx = await setup('alice', { timeoutMs: 400 })
    const before = urlsIssued()
    service.controls.delayNext('/v1/game/save', 1_000)
    const outcome = await settle(ctx.run())
    expect(outcome).toMatchObject({ ok: false, e: { code: 'timeout' } })
    // Nothing to wait on here: the check is that no second request comes once the slow one is answered.
    await new Promise((r) => setTimeout(r, 1_200))
    expect(urlsIssued() - before).toBe(1)
  })

  it('reports an unwritable backup folder without downloading', async () => {
    const ctx = await setup()
    const blocked = join(ctx.folder, 'blocked')
    writeFileSync(blocked, 'a file, not a folder')
    await ctx.call('settings:update', { backupFolder: join(blocked, 'inside') })
    const before = urlsIssued()
    await expect(ctx.run()).rejects.toMatchObject({ code: 'io', message: expect.stringMatching(/cannot be written/) })
    expect(urlsIssued()).toBe(before)
  })

  it('reports a folder whose lock cannot be created (a read-only disk) as one that cannot be written, without downloading', async () => {
    const faults = faultyFiles()
    const ctx = await setup('alice', { files: faults.files })
    faults.fail('open', /\.companion\.lock$/, 'EROFS')
    const before = urlsIssued()
    await expect(ctx.run()).rejects.toMatchObject({
      code: 'io',
      message: expect.stringMatching(/cannot be written: the disk is read-only\./)
    })
    expect(urlsIssued()).toBe(before)
  })

  it('a lock file that could not be written whole is removed: the next run is not kept waiting by it', async () => {
    const faults = faultyFiles()
    const ctx = await setup('alice', { files: faults.files })
    faults.fail('write', /\.companion\.lock$/, 'ENOSPC', { times: 1 })
    await expect(ctx.run()).rejects.toMatchObject({ code: 'io', message: expect.stringMatching(/cannot be written: the disk is full\./) })
    expect(filesUnder(ctx.folder).filter((f) => f.endsWith('.companion.lock'))).toEqual([])
    await expectRealSave(await ctx.run(), 'alice')
  })

  it('reports the real cause when the backup folder disappears mid-download', async () => {
    const ctx = await setup('bench')
    service.controls.throttleDownloads(4 * 1024 * 1024)
    const running = settle(ctx.run())
    await downloading(ctx.events)
    rmSync(ctx.folder, { recursive: true, force: true })
    const outcome = await running
    service.controls.resetFaults()
    expect(outcome).toMatchObject({
      ok: false,
      e: { code: 'io', message: expect.stringMatching(/it does not exist\./), data: { details: { cause: 'ENOENT' } } }
    })
  })
})

describe('local I/O failures', () => {
  it('disk full when the manifest is written: an I/O error naming it, nothing partial left, older backups untouched', async () => {
    const faults = faultyFiles()
    const ctx = await setup('alice', { files: faults.files })
    await ctx.run()
    const before = snapshot(ctx.folder)
    service.controls.updateSave('global', 'alice')
    faults.fail('write', /\.manifest\.json\.[^/]*\.tmp$/, 'ENOSPC')
    await expect(ctx.run()).rejects.toMatchObject({
      code: 'io',
      message: expect.stringMatching(/disk is full\./),
      data: { details: { cause: 'ENOSPC' } }
    })
    faults.clear()
    const after = snapshot(ctx.folder)
    for (const [path, hash] of Object.entries(before)) if (!path.endsWith('.lock')) expect(after[path]).toBe(hash)
    expect(leftovers(ctx.folder)).toEqual([])
    expect((await ctx.library()).unindexed).toEqual([])
  })

  const canMount =
    process.platform === 'linux' &&
    spawnSync('sh', ['-c', 'd=$(mktemp -d) && mount -t tmpfs -o size=64k tmpfs "$d" && umount "$d"']).status === 0
  it.skipIf(!canMount)('on a really full disk (a small tmpfs) a backup fails as I/O and leaves nothing partial', async () => {
    const mountPoint = mkdtempSync(join(tmpdir(), 'tmpfs-'))
    expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mountPoint]).status).toBe(0)
    try {
      const ctx = await setup()
      await ctx.call('settings:update', { backupFolder: mountPoint })
      const first = await ctx.run()
      const before = snapshot(mountPoint)
      service.controls.updateSave('global', 'alice')
      // Fill the disk so that the new save itself still fits but nothing much more does.
      const free = Number(spawnSync('df', ['--output=avail', '-B1', mountPoint]).stdout.toString().trim().split('\n')[1])
      writeFileSync(join(mountPoint, 'filler.bin'), Buffer.alloc(Math.max(0, free - Math.ceil(first.size! / 4096) * 4096)))
      await expect(ctx.run()).rejects.toMatchObject({
        code: 'io',
        message: expect.stringMatching(/the disk is full\./),
        data: { details: { cause: 'ENOSPC' } }
      })
      const after = snapshot(mountPoint)
      for (const [path, hash] of Object.entries(before)) if (!path.endsWith('.lock')) expect(after[path]).toBe(hash)
      expect(leftovers(mountPoint)).toEqual([])
    } finally {
      spawnSync('umount', [mountPoint])
    }
  })

  it('verify on a read-only archive reports its findings without writing', async () => {
    const faults = faultyFiles()
    const ctx = await setup('alice', { files: faults.files })
    const first = await ctx.run()
    writeFileSync(first.path!, 'damaged')
    const manifests = filesUnder(ctx.folder).filter((f) => f.endsWith('.manifest.json'))
    const before = snapshot(ctx.folder)
    for (const op of ['writeAtomic', 'moveExclusive', 'link', 'mkdir', 'rm', 'rename', 'utimes'] as const) faults.fail(op, /./, 'EROFS')
    const report = await ctx.call('backups:verify', ctx.id, null)
    expect(report).toEqual({ checked: 1, damaged: 1, missing: 0, recorded: false })
    expect(snapshot(ctx.folder)).toEqual(before)
    expect(manifests).toHaveLength(1)
  })
})

/** How this machine names its writers in file names (computed here, not by the app), and a pid no process has. */
const tag = hostname()
  .replace(/[^A-Za-z0-9-]/g, '-')
  .slice(0, 40)
const dead = 2_000_000_000
/** An account folder with one backup in it. */
async function afterOneBackup() {
  const ctx = await setup()
  await ctx.run()
  return { ctx, dir: (await ctx.library()).folder }
}

describe('a library concurrent writers cannot corrupt', () => {
  it('the app and the CLI backing up one account at once: both save versions survive with valid manifests', async () => {
    // A download slow enough that the app still holds the folder however long the CLI takes to start.
    const ctx = await setup('alice', {
      downloadLimits: { ...FAST, idleTimeoutMs: 5_000, lowSpeed: { bytesPerSecond: 100, windowMs: 5_000 } }
    })
    const cli = createHeadless({
      baseUrl: base(),
      tokenFromEnv: tokenOf('alice'),
      language: 'en',
      version: 'test',
      dataDir: mkdtempSync(join(tmpdir(), 'cli-data-')),
      downloadLimits: FAST
    })
    const v1 = await service.controls.saveFile('global', 'alice')
    // ~60 s for the whole save: the app is still downloading however slowly the CLI starts on a loaded machine.
    service.controls.throttleDownloads(300)
    const app = ctx.run()
    await downloading(ctx.events)
    const stages: string[] = []
    const fromCli = cli.backup({ dir: ctx.folder, force: false, retention: null, onProgress: (p) => stages.push(p.stage) })
    for (let i = 0; i < 2000 && !stages.includes('waiting'); i++) await new Promise((r) => setTimeout(r, 10))
    expect(stages).toContain('waiting')
    service.controls.throttleDownloads(0)
    // A new cloud save while the app is still downloading the old one and the CLI waits for it.
    service.controls.advanceClock(1000)
    service.controls.updateSave('global', 'alice')
    const [a, b] = await Promise.all([app, fromCli])
    service.controls.resetFaults()
    expect(sha(readFileSync(a.path!))).toBe(v1.sha256)
    expect(b).toMatchObject({ status: 'downloaded', reason: 'changed' })
    await expectRealSave(b, 'alice')
    const verified = await ctx.call('backups:verify', ctx.id, null)
    expect(verified).toMatchObject({ checked: 2, damaged: 0, missing: 0 })
    expect(leftovers(ctx.folder)).toEqual([])
  }, 90_000)

  it('an app start while another program downloads leaves its lock and partial alone', async () => {
    const ctx = await setup('alice', { lockWaitMs: 500 })
    await ctx.run()
    const dir = (await ctx.library()).folder
    // Another program on this machine (a live process) holds the folder and is downloading.
    const other: ChildProcess = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'], { stdio: 'ignore' })
    try {
      const tag = hostname()
        .replace(/[^A-Za-z0-9-]/g, '-')
        .slice(0, 40)
      const part = join(dir, `.${tag}.${other.pid}.0badc0de.part`)
      writeFileSync(
        join(dir, '.companion.lock'),
        JSON.stringify({ pid: other.pid, host: hostname(), program: 'cli', startedAt: new Date().toISOString(), token: 't' })
      )
      writeFileSync(part, 'half a save')
      ctx.core.start()
      await new Promise((r) => setTimeout(r, 300))
      expect(readFileSync(part, 'utf8')).toBe('half a save')
      await expect(ctx.run()).rejects.toMatchObject({ code: 'busy', message: expect.stringMatching(/companion CLI \(process \d+\)/) })
    } finally {
      other.kill('SIGKILL')
      await ctx.core.dispose()
    }
  })

  it('takes over a lock whose holder is gone, and removes the partials of dead runs except one to resume', async () => {
    const { ctx, dir } = await afterOneBackup()
    writeFileSync(
      join(dir, '.companion.lock'),
      JSON.stringify({ pid: dead, host: hostname(), program: 'cli', startedAt: new Date().toISOString(), token: 'x' })
    )
    for (let i = 0; i < 5; i++) {
      const part = join(dir, `.${tag}.${dead}.0000000${i}.part`)
      writeFileSync(part, 'x'.repeat(100))
      writeFileSync(
        `${part}.json`,
        JSON.stringify({
          updatedAt: '2020-01-01T00:00:00Z',
          expectedSize: null,
          validator: { etag: '"e"', lastModified: null },
          placing: null
        })
      )
    }
    service.controls.updateSave('global', 'alice')
    const result = await ctx.run()
    await expectRealSave(result, 'alice')
    expect(leftovers(dir)).toEqual([])
  })

  it('temp files and a lock-breaking file of a killed writer go at the next run; those of a live or unknown writer stay', async () => {
    const { ctx, dir } = await afterOneBackup()
    const planted = {
      // Killed between writing and linking its temp file (lock, manifest) or while breaking a stale lock.
      deadLock: `.companion.lock.${tag}.${dead}.0123456789ab.tmp`,
      deadManifest: `x.manifest.json.${tag}.${dead}.0123456789ac.tmp`,
      deadBreaker: '.companion.lock.break',
      // Still writing: this process, or another machine sharing the folder, or a temp name that names nobody.
      live: `y.manifest.json.${tag}.${process.pid}.0123456789ad.tmp`,
      otherMachine: `z.manifest.json.other-pc.${dead}.0123456789ae.tmp`,
      unsigned: 'w.manifest.json.4242-0123456789af.tmp'
    }
    for (const name of Object.values(planted))
      writeFileSync(join(dir, name), name === '.companion.lock.break' ? JSON.stringify({ host: tag, pid: dead }) : '{')
    service.controls.updateSave('global', 'alice')
    await expectRealSave(await ctx.run(), 'alice')
    const left = new Set(readdirSync(dir))
    expect(
      Object.entries(planted)
        .filter(([, name]) => left.has(name))
        .map(([kind]) => kind)
    ).toEqual(['live', 'otherMachine', 'unsigned'])
    // Aged past a minute, any temp file is abandoned, whoever wrote it.
    const old = new Date(Date.now() - 5 * 60_000)
    for (const name of [planted.otherMachine, planted.unsigned]) utimesSync(join(dir, name), old, old)
    service.controls.updateSave('global', 'alice')
    await ctx.run()
    expect([...readdirSync(dir)].filter((n) => n.endsWith('.tmp'))).toEqual([planted.live])
  })
})

describe('manifests are untrusted input', () => {
  it('a manifest naming a file outside its folder is reported, and nothing outside is touched', async () => {
    const ctx = await setup()
    const first = await ctx.run()
    const { folder: dir } = await ctx.library()
    const outside = join(ctx.folder, 'outside.json')
    writeFileSync(outside, '{"precious":true}')
    const good = JSON.parse(
      readFileSync(
        filesUnder(dir).find((f) => f.endsWith('.manifest.json'))!,
        'utf8'
      )
    ) as Manifest
    writeFileSync(join(dir, 'evil-file.manifest.json'), JSON.stringify({ ...good, file: '../outside.json', pinned: false }))
    writeFileSync(join(dir, 'evil-dup.manifest.json'), JSON.stringify({ ...good, file: null, duplicateOf: '../../etc/passwd' }))
    symlinkSync(outside, join(dir, 'link.json'))
    writeFileSync(join(dir, 'evil-link.manifest.json'), JSON.stringify({ ...good, file: 'link.json' }))
    writeFileSync(join(dir, 'broken.manifest.json'), '{"schema": "companion-backup/1", "file": ')
    const library = await ctx.library()
    expect(library.entries.map((e) => e.id)).toEqual([first.entryId])
    expect(library.problems.map((p) => [p.name, p.reason]).sort()).toEqual([
      ['broken.manifest.json', 'corrupt'],
      ['evil-dup.manifest.json', 'unsafe-name'],
      ['evil-file.manifest.json', 'unsafe-name'],
      ['evil-link.manifest.json', 'unsafe-name']
    ])
    const folderName = first.entryId!.split('/')[0]
    for (const id of ['evil-file', 'evil-dup', 'evil-link'].map((b) => `${folderName}/${b}`)) {
      await expect(ctx.call('backups:summary', id)).rejects.toMatchObject({ code: 'not_found' })
      await expect(ctx.call('backups:delete', id, { confirmPinned: true })).rejects.toMatchObject({ code: 'not_found' })
      await expect(ctx.call('backups:export', id)).rejects.toMatchObject({ code: 'not_found' })
    }
    await ctx.call('settings:update', { retention: { keepLast: 1, dailyForDays: 0, weeklyForWeeks: 0 } })
    service.controls.updateSave('global', 'alice')
    await ctx.run()
    expect(readFileSync(outside, 'utf8')).toBe('{"precious":true}')
    expect(readFileSync('/etc/passwd').length).toBeGreaterThan(0)
  })

  it('a save file without a manifest is listed as unindexed and can be indexed', async () => {
    const ctx = await setup()
    const first = await ctx.run()
    const { folder: dir } = await ctx.library()
    writeFileSync(join(dir, 'copied-by-hand.json'), readFileSync(first.path!))
    const library = await ctx.library()
    expect(library.unindexed).toMatchObject([{ name: 'copied-by-hand.json', format: 'json' }])
    const { id } = await ctx.call('backups:index', ctx.id, 'copied-by-hand.json')
    const after = await ctx.library()
    expect(after.unindexed).toEqual([])
    expect(after.entries.find((e) => e.id === id)).toMatchObject({ indexedLater: true, sha256: first.sha256 })
    // Its cloud version is unknown, so it never makes a run "up to date" by itself.
    service.controls.updateSave('global', 'alice')
    expect((await ctx.run()).status).toBe('downloaded')
  })
})

describe('deleting is safe', () => {
  it('delete and retention move backups to the trash, never pinned ones, and only when asked', async () => {
    const ctx = await setup()
    const results: BackupResult[] = []
    for (let i = 0; i < 4; i++) {
      service.controls.advanceClock(1000)
      service.controls.updateSave('global', 'alice')
      results.push(await ctx.run())
    }
    await ctx.call('backups:pin', results[0]!.entryId!, true)
    await ctx.call('backups:note', results[0]!.entryId!, 'before the update')
    await expect(ctx.call('backups:delete', results[0]!.entryId!, { confirmPinned: false })).rejects.toMatchObject({
      code: 'invalid_input'
    })
    const deleted = readFileSync(results[1]!.path!)
    expect(await ctx.call('backups:delete', results[1]!.entryId!, { confirmPinned: false })).toEqual({ trashed: true })
    const trashed = filesUnder(join(ctx.folder, '.trash'))
    expect(trashed.map((f) => sha(readFileSync(f)))).toContain(sha(deleted))
    expect(await ctx.call('backups:retentionPreview', ctx.id)).toEqual([])
    await ctx.call('settings:update', { retention: { keepLast: 1, dailyForDays: 0, weeklyForWeeks: 0 } })
    const preview = (await ctx.call('backups:retentionPreview', ctx.id)).map((e) => e.id)
    expect(preview).toEqual([results[2]!.entryId])
    service.controls.advanceClock(1000)
    service.controls.updateSave('global', 'alice')
    const fifth = await ctx.run()
    expect(fifth.removedByRetention.sort()).toEqual([results[2]!.entryId, results[3]!.entryId].sort())
    const { entries } = await ctx.library()
    expect(entries.map((e) => e.id).sort()).toEqual([results[0]!.entryId, fifth.entryId].sort())
    expect(entries.find((e) => e.pinned)?.note).toBe('before the update')
    expect(filesUnder(join(ctx.folder, '.trash')).length).toBe(6)
  })

  it('export copies the save; verify reports a damaged and a missing file', async () => {
    const ctx = await setup('xiaoming', { deployment: 'china' })
    const run = await ctx.run()
    await expectRealSave(run, 'xiaoming', 'china')
    writeFileSync(run.path!, 'tampered')
    expect(await ctx.call('backups:verify', ctx.id, run.entryId)).toMatchObject({ damaged: 1, recorded: true })
    expect((await ctx.library()).entries[0]!.verifyStatus).toBe('mismatch')
    rmSync(run.path!)
    expect(await ctx.call('backups:verify', ctx.id, null)).toMatchObject({ missing: 1 })
  })
})

describe('real saves: summary, history and what changed', () => {
  it('a JSON save with SongRecordsV3: grades, FC/AP and Reality from the community chart list', async () => {
    const ctx = await setup('alice')
    const run = await ctx.run()
    await bridge(ctx.core.handlers)('sync:run', ctx.id, {})
    await ctx.call('chartList:update')
    const summary = await ctx.call('backups:summary', run.entryId!)
    const bests = service.controls.saveBests('global', 'alice')
    expect(summary).toMatchObject({
      container: 'json',
      layout: 'SongRecordsV3',
      username: 'alice',
      userId: '10000001',
      charts: Object.keys(bests).length,
      skipped: 0
    })
    expect(Object.values(summary.grades).reduce((a, b) => a + b, 0)).toBe(summary.charts)
    expect(summary.best).toHaveLength(20)
    for (const b of summary.best) expect(b.score).toBe(bests[b.chart_id])
    expect(summary.reality).toBeGreaterThan(0)
    expect(summary.ratedCharts).toBe(summary.charts)
    expect(summary.best[0]!.title).toEqual(expect.any(String))
  })

  it('the legacy SongRecords array is read when SongRecordsV3 is empty', async () => {
    const ctx = await setup('tired-cn', { deployment: 'china' })
    const run = await ctx.run()
    const summary = await ctx.call('backups:summary', run.entryId!)
    expect(summary).toMatchObject({ layout: 'SongRecords', username: 'tired-cn' })
    expect(summary.charts).toBeGreaterThan(5)
  })

  it('a legacy data.db score table: summary and backfill of its timed plays', async () => {
    const ctx = await setup('alice')
    await ctx.run()
    const { folder: dir } = await ctx.library()
    const recent = (await (await fetch(`${base()}/v1/user/alice/recent`, { headers: { authorization: tokenOf('alice') } })).json()) as {
      data: { data: Record<string, unknown>[] }
    }
    const SQL = await loadSqlJs()
    const db = new SQL.Database()
    db.run(
      'CREATE TABLE score (chart_id TEXT, score INTEGER, score_accuracy REAL, score_miss_count INTEGER, score_bad_count ' +
        'INTEGER, played_at TEXT, game_version TEXT, grade TEXT, modifiers TEXT, username TEXT, user_id TEXT)'
    )
    // Plays of a year ago (as an old local export would hold): not in the kept history yet.
    const yearAgo = (at: unknown) => new Date(Date.parse(String(at)) - 365 * 86_400_000).toISOString()
    for (const r of recent.data.data)
      db.run('INSERT INTO score VALUES (?,?,?,?,?,?,?,?,?,?,?)', [
        String(r.chart_id),
        Number(r.score),
        Number(r.score_accuracy),
        Number(r.score_miss_count),
        Number(r.score_bad_count),
        yearAgo(r.played_at),
        String(r.game_version),
        String(r.grade),
        JSON.stringify(r.modifiers),
        'alice',
        '10000001'
      ])
    writeFileSync(join(dir, 'data.db'), db.export())
    const { id } = await ctx.call('backups:index', ctx.id, 'data.db')
    const summary = await ctx.call('backups:summary', id)
    expect(summary).toMatchObject({ container: 'sqlite', layout: 'score-table', username: 'alice', plays: recent.data.data.length })
    expect(summary.charts).toBe(
      new Set(recent.data.data.map((r) => `${String(r.chart_id)}|${(r.modifiers as string[]).includes('TouchMode')}`)).size
    )
    await ctx.call('sync:run', ctx.id, {})
    const before = (await ctx.call('sync:history', ctx.id)).records.length
    const { added } = await ctx.call('backups:backfill', id)
    expect(added).toBe(recent.data.data.length)
    expect((await ctx.call('sync:history', ctx.id)).records.length).toBe(before + added)
    expect((await ctx.call('backups:backfill', id)).added).toBe(0)
  })

  it('a SQLite kv save under an arbitrary key backfills its bests into the history once', async () => {
    const ctx = await setup('night owl/夜猫')
    const run = await ctx.run()
    await ctx.call('sync:run', ctx.id, {})
    const history = (await ctx.call('sync:history', ctx.id)).records
    const known = new Map<string, number>()
    for (const r of history) known.set(r.chart_id, Math.max(known.get(r.chart_id) ?? 0, r.score))
    const newer = Object.entries(service.controls.saveBests('global', 'night owl/夜猫')).filter(
      ([chart, score]) => (known.get(chart) ?? -1) < score
    )
    expect(newer.length).toBeGreaterThan(10)
    const { added } = await ctx.call('backups:backfill', run.entryId!)
    expect(added).toBe(newer.length)
    // The save's bests carry no play time: each is dated at the backup's cloud updated_at.
    const updatedAt = (await ctx.library()).entries[0]!.updatedAt
    const kept = (await ctx.call('sync:history', ctx.id)).records.filter(
      (r) => !history.some((h) => h.chart_id === r.chart_id && h.played_at === r.played_at)
    )
    expect(new Set(kept.map((r) => r.played_at))).toEqual(new Set([updatedAt]))
    expect((await ctx.call('backups:backfill', run.entryId!)).added).toBe(0)
  })

  it('"what changed" between two backups lists exactly the new and improved charts', async () => {
    const ctx = await setup('alice')
    await ctx.run()
    const before = service.controls.saveBests('global', 'alice')
    const plays = service.controls.addPlays('global', 'alice', 40)
    service.controls.advanceClock(1000)
    service.controls.updateSave('global', 'alice')
    const after = await ctx.run()
    const bestNew = new Map<string, number>()
    for (const p of plays) bestNew.set(p.chart_id, Math.max(bestNew.get(p.chart_id) ?? 0, p.score))
    const expectedAdded = [...bestNew.keys()].filter((c) => before[c] === undefined).sort()
    const expectedImproved = [...bestNew.entries()]
      .filter(([c, s]) => before[c] !== undefined && s > before[c]!)
      .map(([c]) => c)
      .sort()
    const diff = await ctx.call('backups:diff', null, after.entryId!)
    expect(diff.added.map((c) => c.chart_id).sort()).toEqual(expectedAdded)
    const improvedScores = diff.improved
      .filter((c) => c.after.score > c.before!.score)
      .map((c) => c.chart_id)
      .sort()
    expect(improvedScores).toEqual(expectedImproved)
    expect(diff.lowered).toEqual([])
    for (const c of diff.improved.filter((x) => x.after.score > x.before!.score)) expect(c.before!.score).toBe(before[c.chart_id])
    expect(diff.reality.change).toBeCloseTo(diff.reality.after! - diff.reality.before!, 6)
  })
})

describe('automatic backup', () => {
  it('switching it on backs up at once; unchanged saves spend nothing; failures and new backups notify, in the UI language', async () => {
    const notes: string[] = []
    const folder = mkdtempSync(join(tmpdir(), 'auto-'))
    const t = testCore({
      localBaseUrl: base(),
      tuning: { sleep: async () => {}, retryAfterMs: null, downloadLimits: FAST },
      deps: { desktop: { notify: (title: string) => notes.push(title) } }
    })
    const call = bridge(t.core.handlers)
    await call('settings:update', { backupFolder: folder })
    const { account } = await addUserToken(t.core.handlers, 'local', tokenOf('alice'))
    t.core.start()
    const libraryOf = () => t.events.latest('backups:changed', (l) => l.accountId === account.id)
    // Off by default: nothing happens at start.
    expect(libraryOf()).toBeUndefined()
    await call('settings:update', { autoBackup: { enabled: true, everyHours: 6 } })
    await expect.poll(() => notes).toEqual(['Backup saved'])
    await expect.poll(() => libraryOf()?.entries.length).toBe(1)
    const before = urlsIssued()
    await call('settings:update', { autoBackup: { enabled: false, everyHours: 6 } })
    await call('settings:update', { autoBackup: { enabled: true, everyHours: 6 }, language: 'zh-CN' })
    await expect
      .poll(() => t.events.log.filter((e) => e.event === 'backups:progress' && (e.payload as { stage: string }).stage === 'done').length)
      .toBe(2)
    expect(urlsIssued()).toBe(before)
    expect(notes).toEqual(['Backup saved'])
    const blocked = join(folder, 'blocked')
    writeFileSync(blocked, 'x')
    await call('settings:update', { backupFolder: join(blocked, 'inside'), autoBackup: { enabled: false, everyHours: 6 } })
    await call('settings:update', { autoBackup: { enabled: true, everyHours: 6 } })
    await expect.poll(() => notes.at(-1)).toBe('备份失败')
    await t.core.dispose()
  })
})

describe('retention plan', () => {
  it('keeps the last N plus daily and weekly ones, never pinned', async () => {
    const lib = new BackupLibrary(mkdtempSync(join(tmpdir(), 'plan-')), nodeFiles, async () => {})
    const now = Date.parse('2026-11-22T12:00:00Z')
    const entries = Array.from({ length: 60 }, (_, i) => ({
      id: `x/b${i}`,
      backedUpAt: new Date(now - i * 12 * 3_600_000).toISOString(),
      pinned: i === 59
    })) as never[]
    const doomed = lib.plan(entries, { keepLast: 3, dailyForDays: 7, weeklyForWeeks: 4 }, now) as { id: string }[]
    const kept = (entries as { id: string }[]).filter((e) => !doomed.some((d) => d.id === e.id)).map((e) => e.id)
    // The 3 newest; the newest of each UTC day for 7 days (b0, b2 … b12); the newest of each epoch
    // week (weeks start on Thursday) for 4 weeks (b0, b8, b22, b36, b50); and the pinned b59.
    expect(kept).toEqual(['x/b0', 'x/b1', 'x/b2', 'x/b4', 'x/b6', 'x/b8', 'x/b10', 'x/b12', 'x/b22', 'x/b36', 'x/b50', 'x/b59'])
  })
})

describe('a star on a backup (#55)', () => {
  const manifestOf = (path: string) => JSON.parse(readFileSync(path.replace(/\.[a-z]+$/, '.manifest.json'), 'utf8')) as Manifest
  /** The library as a fresh reader finds it on disk (no state of the running app), id → starred. */
  const starsOnDisk = async (root: string, folder: string) =>
    Object.fromEntries((await new BackupLibrary(root, nodeFiles, async () => {}).entries(folder)).map((e) => [e.id, e.starred]))

  it('a cloud backup and a "This computer" version are starred and unstarred, kept in their manifests on disk', async () => {
    const ctx = await setup()
    const first = await ctx.run()
    service.controls.advanceClock(1000)
    service.controls.updateSave('global', 'alice')
    const second = await ctx.run()
    const [cloudFolder] = first.entryId!.split('/')
    // A "This computer" version of the same player, its manifest written as the app writes one (before stars: no field).
    const local = localFolderName('10000001')
    mkdirSync(join(ctx.folder, local))
    writeFileSync(join(ctx.folder, local, 'kept.json'), readFileSync(first.path!))
    const { starred: _never, ...before } = manifestOf(first.path!)
    writeFileSync(join(ctx.folder, local, 'kept.manifest.json'), JSON.stringify({ ...before, file: 'kept.json', source: 'computer' }))
    const localId = `${local}/kept`
    expect(await starsOnDisk(ctx.folder, local)).toEqual({ [localId]: false })

    await ctx.call('backups:star', first.entryId!, true)
    await ctx.call('backups:star', localId, true)
    expect(manifestOf(first.path!).starred).toBe(true)
    expect(manifestOf(second.path!).starred).toBeUndefined()
    expect(await starsOnDisk(ctx.folder, cloudFolder!)).toEqual({ [first.entryId!]: true, [second.entryId!]: false })
    expect(await starsOnDisk(ctx.folder, local)).toEqual({ [localId]: true })
    // The window hears of it, and the rest of the manifest is as it was.
    expect((await ctx.library()).entries.find((e) => e.id === first.entryId)).toMatchObject({ starred: true, pinned: false, note: '' })
    const { starred: _s, ...rest } = manifestOf(first.path!)
    expect(rest).toEqual(Object.fromEntries(Object.entries(before).filter(([k]) => k !== 'starred')))

    // A restart: a new app over the same folder finds the stars.
    const again = await setup()
    await again.call('settings:update', { backupFolder: ctx.folder })
    expect((await again.library()).entries.find((e) => e.id === first.entryId)?.starred).toBe(true)

    await ctx.call('backups:star', first.entryId!, false)
    await ctx.call('backups:star', localId, false)
    expect(await starsOnDisk(ctx.folder, cloudFolder!)).toEqual({ [first.entryId!]: false, [second.entryId!]: false })
    expect(await starsOnDisk(ctx.folder, local)).toEqual({ [localId]: false })
  })

  it('refused: a backup that does not exist, a star that is no boolean; nothing in the library changes', async () => {
    const ctx = await setup()
    const first = await ctx.run()
    const [folderName] = first.entryId!.split('/')
    const before = snapshot(ctx.folder)
    await expect(ctx.call('backups:star', `${folderName}/no-such-backup`, true)).rejects.toMatchObject({ code: 'not_found' })
    await expect(ctx.call('backups:star', 'someone-else/their-backup', true)).rejects.toMatchObject({ code: 'not_found' })
    const unchecked = ctx.call as unknown as (channel: string, ...args: unknown[]) => Promise<unknown>
    await expect(unchecked('backups:star', first.entryId!, 'yes')).rejects.toMatchObject({ code: 'invalid_payload' })
    await expect(unchecked('backups:star', '../../etc/passwd', true)).rejects.toMatchObject({ code: 'invalid_payload' })
    expect(snapshot(ctx.folder)).toEqual(before)
    expect((await ctx.library()).entries[0]!.starred).toBe(false)
  })

  it('a damaged or wrong-typed star in a manifest: reported like any damaged field, never a crash, never rewritten', async () => {
    const ctx = await setup()
    const first = await ctx.run()
    const { folder: dir } = await ctx.library()
    const good = manifestOf(first.path!)
    const damaged = { yes: 'yes', one: 1, none: null, list: [true] }
    for (const [name, starred] of Object.entries(damaged))
      writeFileSync(join(dir, `${name}.manifest.json`), JSON.stringify({ ...good, starred }))
    const before = snapshot(ctx.folder)
    const library = await ctx.library()
    expect(library.entries.map((e) => [e.id, e.starred])).toEqual([[first.entryId, false]])
    expect(library.problems.map((p) => [p.name, p.reason, p.cause]).sort()).toEqual(
      Object.keys(damaged)
        .sort()
        .map((name) => [`${name}.manifest.json`, 'corrupt', 'damaged'])
    )
    const [folderName] = first.entryId!.split('/')
    await expect(ctx.call('backups:star', `${folderName}/yes`, false)).rejects.toMatchObject({ code: 'not_found' })
    expect(snapshot(ctx.folder)).toEqual(before)
  })
})
