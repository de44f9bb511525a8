import type { KeptRecord } from '../../shared/api'
import type { ChartInfo, PlayerStats } from '../../shared/data'
import { AppError } from '../../shared/errors'
import { bestCombo, modeOf } from '../../shared/player'
import { countsAsPlayed } from '../../shared/play-marks'
import { skillProfile, type SkillPlay, type SkillProfile } from '../../shared/skill-profile'
import { parseRfc3339 } from '../../shared/timestamps'

export interface SkillServiceDeps {
  charts: () => ReadonlyMap<string, ChartInfo>
  player: (accountId: string) => Promise<PlayerStats>
  plays: (accountId: string) => Promise<readonly KeptRecord[]>
  isSignedIn: (accountId: string) => boolean
  now: () => number
}

/** A kept play as the profile over time reads it (AutoPlay's are counted nowhere: play-marks.ts). */
export const skillPlays = (records: readonly KeptRecord[]): SkillPlay[] =>
  records.filter(countsAsPlayed).map((r) => ({ chart_id: r.chart_id, mode: modeOf(r), score: r.score, at: parseRfc3339(r.played_at) }))

/**
 * The skill profile of an account's play history: its bests per level and mode now, and month by month. The history is
 * read once per play count (reading it is the costly part) and kept until plays are added or the chart list changes.
 */
export class SkillService {
  readonly #kept = new Map<string, { plays: number; charts: ReadonlyMap<string, ChartInfo>; month: string; profile: SkillProfile }>()

  constructor(private readonly deps: SkillServiceDeps) {}

  async profile(accountId: string): Promise<SkillProfile> {
    if (!this.deps.isSignedIn(accountId)) throw AppError.of('not_found', 'That account is not signed in.')
    const player = await this.deps.player(accountId)
    const charts = this.deps.charts()
    const now = this.deps.now()
    const month = new Date(now).toISOString().slice(0, 7)
    const kept = this.#kept.get(accountId)
    if (kept && kept.plays === player.plays && kept.charts === charts && kept.month === month) return kept.profile
    const bests = player.bests.map((b) => ({ chart_id: b.record.chart_id, mode: b.mode, score: b.record.score, combo: bestCombo(b) }))
    const profile = skillProfile({ bests, plays: skillPlays(await this.deps.plays(accountId)), charts, now })
    this.#kept.set(accountId, { plays: player.plays, charts, month, profile })
    return profile
  }

  forget(accountId: string): void {
    this.#kept.delete(accountId)
  }
}
