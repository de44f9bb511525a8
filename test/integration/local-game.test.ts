import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../src/shared/errors'
import { libraryTrash } from '../../src/main/backups/library'
import { gameFolderCandidates, type SystemFacts } from '../../src/main/game-folder/locate'
import { LocalBackupService } from '../../src/main/game-folder/local-backup'
import { runtimeSqlite } from '../../src/main/platform-node/sqlite'
import { nodeFiles } from '../../src/main/platform-node/files'
import { filesUnder } from '../support/files'
import { allRows, inspect, writeDataDb, writeSavesDb } from '../support/game-saves'

let work: string
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'local-game-'))
})
afterEach(() => rmSync(work, { recursive: true, force: true }))

const sha256sum = (path: string) => execFileSync('sha256sum', [path], { encoding: 'utf8' }).split(' ')[0]!

/** Every file below a folder with its size and change time: "nothing was written" means this is the same. */
const snapshotOf = (dir: string) => filesUnder(dir).map((f) => `${f}:${statSync(f).size}:${statSync(f).mtimeMs}`)

function service(
  system: SystemFacts,
  root = join(work, 'library'),
  overrides: Partial<ConstructorParameters<typeof LocalBackupService>[0]> = {}
) {
  return new LocalBackupService({
    files: nodeFiles,
    clock: { now: () => Date.now() },
    system,
    sqlite: runtimeSqlite(),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    root: () => root,
    trash: (r) => libraryTrash(nodeFiles, r, () => Date.now()),
    retention: () => null,
    program: 'cli',
    appVersion: '0.0.0-test',
    lockWaitMs: 10_000,
    tempDir: join(work, 'tmp'),
    ...overrides
  })
}

const CHARTS = [
  { id: '7d3e1f00-0000-4000-8000-000000000001', score: 1_003_210, accuracy: 0.995 },
  { id: '7d3e1f00-0000-4000-8000-000000000002', score: 912_345 }
]
const PLAYS = [
  { chart_id: CHARTS[0]!.id, score: 1_003_210, played_at: '2026-11-20T21:00:00Z' },
  { chart_id: CHARTS[1]!.id, score: 912_345, played_at: '2026-11-19T20:00:00Z' }
]

const layouts: { name: string; system: (home: string) => SystemFacts; folder: (home: string) => string }[] = [
  {
    name: 'Linux',
    system: (home) => ({ platform: 'linux', home, env: {} }),
    folder: (home) => join(home, '.config', 'unity3d', 'Morizero', 'Milthm', 'data')
  },
  {
    name: 'macOS (home Library)',
    system: (home) => ({ platform: 'darwin', home, env: {}, root: join(home, '..', 'root') }),
    folder: (home) => join(home, 'Library', 'Application Support', 'Morizero', 'Milthm', 'data')
  },
  {
    name: 'macOS (/Library)',
    system: (home) => ({ platform: 'darwin', home, env: {}, root: join(home, '..', 'root') }),
    folder: (home) => join(home, '..', 'root', 'Library', 'Application Support', 'Morizero', 'Milthm', 'data')
  },
  {
    name: 'Windows',
    system: (home) => ({ platform: 'win32', home: join(home, 'wrong'), env: { USERPROFILE: home } }),
    folder: (home) => join(home, 'AppData', 'LocalLow', 'Morizero', 'Milthm', 'data')
  }
]

describe('the game on this computer', () => {
  it('looks in the documented place for each system', () => {
    expect(gameFolderCandidates({ platform: 'linux', home: '/home/a', env: {} })).toEqual(['/home/a/.config/unity3d/Morizero/Milthm/data'])
    expect(gameFolderCandidates({ platform: 'darwin', home: '/Users/a', env: {} })).toEqual([
      '/Users/a/Library/Application Support/Morizero/Milthm/data',
      '/Library/Application Support/Morizero/Milthm/data'
    ])
    expect(gameFolderCandidates({ platform: 'win32', home: '/x', env: { USERPROFILE: '/Users/a' } })).toEqual([
      '/Users/a/AppData/LocalLow/Morizero/Milthm/data'
    ])
  })

  for (const layout of layouts.filter((l) => l.name !== 'macOS (/Library)')) {
    it(`${layout.name}: a folder without the game files is refused, naming where Milthm keeps them there`, async () => {
      const home = join(work, 'home')
      const wrong = join(work, 'elsewhere')
      mkdirSync(wrong, { recursive: true })
      const local = service(layout.system(home))
      const usual = layout.folder(home)
      const game =
        `${wrong} holds neither saves.db nor data.db, so it is not Milthm's data folder. ` +
        `On this computer Milthm keeps them in ${usual}. Nothing was changed.`
      await expect(local.requireGameFiles(wrong)).rejects.toMatchObject({ code: 'invalid_input', message: game })
      await expect(local.requireDataDb(wrong)).rejects.toMatchObject({
        code: 'invalid_input',
        message:
          `There is no data.db in ${wrong}. Choose the folder that holds it: ` +
          `on this computer Milthm keeps it in ${usual}. Nothing was added.`
      })
      // The folder in use (chosen before, or --game-dir): the same words, as "not found".
      await expect(local.backup(wrong)).rejects.toMatchObject({ code: 'not_found', message: game })
      expect(filesUnder(work)).toEqual([])
    })
  }

  for (const layout of layouts) {
    it(`${layout.name}: finds the folder, backs up the same bytes, writes nothing when unchanged, keeps old versions`, async () => {
      const home = join(work, 'home')
      const game = layout.folder(home)
      writeSavesDb(join(game, 'saves.db'), { charts: CHARTS })
      writeDataDb(join(game, 'data.db'), PLAYS)
      const local = service(layout.system(home))

      const status = await local.status(null)
      expect(status.folder).toBe(game)
      expect(status.files.map((f) => f.name).sort()).toEqual(['data.db', 'saves.db'])
      expect(status.files.find((f) => f.name === 'saves.db')!.size).toBe(statSync(join(game, 'saves.db')).size)

      const gameBefore = snapshotOf(game)
      const first = await local.backup(null)
      expect(first).toMatchObject({ status: 'saved', method: 'copy', userId: '10000001', username: 'alice' })
      expect(first.folder).toBe(join(work, 'library', 'this-computer-10000001'))
      expect(sha256sum(first.path!)).toBe(sha256sum(join(game, 'saves.db')))
      const dataCopy = join(first.folder, first.parts[0]!.file)
      expect(sha256sum(dataCopy)).toBe(sha256sum(join(game, 'data.db')))
      expect(snapshotOf(game)).toEqual(gameBefore)

      const libraryBefore = snapshotOf(join(work, 'library'))
      const second = await local.backup(null)
      expect(second).toMatchObject({ status: 'up-to-date', entryId: first.entryId })
      expect(snapshotOf(join(work, 'library'))).toEqual(libraryBefore)

      const oldHash = sha256sum(first.path!)
      writeSavesDb(join(game, 'saves.db'), { charts: [...CHARTS, { id: '7d3e1f00-0000-4000-8000-000000000003', score: 800_000 }] })
      const third = await local.backup(null)
      expect(third.status).toBe('saved')
      expect(third.entryId).not.toBe(first.entryId)
      expect(sha256sum(third.path!)).toBe(sha256sum(join(game, 'saves.db')))
      expect(sha256sum(first.path!)).toBe(oldHash)
      const versions = await local.versions('10000001')
      expect(versions.entries.map((e) => e.id)).toEqual([third.entryId, first.entryId])
      expect(versions.unindexed).toEqual([])
    })
  }

  /** A game folder with saves.db and data.db, and its first "This computer" version. */
  async function versionOfBoth() {
    const game = join(work, 'game')
    writeSavesDb(join(game, 'saves.db'), { charts: CHARTS })
    writeDataDb(join(game, 'data.db'), PLAYS)
    const local = service({ platform: 'linux', home: work, env: {} })
    const saved = await local.backup(game)
    return { game, local, saved, library: local.library() }
  }

  it('a version is its saves.db and data.db together: verify checks both, delete moves both to the trash', async () => {
    const { game, local, saved, library } = await versionOfBoth()
    const folder = 'this-computer-10000001'
    const dataCopy = join(saved.folder, saved.parts[0]!.file)
    expect((await library.verify(folder, null, Date.now(), null)).entries.map((e) => e.verifyStatus)).toEqual(['ok'])
    writeFileSync(dataCopy, Buffer.concat([readFileSync(dataCopy), Buffer.from('x')]))
    expect((await library.verify(folder, null, Date.now(), null)).entries.map((e) => e.verifyStatus)).toEqual(['mismatch'])
    expect((await local.backup(game)).status).toBe('saved')
    await library.delete(saved.entryId!, false, { program: 'cli', waitMs: 1000 })
    expect(readdirSync(saved.folder).filter((n) => !n.startsWith('.')).length).toBe(3)
    expect(
      filesUnder(join(work, 'library', '.trash'))
        .map((f) => f.split('/').pop())
        .sort()
    ).toEqual([saved.path!.split('/').pop(), saved.parts[0]!.file, `${saved.entryId!.split('/')[1]}.manifest.json`].sort())
  })

  it('exporting a version writes its saves.db and data.db together, and never over a data.db already there', async () => {
    const { game, saved, library } = await versionOfBoth()
    const out = join(work, 'exported')
    mkdirSync(out)
    expect(await library.exportTo(saved.entryId!, join(out, 'saves.db'))).toBe(join(out, 'saves.db'))
    expect(readdirSync(out).sort()).toEqual(['data.db', 'saves.db'])
    expect(sha256sum(join(out, 'saves.db'))).toBe(sha256sum(join(game, 'saves.db')))
    expect(sha256sum(join(out, 'data.db'))).toBe(sha256sum(join(game, 'data.db')))
    // Under another name, the data.db is named after it.
    await library.exportTo(saved.entryId!, join(out, 'alice.sqlite'))
    expect(sha256sum(join(out, 'alice.data.db'))).toBe(sha256sum(join(game, 'data.db')))
    // A data.db the player did not choose to replace stays as it was, and the save is not written either.
    const other = join(work, 'other')
    mkdirSync(other)
    writeFileSync(join(other, 'data.db'), 'theirs')
    await expect(library.exportTo(saved.entryId!, join(other, 'saves.db'))).rejects.toMatchObject({ code: 'invalid_input' })
    expect(readdirSync(other)).toEqual(['data.db'])
    expect(readFileSync(join(other, 'data.db'), 'utf8')).toBe('theirs')
  })

  it('says plainly where it looked when nothing is found', async () => {
    const home = join(work, 'home')
    const local = service({ platform: 'linux', home, env: {} })
    expect((await local.status(null)).folder).toBeNull()
    const error = await local.backup(null).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('not_found')
    expect((error as AppError).message).toContain(join(home, '.config', 'unity3d', 'Morizero', 'Milthm', 'data'))
  })

  it('uses a chosen folder (a phone folder copied over)', async () => {
    const chosen = join(work, 'phone-copy')
    writeSavesDb(join(chosen, 'saves.db'), { charts: CHARTS, userId: '42' })
    const local = service({ platform: 'linux', home: join(work, 'home'), env: {} })
    const result = await local.backup(chosen)
    expect(result.userId).toBe('42')
    expect(result.parts).toEqual([])
    expect(sha256sum(result.path!)).toBe(sha256sum(join(chosen, 'saves.db')))
  })

  it('refuses a truncated saves.db and keeps nothing', async () => {
    const game = join(work, 'game')
    writeSavesDb(join(game, 'saves.db'), { charts: CHARTS })
    truncateSync(join(game, 'saves.db'), Math.floor(statSync(join(game, 'saves.db')).size / 2))
    const local = service({ platform: 'linux', home: work, env: {} }, join(work, 'library'), { attempts: 3 })
    const error = await local.backup(game).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('io')
    expect((error as AppError).message).toMatch(/saves\.db in the game's folder is damaged/)
    expect(filesUnder(join(work, 'library'))).toEqual([])
    expect(filesUnder(join(work, 'tmp'))).toEqual([])
  })

  it('folds a -wal file into the copy: the same rows in every table', async () => {
    const game = join(work, 'game')
    writeSavesDb(join(game, 'saves.db'), { charts: CHARTS }, 'WAL')
    // A second writer keeps the WAL from being checkpointed on close: the newest rows live in saves.db-wal.
    const { DatabaseSync } = await import('node:sqlite')
    const holder = new DatabaseSync(join(game, 'saves.db'))
    holder.exec('PRAGMA wal_autocheckpoint = 0')
    holder.exec("UPDATE kv SET value = '{\"Volume\":0.2}' WHERE key = 'Settings'")
    try {
      expect(statSync(join(game, 'saves.db-wal')).size).toBeGreaterThan(0)
      const expected = allRows(join(game, 'saves.db'))
      const local = service({ platform: 'linux', home: work, env: {} })
      const result = await local.backup(game)
      expect(result.method).toBe('online-backup')
      expect(allRows(result.path!)).toEqual(expected)
      expect(inspect(result.path!).integrity).toBe('ok')
    } finally {
      holder.close()
    }
  })

  it('a writer committing to saves.db during 20 backups: every kept copy is whole and holds the save, or the run failed', async () => {
    const game = join(work, 'game')
    writeSavesDb(join(game, 'saves.db'), { charts: CHARTS })
    const writerScript = join(work, 'writer.mjs')
    writeFileSync(
      writerScript,
      `import { DatabaseSync } from 'node:sqlite'
const db = new DatabaseSync(process.argv[2])
db.exec('PRAGMA busy_timeout = 5000')
const get = db.prepare("SELECT value FROM kv WHERE key = 'PlayerFileV2'")
const set = db.prepare("UPDATE kv SET value = ?, updated_at = updated_at + 1 WHERE key = 'PlayerFileV2'")
const pad = db.prepare("INSERT OR REPLACE INTO kv (key, value, created_at, updated_at) VALUES (?, ?, 1, 1)")
const end = Date.now() + 60_000
for (let i = 0; Date.now() < end; i++) {
  db.exec('BEGIN IMMEDIATE')
  const save = JSON.parse(get.get().value)
  save.LastSaveTime = new Date().toISOString().slice(0, 19)
  save.SongRecordsV3[0].BestScore = 900000 + (i % 100000)
  set.run(JSON.stringify(save))
  pad.run('Pad' + (i % 50), 'x'.repeat(2000 + (i % 7) * 1000))
  db.exec('COMMIT')
}
`
    )
    const writer = spawn(process.execPath, [writerScript, join(game, 'saves.db')], { stdio: ['ignore', 'ignore', 'pipe'] })
    let writerErrors = ''
    writer.stderr.on('data', (d: Buffer) => (writerErrors += d.toString()))
    try {
      await new Promise((r) => setTimeout(r, 300))
      const local = service({ platform: 'linux', home: work, env: {} })
      const outcomes: string[] = []
      for (let run = 0; run < 20; run++) {
        try {
          const result = await local.backup(game)
          outcomes.push(result.status)
        } catch (error) {
          expect(error).toBeInstanceOf(AppError)
          expect((error as AppError).code).toBe('busy')
          outcomes.push('failed')
        }
      }
      const kept = readdirSync(join(work, 'library', 'this-computer-10000001')).filter((n) => n.endsWith('.sqlite'))
      for (const name of kept) {
        const copy = inspect(join(work, 'library', 'this-computer-10000001', name))
        expect(copy.integrity).toBe('ok')
        expect(JSON.parse(copy.save!)).toMatchObject({ UserID: '10000001', SongRecordsV3: expect.any(Array) })
      }
      expect(kept.length).toBe(outcomes.filter((o) => o === 'saved').length)
      expect(outcomes.filter((o) => o === 'saved').length).toBeGreaterThan(0)
      expect(filesUnder(join(work, 'library')).filter((f) => f.endsWith('.part') || f.endsWith('.tmp'))).toEqual([])
    } finally {
      writer.kill()
    }
  }, 120_000)
})
