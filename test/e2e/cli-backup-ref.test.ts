import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli, type CliRun } from '../support/cli-run'
import { saveJson, writeDataDb, writeSavesDb, type TestSave } from '../support/game-saves'
import { putCloudBackup } from '../support/restore'

const work = mkdtempSync(join(tmpdir(), 'cli-backup-ref-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const chart = (n: number) => `5a1e0000-0000-4000-8000-${String(n).padStart(12, '0')}`
const CLOUD: TestSave = { lastSaveTime: '2026-11-01T10:00:00', charts: [{ id: chart(1), score: 1_000_000 }] }
const HERE: TestSave = {
  lastSaveTime: '2026-11-20T10:00:00',
  charts: [
    { id: chart(1), score: 950_000 },
    { id: chart(2), score: 800_000 }
  ]
}

/** The built CLI with a home of its own and no credential at all. */
const cli = (args: string[]): Promise<CliRun> => runCli(args, { PATH: process.env.PATH, HOME: home }, 60_000)

const home = join(work, 'home')
const game = join(home, '.config', 'unity3d', 'Morizero', 'Milthm', 'data')
const dir = join(work, 'library')
let cloud = ''
let computer = ''

beforeAll(async () => {
  writeSavesDb(join(game, 'saves.db'), HERE)
  writeDataDb(join(game, 'data.db'), [{ chart_id: chart(1), score: 950_000, played_at: '2026-11-20T09:00:00Z' }])
  computer = ((await cli(['local', 'backup', '--dir', dir, '--json'])).json as { entryId: string }).entryId
  cloud = putCloudBackup(dir, 'global_alice_10000001', '2026-11-18_global_alice', Buffer.from(saveJson(CLOUD)))
  // Backed up long before the version this computer just kept, whatever today's date.
  const manifest = join(dir, `${cloud}.manifest.json`)
  writeFileSync(manifest, JSON.stringify({ ...JSON.parse(readFileSync(manifest, 'utf8')), backedUpAt: '2001-01-01T00:00:00Z' }))
}, 120_000)

/** Every form of `<backup>` that names the cloud backup (its id, its file and manifest names, its stem, its file's path). */
const cloudForms = () => {
  const stem = cloud.split('/')[1]!
  return [cloud, `${stem}.json`, `${stem}.manifest.json`, stem, join(dir, 'global_alice_10000001', `${stem}.json`)]
}

describe('commands that read only files need no credential (built CLI, no network)', () => {
  it('backups summary and backups folders read a save file on disk', async () => {
    const outside = join(work, 'copied.json')
    copyFileSync(join(dir, 'global_alice_10000001', `${cloud.split('/')[1]}.json`), outside)
    const summary = await cli(['backups', 'summary', outside, '--dir', dir, '--json'])
    expect([summary.code, summary.stderr]).toEqual([0, ''])
    expect(summary.json).toMatchObject({ charts: 1, layout: 'SongRecordsV3' })
    const folders = await cli(['backups', 'folders', outside, '--dir', dir, '--json'])
    expect([folders.code, folders.stderr]).toEqual([0, ''])
    expect((folders.json as { played: number }[]).some((row) => row.played === 1)).toBe(true)
  })

  it('local versions lists the "This computer" versions', async () => {
    const versions = await cli(['local', 'versions', '--dir', dir, '--json'])
    expect(versions.code).toBe(0)
    expect((versions.json as { id: string }[]).map((v) => v.id)).toEqual([computer])
  })

  it('local restore --dry-run previews any version of the library, a cloud backup too', async () => {
    for (const id of [cloud, computer]) {
      const dry = await cli(['local', 'restore', id, '--dir', dir, '--dry-run', '--allow-downgrade', '--json'])
      expect([dry.code, dry.stderr], id).toEqual([0, ''])
      expect(dry.json).toMatchObject({ status: 'dry-run', from: { id } })
    }
    // Written, a cloud backup still needs the account it belongs to.
    expect((await cli(['local', 'restore', cloud, '--dir', dir, '--yes', '--json'])).code).toBe(3)
  })
})

describe('every command that takes <backup> takes the same forms', () => {
  it('backups summary: an id or a path (no credential); backups folders and local restore: every form', async () => {
    const summaries = await Promise.all([cloud, cloudForms()[4]!].map((ref) => cli(['backups', 'summary', ref, '--dir', dir, '--json'])))
    expect(summaries.map((r) => r.code)).toEqual([0, 0])
    expect(summaries[1]!.json).toEqual(summaries[0]!.json)
    const folders = await Promise.all(cloudForms().map((ref) => cli(['backups', 'folders', ref, '--dir', dir, '--json'])))
    expect(folders.map((r) => r.code)).toEqual([0, 0, 0, 0, 0])
    for (const r of folders) expect(r.json).toEqual(folders[0]!.json)
    const previews = await Promise.all(
      cloudForms().map((ref) => cli(['local', 'restore', ref, '--dir', dir, '--dry-run', '--allow-downgrade', '--json']))
    )
    expect(previews.map((r) => [r.code, (r.json as { from: { id: string } }).from.id])).toEqual(cloudForms().map(() => [0, cloud]))
  })

  it('"latest" (or nothing) is the newest version: here, the one this computer kept', async () => {
    const latest = await cli(['local', 'restore', 'latest', '--dir', dir, '--dry-run', '--allow-downgrade', '--json'])
    expect((latest.json as { from: { id: string } }).from.id).toBe(computer)
    const [named, unnamed] = await Promise.all([
      cli(['backups', 'folders', 'latest', '--dir', dir, '--json']),
      cli(['backups', 'folders', '--dir', dir, '--json'])
    ])
    expect(named.json).toEqual(unnamed.json)
    const byId = await cli(['backups', 'folders', computer, '--dir', dir, '--json'])
    expect(named.json).toEqual(byId.json)
    const none = await cli(['backups', 'folders', 'no-such-backup', '--dir', dir, '--json'])
    expect([none.code, (none.json as { error: { code: string } }).error.code]).toEqual([1, 'not_found'])
  })
})
