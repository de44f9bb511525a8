import {
  closeSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
  writeSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../src/shared/errors'
import type { RestoreStep } from '../../src/shared/restore'
import { LOCK_FILE, thisHost } from '../../src/main/backups/folder-lock'
import type { FileSystem } from '../../src/main/ports'
import { faultyFiles } from '../support/faulty-files'
import { allRows, writeDataDb, writeSavesDb } from '../support/game-saves'
import { hashesUnder, libraryOf, request, restoreFixture, sha256Of, writingWrong } from '../support/restore'

/**
 * The pinned snapshot a restore takes first holds the game's saves.db as a second name of the same file
 * (no bytes copied): once the rename has given the game a new file, the library alone holds the old one.
 * Whatever stops the restore before the rename, the snapshot must not stay one file with the game's
 * save, which the game changes in place when it saves.
 */
let work: string
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'restore-snapshot-'))
})
afterEach(() => rmSync(work, { recursive: true, force: true }))

const A = 'c0ffee00-0000-4000-8000-00000000000a'
const B = 'c0ffee00-0000-4000-8000-00000000000b'
const KEPT = { lastSaveTime: '2026-11-18T20:00:00', charts: [{ id: A, score: 1_000_000 }] }
const NOW = { lastSaveTime: '2026-11-20T21:00:00', charts: [{ id: B, score: 800_000 }] }

/** A game folder holding NOW, a "This computer" version of KEPT, and a restore service over faulty files. */
async function setup(running = { now: false }, files = (f: FileSystem) => f, onStep?: (step: RestoreStep) => void | Promise<void>) {
  const faults = faultyFiles()
  const game = join(work, 'game')
  const processes = async () => (running.now ? ['Milthm'] : [])
  const fixture = restoreFixture(work, { platform: 'linux', home: work, env: {} }, { files: files(faults.files), processes, onStep })
  writeSavesDb(join(game, 'saves.db'), KEPT)
  writeDataDb(join(game, 'data.db'), [{ chart_id: A, score: 1_000_000, played_at: '2026-11-18T19:00:00Z' }])
  const version = await fixture.local.backup(game)
  rmSync(join(game, 'saves.db'))
  writeSavesDb(join(game, 'saves.db'), NOW)
  const plan = () => fixture.restore.plan(request(version.entryId!, { gameFolder: game, allowDowngrade: true }))
  return { faults, game, fixture, plan, running, old: sha256Of(join(game, 'saves.db')), oldRows: allRows(join(game, 'saves.db')) }
}
type Setup = Awaited<ReturnType<typeof setup>>

/** The game saving in place, as SQLite does: the same file, other bytes. */
function gameWritesInPlace(path: string) {
  const fd = openSync(path, 'r+')
  writeSync(fd, Buffer.from('the game wrote here'), 0, 19, 200)
  closeSync(fd)
}

async function snapshotPath(root: string, id: string) {
  return (await libraryOf(root).get(id)).path!
}

describe('the snapshot of a restore', () => {
  it("is the old saves.db itself: no copy, and once replaced in the game's folder, the library's alone", async () => {
    const s = await setup()
    const before = statSync(join(s.game, 'saves.db'))
    const report = await s.fixture.restore.apply(await s.plan())
    expect(report.status).toBe('restored')
    const snapshot = statSync(await snapshotPath(s.fixture.root, report.snapshotId!))
    expect(snapshot.ino).toBe(before.ino)
    expect(snapshot.nlink).toBe(1)
    expect(statSync(join(s.game, 'saves.db')).ino).not.toBe(before.ino)
    expect(sha256Of(await snapshotPath(s.fixture.root, report.snapshotId!))).toBe(s.old)
    // The game saving over its new file leaves the snapshot as it was.
    gameWritesInPlace(join(s.game, 'saves.db'))
    expect(sha256Of(await snapshotPath(s.fixture.root, report.snapshotId!))).toBe(s.old)
  })

  it('gets bytes of its own when the restore fails before the rename: the game saving later leaves it whole', async () => {
    const s = await setup()
    s.faults.fail('rename', /game\/saves\.db$/, 'EIO')
    const report = await s.fixture.restore.apply(await s.plan())
    expect(report).toMatchObject({ status: 'failed', written: [] })
    const path = await snapshotPath(s.fixture.root, report.snapshotId!)
    expect(statSync(path).ino).not.toBe(statSync(join(s.game, 'saves.db')).ino)
    expect(statSync(join(s.game, 'saves.db')).nlink).toBe(1)
    gameWritesInPlace(join(s.game, 'saves.db'))
    expect(sha256Of(path)).toBe(s.old)
    expect(allRows(path)).toEqual(s.oldRows)
    const library = libraryOf(s.fixture.root)
    expect(await library.check(await library.get(report.snapshotId!))).toBe('ok')
  })

  it('that the game changed while it was one file with the save (it saved during the restore) goes to the trash', async () => {
    const s = await setup()
    const plan = await s.plan()
    const fixture = restoreFixture(
      work,
      { platform: 'linux', home: work, env: {} },
      { onStep: (step) => void (step === 'replacing' && gameWritesInPlace(join(s.game, 'saves.db'))) }
    )
    const report = await fixture.restore.apply(plan)
    // The rename is refused: the game's save is not the one previewed. It is the game's, as the game left it.
    expect(report).toMatchObject({ status: 'refused', reason: 'changed-since-preview' })
    expect(sha256Of(join(s.game, 'saves.db'))).not.toBe(s.old)
    // No pinned version claims to be the save that was there when it no longer is.
    const library = libraryOf(s.fixture.root)
    expect((await library.entries('this-computer-10000001')).filter((e) => e.pinned)).toEqual([])
    const { entries } = await library.verify('this-computer-10000001', null, Date.now(), null)
    expect(entries.map((e) => e.verifyStatus)).toEqual(['ok'])
  })

  it('is a copy, checked byte for byte, where the disk has no hard links (FAT, exFAT, another disk)', async () => {
    // What the port answers there (EXDEV, EPERM, ENOTSUP, …): no links.
    const s = await setup(undefined, (f) => ({ ...f, link: async () => 'no-links' as const }))
    const before = statSync(join(s.game, 'saves.db'))
    const report = await s.fixture.restore.apply(await s.plan())
    expect(report.status).toBe('restored')
    const path = await snapshotPath(s.fixture.root, report.snapshotId!)
    expect(statSync(path).ino).not.toBe(before.ino)
    expect(sha256Of(path)).toBe(s.old)
  })

  it('is a copy where saves.db is a symbolic link: the file it points at is not kept as the snapshot', async () => {
    const s = await setup()
    mkdirSync(join(work, 'elsewhere'))
    renameSync(join(s.game, 'saves.db'), join(work, 'elsewhere', 'saves.db'))
    symlinkSync(join(work, 'elsewhere', 'saves.db'), join(s.game, 'saves.db'))
    const report = await s.fixture.restore.apply(await s.plan())
    expect(report.status).toBe('restored')
    const path = await snapshotPath(s.fixture.root, report.snapshotId!)
    expect(lstatSync(path).isFile()).toBe(true)
    expect(statSync(path).ino).not.toBe(statSync(join(work, 'elsewhere', 'saves.db')).ino)
    gameWritesInPlace(join(work, 'elsewhere', 'saves.db'))
    expect(sha256Of(path)).toBe(s.old)
  })

  it("is a copy where saves.db has another name already (a link of the player's own)", async () => {
    const s = await setup()
    linkSync(join(s.game, 'saves.db'), join(work, 'my-own-link.db'))
    const report = await s.fixture.restore.apply(await s.plan())
    expect(report.status).toBe('restored')
    const path = await snapshotPath(s.fixture.root, report.snapshotId!)
    expect(statSync(path).ino).not.toBe(statSync(join(work, 'my-own-link.db')).ino)
    gameWritesInPlace(join(work, 'my-own-link.db'))
    expect(sha256Of(path)).toBe(s.old)
  })

  it('cannot be linked for another reason (EIO): nothing is restored, and the error says so', async () => {
    const s = await setup()
    s.faults.fail('link', /game\/saves\.db$/, 'EIO')
    const before = hashesUnder(s.game)
    const error = await s.fixture.restore.apply(await s.plan()).then(
      () => null,
      (e: unknown) => e
    )
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).message).toMatch(/^Nothing was restored: .*the disk reported an error\./)
    expect(hashesUnder(s.game)).toEqual(before)
    expect((await libraryOf(s.fixture.root).entries('this-computer-10000001')).filter((e) => e.pinned)).toEqual([])
  })

  it("as a copy, must hold the bytes the preview read: one that does not is refused, and the game's folder is untouched", async () => {
    // data.db stays in the game's folder (no plays restored), so the snapshot copies it; here the copy is written wrong.
    let armed = false
    const s = await setup({ now: false }, (f) => writingWrong(f, (path) => armed && /this-computer-10000001\/[^/]*\.part$/.test(path)))
    const plan = await s.plan()
    const before = hashesUnder(s.game)
    armed = true
    const error = await s.fixture.restore.apply(plan).then(
      () => null,
      (e: unknown) => e
    )
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).message).toMatch(/does not read back as the save; nothing was restored/)
    expect(hashesUnder(s.game)).toEqual(before)
  })

  it("is refused when the game's data.db no longer holds the bytes the preview read, though its name, size and time do", async () => {
    const data = () => join(work, 'game', 'data.db')
    // A whole second, which its time keeps exactly when it is put back.
    const time = new Date('2026-11-20T21:00:00Z')
    const s = await setup({ now: false }, undefined, (step) => {
      if (step !== 'snapshot') return
      // Another program rewrote it in place, same length, and put its time back: only its bytes tell.
      const fd = openSync(data(), 'r+')
      writeSync(fd, Buffer.from('rewritten'), 0, 9, 100)
      closeSync(fd)
      utimesSync(data(), time, time)
    })
    utimesSync(data(), time, time)
    const plan = await s.plan()
    expect(await s.fixture.restore.apply(plan)).toMatchObject({ status: 'refused', reason: 'changed-since-preview' })
    expect(sha256Of(join(s.game, 'saves.db'))).toBe(s.old)
  })

  it("left one file with the game's save by a restore that was killed: the next restore gives it bytes of its own first", async () => {
    const running = { now: false }
    const s = await setup(running)
    // What a restore killed between its snapshot and its rename leaves: a pinned version that is the game's file.
    const plan = await s.plan()
    const killed = await s.fixture.local.keep(await s.fixture.local.read(s.game), {
      always: true,
      pinned: true,
      reason: { kind: 'before-restore', version: { id: 'global_alice_10000001/cloud-1', backedUpAt: null, source: null } },
      linkFrom: { save: join(s.game, 'saves.db') }
    })
    expect(statSync(killed.path!).ino).toBe(statSync(join(s.game, 'saves.db')).ino)
    // The next restore is refused (the game is running), but it has given the snapshot its own bytes first.
    running.now = true
    const report = await s.fixture.restore.apply(plan)
    expect(report).toMatchObject({ status: 'refused', reason: 'game-running' })
    expect(statSync(killed.path!).ino).not.toBe(statSync(join(s.game, 'saves.db')).ino)
    gameWritesInPlace(join(s.game, 'saves.db'))
    expect(sha256Of(killed.path!)).toBe(s.old)
  })
})

describe("the snapshot's library folder, made ready while the restore's checks run", () => {
  const FOLDER = 'this-computer-10000001'
  const lockIn = (root: string) => join(root, FOLDER, LOCK_FILE)

  it.each([
    ['restored', (): void => {}, { status: 'restored' }],
    ['refused (the game runs)', (s: Setup): void => void (s.running.now = true), { status: 'refused', reason: 'game-running' }],
    ['failed (the rename fails)', (s: Setup): void => s.faults.fail('rename', /saves\.db$/, 'EIO'), { status: 'failed', written: [] }]
  ] as const)('is let go however the restore ends: %s', async (_, arrange, outcome) => {
    const s = await setup({ now: false })
    const plan = await s.plan()
    arrange(s)
    expect(await s.fixture.restore.apply(plan)).toMatchObject(outcome)
    // Nothing still on its way to the lock either: a moment later, still no lock.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(existsSync(lockIn(s.fixture.root))).toBe(false)
  })

  /** A lock of the app's (its process, this one, is alive) at `path`, for as long as the test likes. */
  function appsLock(path: string, token: string) {
    mkdirSync(dirname(path), { recursive: true })
    const owner = { pid: process.pid, host: thisHost(), program: 'app', startedAt: new Date().toISOString(), token }
    writeFileSync(path, JSON.stringify(owner))
    return { owner, ends: () => rmSync(path) }
  }

  /** A restore applied while another restore (the app's) holds the restore's own lock: it waits until `ends`. */
  async function behindAnotherRestore(onStep?: (step: RestoreStep) => void | Promise<void>) {
    const s = await setup({ now: false }, (f) => f, onStep)
    const plan = await s.plan()
    const other = appsLock(join(s.fixture.root, '.restore', LOCK_FILE), 'the-apps-restore')
    const applying = s.fixture.restore.apply(plan)
    applying.catch(() => {})
    // Long enough to have found that lock taken and started waiting.
    await new Promise((resolve) => setTimeout(resolve, 300))
    return { s, applying, ends: other.ends }
  }

  it('is let go while another restore runs, which may need it, and made ready again once that one ends', async () => {
    const { s, applying, ends } = await behindAnotherRestore()
    // The other restore takes this save's library folder at once: the waiting one does not keep it from it.
    const started = Date.now()
    const held = await s.fixture.local.hold('10000001')
    expect(Date.now() - started).toBeLessThan(2_000)
    await held.release()
    ends()
    expect(await applying).toMatchObject({ status: 'restored' })
    expect(allRows(join(s.game, 'saves.db'))).not.toEqual(s.oldRows)
    expect(existsSync(lockIn(s.fixture.root))).toBe(false)
  })

  it('looks at the game again after waiting for another restore: started meanwhile, it is refused', async () => {
    const { s, applying, ends } = await behindAnotherRestore()
    s.running.now = true
    ends()
    expect(await applying).toMatchObject({ status: 'refused', reason: 'game-running' })
    expect(sha256Of(join(s.game, 'saves.db'))).toBe(s.old)
  })

  it('a side file that cannot be looked at after that wait fails the restore as I/O, and nothing is written', async () => {
    // The look at the game fails while the restore still announces its step: that failure must have a taker.
    const { s, applying, ends } = await behindAnotherRestore((step) =>
      step === 'checking' ? new Promise((resolve) => setTimeout(resolve, 200)) : undefined
    )
    s.faults.fail('stat', /saves\.db-wal$/, 'EIO')
    ends()
    await expect(applying).rejects.toMatchObject({ code: 'io', message: expect.stringMatching(/saves\.db-wal/) })
    expect(sha256Of(join(s.game, 'saves.db'))).toBe(s.old)
  })

  it("a refusal does not wait for another program's lock on that folder, nor touches it", async () => {
    const s = await setup({ now: false })
    const plan = await s.plan()
    s.running.now = true
    // The app is keeping a version of this save at that moment: its lock stays, untouched.
    const { owner } = appsLock(lockIn(s.fixture.root), 'the-apps-lock')
    const started = Date.now()
    expect(await s.fixture.restore.apply(plan)).toMatchObject({ status: 'refused', reason: 'game-running' })
    // The library's lock wait is 10 s here: a refusal answers long before.
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(JSON.parse(readFileSync(lockIn(s.fixture.root), 'utf8'))).toEqual(owner)
  })
})
