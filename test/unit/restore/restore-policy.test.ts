import { describe, expect, it } from 'vitest'
import type { ResolvedBackup } from '../../../src/main/backups/backup-ref'
import type { BackupAccount } from '../../../src/main/backups/backup-service'
import { versionOwners } from '../../../src/main/backups/ownership'
import { restorePolicy } from '../../../src/main/restore/restore-policy'

const alice: BackupAccount = { id: 'global:1', deploymentId: 'global', baseUrl: 'https://x', username: 'alice', uid: '10000001' }
const folderOf = (a: BackupAccount) => `${a.deploymentId}_${a.username}_${a.uid}`
const policyWith = (accounts: BackupAccount[]) => restorePolicy(versionOwners({ accounts: () => accounts, folderOf }))
const version = (id: string, byPath = false): ResolvedBackup => ({ kind: 'version', id, byPath })

describe('which versions may be written into the game folder (the app and the CLI alike)', () => {
  it("a cloud backup only for the signed-in account whose folder holds it; anyone else's is not found", () => {
    const cloud = version('global_alice_10000001/2026-11-18_alice')
    expect(policyWith([]).needsAccount(cloud)).toBe(true)
    expect(() => policyWith([alice]).check(cloud)).not.toThrow()
    expect(() => policyWith([]).check(cloud)).toThrow(expect.objectContaining({ code: 'not_found' }))
    const stranger = version('global_someone_2/x')
    expect(() => policyWith([alice]).check(stranger)).toThrow(expect.objectContaining({ code: 'not_found' }))
  })

  it('a "This computer" version, a save file named by its path, or a file on disk need no account', () => {
    for (const backup of [
      version('this-computer-20000002/2026-11-20_this-computer_bob'),
      version('global_someone_2/x', true),
      { kind: 'file', path: '/tmp/saves.db' } as const
    ]) {
      expect(policyWith([]).needsAccount(backup)).toBe(false)
      expect(() => policyWith([]).check(backup)).not.toThrow()
    }
  })
})
