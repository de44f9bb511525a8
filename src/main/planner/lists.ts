import type { ScoreRecord } from '../../shared/api'
import type { ChartInfo } from '../../shared/data'
import { insightRow } from '../../shared/insights'
import { countsAsPlayed } from '../../shared/play-marks'
import { comboMark } from '../../shared/player'
import type { PlannerChart, PlannerList } from '../../shared/planner/list'
import { MAX_SCORE } from '../../shared/reality'
import type { SaveBest } from '../backups/save-reader'

type Charts = ReadonlyMap<string, ChartInfo>

/** A best above 1,010,000 (the game's Overloaded) is rated as 1,010,000: nothing is left to raise. */
const capped = (score: number) => Math.min(score, MAX_SCORE)

/**
 * An account's best (a record of one input mode) as the planner reads it: the record's own Reality (authoritative;
 * a best a save added may carry none, and is then rated from the constant), and the constant the Reality screen
 * uses (the chart list's, or the one the record's own Reality implies where the list is older than the game).
 */
export function chartOfRecord(record: ScoreRecord, chart: ChartInfo | undefined): PlannerChart {
  return {
    chart_id: record.chart_id,
    title: chart?.title ?? null,
    difficulty: chart?.difficulty ?? null,
    constant: insightRow(record, chart, 0).constant,
    score: capped(record.score),
    reality: record.reality > 0 ? record.reality : null,
    allPerfect: comboMark(record) === 'AP',
    gameVersion: record.game_version ?? null
  }
}

/** A save's best as the planner reads it: its own Reality where the save has one (legacy score tables), else by its rule. */
function chartOfSave(best: SaveBest, chart: ChartInfo | undefined): PlannerChart {
  return {
    chart_id: best.chartId,
    title: chart?.title ?? null,
    difficulty: chart?.difficulty ?? null,
    constant: chart?.constant ?? null,
    score: capped(best.score),
    reality: best.reality,
    allPerfect: best.allPerfect,
    gameVersion: best.gameVersion,
    legacy: best.legacy
  }
}

/** The chart list's charts with a constant that the list of bests does not name: what may be played for the first time. */
function unplayedOf(bests: readonly PlannerChart[], charts: Charts): PlannerChart[] {
  const played = new Set(bests.map((b) => b.chart_id))
  const out: PlannerChart[] = []
  for (const [id, chart] of charts) {
    if (played.has(id) || chart.constant === undefined) continue
    out.push({ chart_id: id, title: chart.title, difficulty: chart.difficulty ?? null, constant: chart.constant, score: 0 })
  }
  return out
}

/** An account's list in one input mode, from its bests' records (AutoPlay's left out: they count nowhere). */
export function listOfRecords(mode: 'touch' | 'keyboard', records: readonly ScoreRecord[], charts: Charts): PlannerList {
  const bests = records.filter(countsAsPlayed).map((r) => chartOfRecord(r, charts.get(r.chart_id)))
  return { mode, bests, unplayed: unplayedOf(bests, charts) }
}

/** A save's list: one best per chart (and input mode, where the save knows it; the planner counts a chart once). */
export function listOfSave(bests: readonly SaveBest[], charts: Charts): PlannerList {
  const list = bests.map((b) => chartOfSave(b, charts.get(b.chartId)))
  return { mode: 'save', bests: list, unplayed: unplayedOf(list, charts) }
}
