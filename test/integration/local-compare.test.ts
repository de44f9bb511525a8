import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createHeadless } from '../../src/main/headless/headless'
import { writeSavesDb, type TestChart } from '../support/game-saves'

let work: string
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'local-compare-'))
})
afterEach(() => rmSync(work, { recursive: true, force: true }))

const id = (n: number) => `5a1e0000-0000-4000-8000-${String(n).padStart(12, '0')}`

/** A cloud backup as the library keeps one: the save file and its manifest, written here by hand. */
function cloudBackup(library: string, charts: TestChart[], uid = '10000001') {
  const folder = join(library, `global-alice-${uid}`)
  mkdirSync(folder, { recursive: true })
  const base = '2026-11-21T08-00-00Z_global_alice'
  writeSavesDb(join(folder, `${base}.sqlite`), { charts, userId: uid })
  const bytes = readFileSync(join(folder, `${base}.sqlite`))
  const manifest = {
    schema: 'companion-backup/1',
    accountId: `global:${uid}`,
    deploymentId: 'global',
    username: 'alice',
    uid,
    updatedAt: '2026-11-21T07:59:00Z',
    meta: null,
    size: statSync(join(folder, `${base}.sqlite`)).size,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    format: 'sqlite',
    appVersion: '0.1.0',
    backedUpAt: '2026-11-21T08:00:00.000Z',
    file: `${base}.sqlite`,
    duplicateOf: null,
    pinned: false,
    note: '',
    verifiedAt: null,
    verifyStatus: null
  }
  writeFileSync(join(folder, `${base}.manifest.json`), JSON.stringify(manifest))
  return `global-alice-${uid}/${base}`
}

const ids = (list: { chart_id: string }[]) => list.map((c) => c.chart_id).sort()

describe('the local save against the latest cloud backup', () => {
  it('names exactly the charts better on each side and only on one side', async () => {
    const game = join(work, 'game')
    const library = join(work, 'library')
    writeSavesDb(join(game, 'saves.db'), {
      charts: [
        { id: id(1), score: 990_000 },
        { id: id(2), score: 900_000 },
        { id: id(3), score: 800_000 },
        { id: id(5), score: 1_000_000, achieved: [3, 4] }
      ]
    })
    const backupId = cloudBackup(library, [
      { id: id(1), score: 950_000 },
      { id: id(2), score: 910_000 },
      { id: id(4), score: 700_000 },
      { id: id(5), score: 1_000_000, achieved: [3, 4] }
    ])
    const diff = await createHeadless({ version: 'test' }).local(game).diff(library)
    expect(ids(diff.betterLocally)).toEqual([id(1)])
    expect(diff.betterLocally[0]).toMatchObject({ before: { score: 950_000 }, after: { score: 990_000 } })
    expect(ids(diff.betterInCloud)).toEqual([id(2)])
    expect(diff.betterInCloud[0]).toMatchObject({ before: { score: 900_000 }, after: { score: 910_000 } })
    expect(ids(diff.onlyLocal)).toEqual([id(3)])
    expect(ids(diff.onlyInCloud)).toEqual([id(4)])
    expect(diff.same).toBe(1)
    expect(diff.verdict).toBe('diverged')
    expect(diff.cloud).toMatchObject({ backupId, charts: 4 })
    expect(diff.local.charts).toBe(4)
  })

  it('says the cloud save is behind when only this computer has better scores, and the reverse', async () => {
    const game = join(work, 'game')
    const library = join(work, 'library')
    writeSavesDb(join(game, 'saves.db'), {
      charts: [
        { id: id(1), score: 990_000 },
        { id: id(2), score: 900_000 }
      ]
    })
    cloudBackup(library, [{ id: id(1), score: 950_000 }])
    const ahead = await createHeadless({ version: 'test' }).local(game).diff(library)
    expect(ahead.verdict).toBe('cloud-behind')
    // A code only: the words are the renderer's and the CLI's (main's texts), in the player's language.
    expect(ahead).not.toHaveProperty('message')
    expect(ids(ahead.onlyLocal)).toEqual([id(2)])

    rmSync(library, { recursive: true })
    cloudBackup(library, [
      { id: id(1), score: 995_000 },
      { id: id(2), score: 900_000 }
    ])
    const behind = await createHeadless({ version: 'test' }).local(game).diff(library)
    expect(behind.verdict).toBe('local-behind')
    expect(ids(behind.betterInCloud)).toEqual([id(1)])
    expect(behind.betterLocally).toEqual([])
  })

  it('compares only with the same player’s cloud backups', async () => {
    const game = join(work, 'game')
    const library = join(work, 'library')
    writeSavesDb(join(game, 'saves.db'), { charts: [{ id: id(1), score: 990_000 }] })
    cloudBackup(library, [{ id: id(1), score: 950_000 }], '99999')
    const diff = await createHeadless({ version: 'test' }).local(game).diff(library)
    expect(diff.verdict).toBe('no-cloud')
    expect(diff.cloud).toBeNull()
  })
})
