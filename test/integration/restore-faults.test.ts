import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RestoreReport, RestoreStep } from '../../src/shared/restore'
import { AppError } from '../../src/shared/errors'
import { exitCodeFor } from '../../src/cli/output'
import { describe as describeReport, exitFor, type RestoreCliContext } from '../../src/cli/commands/restore'
import { restoreLabels } from '../../src/cli/labels'
import { faultyFiles } from '../support/faulty-files'
import { inspect, saveJson, writeDataDb, writeSavesDb } from '../support/game-saves'
import { hashesUnder, libraryOf, putCloudBackup, request, restoreFixture, sha256Of } from '../support/restore'

/**
 * The restore under I/O faults injected through the FileSystem port (root ignores chmod here): every
 * failure is a report with a readable reason, the game's files are the old ones or the new ones, whole,
 * no temp file of ours stays in the game's folder, and the save that was there stays in the library.
 */
let work: string
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'restore-faults-'))
})
afterEach(() => rmSync(work, { recursive: true, force: true }))

const A = 'c0ffee00-0000-4000-8000-00000000000a'
const B = 'c0ffee00-0000-4000-8000-00000000000b'
const KEPT = { lastSaveTime: '2026-11-18T20:00:00', charts: [{ id: A, score: 1_000_000 }] }
const NOW = { lastSaveTime: '2026-11-20T21:00:00', charts: [{ id: B, score: 800_000 }] }
const PLAYS = [{ chart_id: A, score: 1_000_000, played_at: '2026-11-18T19:00:00Z' }]

const en = restoreLabels('en')
const cli = { lang: 'en', chartText: (id: string) => id } as unknown as RestoreCliContext

/** A game folder holding NOW, a "This computer" version of KEPT in the library, and a restore service over faulty files. */
async function setup(onStep?: (step: RestoreStep) => void) {
  const faults = faultyFiles()
  const game = join(work, 'game')
  const fixture = restoreFixture(work, { platform: 'linux', home: work, env: {} }, { files: faults.files, onStep })
  writeSavesDb(join(game, 'saves.db'), KEPT)
  writeDataDb(join(game, 'data.db'), PLAYS)
  const version = await fixture.local.backup(game)
  rmSync(join(game, 'saves.db'))
  writeSavesDb(join(game, 'saves.db'), NOW)
  const restore = async (id = version.entryId!) =>
    fixture.restore.apply(await fixture.restore.plan(request(id, { gameFolder: game, allowDowngrade: true })))
  return {
    faults,
    game,
    fixture,
    restore,
    id: version.entryId!,
    version: sha256Of(version.path!),
    old: sha256Of(join(game, 'saves.db')),
    before: hashesUnder(game)
  }
}

/** A sentence for people: one line, no stack, no raw `ECODE: syscall 'path'` of Node. */
function expectReadable(detail: string | null) {
  expect(detail).toBeTypeOf('string')
  expect(detail).not.toMatch(/\n|\bat .+:\d+:\d+|^E[A-Z]+: /)
}

const onlyGameFiles = (game: string) => expect(readdirSync(game).sort()).toEqual(['data.db', 'saves.db'])

/** The save that was there is in the library, pinned, byte for byte. */
async function expectSnapshot(root: string, report: RestoreReport, sha: string) {
  const snapshot = await libraryOf(root).get(report.snapshotId!)
  expect(snapshot.pinned).toBe(true)
  expect(sha256Of(snapshot.path!)).toBe(sha)
}

describe('a fault before the rename: the game folder is as it was', () => {
  const cases = [
    { op: 'write', code: 'ENOSPC', says: /^Writing beside .*saves\.db failed: the disk is full\. Free some space/ },
    { op: 'sync', code: 'EIO', says: /^Writing beside .*saves\.db failed: the disk reported an error\./ },
    { op: 'utimes', code: 'EIO', says: /^Writing beside .*saves\.db failed: the disk reported an error\./ },
    { op: 'rename', code: 'EXDEV', says: /^Replacing .*saves\.db failed: the files are on different disks\./ },
    { op: 'rename', code: 'EACCES', says: /^Replacing .*saves\.db failed: permission denied\. .*game's folder/ },
    { op: 'rename', code: 'EIO', says: /^Replacing .*saves\.db failed: the disk reported an error\./ }
  ] as const
  for (const { op, code, says } of cases) {
    it(`${op} of the new saves.db fails with ${code}: a readable failure, no temp file left, the snapshot kept`, async () => {
      const s = await setup()
      s.faults.fail(op, /saves\.db(\.[^/]*\.tmp)?$/, code)
      const report = await s.restore()
      expect(report).toMatchObject({ status: 'failed', reason: 'io', written: [], putBack: false })
      expect(report.detail).toMatch(says)
      expectReadable(report.detail)
      expect(hashesUnder(s.game)).toEqual(s.before)
      onlyGameFiles(s.game)
      await expectSnapshot(s.fixture.root, report, s.old)
      expect(await s.fixture.restore.lastRestore()).toBeNull()
      // Not on Windows: a failed rename is not tried again.
      if (op === 'rename') expect(s.faults.calls.filter((c) => c.startsWith('rename ') && c.endsWith('saves.db'))).toHaveLength(1)
      const text = describeReport(report, cli)
      expect(text).toContain(en.nothingChanged)
      expect(text).not.toContain(en.notPutBack(report.snapshotId!))
      expect(exitFor(report)).toBe(5)
    })
  }
})

describe('a fault after the rename: the save that was there is put back', () => {
  it('the folder fsync after the rename fails: saves.db is the old one again, whole', async () => {
    const s = await setup()
    s.faults.fail('syncDir', /game$/, 'EIO', { times: 1 })
    const report = await s.restore()
    expect(report).toMatchObject({ status: 'failed', reason: 'io', putBack: true })
    expect(report.written).toEqual([join(s.game, 'saves.db')])
    expect(report.detail).toMatch(/the disk reported an error\./)
    expectReadable(report.detail)
    expect(sha256Of(join(s.game, 'saves.db'))).toBe(s.old)
    expect(inspect(join(s.game, 'saves.db')).integrity).toBe('ok')
    onlyGameFiles(s.game)
    await expectSnapshot(s.fixture.root, report, s.old)
    expect(await s.fixture.restore.lastRestore()).toBeNull()
    expect(describeReport(report, cli)).toContain(en.putBack(report.snapshotId!))
    expect(exitFor(report)).toBe(5)
  })

  it('the read-back fails with an I/O error (not a mismatch): put back, and said so', async () => {
    const s = await setup((step) => step === 'reading-back' && s.faults.fail('read', /game\/saves\.db$/, 'EIO', { times: 1 }))
    const report = await s.restore()
    expect(report).toMatchObject({ status: 'failed', reason: 'io', putBack: true })
    expect(report.detail).toMatch(/^Reading .*saves\.db back failed: the disk reported an error\./)
    expect(sha256Of(join(s.game, 'saves.db'))).toBe(s.old)
    onlyGameFiles(s.game)
  })

  it('the put-back itself fails: saves.db is the new one, whole; the report names the snapshot to restore', async () => {
    const s = await setup((step) => {
      if (step !== 'reading-back') return
      s.faults.fail('read', /game\/saves\.db$/, 'EIO', { times: 1 })
      s.faults.fail('write', /saves\.db\.[^/]*\.tmp$/, 'ENOSPC')
    })
    const report = await s.restore()
    expect(report).toMatchObject({ status: 'failed', reason: 'io', putBack: false, written: [join(s.game, 'saves.db')] })
    expectReadable(report.detail)
    expect(sha256Of(join(s.game, 'saves.db'))).toBe(s.version)
    expect(inspect(join(s.game, 'saves.db')).integrity).toBe('ok')
    onlyGameFiles(s.game)
    await expectSnapshot(s.fixture.root, report, s.old)
    expect(describeReport(report, cli)).toContain(en.notPutBack(report.snapshotId!))
    expect(exitFor(report)).toBe(5)
    // The record of this restore stays: Undo puts the snapshot back.
    s.faults.clear()
    expect((await s.fixture.restore.lastRestore())?.snapshotId).toBe(report.snapshotId)
    expect((await s.fixture.restore.planUndo(null)).report.status).toBe('dry-run')
  })
})

describe('the snapshot into the library fails: nothing is restored, and the error says so', () => {
  const cases: [string, (s: Awaited<ReturnType<typeof setup>>) => void, RegExp, boolean?][] = [
    ['the library disk is full', (s) => s.faults.fail('write', /this-computer-10000001\/[^/]*\.part$/, 'ENOSPC'), /disk is full\./],
    ['its manifest cannot be written', (s) => s.faults.fail('write', /\.manifest\.json\.[^/]*\.tmp$/, 'EIO'), /reported an error\./],
    ['its names cannot be flushed to disk', (s) => s.faults.fail('syncDir', /this-computer-10000001$/, 'EIO'), /reported an error\./],
    [
      'a file is where its folder should be',
      (s) => {
        rmSync(join(s.fixture.root, 'this-computer-10000001'), { recursive: true })
        writeFileSync(join(s.fixture.root, 'this-computer-10000001'), 'not a folder')
      },
      /this-computer-10000001 cannot be written/
    ],
    [
      'the copy does not read back',
      (s) => s.faults.fail('read', /this-computer-10000001\/.*\.sqlite$/, 'EIO'),
      /the disk reported an error\./,
      true
    ]
  ]
  for (const [what, fault, says, keptWhole] of cases) {
    it(what, async () => {
      const s = await setup()
      // A cloud backup: the library's "This computer" folder holds only what the restore itself keeps.
      const id = putCloudBackup(s.fixture.root, 'global_alice_10000001', 'cloud-1', Buffer.from(saveJson(KEPT)))
      const plan = await s.fixture.restore.plan(request(id, { gameFolder: s.game, allowDowngrade: true }))
      fault(s)
      const library = hashesUnder(s.fixture.root)
      const error = await s.fixture.restore.apply(plan).then(
        () => null,
        (e: unknown) => e
      )
      expect(error).toBeInstanceOf(AppError)
      expect((error as AppError).message).toMatch(/^Nothing was restored: /)
      expect((error as AppError).message).toMatch(says)
      expectReadable((error as AppError).message)
      expect(exitCodeFor(error as AppError)).toBe(5)
      expect(hashesUnder(s.game)).toEqual(s.before)
      onlyGameFiles(s.game)
      // Nothing half-kept stays in the library (no orphan part, data.db copy or manifest); a copy kept whole that
      // did not read back is a whole pinned version.
      if (keptWhole) {
        const pinned = (await libraryOf(s.fixture.root).entries('this-computer-10000001')).filter((e) => e.pinned)
        expect(pinned).toHaveLength(1)
        expect(Object.keys(hashesUnder(s.fixture.root))).toHaveLength(Object.keys(library).length + 3)
      } else expect(hashesUnder(s.fixture.root)).toEqual(library)
    })
  }
})

describe('the record for Undo', () => {
  /** Restore 1 (recorded), then restore 2 of a third save with `fault` set. */
  async function twoRestores(fault: (s: Awaited<ReturnType<typeof setup>>) => void) {
    const s = await setup()
    expect((await s.restore()).status).toBe('restored')
    const first = await s.fixture.restore.lastRestore()
    const third = saveJson({ ...KEPT, lastSaveTime: '2026-11-22T08:00:00' })
    const id = putCloudBackup(s.fixture.root, 'global_alice_10000001', 'cloud-3', Buffer.from(third))
    const before = hashesUnder(s.game)
    fault(s)
    return { s, first, third, before, report: await s.restore(id) }
  }

  it('cannot be written after the save was replaced: restored, Undo said to be unavailable, never the older restore undone', async () => {
    const { s, third, report } = await twoRestores((s) => s.faults.fail('writeAtomic', /last\.json$/, 'EIO'))
    expect(report).toMatchObject({ status: 'restored', undoAvailable: false, written: [join(s.game, 'saves.db')] })
    expect(report.detail).toMatch(/^Recording the restore failed: the disk reported an error\./)
    expect(JSON.parse(inspect(join(s.game, 'saves.db')).save!)).toEqual(JSON.parse(third))
    s.faults.clear()
    expect(await s.fixture.restore.lastRestore()).toBeNull()
    expect((await s.fixture.restore.planUndo(null)).report).toMatchObject({ status: 'refused', reason: 'nothing-to-undo' })
    const text = describeReport(report, cli)
    expect(text).toContain(en.undoUnavailable(report.snapshotId!))
    expect(text).not.toContain(en.undoHint)
    expect(exitFor(report)).toBe(0)
  })

  it("can be neither written nor cleared before the rename: nothing is restored and the earlier restore's Undo stays", async () => {
    const { s, first, before, report } = await twoRestores((s) => {
      s.faults.fail('writeAtomic', /last\.json$/, 'EIO')
      s.faults.fail('rm', /last\.json$/, 'EIO')
    })
    expect(report).toMatchObject({ status: 'failed', reason: 'io', written: [] })
    expectReadable(report.detail)
    expect(hashesUnder(s.game)).toEqual(before)
    onlyGameFiles(s.game)
    s.faults.clear()
    expect(await s.fixture.restore.lastRestore()).toEqual(first)
  })

  it("is written before the rename, and a restore that fails before it gives the earlier restore's record back", async () => {
    const { s, first, before, report } = await twoRestores((s) => s.faults.fail('rename', /game\/saves\.db$/, 'EIO'))
    expect(report).toMatchObject({ status: 'failed', reason: 'io', written: [], putBack: false })
    expect(hashesUnder(s.game)).toEqual(before)
    s.faults.clear()
    expect(await s.fixture.restore.lastRestore()).toEqual(first)
  })
})

describe('after the restore', () => {
  it("the restore's lock file cannot be removed: the answer is still the restore's", async () => {
    const s = await setup()
    s.faults.fail('rm', /\.restore\/\.companion\.lock$/, 'EIO')
    const report = await s.restore()
    expect(report).toMatchObject({ status: 'restored', undoAvailable: true, detail: null })
    expect(sha256Of(join(s.game, 'saves.db'))).toBe(s.version)
  })
})

describe('checks that cannot read the game folder', () => {
  it("a side file's stat failing with EIO is an io error that names it, not a crash", async () => {
    const s = await setup()
    s.faults.fail('stat', /saves\.db-journal$/, 'EIO')
    const plan = s.fixture.restore.plan(request(s.id, { gameFolder: s.game }))
    await expect(plan).rejects.toMatchObject({
      code: 'io',
      message: expect.stringMatching(/saves\.db-journal.*the disk reported an error\./)
    })
  })

  it('the folder cannot be listed to tidy temp files: the restore still goes ahead', async () => {
    const s = await setup((step) => step === 'checking' && s.faults.fail('readdir', /game$/, 'EIO'))
    const report = await s.restore()
    expect(report.status).toBe('restored')
    expect(sha256Of(join(s.game, 'saves.db'))).toBe(s.version)
  })
})
