import { execFileSync, spawn } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ChartInfo } from '../../src/shared/data'
import { createHeadless } from '../../src/main/headless/headless'
import { nodeFiles } from '../../src/main/platform-node/files'
import { nodeProcesses } from '../../src/main/platform-node/processes'
import { allRows, inspect, saveJson, writeDataDb, writeSavesDb, type TestSave } from '../support/game-saves'
import {
  GAME_LAYOUTS,
  hashesUnder,
  libraryOf,
  losingNextRead,
  putCloudBackup,
  request,
  restoreFixture,
  sha256Of,
  writingWrong
} from '../support/restore'

let work: string
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'restore-'))
})
afterEach(() => rmSync(work, { recursive: true, force: true }))

const A = 'c0ffee00-0000-4000-8000-00000000000a'
const B = 'c0ffee00-0000-4000-8000-00000000000b'
const C = 'c0ffee00-0000-4000-8000-00000000000c'
/** Kept: A 1,000,000 and B 900,000 on 2026-11-18. Now (after a reset): A 950,000, C new, on 2026-11-20. */
const KEPT: TestSave = {
  lastSaveTime: '2026-11-18T20:00:00',
  charts: [
    { id: A, score: 1_000_000 },
    { id: B, score: 900_000 }
  ]
}
const NOW: TestSave = {
  lastSaveTime: '2026-11-20T21:00:00',
  charts: [
    { id: A, score: 950_000 },
    { id: C, score: 800_000 }
  ]
}
const PLAYS_KEPT = [{ chart_id: A, score: 1_000_000, played_at: '2026-11-18T19:00:00Z' }]
const PLAYS_NOW = [...PLAYS_KEPT, { chart_id: C, score: 800_000, played_at: '2026-11-20T20:00:00Z' }]

/** A game folder holding `save` (and its plays), and a "This computer" version of it in the library. */
async function versionOf(game: string, fixture: ReturnType<typeof restoreFixture>, save: TestSave, plays = PLAYS_KEPT) {
  writeSavesDb(join(game, 'saves.db'), save)
  writeDataDb(join(game, 'data.db'), plays)
  const kept = await fixture.local.backup(game)
  return { id: kept.entryId!, path: kept.path!, data: join(kept.folder, kept.parts[0]!.file) }
}

/** Replaces the game's files with another save, as the game writing them would (new files, same names). */
function gameNowHolds(game: string, save: TestSave, plays = PLAYS_NOW) {
  rmSync(join(game, 'saves.db'))
  rmSync(join(game, 'data.db'))
  writeSavesDb(join(game, 'saves.db'), save)
  writeDataDb(join(game, 'data.db'), plays)
}

describe('restoring a "This computer" version into the game folder', () => {
  for (const layout of GAME_LAYOUTS) {
    it(`${layout.name}: saves.db gets the version's rows, data.db stays, and the save that was there is kept pinned`, async () => {
      const home = join(work, 'home')
      const game = layout.folder(home)
      const fixture = restoreFixture(work, layout.system(home))
      const version = await versionOf(game, fixture, KEPT)
      gameNowHolds(game, NOW)
      const before = { rows: allRows(join(game, 'saves.db')), data: sha256Of(join(game, 'data.db')) }

      const refused = await fixture.restore.apply(await fixture.restore.plan(request(version.id)))
      expect(refused).toMatchObject({ status: 'refused', reason: 'downgrade', snapshotId: null })
      expect(allRows(join(game, 'saves.db'))).toEqual(before.rows)

      const started = Date.now()
      const report = await fixture.restore.apply(await fixture.restore.plan(request(version.id, { allowDowngrade: true })))
      expect(report).toMatchObject({ status: 'restored', reason: null, target: game, written: [join(game, 'saves.db')] })
      expect(allRows(join(game, 'saves.db'))).toEqual(allRows(version.path))
      expect(inspect(join(game, 'saves.db')).integrity).toBe('ok')
      expect(sha256Of(join(game, 'data.db'))).toBe(before.data)
      // The restored save carries the time of the restore, not the backup's.
      expect(statSync(join(game, 'saves.db')).mtimeMs).toBeGreaterThanOrEqual(started - 1000)

      const snapshot = await libraryOf(fixture.root).get(report.snapshotId!)
      // Why it was kept, as data (worded in the player's language when shown): the version restored, its time and kind.
      const restored = await libraryOf(fixture.root).get(version.id)
      expect(snapshot).toMatchObject({
        pinned: true,
        source: 'computer',
        note: '',
        reason: { kind: 'before-restore', version: { id: version.id, backedUpAt: restored.backedUpAt, source: 'computer' } }
      })
      expect(allRows(snapshot.path!)).toEqual(before.rows)
      expect(sha256Of(join(snapshot.path!, '..', snapshot.parts![0]!.file))).toBe(before.data)
    })
  }

  it('with plays, data.db is replaced too; retention never removes the pinned snapshot', async () => {
    const game = join(work, 'game')
    const fixture = restoreFixture(work, { platform: 'linux', home: work, env: {} })
    const version = await versionOf(game, fixture, KEPT)
    gameNowHolds(game, NOW)
    const report = await fixture.restore.apply(
      await fixture.restore.plan(request(version.id, { gameFolder: game, withPlays: true, allowDowngrade: true }))
    )
    expect(report.status).toBe('restored')
    expect(report.written).toEqual([join(game, 'saves.db'), join(game, 'data.db')])
    expect(allRows(join(game, 'saves.db'))).toEqual(allRows(version.path))
    expect(sha256Of(join(game, 'data.db'))).toBe(sha256Of(version.data))
    const library = libraryOf(fixture.root)
    const folder = report.snapshotId!.split('/')[0]!
    await library.applyRetention(folder, { keepLast: 1, dailyForDays: 0, weeklyForWeeks: 0 }, Date.now())
    expect((await library.entries(folder)).map((e) => e.id)).toContain(report.snapshotId)
  })

  it('undo puts the save from before the restore back, keeping the restored one first', async () => {
    const game = join(work, 'game')
    const fixture = restoreFixture(work, { platform: 'linux', home: work, env: {} })
    const version = await versionOf(game, fixture, KEPT)
    gameNowHolds(game, NOW)
    const before = allRows(join(game, 'saves.db'))
    const restored = await fixture.restore.apply(
      await fixture.restore.plan(request(version.id, { gameFolder: game, allowDowngrade: true }))
    )
    expect(await fixture.restore.lastRestore()).toMatchObject({ snapshotId: restored.snapshotId, fromId: version.id, folder: game })

    const undo = await fixture.restore.planUndo(null)
    expect(undo.report).toMatchObject({ status: 'dry-run', from: { id: restored.snapshotId } })
    const undone = await fixture.restore.apply(undo)
    expect(undone).toMatchObject({ status: 'undone', target: game })
    expect(allRows(join(game, 'saves.db'))).toEqual(before)
    expect(await fixture.restore.lastRestore()).toBeNull()
    const kept = await libraryOf(fixture.root).get(undone.snapshotId!)
    expect(allRows(kept.path!)).toEqual(allRows(version.path))
    const undoneVersion = await libraryOf(fixture.root).get(version.id)
    expect(kept).toMatchObject({
      note: '',
      reason: { kind: 'before-undo', version: { id: version.id, backedUpAt: undoneVersion.backedUpAt, source: 'computer' } }
    })
    expect((await fixture.restore.apply(await fixture.restore.planUndo(null))).reason).toBe('nothing-to-undo')
  })

  it('undo is refused when the game saved since its preview: the save there must still be the one the player saw', async () => {
    const game = GAME_LAYOUTS[0]!.folder(join(work, 'home'))
    const fixture = restoreFixture(work, GAME_LAYOUTS[0]!.system(join(work, 'home')))
    const version = await versionOf(game, fixture, KEPT)
    gameNowHolds(game, NOW)
    await fixture.restore.apply(await fixture.restore.plan(request(version.id, { gameFolder: game, allowDowngrade: true })))
    const preview = (await fixture.restore.planUndo(null)).report
    const seen = preview.preview!.currentSha256!
    expect(seen).toBe(sha256Of(join(game, 'saves.db')))
    // The game saved after the player read the preview.
    gameNowHolds(game, { ...NOW, lastSaveTime: '2026-11-22T09:00:00' })
    const after = hashesUnder(game)
    const refused = await fixture.restore.apply(await fixture.restore.planUndo(null, seen))
    expect(refused).toMatchObject({ status: 'refused', reason: 'changed-since-preview' })
    expect(hashesUnder(game)).toEqual(after)
    const fresh = (await fixture.restore.planUndo(null)).report.preview!.currentSha256
    expect(await fixture.restore.apply(await fixture.restore.planUndo(null, fresh))).toMatchObject({ status: 'undone' })
  })
})

describe('restoring a cloud backup', () => {
  it('a JSON backup is written into the PlayerFileV2 row of a copy of the local saves.db; every other row and table stays', async () => {
    const game = join(work, 'game')
    writeSavesDb(join(game, 'saves.db'), NOW)
    const extra = new DatabaseSync(join(game, 'saves.db'))
    extra.exec("CREATE TABLE android_metadata (locale TEXT); INSERT INTO android_metadata VALUES ('en_US')")
    extra.close()
    const fixture = restoreFixture(work, { platform: 'linux', home: work, env: {} })
    const cloudJson = saveJson({ ...KEPT, lastSaveTime: '2026-11-21T08:00:00' })
    const id = putCloudBackup(fixture.root, 'global_alice_10000001', 'cloud-1', Buffer.from(cloudJson))
    const before = allRows(join(game, 'saves.db'))

    const plan = await fixture.restore.plan(request(id, { gameFolder: game }))
    expect(plan.report).toMatchObject({ status: 'refused', reason: 'downgrade' })
    expect(plan.report.preview).toMatchObject({
      lowered: [],
      lost: [{ chart_id: C, before: 800_000, after: null }],
      // The biggest change first: a chart new to this computer rises from nothing.
      raised: [
        { chart_id: B, before: null, after: 900_000 },
        { chart_id: A, before: 950_000, after: 1_000_000 }
      ],
      unchanged: 0,
      olderSave: false,
      otherPlayer: false
    })
    const report = await fixture.restore.apply(await fixture.restore.plan(request(id, { gameFolder: game, allowDowngrade: true })))
    expect(report).toMatchObject({ reason: null, status: 'restored', from: { id, kind: 'cloud', format: 'json' } })
    expect(await libraryOf(fixture.root).get(report.snapshotId!)).toMatchObject({
      note: '',
      reason: { kind: 'before-restore', version: { id, backedUpAt: '2026-11-18T10:00:05Z', source: 'cloud' } }
    })
    const { integrity, save } = inspect(join(game, 'saves.db'))
    expect(integrity).toBe('ok')
    expect(JSON.parse(save!)).toEqual(JSON.parse(cloudJson))
    const after = allRows(join(game, 'saves.db'))
    const withoutSave = (rows: Record<string, unknown[]>) => ({
      ...rows,
      kv: rows.kv!.map((r) => ((r as { key: string }).key === 'PlayerFileV2' ? { ...(r as object), value: null } : r))
    })
    expect(withoutSave(after)).toEqual(withoutSave(before))
    expect(Object.keys(after).sort()).toEqual(['android_metadata', 'kv', 'migrations', 'sqlite_sequence'])
  })

  it('an SQLite backup is the container itself; titles and Reality in the preview come from the chart list', async () => {
    const game = join(work, 'game')
    writeSavesDb(join(game, 'saves.db'), NOW)
    const charts = new Map<string, ChartInfo>([
      [A, { chart_id: A, title: 'Aurora', difficulty: 'Cloudburst', constant: 10 }],
      [B, { chart_id: B, title: 'Borealis', difficulty: 'Clear', constant: 8 }],
      [C, { chart_id: C, title: 'Cirrus', difficulty: 'Drizzle', constant: 5 }]
    ])
    const fixture = restoreFixture(work, { platform: 'linux', home: work, env: {} }, { charts: () => charts })
    const container = join(work, 'cloud.db')
    writeSavesDb(container, KEPT)
    const id = putCloudBackup(fixture.root, 'global_alice_10000001', 'cloud-2', readFileSync(container))
    const plan = await fixture.restore.plan(request(id, { gameFolder: game, allowDowngrade: true }))
    // By hand, the 4.0+ rule max(v3, v2): now A 950,000 → v3 10 + 1.0; C 800,000 → v2 800,000/280,000 − 4 + 5 (above v3's
    // 5·(0.5 + 1/3) − 0.5); kept A 1,000,000 → v3 11.5, B 900,000 → v3 8.5. The best 20 over 20.
    expect(plan.report.preview!.realityBefore).toBeCloseTo((11 + (800_000 / 280_000 - 4 + 5)) / 20, 4)
    expect(plan.report.preview!.realityAfter).toBeCloseTo((11.5 + 8.5) / 20, 4)
    expect(plan.report.preview!.raised).toMatchObject([
      { chart_id: B, title: 'Borealis', difficulty: 'Clear' },
      { chart_id: A, title: 'Aurora', difficulty: 'Cloudburst' }
    ])
    expect(plan.report.preview!.lost[0]).toMatchObject({ chart_id: C, title: 'Cirrus', difficulty: 'Drizzle' })
    const report = await fixture.restore.apply(plan)
    expect(report.status).toBe('restored')
    expect(sha256Of(join(game, 'saves.db'))).toBe(sha256Of(container))
  })
})

describe('refusals change nothing in the game folder', () => {
  const game = () => join(work, 'game')
  async function refusedWith(setup: (fixture: ReturnType<typeof restoreFixture>) => Promise<string>, fields = {}, deps = {}) {
    const fixture = restoreFixture(work, { platform: 'linux', home: work, env: {} }, deps)
    const id = await setup(fixture)
    const before = hashesUnder(game())
    const library = hashesUnder(fixture.root)
    const report = await fixture.restore.apply(await fixture.restore.plan(request(id, { gameFolder: game(), ...fields })))
    expect(report.status).toBe('refused')
    expect(report.snapshotId).toBeNull()
    expect(hashesUnder(game())).toEqual(before)
    expect(hashesUnder(fixture.root)).toEqual(library)
    return report
  }
  const keptThenNow = async (fixture: ReturnType<typeof restoreFixture>) => {
    const version = await versionOf(game(), fixture, KEPT)
    gameNowHolds(game(), NOW)
    return version.id
  }

  it('while the game runs (a process named Milthm.x86_64), naming it', async () => {
    const bin = join(work, 'bin')
    mkdirSync(bin)
    copyFileSync(execFileSync('which', ['sleep'], { encoding: 'utf8' }).trim(), join(bin, 'Milthm.x86_64'))
    const game$ = spawn(join(bin, 'Milthm.x86_64'), ['30'], { stdio: 'ignore' })
    try {
      await new Promise((r) => setTimeout(r, 200))
      const report = await refusedWith(keptThenNow, { allowDowngrade: true }, { processes: nodeProcesses('linux') })
      expect(report).toMatchObject({ reason: 'game-running', detail: 'Milthm.x86_64' })
    } finally {
      game$.kill()
    }
  })

  it('when the process list cannot be read', async () => {
    const report = await refusedWith(keptThenNow, { allowDowngrade: true }, { processes: nodeProcesses('linux', join(work, 'no-proc')) })
    expect(report.reason).toBe('cannot-check-game')
  })

  it('with a non-empty saves.db-journal, or a saves.db-wal (the side files stay)', async () => {
    const journal = await refusedWith(
      async (fixture) => {
        const id = await keptThenNow(fixture)
        writeFileSync(join(game(), 'saves.db-journal'), Buffer.alloc(512, 1))
        return id
      },
      { allowDowngrade: true }
    )
    expect(journal).toMatchObject({ reason: 'unfinished-write', detail: 'saves.db-journal' })
    rmSync(join(game(), 'saves.db-journal'))
    writeFileSync(join(game(), 'saves.db-wal'), '')
    const wal = await refusedWith(async () => (await libraryOf(join(work, 'library')).entries('this-computer-10000001'))[0]!.id, {
      allowDowngrade: true
    })
    expect(wal).toMatchObject({ reason: 'unfinished-write', detail: 'saves.db-wal' })
  })

  it('a downgrade without confirmation names what is lost', async () => {
    const report = await refusedWith(keptThenNow)
    expect(report.reason).toBe('downgrade')
    expect(report.preview).toMatchObject({ downgrade: true, olderSave: true, lost: [{ chart_id: C }], lowered: [] })
  })

  it("another player's save, naming both players", async () => {
    const report = await refusedWith(
      async (fixture) => {
        const id = await keptThenNow(fixture)
        gameNowHolds(game(), { ...NOW, userId: '20000002', userUuid: 'ffffffff-0000-4000-8000-000000000002', nickname: 'Bob' })
        return id
      },
      { allowDowngrade: true }
    )
    expect(report).toMatchObject({ reason: 'other-player', detail: 'Alice / Bob' })
    expect(report.preview).toMatchObject({ otherPlayer: true, restored: { player: 'Alice' }, current: { player: 'Bob' } })
  })

  it('a damaged version (its file no longer matches the manifest)', async () => {
    const report = await refusedWith(async (fixture) => {
      const id = await keptThenNow(fixture)
      const path = (await libraryOf(fixture.root).get(id)).path!
      const bytes = readFileSync(path)
      bytes.writeUInt8(bytes.readUInt8(bytes.length - 10) ^ 0xff, bytes.length - 10)
      writeFileSync(path, bytes)
      return id
    })
    expect(report).toMatchObject({ reason: 'damaged-version', detail: 'mismatch' })
  })

  it('no container: a JSON backup with no saves.db on this computer', async () => {
    mkdirSync(game(), { recursive: true })
    writeDataDb(join(game(), 'data.db'), PLAYS_NOW)
    const report = await refusedWith(async (fixture) =>
      putCloudBackup(fixture.root, 'global_alice_10000001', 'cloud-3', Buffer.from(saveJson(KEPT)))
    )
    expect(report).toMatchObject({ reason: 'no-container' })
  })
})

describe('failures after the rename', () => {
  it('a read-back that fails puts the snapshot back, and says so', async () => {
    const game = join(work, 'game')
    let armed = false
    let renamed = false
    // The first read of the replaced saves.db finds it damaged (a disk that lost the write).
    const files = losingNextRead(
      {
        ...nodeFiles,
        rename: async (from, to) => {
          await nodeFiles.rename(from, to)
          renamed ||= armed && to === join(game, 'saves.db')
        }
      },
      join(game, 'saves.db'),
      () => renamed
    )
    const fixture = restoreFixture(work, { platform: 'linux', home: work, env: {} }, { files })
    const version = await versionOf(game, fixture, KEPT)
    gameNowHolds(game, NOW)
    const before = sha256Of(join(game, 'saves.db'))
    armed = true
    const report = await fixture.restore.apply(await fixture.restore.plan(request(version.id, { gameFolder: game, allowDowngrade: true })))
    expect(report).toMatchObject({ status: 'failed', reason: 'io', putBack: true })
    expect(report.detail).toMatch(/did not read back/)
    expect(sha256Of(join(game, 'saves.db'))).toBe(before)
    expect(await fixture.restore.lastRestore()).toBeNull()
    expect((await libraryOf(fixture.root).get(report.snapshotId!)).pinned).toBe(true)
  })

  it('a truncated version file is refused as damaged before anything is touched', async () => {
    const game = join(work, 'game')
    const fixture = restoreFixture(work, { platform: 'linux', home: work, env: {} })
    const version = await versionOf(game, fixture, KEPT)
    truncateSync(version.path, 1024)
    expect((await fixture.restore.plan(request(version.id, { gameFolder: game }))).report).toMatchObject({
      status: 'refused',
      reason: 'damaged-version'
    })
  })
})

describe('the CLI facade (createRestore)', () => {
  it('lists "This computer" versions across players, newest first, and resolves an id or a save file in the library', async () => {
    const home = join(work, 'home')
    const game = GAME_LAYOUTS[0]!.folder(home)
    const fixture = restoreFixture(work, GAME_LAYOUTS[0]!.system(home))
    const first = await versionOf(game, fixture, KEPT)
    gameNowHolds(game, { ...NOW, userId: '20000002', userUuid: 'ffffffff-0000-4000-8000-000000000002', nickname: 'Bob', username: 'bob' })
    const second = (await fixture.local.backup(game)).entryId!
    const facade = createHeadless({ version: '0.0.0-test', system: GAME_LAYOUTS[0]!.system(home), processes: async () => [] }).restore(
      fixture.root
    )
    const versions = await facade.versions()
    expect(versions.map((v) => [v.id, v.player, v.pinned, v.files])).toEqual([
      [second, 'bob', false, ['saves.db', 'data.db']],
      [first.id, 'alice', false, ['saves.db', 'data.db']]
    ])
    expect(versions[1]!.size).toBe(statSync(first.path).size + statSync(first.data).size)
    expect(await facade.resolve(first.id)).toEqual({ id: first.id, cloudFolder: null })
    expect(await facade.resolve(first.path)).toEqual({ id: first.id, cloudFolder: null })
    expect(await facade.resolve('global_alice_10000001/2026-x')).toEqual({
      id: 'global_alice_10000001/2026-x',
      cloudFolder: 'global_alice_10000001'
    })
    await expect(facade.resolve(join(game, 'saves.db'))).rejects.toMatchObject({ code: 'not_found' })
    // A bare word is a stem in the one grammar of <backup> (backup-ref.ts): one that names no version is not found.
    await expect(facade.resolve('not-an-id')).rejects.toMatchObject({ code: 'not_found' })

    const plan = await facade.plan({ backupId: first.id, mode: 'restore', withPlays: false, allowDowngrade: true, allowOtherPlayer: false })
    expect(plan.report).toMatchObject({ status: 'refused', reason: 'other-player', detail: 'Alice / Bob' })
    const allowed = await facade.plan({
      backupId: first.id,
      mode: 'restore',
      withPlays: false,
      allowDowngrade: true,
      allowOtherPlayer: true
    })
    expect((await facade.apply(allowed)).status).toBe('restored')
    expect(allRows(join(game, 'saves.db'))).toEqual(allRows(first.path))
    expect((await facade.apply(await facade.planUndo())).status).toBe('undone')
  })
})

describe('exporting', () => {
  it('writes saves.db (and data.db when asked) into a folder, never over a file there, and leaves the game folder alone', async () => {
    const game = join(work, 'game')
    const fixture = restoreFixture(work, { platform: 'linux', home: work, env: {} })
    const version = await versionOf(game, fixture, KEPT)
    gameNowHolds(game, NOW)
    const before = hashesUnder(game)
    const to = join(work, 'phone')
    const exported = await fixture.restore.apply(
      await fixture.restore.plan(request(version.id, { gameFolder: game, mode: 'export', exportTo: to, withPlays: true }))
    )
    expect(exported).toMatchObject({ status: 'exported', mode: 'export', snapshotId: null, target: to })
    expect(exported.written).toEqual([join(to, 'saves.db'), join(to, 'data.db')])
    expect(sha256Of(join(to, 'saves.db'))).toBe(sha256Of(version.path))
    expect(sha256Of(join(to, 'data.db'))).toBe(sha256Of(version.data))
    // A downgrade or another player's save does not matter here: nothing is overwritten.
    expect(exported.preview).toMatchObject({ downgrade: true })
    const again = await fixture.restore.apply(
      await fixture.restore.plan(request(version.id, { gameFolder: game, mode: 'export', exportTo: to }))
    )
    expect(again).toMatchObject({ status: 'refused', reason: 'target-exists', detail: join(to, 'saves.db') })
    expect(hashesUnder(game)).toEqual(before)
  })

  it('a file that is not written as meant is not given its name: the export fails and leaves the folder empty', async () => {
    const game = join(work, 'game')
    const to = join(work, 'phone')
    const files = writingWrong(nodeFiles, (path) => path.startsWith(to))
    const fixture = restoreFixture(work, { platform: 'linux', home: work, env: {} }, { files })
    const version = await versionOf(game, fixture, KEPT)
    const plan = await fixture.restore.plan(request(version.id, { gameFolder: game, mode: 'export', exportTo: to }))
    await expect(fixture.restore.apply(plan)).rejects.toThrow(
      /saves\.db[^ ]* did not read back as written \(its bytes are not the ones written\)/
    )
    expect(readdirSync(to)).toEqual([])
  })

  it("a JSON backup is exported inside a copy of this computer's saves.db; with none, there is no container", async () => {
    const game = join(work, 'game')
    writeSavesDb(join(game, 'saves.db'), NOW)
    const fixture = restoreFixture(work, { platform: 'linux', home: work, env: {} })
    const json = saveJson(KEPT)
    const id = putCloudBackup(fixture.root, 'global_alice_10000001', 'cloud-x', Buffer.from(json))
    const to = join(work, 'out')
    const report = await fixture.restore.apply(await fixture.restore.plan(request(id, { gameFolder: game, mode: 'export', exportTo: to })))
    expect(report.status).toBe('exported')
    expect(inspect(join(to, 'saves.db'))).toEqual({ integrity: 'ok', save: json })
    const elsewhere = await fixture.restore.plan(
      request(id, { gameFolder: join(work, 'nowhere'), mode: 'export', exportTo: join(work, 'x') })
    )
    expect(elsewhere.report).toMatchObject({ status: 'refused', reason: 'no-container' })
  })
})

describe('over a damaged save', () => {
  it('a whole version still goes in (the damaged file is kept first, as it is); a JSON backup has no container to go into', async () => {
    const game = join(work, 'game')
    const fixture = restoreFixture(work, { platform: 'linux', home: work, env: {} })
    const version = await versionOf(game, fixture, KEPT)
    const cloud = putCloudBackup(fixture.root, 'global_alice_10000001', 'cloud-d', Buffer.from(saveJson(KEPT)))
    truncateSync(join(game, 'saves.db'), 3000)
    const damaged = readFileSync(join(game, 'saves.db'))
    const json = await fixture.restore.plan(request(cloud, { gameFolder: game, allowDowngrade: true }))
    expect(json.report).toMatchObject({ status: 'refused', reason: 'no-container' })
    const plan = await fixture.restore.plan(request(version.id, { gameFolder: game }))
    expect(plan.report.status).toBe('dry-run')
    expect(plan.report.preview!.currentProblem).toBeTruthy()
    const report = await fixture.restore.apply(plan)
    expect(report.status).toBe('restored')
    expect(allRows(join(game, 'saves.db'))).toEqual(allRows(version.path))
    const kept = await libraryOf(fixture.root).get(report.snapshotId!)
    expect(readFileSync(kept.path!).equals(damaged)).toBe(true)
    expect(kept.pinned).toBe(true)
  })
})
