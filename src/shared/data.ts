import { z } from 'zod'
import { CurrentUserProfile, PublicUserProfile, RankData, SaveInfo, ScoreRecord } from './api'
import { AppErrorData } from './errors'

/** Each panel's own sync state; the UI shows it with the panel's "last synced" time. */
export const PanelStatus = z.enum(['fresh', 'refreshing', 'stale', 'error', 'offline', 'unavailable', 'empty'])
export type PanelStatus = z.infer<typeof PanelStatus>

export const PanelState = z.object({
  status: PanelStatus,
  /** When the cached value was fetched (ms), null when never. */
  fetchedAt: z.number().nullable(),
  error: AppErrorData.nullable()
})
export type PanelState = z.infer<typeof PanelState>

export const PANELS = ['profile', 'save', 'recent', 'rank'] as const
export type PanelName = (typeof PANELS)[number]

export const AccountData = z.object({
  accountId: z.string(),
  /** Grows with every change main sends: a store never lets an older copy replace a newer one. */
  version: z.number().int(),
  profile: z.object({ data: CurrentUserProfile.nullable(), avatar: z.string().nullable(), panel: PanelState }),
  /** `noCloudSave`: the service said the account never uploaded a cloud save (a state, not an error). */
  save: z.object({ data: SaveInfo.nullable(), noCloudSave: z.boolean().default(false), panel: PanelState }),
  /** `skipped`: records the service sent that could not be read. */
  recent: z.object({ data: z.array(ScoreRecord), skipped: z.number().int().min(0), panel: PanelState }),
  rank: z.object({ data: RankData.nullable(), panel: PanelState }),
  nickname: z.object({
    /** Submission times this app recorded (ISO), newest first. */
    submissions: z.array(z.string()),
    /** When one opportunity is expected back (ISO), from the last submission + 15 days 12 hours. */
    nextRecovery: z.string().nullable(),
    /** The service said no opportunity is left, and none has come back since. */
    noneLeft: z.boolean(),
    /** This credential may not change the nickname (the service refused it for its permissions). */
    refused: z.boolean()
  }),
  history: z.object({ records: z.number(), snapshots: z.number() }),
  /** True when the last attempt to reach the service failed for network reasons. */
  offline: z.boolean()
})
export type AccountData = z.infer<typeof AccountData>

export const ChartInfo = z.object({
  chart_id: z.string().min(1),
  title: z.string().min(1).max(300),
  difficulty: z.string().max(60).optional(),
  constant: z.number().min(0).max(30).optional(),
  artist: z.string().max(300).optional()
})
export type ChartInfo = z.infer<typeof ChartInfo>

export const CatalogueFile = z.object({ charts: z.array(ChartInfo).min(1).max(100_000) })

export const CatalogueInfo = z.object({
  count: z.number(),
  source: z.enum(['none', 'service', 'imported']),
  updatedAt: z.string().nullable()
})
export type CatalogueInfo = z.infer<typeof CatalogueInfo>

export const RealityPoint = z.object({
  at: z.string(),
  touch: z.number(),
  keyboard: z.number(),
  /** Chart ids that entered / left each best 20 since the previous snapshot. */
  entered: z.object({ touch: z.array(z.string()), keyboard: z.array(z.string()) }),
  left: z.object({ touch: z.array(z.string()), keyboard: z.array(z.string()) })
})
export type RealityPoint = z.infer<typeof RealityPoint>

export const InsightRow = z.object({
  record: ScoreRecord,
  title: z.string().nullable(),
  difficulty: z.string().nullable(),
  constant: z.number().nullable(),
  constantSource: z.enum(['catalogue', 'record']).nullable(),
  /** Lowest score that raises the player's Reality by at least 0.01; null with `why`. */
  targetScore: z.number().nullable(),
  why: z.enum(['ok', 'unknown_constant', 'unreachable', 'maxed']).default('ok')
})
export type InsightRow = z.infer<typeof InsightRow>

export const ModeInsights = z.object({
  reality: z.number(),
  best: z.array(InsightRow),
  overflow: z.array(InsightRow)
})
export const Insights = z.object({ touch: ModeInsights, keyboard: ModeInsights })
export type Insights = z.infer<typeof Insights>

export const PublicLookup = z.object({ profile: PublicUserProfile, avatar: z.string().nullable() })

/** A file of the app's own that could not be used this run (shown once, in a banner). */
export const DataNotice = z.object({
  file: z.string(),
  /**
   * damaged: moved aside; unreadable: left alone, never written;
   * lines_unreadable: some kept plays could not be read (they stay in the file).
   */
  problem: z.enum(['damaged', 'unreadable', 'lines_unreadable']),
  /** Where the damaged file was moved (beside it), so nothing is lost. */
  movedTo: z.string().nullable(),
  detail: z.string(),
  /** How many lines could not be read (lines_unreadable). */
  count: z.number().int().nonnegative().optional()
})
export type DataNotice = z.infer<typeof DataNotice>
