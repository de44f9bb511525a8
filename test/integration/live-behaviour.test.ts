// The app's services against the reference service answering as the live one does (notes, "More
// observed behaviour"): an account with no cloud save, the daily limit on the file URL, rank lists
// that are late or hold a chart twice. Each control is switched on over the service's own API.
import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { trayMenu } from '../../src/main/desktop/tray-menu'
import { addUserToken, bridge, testCore } from '../support/core'
import { filesUnder } from '../support/files'

let service: ReferenceService
const tokenOf = (username: string, d: 'global' | 'china' = 'global') =>
  service.accounts.find((a) => a.username === username && a.deployment === d)!.user_token
const base = () => service.deployments.global.base_url
const urlsIssued = () => service.controls.counters('global').downloadUrlsIssued

beforeAll(async () => {
  service = await startReferenceService({ testControls: true, dailyDownloadLimit: 100_000 })
})
afterEach(() => service.controls.resetFaults())
afterAll(async () => {
  await service?.close()
})

async function setup(username: string, notes: string[] = [], deployment: 'global' | 'china' = 'global') {
  const folder = mkdtempSync(join(tmpdir(), 'live-'))
  const t = testCore({
    localBaseUrl: base(),
    tuning: { sleep: async () => {}, retryAfterMs: null, timeoutMs: 5_000 },
    deps: { desktop: { notify: (title: string, body: string) => notes.push(`${title}: ${body}`) } }
  })
  const call = bridge(t.core.handlers)
  await call('settings:update', { backupFolder: folder })
  if (deployment === 'china') await call('settings:update', { customBaseUrl: service.deployments.china.base_url })
  const { account } = await addUserToken(t.core.handlers, deployment === 'china' ? 'custom' : 'local', tokenOf(username, deployment))
  return { ...t, call, folder, id: account.id, run: () => call('backups:run', account.id, { force: false }) }
}

describe('an account that never uploaded a cloud save', () => {
  it('is a state: profile, scores and Reality load, the backup writes nothing and says how to upload', async () => {
    const t = await setup('newbie')
    const data = await t.sync(t.id)
    expect(data.save).toMatchObject({ data: null, noCloudSave: true, panel: { status: 'fresh', error: null } })
    for (const panel of [data.profile.panel, data.recent.panel, data.rank.panel]) expect(panel.status).toBe('fresh')
    const before = urlsIssued()
    await expect(t.run()).rejects.toMatchObject({
      code: 'no_cloud_save',
      message: expect.stringMatching(/in Milthm, upload your save to the cloud/)
    })
    expect(filesUnder(t.folder)).toEqual([])
    expect(readdirSync(t.folder)).toEqual([])
    expect(urlsIssued()).toBe(before)
    // The backup's answer leaves the save panel in that state, not failed.
    expect((await t.data(t.id)).save).toMatchObject({ noCloudSave: true, panel: { status: 'fresh', error: null } })
    await t.core.dispose()
  })

  it('automatic backup has nothing to do: no notification, a quiet note in the tray', async () => {
    const notes: string[] = []
    const t = await setup('newbie', notes)
    t.core.start()
    await t.call('settings:update', { autoBackup: { enabled: true, everyHours: 6 } })
    await expect.poll(() => t.core.desktop.trayState().notes ?? [], { timeout: 10_000 }).toHaveLength(1)
    const labels = trayMenu(t.core.desktop.trayState(), 'en').items.map((i) => ('label' in i ? i.label : ''))
    expect(labels).toContain('Newbie: no cloud save yet (upload it in Milthm)')
    expect(notes).toEqual([])
    expect(filesUnder(t.folder)).toEqual([])
    await t.core.dispose()
  })
})

describe("the day's downloads used up", () => {
  it('a 429 on the file URL is quota_exceeded: one URL spent, never retried, said plainly', async () => {
    const t = await setup('alice')
    service.controls.fileLimitNext('429')
    const before = urlsIssued()
    const failure = await t.run().then(
      () => null,
      (e: { code: string; message: string; data: { details?: Record<string, unknown>; status?: number } }) => e
    )
    expect(failure).toMatchObject({
      code: 'quota_exceeded',
      message: "Today's cloud-save downloads are used up; the next backup can run tomorrow.",
      data: { status: 429, details: { downloadsSpent: 1 } }
    })
    expect(urlsIssued() - before).toBe(1)
    // Had it asked the file server again, the second answer (no fault left) would have been a backup.
    expect(filesUnder(t.folder).filter((f) => !f.includes('.companion.lock'))).toEqual([])
    await t.core.dispose()
  })

  it('"Download limit reached" in a refusal from the file server, and the service\'s code under any status, mean the same', async () => {
    const t = await setup('alice')
    service.controls.fileLimitNext('message')
    const before = urlsIssued()
    await expect(t.run()).rejects.toMatchObject({ code: 'quota_exceeded' })
    // A 403 usually means an expired link; this one said the limit, so no replacement link was asked for.
    expect(urlsIssued() - before).toBe(1)
    for (const status of [418, 429, 400]) {
      service.controls.refuseNext('/v1/game/save', status, 'GameSaveDownloadLimitExceededError')
      await expect(t.run()).rejects.toMatchObject({ code: 'quota_exceeded', data: { status } })
    }
    expect(urlsIssued() - before).toBe(1)
    await t.core.dispose()
  })

  it('automatic backup notifies once and does not ask again before the next UTC day', async () => {
    const notes: string[] = []
    const t = await setup('alice', notes)
    service.controls.fileLimitNext('429', 5)
    t.core.start()
    await t.call('settings:update', { autoBackup: { enabled: true, everyHours: 6 } })
    await expect.poll(() => notes, { timeout: 10_000 }).toHaveLength(1)
    expect(notes[0]).toBe("Backup failed: Alice: Today's cloud-save downloads are used up; the next backup can run tomorrow.")
    const labels = trayMenu(t.core.desktop.trayState(), 'en').items.map((i) => ('label' in i ? i.label : ''))
    expect(labels).toContain("Alice: today's downloads are used up; next backup tomorrow")
    await t.core.dispose()
  })
})

describe('grades of a save', () => {
  it('an older save (PlayerFile, seven-grade BestLevel) reads S and A from the scores; disagreeing levels are counted', async () => {
    const t = await setup('tired-cn', [], 'china')
    const run = await t.run()
    const summary = await t.call('backups:summary', run.entryId!)
    expect(summary).toMatchObject({ container: 'sqlite', layout: 'SongRecords' })
    // Independent truth: the best score per chart from the service, graded with the thresholds of the notes.
    const bests = service.controls.saveBests('china', 'tired-cn')
    const gradeOf = (s: number) =>
      s >= 1_010_000
        ? 'R'
        : s >= 1_000_000
          ? 'M'
          : s >= 950_000
            ? 'SS'
            : s >= 850_000
              ? 'S'
              : s >= 750_000
                ? 'A'
                : s >= 650_000
                  ? 'B'
                  : s >= 600_000
                    ? 'C'
                    : 'F'
    const expected: Record<string, number> = {}
    for (const score of Object.values(bests)) expected[gradeOf(score)] = (expected[gradeOf(score)] ?? 0) + 1
    const counted = Object.fromEntries(Object.entries(summary.grades).filter(([, n]) => n > 0))
    expect(counted).toEqual(expected)
    expect((expected.S ?? 0) + (expected.A ?? 0)).toBeGreaterThan(0)
    // Every S or A best under the old scheme is numbered one lower than today's scheme would read it.
    expect(summary.levelDisagreements).toBeGreaterThanOrEqual((expected.S ?? 0) + (expected.A ?? 0))
    // LastSaveTime has no offset: a local time of unknown zone, kept exactly as the save writes it (China: +08:00 local).
    const info = (await await fetch(`${service.deployments.china.base_url}/v1/game/save/info`, {
      headers: { authorization: tokenOf('tired-cn', 'china') }
    }).then((r) => r.json())) as { data: { updated_at: string } }
    expect(summary.lastSaveTime).toBe(info.data.updated_at.slice(0, 19))
    expect(summary.lastSaveTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/)
    await t.core.dispose()
  })
})

const rankRequests = () => service.controls.counters('global').requestsPerRoute['GET /global/api/v1/user/:username/rank'] ?? 0

describe('rank lists as the live service sends them', () => {
  it('not ready twice, then ready: the lists are shown, after three requests', async () => {
    const t = await setup('alice')
    const usual = (await t.sync(t.id)).rank.data!
    service.controls.rankNotReady(2)
    const before = rankRequests()
    const rank = (await t.sync(t.id)).rank
    expect(rankRequests() - before).toBe(3)
    expect(rank.data).toMatchObject({ listsReady: true, touch_ranks: usual.touch_ranks, keyboard_ranks: usual.keyboard_ranks })
    expect(rank.data!.touch_ranks.length).toBeGreaterThan(20)
    await t.core.dispose()
  })

  it('never ready: the new Reality values with the cached lists, and the state said; never an empty best 20', async () => {
    const t = await setup('alice')
    const usual = (await t.sync(t.id)).rank.data!
    // A new best since: the service's Reality moves, its lists are not ready.
    service.controls.advanceClock(60_000)
    const improvable = usual.touch_ranks.slice(0, 20).find((r) => r.score < 1_000_000)!
    service.controls.addPlayOf('global', 'alice', improvable.chart_id, 1_005_000, true)
    const truth = (await (await fetch(`${base()}/v1/user/alice/rank`, { headers: { authorization: tokenOf('alice') } })).json()) as {
      data: { touch_reality: number; keyboard_reality: number }
    }
    service.controls.rankNotReady(10)
    const before = rankRequests()
    const rank = (await t.sync(t.id)).rank
    expect(rankRequests() - before).toBe(4)
    expect(rank.data).toMatchObject({
      listsReady: false,
      touch_reality: truth.data.touch_reality,
      keyboard_reality: truth.data.keyboard_reality,
      touch_ranks: usual.touch_ranks,
      keyboard_ranks: usual.keyboard_ranks
    })
    expect(rank.data!.touch_reality).not.toBe(usual.touch_reality)
    expect(rank.panel).toMatchObject({ status: 'fresh', error: null })
    await t.core.dispose()
  })

  it('a chart listed twice is shown once, with its best score', async () => {
    const t = await setup('alice')
    const usual = (await t.sync(t.id)).rank.data!
    service.controls.duplicateRankEntries()
    const raw = (await (await fetch(`${base()}/v1/user/alice/rank`, { headers: { authorization: tokenOf('alice') } })).json()) as {
      data: { touch_ranks: { chart_id: string }[] }
    }
    expect(raw.data.touch_ranks.length).toBeGreaterThan(usual.touch_ranks.length)
    const rank = (await t.sync(t.id)).rank.data!
    for (const list of [rank.touch_ranks, rank.keyboard_ranks]) expect(new Set(list.map((r) => r.chart_id)).size).toBe(list.length)
    expect(rank.touch_ranks.map((r) => [r.chart_id, r.score])).toEqual(usual.touch_ranks.map((r) => [r.chart_id, r.score]))
    expect(rank.keyboard_ranks.map((r) => [r.chart_id, r.score])).toEqual(usual.keyboard_ranks.map((r) => [r.chart_id, r.score]))
    expect(rank.touch_reality).toBe(usual.touch_reality)
    await t.core.dispose()
  })
})
