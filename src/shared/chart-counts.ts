import type { ScoreRecord } from './api'
import { gradeOf, GRADES, OVERLOADED, type Grade } from './reality'
import { comboMark, type ComboFacts, type ComboMark } from './player'

/**
 * What a player counts: charts, not plays. A chart played in touch and keyboard is one chart, at
 * its best of both (a cloud save keeps one best per chart and no input mode), so the player card and
 * a backup's summary of the same plays give the same numbers.
 */

/** One chart's best as both sides know it: the score, and the full combo / all perfect marks where known. */
export interface ChartMarks {
  chartId: string
  score: number
  /** null where the source does not say (a record without judgement counts, a save without `AchievedStatus`). */
  fullCombo: boolean | null
  allPerfect: boolean
}

export interface ChartCounts {
  charts: number
  /** Charts by the grade of their best score (the score decides: the thresholds of the notes). */
  grades: Record<Grade, number>
  /** Charts whose best is above 1,010,000 (the game's Overloaded): in no grade, never counted as R (play-marks.ts). */
  overloaded: number
  /** Charts whose best is a full combo; null when no best says. */
  fullCombos: number | null
  allPerfects: number
}

/**
 * A record's marks (`comboMark`: the judgement counts, else a save's `AchievedStatus`, else 100 % accuracy), or the
 * mark given (a personal best's: the best its chart ever had). A full combo is unknown (null) where nothing says.
 */
export function recordMarks(record: Pick<ScoreRecord, 'chart_id' | 'score'> & ComboFacts, mark: ComboMark = comboMark(record)): ChartMarks {
  const known =
    mark !== null || (record.score_bad_count !== undefined && record.score_miss_count !== undefined) || record.full_combo !== undefined
  return {
    chartId: record.chart_id,
    score: record.score,
    fullCombo: mark !== null ? true : known ? false : null,
    allPerfect: mark === 'AP'
  }
}

const markRank = (m: ChartMarks) => (m.allPerfect ? 2 : m.fullCombo ? 1 : 0)

/** One per chart: the higher score of its bests; on a tie, the better marks, then the first given. */
export function bestPerChart<T extends ChartMarks>(items: Iterable<T>): T[] {
  const best = new Map<string, T>()
  for (const item of items) {
    const current = best.get(item.chartId)
    if (!current || item.score > current.score || (item.score === current.score && markRank(item) > markRank(current)))
      best.set(item.chartId, item)
  }
  return [...best.values()]
}

export function chartCounts(items: Iterable<ChartMarks>): ChartCounts {
  const best = bestPerChart(items)
  const grades = Object.fromEntries(GRADES.map((g) => [g, 0])) as Record<Grade, number>
  let overloaded = 0
  for (const b of best) {
    const grade = gradeOf(b.score)
    if (grade === OVERLOADED) overloaded++
    else grades[grade]++
  }
  return {
    charts: best.length,
    grades,
    overloaded,
    fullCombos: best.some((b) => b.fullCombo !== null) ? best.filter((b) => b.fullCombo).length : null,
    allPerfects: best.filter((b) => b.allPerfect).length
  }
}
