import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { BackupEntry } from '../../../src/shared/backups'
import type { BackupLibrary } from '../../../src/main/backups/library'
import { LatestSaves } from '../../../src/main/progress/latest-save'
import { nodeFiles } from '../../../src/main/platform-node/files'
import { saveJson } from '../../support/game-saves'

/** A library of two folders (the account's cloud backups and its "This computer" versions), each backup a real save file. */
function library() {
  const dir = mkdtempSync(join(tmpdir(), 'latest-save-'))
  const folders: Record<string, BackupEntry[]> = { cloud: [], computer: [] }
  let reads = 0
  const add = (folder: 'cloud' | 'computer', name: string, backedUpAt: string, scores: number[], body?: string) => {
    const path = join(dir, `${name}.json`)
    writeFileSync(path, body ?? saveJson({ charts: scores.map((score, i) => ({ id: `c${i}`, score })) }))
    const entry = { id: `${folder}/${name}`, path, backedUpAt, sha256: name.padEnd(64, '0'), source: folder } as unknown as BackupEntry
    folders[folder] = [entry, ...folders[folder]!]
    return entry
  }
  const fake = {
    entries: async (folder: string) => (reads++, folders[folder] ?? []),
    get: async (id: string) => {
      const found = Object.values(folders)
        .flat()
        .find((e) => e.id === id)
      if (!found) throw new Error('gone')
      return found
    }
  } as unknown as BackupLibrary
  const saves = new LatestSaves({ library: () => fake, files: nodeFiles, folders: () => ['cloud', 'computer'] })
  return { add, saves, reads: () => reads }
}

describe("an account's latest save", () => {
  it('is the newest backup from the cloud or this computer, read once per backup', async () => {
    const { add, saves } = library()
    expect(await saves.read('acc')).toEqual({ save: null, problem: null })
    add('cloud', 'a', '2025-01-01T00:00:00.000Z', [900_000])
    add('computer', 'b', '2025-01-02T00:00:00.000Z', [910_000, 920_000])
    const first = await saves.read('acc')
    expect(first.save?.used).toEqual({ backupId: 'computer/b', backedUpAt: '2025-01-02T00:00:00.000Z', source: 'computer', charts: 2 })
    expect((await saves.read('acc')).save).toBe(first.save)
    add('cloud', 'c', '2025-01-03T00:00:00.000Z', [930_000])
    expect((await saves.read('acc')).save?.bests.map((b) => b.score)).toEqual([930_000])
  })

  it('after a restore, the version put back until a newer backup comes', async () => {
    const { add, saves } = library()
    add('cloud', 'old', '2025-01-01T00:00:00.000Z', [800_000])
    add('computer', 'before-restore', '2025-01-05T00:00:00.000Z', [990_000])
    saves.restored('acc', 'cloud/old', '2025-01-05T00:01:00.000Z')
    expect((await saves.read('acc')).save?.used.backupId).toBe('cloud/old')
    add('computer', 'after', '2025-01-06T00:00:00.000Z', [805_000])
    expect((await saves.read('acc')).save?.used.backupId).toBe('computer/after')
    // A restored version that is gone from the library: the newest backup.
    saves.restored('acc', 'cloud/gone', '2025-01-07T00:00:00.000Z')
    expect((await saves.read('acc')).save?.used.backupId).toBe('computer/after')
  })

  it('a save that does not read leaves the bests to the play history, and says why', async () => {
    const { add, saves } = library()
    add('cloud', 'broken', '2025-01-01T00:00:00.000Z', [], '{"SongRecordsV3": [')
    const read = await saves.read('acc')
    expect(read.save).toBeNull()
    expect(read.problem).toMatchObject({ code: 'invalid_input' })
  })
})
