import type { SaveInfo } from '../../shared/api'
import type { Manifest, SaveFormat } from '../../shared/backups'
import { extensionFor } from './library'

/** Everything a downloaded cloud save's manifest says, but its name in the folder. */
export interface DownloadedSave {
  account: { id: string; deploymentId: string; baseUrl: string; username: string | null; uid: string | null }
  info: Pick<SaveInfo, 'updated_at' | 'meta' | 'size'>
  size: number
  sha256: string
  format: SaveFormat
  appVersion: string
  /** When it was backed up (and verified: the download's hash is the verification). */
  at: string
}

/**
 * The manifest of a downloaded cloud save placed under `base`: with its own file, or (`duplicateOf`,
 * the base of the backup that holds the same bytes) a manifest only.
 */
export function manifestFor(save: DownloadedSave, base: string, duplicateOf: string | null): Manifest {
  const { account, info } = save
  return {
    schema: 'companion-backup/1',
    accountId: account.id,
    deploymentId: account.deploymentId,
    baseUrl: account.baseUrl,
    username: account.username,
    uid: account.uid,
    updatedAt: info.updated_at,
    meta: info.meta ?? null,
    size: save.size,
    announcedSize: info.size ?? null,
    sha256: save.sha256,
    format: save.format,
    appVersion: save.appVersion,
    backedUpAt: save.at,
    file: duplicateOf === null ? `${base}.${extensionFor(save.format)}` : null,
    duplicateOf,
    pinned: false,
    note: '',
    verifiedAt: save.at,
    verifyStatus: 'ok'
  }
}
