import { z } from 'zod'
import { CurrentUserProfile, KeptRecord, PublicUserProfile, RankData, SaveInfo, ScoreRecord } from './api'
import { AppErrorData } from './error-schema'

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
  /** `skipped`: records the service sent that could not be read; `scoreTooHigh`: of those, records with a score above 2,000,000. */
  recent: z.object({
    data: z.array(ScoreRecord),
    skipped: z.number().int().min(0),
    scoreTooHigh: z.number().int().min(0).optional(),
    panel: PanelState
  }),
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
  chart_id: z.string().min(1).max(100),
  /** The song's title as the list keys it (its original script). */
  title: z.string().min(1).max(300),
  /** Other titles a community list gives: Latin transcription, a Chinese title; searched as well. */
  latin_title: z.string().max(300).optional(),
  title_zh_hans: z.string().max(300).optional(),
  /** The title's language as the list says (`en`, `ja`, `zh-Hans`…), for the `lang` attribute. */
  title_culture: z.string().max(40).optional(),
  song_id: z.string().max(100).optional(),
  /** Difficulty name: Drizzle, Sprinkle, Cloudburst, Clear, Special, or a `_Story` variant. */
  difficulty: z.string().max(60).optional(),
  /** Chart constant; 0 (Special, story) gives no Reality. */
  constant: z.number().min(0).max(30).optional(),
  artist: z.string().max(300).optional(),
  /** The song pack or chapter, where the list gives one (the song-keyed list's `chapter`). */
  pack: z.string().max(200).optional(),
  /** A level as the list writes it where it marks one (`12`, `12+`): splits a level folder into N and N+. */
  level: z
    .string()
    .regex(/^\d{1,2}\+?$/)
    .optional()
})
export type ChartInfo = z.infer<typeof ChartInfo>

export const ChartListFile = z.object({ charts: z.array(ChartInfo).min(1).max(100_000) })

/** What one update of the chart list changed, against the list it replaced. */
export const ChartListChange = z.object({
  added: z.number().int().min(0),
  removed: z.number().int().min(0),
  constantsChanged: z.number().int().min(0)
})
export type ChartListChange = z.infer<typeof ChartListChange>

/** Where the chart list stands: what is kept, where it came from, and how it is updated. */
export const ChartListInfo = z.object({
  count: z.number(),
  source: z.enum(['none', 'imported', 'url']),
  /** The imported file's name or the URL the kept list came from. */
  origin: z.string().nullable(),
  format: z.enum(['companion', 'songs', 'constants']).nullable(),
  /** When the kept list last changed. */
  updatedAt: z.string().nullable(),
  /** When the update URL last answered (a 304 "unchanged" included). */
  checkedAt: z.string().nullable(),
  lastChange: ChartListChange.nullable(),
  /** Entries of the last list read that had no usable chart id. */
  skipped: z.number().int().min(0),
  /** Why the last update from the URL failed (the kept list is unchanged). */
  lastError: AppErrorData.nullable(),
  /** The URL updates come from; null when the player cleared it. */
  url: z.string().nullable(),
  defaultUrl: z.string(),
  autoUpdate: z.boolean(),
  /** The URL's host is a third party the player has not agreed to contact yet: no request is sent. */
  needsConsent: z.boolean(),
  updating: z.boolean()
})
export type ChartListInfo = z.infer<typeof ChartListInfo>

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
  constantSource: z.enum(['chartList', 'record']).nullable(),
  /** The chart list's constant contradicts the record's own Reality: the list is older than the game. */
  stale: z.boolean().default(false),
  /** The constant the chart list gives (null without one), shown beside a stale one. */
  listedConstant: z.number().nullable().default(null),
  /** Lowest score that raises the player's Reality by at least 0.01; null with `why`. */
  targetScore: z.number().nullable(),
  /** `unrated`: a constant of 0 (Special, story charts) gives no Reality. */
  why: z.enum(['ok', 'unknown_constant', 'unreachable', 'maxed', 'unrated']).default('ok')
})
export type InsightRow = z.infer<typeof InsightRow>

export const ModeInsights = z.object({
  reality: z.number(),
  /** Records of the service's list that AutoPlay made: in neither list (play-marks.ts). */
  autoplay: z.number().int().min(0).default(0),
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
   * lines_unreadable: some kept plays could not be read (they stay in the file);
   * restarted: the app relaunched itself after an internal error (`file`: the log, `detail`: what failed).
   */
  problem: z.enum(['damaged', 'unreadable', 'lines_unreadable', 'restarted']),
  /** Where the damaged file was moved (beside it), so nothing is lost. */
  movedTo: z.string().nullable(),
  detail: z.string(),
  /** How many lines could not be read (lines_unreadable). */
  count: z.number().int().nonnegative().optional()
})
export type DataNotice = z.infer<typeof DataNotice>

/** The personal best per chart and input mode (see player.ts for how plays fold into it). */
export const PersonalBest = z.object({
  mode: z.enum(['touch', 'keyboard']),
  /** The play that holds the best score (the earliest one, on a tie). */
  record: KeptRecord,
  /** Plays kept on this chart in this mode. */
  plays: z.number().int().min(1),
  /** The best score before this one was set; null when it was the first play kept. */
  previousScore: z.number().nullable(),
  firstPlayedAt: z.string(),
  /** The best mark reached on this chart in this mode, by any play kept (absent in files written before it was kept). */
  combo: z.enum(['AP', 'FC']).nullable().optional()
})
export type PersonalBest = z.infer<typeof PersonalBest>

export const PlayerStats = z.object({
  accountId: z.string(),
  /** Plays kept on this computer. */
  plays: z.number().int().min(0),
  /** Of those, plays AutoPlay made: kept, and in no best (play-marks.ts). */
  autoplay: z.number().int().min(0).optional(),
  /** Of those, plays the player hid (record.ts): kept, and in no best. */
  hidden: z.number().int().min(0).optional(),
  /** Changes whenever a play is hidden or shown again (what was computed from the bests is computed again). */
  hiddenVersion: z.string().max(64).optional(),
  lastPlayedAt: z.string().nullable(),
  bests: z.array(PersonalBest)
})
export type PlayerStats = z.infer<typeof PlayerStats>
