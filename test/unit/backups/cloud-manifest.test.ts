import { describe, expect, it } from 'vitest'
import { Manifest } from '../../../src/shared/backups'
import { manifestFor, type DownloadedSave } from '../../../src/main/backups/cloud-manifest'

const save: DownloadedSave = {
  account: { id: 'acc-1', deploymentId: 'official', baseUrl: 'https://api.example', username: 'mira', uid: 'u-42' },
  info: { updated_at: '2026-11-20T10:00:00Z', meta: { lastSaveTime: '2026-11-20T09:59:00' }, size: 2048 },
  size: 2040,
  sha256: 'a'.repeat(64),
  format: 'sqlite',
  appVersion: '1.2.3',
  at: '2026-11-26T12:00:00.000Z'
}

describe('manifestFor', () => {
  it('a save with its own file: every field, written out by hand', () => {
    const manifest = manifestFor(save, '2026-11-26T12-00-00Z_official_mira', null)
    expect(manifest).toEqual({
      schema: 'companion-backup/1',
      accountId: 'acc-1',
      deploymentId: 'official',
      baseUrl: 'https://api.example',
      username: 'mira',
      uid: 'u-42',
      updatedAt: '2026-11-20T10:00:00Z',
      meta: { lastSaveTime: '2026-11-20T09:59:00' },
      size: 2040,
      announcedSize: 2048,
      sha256: 'a'.repeat(64),
      format: 'sqlite',
      appVersion: '1.2.3',
      backedUpAt: '2026-11-26T12:00:00.000Z',
      file: '2026-11-26T12-00-00Z_official_mira.sqlite',
      duplicateOf: null,
      pinned: false,
      note: '',
      verifiedAt: '2026-11-26T12:00:00.000Z',
      verifyStatus: 'ok'
    })
    expect(Manifest.safeParse(manifest).success).toBe(true)
  })

  it('the same bytes as an earlier backup: a manifest only, naming it', () => {
    const manifest = manifestFor({ ...save, format: 'json' }, 'b2', 'b1')
    expect(manifest.file).toBeNull()
    expect(manifest.duplicateOf).toBe('b1')
    expect(Manifest.safeParse(manifest).success).toBe(true)
  })

  it('a JSON save is a .json file; no meta and no announced size are null, not missing', () => {
    const manifest = manifestFor({ ...save, format: 'json', info: { updated_at: '2026-11-20T10:00:00Z' } }, 'b3', null)
    expect(manifest.file).toBe('b3.json')
    expect(manifest.meta).toBeNull()
    expect(manifest.announcedSize).toBeNull()
  })
})
