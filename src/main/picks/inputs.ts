import type { KeptRecord, ScoreRecord } from '../../shared/api'
import type { ChartInfo, PersonalBest } from '../../shared/data'
import { bestKey, comboMark, modeOf, type PlayMode } from '../../shared/player'
import { countsAsPlayed } from '../../shared/play-marks'
import type { PickBest, PickList, PickNearMiss } from '../../shared/picks/picks'
import { MAX_SCORE } from '../../shared/reality'
import { parseRfc3339 } from '../../shared/timestamps'
import type { SaveBest } from '../backups/save-reader'
import { closestPlays, missesFrom } from '../progress/near-misses'

/** What the picks are worked out from: the bests, the near misses and the last plays, as each face reads them. */

/** A best's record as the planner reads it: the chart list's names and constant, its own Reality where it has one. */
function pickBest(record: ScoreRecord | KeptRecord, chart: ChartInfo | undefined, lastPlayedAt: string | null): PickBest {
  return {
    chart_id: record.chart_id,
    title: chart?.title ?? null,
    difficulty: chart?.difficulty ?? null,
    constant: chart?.constant ?? null,
    // A best above 1,010,000 (Overloaded) is rated as 1,010,000.
    score: Math.min(record.score, MAX_SCORE),
    // 0: the record has none of its own (a play from data.db or a save); the rule rates it.
    reality: record.reality > 0 ? record.reality : null,
    allPerfect: comboMark(record) === 'AP',
    gameVersion: record.game_version ?? null,
    lastPlayedAt
  }
}

const latest = (list: PickList) =>
  Math.max(...list.bests.map((b) => (b.lastPlayedAt ? parseRfc3339(b.lastPlayedAt) : -Infinity)), -Infinity)

/** The lists in the order the picks favour them: the mode played last first (the one played now). */
const byLastPlay = (lists: PickList[]) => lists.sort((a, b) => latest(b) - latest(a))

/** An account's lists: its bests in each mode, each with when the chart was last played in it. */
export function accountLists(
  bests: readonly PersonalBest[],
  charts: ReadonlyMap<string, ChartInfo>,
  lastPlayed: ReadonlyMap<string, string>
): PickList[] {
  const modes: PlayMode[] = ['touch', 'keyboard']
  return byLastPlay(
    modes.map((mode) => ({
      mode,
      bests: bests
        .filter((b) => b.mode === mode)
        .map((b) =>
          pickBest(b.record, charts.get(b.record.chart_id), lastPlayed.get(bestKey(b.record.chart_id, mode)) ?? b.record.played_at)
        )
    }))
  )
}

/**
 * The lists and near misses from the service's best lists (the CLI with a credential): each list's records are the
 * bests, their judgements the near misses; a chart's last play is the latest of its best and the recent plays.
 */
export function rankInputs(
  ranks: { touch: readonly ScoreRecord[]; keyboard: readonly ScoreRecord[] },
  recent: readonly ScoreRecord[],
  charts: ReadonlyMap<string, ChartInfo>
): { lists: PickList[]; nearMisses: PickNearMiss[] } {
  const records = [...ranks.touch, ...ranks.keyboard].filter(countsAsPlayed)
  const last = new Map<string, string>()
  for (const r of [...records, ...recent.filter(countsAsPlayed)]) {
    const key = bestKey(r.chart_id, modeOf(r))
    const kept = last.get(key)
    if (!kept || parseRfc3339(r.played_at) > parseRfc3339(kept)) last.set(key, r.played_at)
  }
  const listOf = (mode: PlayMode, list: readonly ScoreRecord[]): PickList => ({
    mode,
    bests: list.filter(countsAsPlayed).map((r) => pickBest(r, charts.get(r.chart_id), last.get(bestKey(r.chart_id, mode)) ?? r.played_at))
  })
  const nearMisses = missesFrom(closestPlays(records as KeptRecord[]), () => null)
  return { lists: byLastPlay([listOf('touch', ranks.touch), listOf('keyboard', ranks.keyboard)]), nearMisses }
}

/** A save's one list (its bests have no input mode); a save's bests carry no judgements, so no near misses. */
export function saveList(bests: readonly SaveBest[], charts: ReadonlyMap<string, ChartInfo>): PickList {
  return {
    mode: 'save',
    bests: bests.map((b) => {
      const chart = charts.get(b.chartId)
      return {
        chart_id: b.chartId,
        title: chart?.title ?? null,
        difficulty: chart?.difficulty ?? null,
        constant: chart?.constant ?? null,
        score: Math.min(b.score, MAX_SCORE),
        reality: b.reality,
        allPerfect: b.allPerfect,
        gameVersion: b.gameVersion,
        legacy: b.legacy,
        lastPlayedAt: b.playedAt
      }
    })
  }
}
