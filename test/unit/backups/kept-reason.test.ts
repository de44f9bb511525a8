import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BackupLibrary } from '../../../src/main/backups/library'
import { nodeFiles } from '../../../src/main/platform-node/files'

/**
 * Why the app kept a version (before a restore, before undoing one) is data in the manifest, never English text;
 * manifests written before that carry the English note with a library id, and are read as the same data.
 */
describe("a version's reason in its manifest", () => {
  const manifest = (name: string, extra: Record<string, unknown>) => ({
    schema: 'companion-backup/1',
    accountId: 'computer:10000001',
    deploymentId: 'this-computer',
    username: 'alice',
    uid: '10000001',
    updatedAt: '2026-11-28T23:50:00.000Z',
    meta: null,
    size: 2,
    sha256: '0'.repeat(64),
    format: 'sqlite',
    appVersion: 'test',
    backedUpAt: '2026-11-28T23:50:00.000Z',
    file: `${name}.sqlite`,
    duplicateOf: null,
    pinned: true,
    note: '',
    verifiedAt: null,
    verifyStatus: null,
    source: 'computer',
    ...extra
  })

  async function libraryWith(manifests: Record<string, Record<string, unknown>>) {
    const root = mkdtempSync(join(tmpdir(), 'kept-reason-'))
    const dir = join(root, 'this-computer-10000001')
    await nodeFiles.mkdir(dir, { recursive: true })
    for (const [name, extra] of Object.entries(manifests)) {
      writeFileSync(join(dir, `${name}.sqlite`), 'db')
      writeFileSync(join(dir, `${name}.manifest.json`), JSON.stringify(manifest(name, extra)))
    }
    return { library: new BackupLibrary(root, nodeFiles, async () => {}), dir }
  }

  it('reads the English notes of older versions as the reason, with the time and kind the id says, and no note left', async () => {
    const { library } = await libraryWith({
      cloud: { note: 'before restoring local-alice-10000001/2026-11-28T23-46-30Z_local_alice' },
      computer: { note: 'before restoring this-computer-10000001/2026-11-20T08-05-09Z_this-computer_alice' },
      undo: { note: 'before undoing the restore of local-alice-10000001/2026-11-27T10-00-00Z_local_alice' },
      odd: { note: 'before restoring local-alice-10000001/a-name-without-its-time' }
    })
    const byName = Object.fromEntries((await library.read('this-computer-10000001', 'a')).entries.map((e) => [e.id.split('/')[1], e]))
    expect(byName.cloud).toMatchObject({
      note: '',
      reason: {
        kind: 'before-restore',
        version: { id: 'local-alice-10000001/2026-11-28T23-46-30Z_local_alice', backedUpAt: '2026-11-28T23:46:30.000Z', source: 'cloud' }
      }
    })
    expect(byName.computer!.reason).toEqual({
      kind: 'before-restore',
      version: {
        id: 'this-computer-10000001/2026-11-20T08-05-09Z_this-computer_alice',
        backedUpAt: '2026-11-20T08:05:09.000Z',
        source: 'computer'
      }
    })
    expect(byName.undo!.reason).toEqual({
      kind: 'before-undo',
      version: { id: 'local-alice-10000001/2026-11-27T10-00-00Z_local_alice', backedUpAt: '2026-11-27T10:00:00.000Z', source: 'cloud' }
    })
    // An id that does not say when or where: still the reason (worded without a date), never the id shown as a note.
    expect(byName.odd).toMatchObject({
      note: '',
      reason: { kind: 'before-restore', version: { id: 'local-alice-10000001/a-name-without-its-time', backedUpAt: null, source: null } }
    })
  })

  it("keeps a player's own note, even one that starts like ours, and reads a manifest whose reason has another shape", async () => {
    const { library } = await libraryWith({
      mine: { note: 'before restoring the 4.5 update' },
      strange: { note: 'kept by hand', reason: { kind: 'before-a-patch', version: 42 } },
      number: { note: '', reason: 7 }
    })
    const read = await library.read('this-computer-10000001', 'a')
    expect(read.problems).toEqual([])
    const byName = Object.fromEntries(read.entries.map((e) => [e.id.split('/')[1], e]))
    expect(byName.mine).toMatchObject({ note: 'before restoring the 4.5 update' })
    expect(byName.mine!.reason).toBeUndefined()
    expect(byName.strange).toMatchObject({ note: 'kept by hand' })
    expect(byName.strange!.reason).toBeUndefined()
    expect(byName.number!.reason).toBeUndefined()
  })

  it('a note the player writes on an older version keeps the reason, written as data beside it, and no English note', async () => {
    const { library, dir } = await libraryWith({ old: { note: 'before restoring local-alice-10000001/2026-11-28T23-46-30Z_local_alice' } })
    await library.update('this-computer-10000001/old', { note: 'my best week' }, { program: 'app', waitMs: 0 })
    const written = JSON.parse(readFileSync(join(dir, 'old.manifest.json'), 'utf8')) as Record<string, unknown>
    expect(written.note).toBe('my best week')
    expect(written.reason).toEqual({
      kind: 'before-restore',
      version: { id: 'local-alice-10000001/2026-11-28T23-46-30Z_local_alice', backedUpAt: '2026-11-28T23:46:30.000Z', source: 'cloud' }
    })
  })
})
