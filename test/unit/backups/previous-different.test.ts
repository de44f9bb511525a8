import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { BackupEntry } from '../../../src/shared/backups'
import { BackupLibrary } from '../../../src/main/backups/library'
import { nodeFiles } from '../../../src/main/platform-node/files'

/** A small deterministic generator (mulberry32), so a failing case can be replayed. */
function random(seed: number) {
  let state = seed >>> 0
  return (n: number) => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = Math.imul(state ^ (state >>> 15), state | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) % n
  }
}

const entry = (id: string, path: string | null): BackupEntry => ({ id, path }) as BackupEntry

/** The truth by the definition, computed another way: every older backup, keep those with another file, take the newest. */
function byDefinition(entries: BackupEntry[]): Record<string, string> {
  const truth: Record<string, string> = {}
  entries.forEach((e, index) => {
    const older = entries.filter((o, at) => at > index && o.path !== null && o.path !== e.path)
    if (older.length) truth[e.id] = older[0]!.id
  })
  return truth
}

describe('the previous backup with different content', () => {
  it('matches the definition on many libraries of duplicates, missing files and changes', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed)
      const entries = Array.from({ length: next(12) }, (_, i) => entry(`f/${i}`, next(4) === 0 ? null : `/lib/save-${next(3)}.json`))
      expect(BackupLibrary.previousDifferent(entries), `seed ${seed}`).toEqual(byDefinition(entries))
    }
  })

  it('skips a duplicate (it shares the file of the backup it repeats) and a backup whose file is gone', () => {
    const entries = [entry('f/4', '/b'), entry('f/3', '/b'), entry('f/2', null), entry('f/1', '/a'), entry('f/0', '/a')]
    expect(BackupLibrary.previousDifferent(entries)).toEqual({ 'f/4': 'f/1', 'f/3': 'f/1', 'f/2': 'f/1' })
  })

  it('comes with the library read from disk, for the app, the CLI and the screen alike', async () => {
    const root = mkdtempSync(join(tmpdir(), 'previous-different-'))
    const dir = join(root, 'acct')
    await nodeFiles.mkdir(dir, { recursive: true })
    const manifest = (at: string, file: string | null, duplicateOf: string | null) => ({
      schema: 'companion-backup/1',
      accountId: 'a',
      deploymentId: 'global',
      username: 'ana',
      uid: 'u1',
      updatedAt: at,
      meta: null,
      size: 2,
      sha256: '0'.repeat(64),
      format: 'json',
      appVersion: 'test',
      backedUpAt: at,
      file,
      duplicateOf,
      pinned: false,
      note: '',
      verifiedAt: null,
      verifyStatus: null
    })
    writeFileSync(join(dir, 'one.json'), '{}')
    writeFileSync(join(dir, 'one.manifest.json'), JSON.stringify(manifest('2026-01-01T00:00:00.000Z', 'one.json', null)))
    writeFileSync(join(dir, 'two.json'), '{}')
    writeFileSync(join(dir, 'two.manifest.json'), JSON.stringify(manifest('2026-01-02T00:00:00.000Z', 'two.json', null)))
    writeFileSync(join(dir, 'three.manifest.json'), JSON.stringify(manifest('2026-01-03T00:00:00.000Z', null, 'two')))
    const library = await new BackupLibrary(root, nodeFiles, async () => {}).read('acct', 'a')
    expect(library.entries.map((e) => e.id)).toEqual(['acct/three', 'acct/two', 'acct/one'])
    expect(library.previousDifferent).toEqual({ 'acct/three': 'acct/one', 'acct/two': 'acct/one' })
  })
})
