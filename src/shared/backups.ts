import { z } from 'zod'
import { RetentionPolicy } from './settings'

export const SaveFormat = z.enum(['json', 'sqlite', 'unknown'])
export type SaveFormat = z.infer<typeof SaveFormat>

/** Written next to every backup (and alone, for a run whose content equals the previous one). */
export const Manifest = z.object({
  schema: z.literal('companion-backup/1'),
  accountId: z.string(),
  deploymentId: z.string(),
  username: z.string().nullable(),
  uid: z.string().nullable(),
  /** The cloud save's `updated_at` and `meta` at the time of the backup. */
  updatedAt: z.string(),
  meta: z.record(z.string(), z.unknown()).nullable(),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  format: SaveFormat,
  appVersion: z.string(),
  backedUpAt: z.string(),
  /** File name of the save in the same folder; null when identical to `duplicateOf`. */
  file: z.string().nullable(),
  duplicateOf: z.string().nullable(),
  pinned: z.boolean(),
  note: z.string().max(2000),
  verifiedAt: z.string().nullable(),
  verifyStatus: z.enum(['ok', 'mismatch', 'missing']).nullable()
})
export type Manifest = z.infer<typeof Manifest>

export const BackupEntry = Manifest.extend({
  /** Stable id: `<account folder>/<manifest base name>`. */
  id: z.string(),
  path: z.string().nullable()
})
export type BackupEntry = z.infer<typeof BackupEntry>

export const BackupResult = z.object({
  status: z.enum(['downloaded', 'up-to-date', 'duplicate']),
  entry: BackupEntry.nullable(),
  removedByRetention: z.array(z.string())
})
export type BackupResult = z.infer<typeof BackupResult>

export const BackupProgress = z.object({
  accountId: z.string(),
  stage: z.enum(['checking', 'downloading', 'verifying', 'done', 'failed', 'cancelled']),
  received: z.number(),
  total: z.number().nullable(),
  /** Bytes per second, smoothed. */
  rate: z.number(),
  etaSeconds: z.number().nullable()
})
export type BackupProgress = z.infer<typeof BackupProgress>

export const SaveSummary = z.object({
  format: SaveFormat,
  records: z.number(),
  playCount: z.number().nullable(),
  reality: z.number().nullable(),
  best: z.array(z.object({ chart_id: z.string(), title: z.string().nullable(), score: z.number(), reality: z.number().nullable(), mode: z.string().nullable() })),
  username: z.string().nullable()
})
export type SaveSummary = z.infer<typeof SaveSummary>

export { RetentionPolicy }
