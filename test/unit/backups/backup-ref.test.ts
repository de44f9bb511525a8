import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { everyFolder, resolveBackup, type BackupScope } from '../../../src/main/backups/backup-ref'
import { BackupLibrary } from '../../../src/main/backups/library'
import { nodeFiles } from '../../../src/main/platform-node/files'
import { saveJson } from '../../support/game-saves'
import { putCloudBackup } from '../../support/restore'

const KEPT = Buffer.from(saveJson({ lastSaveTime: '2026-11-01T10:00:00', charts: [] }))

/** A library with two accounts' folders: alice's older backup, bob's newer one. */
function library() {
  const root = mkdtempSync(join(tmpdir(), 'backup-ref-'))
  const alice = putCloudBackup(root, 'global_alice_10000001', '2026-11-18_alice', KEPT)
  const bob = putCloudBackup(root, 'global_bob_10000002', '2026-11-19_bob', KEPT, '10000002')
  // The manifests say when each was backed up: bob's is the newer.
  const manifest = join(root, 'global_bob_10000002', '2026-11-19_bob.manifest.json')
  writeFileSync(manifest, JSON.stringify({ ...JSON.parse(readFileSync(manifest, 'utf8')), backedUpAt: '2026-11-19T10:00:00Z' }))
  const lib = new BackupLibrary(root, nodeFiles, async () => {})
  const scope = (folders?: string[]): BackupScope => ({
    library: lib,
    files: nodeFiles,
    folders: async () => folders ?? everyFolder(lib, nodeFiles)
  })
  return { root, alice, bob, scope }
}

describe('the one grammar of <backup>', () => {
  it('an id, a file name, a manifest name, a stem and the path of its save file all name the same version', async () => {
    const { root, alice, scope } = library()
    const version = { kind: 'version', id: alice, byPath: false }
    for (const ref of [alice, '2026-11-18_alice.json', '2026-11-18_alice.manifest.json', '2026-11-18_alice'])
      expect(await resolveBackup(ref, scope()), ref).toEqual(version)
    const path = join(root, 'global_alice_10000001', '2026-11-18_alice.json')
    expect(await resolveBackup(path, scope())).toEqual({ ...version, byPath: true })
    // A link to the save file is the same file.
    const link = join(mkdtempSync(join(tmpdir(), 'backup-ref-link-')), 'save.json')
    symlinkSync(path, link)
    expect(await resolveBackup(link, scope())).toEqual({ ...version, byPath: true })
  })

  it('nothing and "latest" are the newest version of the folders looked in', async () => {
    const { alice, bob, scope } = library()
    expect(await resolveBackup(null, scope())).toEqual({ kind: 'version', id: bob, byPath: false })
    expect(await resolveBackup('latest', scope())).toEqual({ kind: 'version', id: bob, byPath: false })
    expect(await resolveBackup('latest', scope(['global_alice_10000001']))).toEqual({ kind: 'version', id: alice, byPath: false })
  })

  it('a save file outside the library is that file; a name no version has is not found; a whole id is not looked up', async () => {
    const { scope } = library()
    const outside = join(mkdtempSync(join(tmpdir(), 'backup-ref-out-')), 'saves.json')
    writeFileSync(outside, KEPT)
    expect(await resolveBackup(outside, scope())).toEqual({ kind: 'file', path: outside })
    await expect(resolveBackup('no-such-backup', scope())).rejects.toMatchObject({ code: 'not_found' })
    // Looked for in the folders given only: bob's stem is not alice's.
    await expect(resolveBackup('2026-11-19_bob', scope(['global_alice_10000001']))).rejects.toMatchObject({ code: 'not_found' })
    expect(await resolveBackup('global_someone_1/x', scope())).toEqual({ kind: 'version', id: 'global_someone_1/x', byPath: false })
  })

  it('an empty library has no latest; one that cannot be read says why', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'backup-ref-empty-'))
    const lib = new BackupLibrary(empty, nodeFiles, async () => {})
    const scope: BackupScope = { library: lib, files: nodeFiles, folders: () => everyFolder(lib, nodeFiles) }
    await expect(resolveBackup(null, scope)).rejects.toMatchObject({ code: 'not_found' })
    const missing = new BackupLibrary(join(empty, 'nothing-here'), nodeFiles, async () => {})
    await expect(resolveBackup(null, { ...scope, library: missing, folders: () => everyFolder(missing, nodeFiles) })).rejects.toMatchObject(
      {
        code: 'io'
      }
    )
  })
})
