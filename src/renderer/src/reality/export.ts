import type { InsightRow } from '../../../shared/data'

const NO_MARKS: CsvMarks = { hidden: false, starred: false, note: null }

/**
 * One CSV cell. Text that a spreadsheet would run as a formula (starting with =, +, -, @, tab or CR,
 * e.g. a chart title from a chart list) gets a leading apostrophe, so it stays text.
 */
export const csvCell = (v: unknown) => {
  let s = v === null || v === undefined ? '' : String(v)
  if (typeof v !== 'number' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

/** A play's marks as the CSV carries them (#55): the player's own, beside the service's values. */
export interface CsvMarks {
  hidden: boolean
  starred: boolean
  note: string | null
}

/** The best list as CSV; `marksOf` adds the player's marks on each play as the last columns (hidden, starred, note). */
export function bestToCsv(rows: readonly InsightRow[], marksOf: (row: InsightRow) => CsvMarks = () => NO_MARKS): string {
  const header = [
    'rank',
    'chart_id',
    'title',
    'difficulty',
    'constant',
    'score',
    'accuracy',
    'grade',
    'reality',
    'score_for_plus_0.01',
    'played_at',
    'hidden',
    'starred',
    'note'
  ]
  const lines = rows.map((r, i) =>
    [
      i + 1,
      r.record.chart_id,
      r.title,
      r.difficulty,
      // A CSV cell is data for a spreadsheet: a point, whatever the UI language (its header row is the same in every one).
      // eslint-disable-next-line no-restricted-syntax
      r.constant?.toFixed(2),
      r.record.score,
      r.record.score_accuracy,
      r.record.grade,
      r.record.reality,
      r.targetScore,
      r.record.played_at,
      marksOf(r).hidden,
      marksOf(r).starred,
      marksOf(r).note
    ]
      .map(csvCell)
      .join(',')
  )
  return [header.join(','), ...lines].join('\n') + '\n'
}
