import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { signedInGameCore } from '../support/game-core'
import type { StartPlaysWorker } from '../../src/main/game-folder/plays-off-thread'
import { writeDataDb, writeSavesDb, type TestPlay } from '../support/game-saves'
import { sourcePlaysWorker } from '../support/plays-worker'

let service: ReferenceService
let work: string
beforeAll(async () => {
  service = await startReferenceService({ testControls: true, dailyDownloadLimit: 1000 })
  work = mkdtempSync(join(tmpdir(), 'local-app-'))
})
afterAll(async () => {
  await service?.close()
  rmSync(work, { recursive: true, force: true })
})

const oldPlays = (count: number, from = 0): TestPlay[] =>
  Array.from({ length: count }, (_, i) => ({
    chart_id: `c0ffee00-0000-4000-8000-${String((from + i) % 9).padStart(12, '0')}`,
    score: 800_000 + from + i,
    played_at: new Date(Date.UTC(2024, 0, 1) + (from + i) * 86_400_000).toISOString()
  }))

const app = (name: string, gamePollMs: number | null = null, playsWorker: StartPlaysWorker | null = null) =>
  signedInGameCore({ service, home: join(work, name), username: 'alice', options: { gameFolder: { pollMs: gamePollMs, playsWorker } } })

describe('the game on this computer, in the app', () => {
  it('backs up "This computer" beside the cloud backups, compares, and adds the plays data.db kept', async () => {
    const t = await app('one')
    writeSavesDb(join(t.game, 'saves.db'), { userId: t.uid, charts: [{ id: 'c0ffee00-0000-4000-8000-000000000001', score: 990_000 }] })
    const recent = (await t.data(t.id)).recent.data!
    writeDataDb(join(t.game, 'data.db'), [...oldPlays(30), ...recent.slice(0, 3).map((r) => ({ ...r, modifiers: '[]' }))], {
      username: 'alice',
      user_id: t.uid
    })

    await t.call('gameFolder:load', t.id)
    expect(t.events.latest('gameFolder:changed')).toMatchObject({ accountId: t.id, status: { folder: t.game }, library: null })

    const saved = await t.call('gameFolder:backup', t.id)
    expect(saved).toMatchObject({ status: 'saved', userId: t.uid })
    const state = t.events.latest('gameFolder:changed')!
    expect(state.library!.entries).toHaveLength(1)
    expect(state.library!.entries[0]).toMatchObject({ source: 'computer', id: saved.entryId, parts: [{ role: 'data.db' }] })

    const cloud = await t.call('backups:run', t.id, { force: false })
    const comparison = await t.call('gameFolder:compare', t.id)
    expect(comparison.cloud?.backupId).toBe(cloud.entryId)
    expect(comparison.local.charts).toBe(1)

    const before = (await t.call('sync:history', t.id)).records.length
    const imported = await t.call('gameFolder:importPlays', t.id, { pick: false, anyUser: false })
    expect(imported).toMatchObject({ added: 30, alreadyKept: 3, otherUsers: 0, file: join(t.game, 'data.db') })
    const history = (await t.call('sync:history', t.id)).records
    expect(history.length).toBe(before + 30)
    expect(Math.min(...history.map((r) => Date.parse(r.played_at)))).toBe(Date.UTC(2024, 0, 1))
  })

  it('imports a big data.db on the plays worker: the history gains exactly the new plays, and only them again', async () => {
    let starts = 0
    const t = await app('big', null, (path) => (starts++, sourcePlaysWorker(path)))
    writeSavesDb(join(t.game, 'saves.db'), { userId: t.uid, charts: [] })
    const recent = (await t.data(t.id)).recent.data!
    const before = (await t.call('sync:history', t.id)).records.length
    // 25,000 old plays (a data.db of more than 2 MiB) and the game's own copies of the service's recent plays, its clock 0.9 s off.
    const copies = recent.map((r) => ({ ...r, modifiers: '[]', played_at: new Date(Date.parse(r.played_at) + 900).toISOString() }))
    const plays = [...oldPlays(25_000), ...copies]
    writeDataDb(join(t.game, 'data.db'), plays, { username: 'alice', user_id: t.uid })
    const imported = await t.call('gameFolder:importPlays', t.id, { pick: false, anyUser: false })
    expect(imported).toMatchObject({ added: 25_000, alreadyKept: recent.length, otherUsers: 0 })
    expect(starts).toBe(1)
    const history = (await t.call('sync:history', t.id)).records
    expect(history.length).toBe(before + 25_000)
    expect(new Set(history.map((r) => `${r.chart_id}|${Date.parse(r.played_at)}|${r.score}`)).size).toBe(history.length)

    // The game played 3 more: only those are added, matched against the 25,000 kept.
    writeDataDb(join(t.game, 'data.db'), oldPlays(3, 30_000), { username: 'alice', user_id: t.uid })
    const again = await t.call('gameFolder:importPlays', t.id, { pick: false, anyUser: false })
    expect(again).toMatchObject({ added: 3, alreadyKept: 25_000 + recent.length, otherUsers: 0 })
    expect(starts).toBe(2)
    expect((await t.call('sync:history', t.id)).records.length).toBe(before + 25_003)
  })

  it('refuses to compare another player’s save', async () => {
    const t = await app('two')
    writeSavesDb(join(t.game, 'saves.db'), { userId: '424242', username: 'someone', charts: [] })
    await expect(t.call('gameFolder:compare', t.id)).rejects.toMatchObject({ message: expect.stringContaining('another player (someone)') })
  })

  it('adds new plays when data.db changes while the app runs, and says how many', async () => {
    const t = await app('three', 50)
    writeSavesDb(join(t.game, 'saves.db'), { userId: t.uid, charts: [] })
    writeDataDb(join(t.game, 'data.db'), oldPlays(10), { username: 'alice', user_id: t.uid })
    t.core.start()
    try {
      await new Promise((r) => setTimeout(r, 1000))
      writeDataDb(join(t.game, 'data.db'), oldPlays(5, 100), { username: 'alice', user_id: t.uid })
      await vi.waitFor(
        () => expect(t.notify).toHaveBeenCalledWith('Plays added', '15 plays added from this computer.', expect.any(Function)),
        { timeout: 10_000 }
      )
      // Automatic backup is off: only the plays are announced.
      expect(t.notify).toHaveBeenCalledTimes(1)
    } finally {
      await t.core.dispose()
    }
  })

  it('"Back up now" in the tray backs up this computer’s save too when automatic backup is on', async () => {
    const t = await app('five')
    writeSavesDb(join(t.game, 'saves.db'), { userId: t.uid, charts: [{ id: 'c0ffee00-0000-4000-8000-000000000001', score: 900_000 }] })
    const computerVersions = async () => {
      await t.call('gameFolder:load', t.id)
      return t.events.latest('gameFolder:changed')!.library?.entries.length ?? 0
    }
    try {
      // Off: the tray's entry backs up the cloud save alone, as before.
      await t.core.desktop.backUpNow()
      expect(await computerVersions()).toBe(0)
      await t.call('settings:update', { autoBackup: { enabled: true, everyHours: 24 } })
      await t.core.desktop.backUpNow()
      expect(await computerVersions()).toBe(1)
      expect(t.notify).toHaveBeenCalledWith(
        'Backup saved',
        'The save on this computer changed: a new version is in your library.',
        expect.any(Function)
      )
      // Unchanged: nothing new.
      await t.core.desktop.backUpNow()
      expect(await computerVersions()).toBe(1)
      // The cloud save was backed up by each press as well (one version: it did not change).
      await t.call('backups:load', t.id)
      expect(t.events.latest('backups:changed')!.entries.filter((e) => e.source !== 'computer')).toHaveLength(1)
    } finally {
      await t.core.dispose()
    }
  })

  it('with automatic backup on, a changed local save becomes a new version on its own', async () => {
    const t = await app('four', 50)
    await t.call('settings:update', { autoBackup: { enabled: true, everyHours: 24 } })
    const chart = 'c0ffee00-0000-4000-8000-000000000001'
    writeSavesDb(join(t.game, 'saves.db'), { userId: t.uid, charts: [{ id: chart, score: 900_000 }] })
    t.core.start()
    try {
      // The watcher's first look (the baseline), then a change.
      await new Promise((r) => setTimeout(r, 1000))
      expect(t.notify).not.toHaveBeenCalledWith('Backup saved', expect.stringContaining('this computer'), expect.any(Function))
      writeSavesDb(join(t.game, 'saves.db'), { userId: t.uid, charts: [{ id: chart, score: 950_000 }] })
      const body = 'The save on this computer changed: a new version is in your library.'
      await vi.waitFor(() => expect(t.notify).toHaveBeenCalledWith('Backup saved', body, expect.any(Function)), { timeout: 10_000 })
      await t.call('gameFolder:load', t.id)
      expect(t.events.latest('gameFolder:changed')!.library!.entries).toHaveLength(1)
    } finally {
      await t.core.dispose()
    }
  })
})
