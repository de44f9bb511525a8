import { isTouchPlay, parseRfc3339, type ScoreRecord } from '../../../shared/api'
import type { ChartInfo } from '../../../shared/data'

/** One table row: a record joined with its chart, with the values sorting and filtering need. */
export interface ScoreRow {
  key: string
  title: string
  difficulty: string
  grade: string
  score: number
  accuracy: number
  judgements: string
  mode: 'touch' | 'keyboard'
  playedAt: number
  record: ScoreRecord
}

export function toRows(records: readonly ScoreRecord[], charts: ReadonlyMap<string, ChartInfo>): ScoreRow[] {
  return records.map((r) => {
    const chart = charts.get(r.chart_id)
    return {
      key: `${r.chart_id}|${r.played_at}|${r.score}`,
      title: chart?.title ?? r.chart_id.slice(0, 8),
      difficulty: chart?.difficulty ?? '—',
      grade: r.grade,
      score: r.score,
      accuracy: r.score_accuracy,
      judgements: [
        r.score_exact_count,
        r.score_perfect_count,
        r.score_great_count,
        r.score_good_count,
        r.score_bad_count,
        r.score_miss_count
      ]
        .map((n) => n ?? '–')
        .join(' / '),
      mode: isTouchPlay(r) ? 'touch' : 'keyboard',
      playedAt: parseRfc3339(r.played_at),
      record: r
    }
  })
}

export interface ScoreFilter {
  text: string
  grade: string
  difficulty: string
  mode: '' | 'touch' | 'keyboard'
  from: string
  to: string
}

export const emptyFilter: ScoreFilter = { text: '', grade: '', difficulty: '', mode: '', from: '', to: '' }

export function matches(row: ScoreRow, f: ScoreFilter): boolean {
  if (f.text && !row.title.toLowerCase().includes(f.text.toLowerCase())) return false
  if (f.grade && row.grade !== f.grade) return false
  if (f.difficulty && row.difficulty !== f.difficulty) return false
  if (f.mode && row.mode !== f.mode) return false
  if (f.from && row.playedAt < Date.parse(f.from)) return false
  if (f.to && row.playedAt >= Date.parse(f.to) + 86_400_000) return false
  return true
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

/**
 * Each row's position when sorted by one column, computed once per column per data change: a sort
 * then compares two integers instead of reading and comparing cell values 140,000 times.
 */
export function rankBy(rows: readonly ScoreRow[], key: keyof ScoreRow): Int32Array {
  const order = rows.map((_, i) => i)
  order.sort((x, y) => {
    const a = rows[x]![key]
    const b = rows[y]![key]
    return typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b))
  })
  const rank = new Int32Array(rows.length)
  order.forEach((rowIndex, position) => (rank[rowIndex] = position))
  return rank
}
