import type { KeptRecord, ScoreRecord } from '../../shared/api'
import type { BackupEntry, ChartChange, SaveChart, SaveDiff, SaveSummary } from '../../shared/backups'
import type { ChartInfo } from '../../shared/data'
import { chartCounts } from '../../shared/chart-counts'
import { BEST_COUNT, chartValue, playerReality } from '../../shared/reality'
import type { SaveBest, SaveContents } from './save-reader'

type Charts = ReadonlyMap<string, ChartInfo>

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits

/**
 * A save's best with its title and the Reality it implies: the record's own when it has one, else from the chart
 * constant (an Overloaded best rated as 1,010,000).
 */
export function rateBest(best: SaveBest, charts: Charts): SaveChart {
  const chart = charts.get(best.chartId)
  const constant = chart?.constant ?? null
  const reality =
    best.reality ??
    (constant === null
      ? null
      : round(
          chartValue({ constant, score: best.score, allPerfect: best.allPerfect, gameVersion: best.gameVersion, legacy: best.legacy }),
          4
        ))
  return {
    chart_id: best.chartId,
    title: chart?.title ?? null,
    difficulty: chart?.difficulty ?? null,
    constant,
    mode: best.mode,
    score: best.score,
    accuracy: best.accuracy,
    grade: best.grade,
    fullCombo: best.fullCombo,
    allPerfect: best.allPerfect,
    reality
  }
}

const byValue = (a: SaveChart, b: SaveChart) => (b.reality ?? -1) - (a.reality ?? -1) || b.score - a.score

/** Reality from the best 20 charts (a chart counted once, at its best mode) whose value is known. */
function realityOf(rated: readonly SaveChart[]): number | null {
  const perChart = new Map<string, number>()
  for (const r of rated) if (r.reality !== null) perChart.set(r.chart_id, Math.max(perChart.get(r.chart_id) ?? 0, r.reality))
  return perChart.size ? round(playerReality([...perChart.values()]), 4) : null
}

export function summarize(contents: SaveContents, charts: Charts): SaveSummary {
  const rated = contents.bests.map((b) => rateBest(b, charts)).sort(byValue)
  // Charts, not records: a save that knows input modes (a score table) counts a chart once, as the player card does.
  const counts = chartCounts(rated.map((r) => ({ chartId: r.chart_id, score: r.score, fullCombo: r.fullCombo, allPerfect: r.allPerfect })))
  return {
    container: contents.container,
    layout: contents.layout,
    username: contents.username,
    nickname: contents.nickname,
    userId: contents.userId,
    charts: counts.charts,
    skipped: contents.skipped,
    scoreTooHigh: contents.scoreTooHigh ?? 0,
    levelDisagreements: contents.levelDisagreements ?? 0,
    lastSaveTime: contents.lastSaveTime?.slice(0, 64) ?? null,
    reality: realityOf(rated),
    ratedCharts: new Set(rated.filter((r) => r.reality !== null).map((r) => r.chart_id)).size,
    grades: counts.grades,
    overloaded: counts.overloaded,
    fullCombos: counts.fullCombos,
    allPerfects: counts.allPerfects,
    best: rated.slice(0, BEST_COUNT),
    plays: contents.plays.length
  }
}

/**
 * What a save adds to the kept history. Plays with a time (legacy score tables) are added as they
 * are; a per-chart best without one is added once, dated at the backup's cloud `updated_at` (when it
 * was known to be achieved), unless the history already holds that chart with that score or better.
 */
export function recordsForHistory(
  contents: SaveContents,
  entry: Pick<BackupEntry, 'updatedAt'>,
  charts: Charts,
  existing: readonly ScoreRecord[]
): KeptRecord[] {
  const known = new Map<string, number>()
  for (const r of existing) known.set(r.chart_id, Math.max(known.get(r.chart_id) ?? 0, r.score))
  const timed = contents.plays
  const bests = contents.plays.length ? [] : contents.bests.filter((b) => (known.get(b.chartId) ?? -1) < b.score)
  return [...timed, ...bests].map((b): KeptRecord => {
    const rated = rateBest(b, charts)
    return {
      chart_id: b.chartId,
      // As the save holds it: an Overloaded best keeps its score and is marked by it (play-marks.ts), never cut to R.
      score: b.score,
      score_accuracy: b.accuracy ?? 0,
      reality: rated.reality ?? 0,
      grade: b.grade,
      played_at: b.playedAt ?? entry.updatedAt,
      game_version: b.gameVersion ?? undefined,
      modifiers: b.mode === 'touch' ? ['TouchMode'] : [],
      source: b.playedAt ? 'save-play' : 'save-best',
      ...(b.fullCombo !== null && { full_combo: b.fullCombo }),
      ...(b.allPerfect && { all_perfect: true })
    }
  })
}

const stateOf = (r: SaveChart) => ({
  score: r.score,
  accuracy: r.accuracy,
  grade: r.grade,
  fullCombo: r.fullCombo,
  allPerfect: r.allPerfect,
  reality: r.reality
})

/** One chart's change between two saves: its state before (null when new) and after. */
export const chartChange = (after: SaveChart, before: SaveChart | null): ChartChange => ({
  chart_id: after.chart_id,
  title: after.title,
  difficulty: after.difficulty,
  mode: after.mode,
  before: before ? stateOf(before) : null,
  after: stateOf(after)
})

/** Charts new to `to`, scores improved (or FC/AP gained), scores lowered, and the Reality change. */
export function diffSaves(
  from: { entry: Pick<BackupEntry, 'id' | 'backedUpAt' | 'updatedAt'>; contents: SaveContents },
  to: { entry: Pick<BackupEntry, 'id' | 'backedUpAt' | 'updatedAt'>; contents: SaveContents },
  charts: Charts
): SaveDiff {
  const key = (r: SaveChart) => `${r.chart_id}|${r.mode ?? ''}`
  const before = new Map(from.contents.bests.map((b) => rateBest(b, charts)).map((r) => [key(r), r]))
  const afterList = to.contents.bests.map((b) => rateBest(b, charts))
  const added: ChartChange[] = []
  const improved: ChartChange[] = []
  const lowered: ChartChange[] = []
  let unchanged = 0
  for (const after of afterList) {
    const old = before.get(key(after))
    const change = chartChange(after, old ?? null)
    if (!old) added.push(change)
    else if (after.score > old.score || (after.fullCombo === true && old.fullCombo !== true) || (after.allPerfect && !old.allPerfect))
      improved.push(change)
    else if (after.score < old.score) lowered.push(change)
    else unchanged++
  }
  const afterKeys = new Set(afterList.map(key))
  const realityBefore = realityOf([...before.values()])
  const realityAfter = realityOf(afterList)
  const ref = (e: Pick<BackupEntry, 'id' | 'backedUpAt' | 'updatedAt'>) => ({ id: e.id, backedUpAt: e.backedUpAt, updatedAt: e.updatedAt })
  const gain = (c: ChartChange) => c.after.score - (c.before?.score ?? 0)
  return {
    from: ref(from.entry),
    to: ref(to.entry),
    added: added.sort((a, b) => (b.after.reality ?? 0) - (a.after.reality ?? 0)),
    improved: improved.sort((a, b) => gain(b) - gain(a)),
    lowered,
    removed: [...before.keys()].filter((k) => !afterKeys.has(k)).length,
    unchanged,
    reality: {
      before: realityBefore,
      after: realityAfter,
      change: realityBefore !== null && realityAfter !== null ? round(realityAfter - realityBefore, 4) : null
    }
  }
}
