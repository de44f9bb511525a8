import { useMemo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { chartLinkTitle } from '../chart-list/ChartLink'
import { langIfDifferent } from '../chart-list/ChartTitle'
import { ComboChip, DifficultyBadge, GradeChip, PlayMarkChips } from '../ui/Chips'
import { formatAccuracy, formatChartReality, formatDateTime, formatNumber, formatShortDateTime, formatSigned } from '../ui/format'
import { textWeight, topBy } from '../ui/column-fit'
import type { ScoreRow, SortKey } from './score-rows'

export type Scope = 'bests' | 'history' | 'recent'

/**
 * A column: its header (a short form where the full one is long, with the full one on hover and for screen readers),
 * its cell, whether it sorts, its priority (2, then 3 leave first when the table is narrow), and the rows whose
 * cells are its widest (its width is sized to them: see column-sizer.tsx).
 */
export interface Column {
  id: SortKey | 'judgements'
  header: string
  /** The header's full form, when `header` is a short one. */
  headerFull?: string
  /** What the column means, on hover. */
  help?: string
  cell(row: ScoreRow, hint?: string | null): ReactNode
  /** Hover text and class of the cell itself: fewer elements per row, less layout per sort. */
  cellTitle?(row: ScoreRow): string | undefined
  cellClass?(row: ScoreRow): string
  priority: 1 | 2 | 3
  sorts: boolean
  /** The rows whose cells in this column are the widest (or may be). */
  widest(rows: readonly ScoreRow[]): ScoreRow[]
}

/** A row's texts in the UI language. */
interface RowText {
  openChart: string
  score: string
  delta: string
  accuracy: string
  judgements: string
  played: string
  playedFull: string
}

/** The times whose short form is the widest in any locale: two-digit month, day and hour, morning and evening. */
const WIDEST_TIMES = [new Date(2026, 11, 28, 22, 58).getTime(), new Date(2026, 11, 28, 10, 58).getTime()]

/** The words every row shares, translated once per language, not once per cell: a sort renders every visible cell again. */
function columnWords(t: TFunction) {
  return {
    openChart: t('scores.openChart', { title: '\u0000' }),
    unknown: t('charts.unknown'),
    newBest: t('scores.newBest'),
    newBestMark: t('scores.newBestMark'),
    firstPlay: t('scores.firstPlay'),
    judgementsFull: t('scores.judgementsFull'),
    modes: { touch: t('scores.mode_touch'), keyboard: t('scores.mode_keyboard') },
    combo: { AP: t('display.allPerfect'), FC: t('display.fullCombo') },
    foundBy: t('display.foundBy', { title: '\u0000' })
  }
}
type ColumnWords = ReturnType<typeof columnWords>

/** A row's texts, formatted once per language: sorting back and forth shows the same rows again. */
function rowTexts(text: ColumnWords): (row: ScoreRow) => RowText {
  const formatted = new WeakMap<ScoreRow, RowText>()
  return (r) => {
    let texts = formatted.get(r)
    if (!texts)
      formatted.set(
        r,
        (texts = {
          openChart: chartLinkTitle(text.openChart.replace('\u0000', r.known ? r.title : `${r.title} ${text.unknown}`), r.chartId, r.known),
          // The mark is part of the cell's one text node: a mark of its own (an element or ::after) is a box
          // made or dropped on each sort or filter, ~0.5 ms a frame (docs/benchmarks.md).
          score: r.newBest ? `${formatNumber(r.score)} ${text.newBestMark}` : formatNumber(r.score),
          delta: r.delta === null ? (r.newBest ? text.firstPlay : '—') : formatSigned(r.delta),
          accuracy: formatAccuracy(r.accuracy),
          judgements: `${text.judgementsFull}: ${r.allJudgements}`,
          played: formatShortDateTime(r.playedAt),
          playedFull: formatDateTime(r.playedAt)
        })
      )
    return texts
  }
}

export function useColumns(scope: Scope, openChart: (chartId: string) => void): Column[] {
  const { t, i18n } = useTranslation()
  return useMemo(() => scoreColumns(scope, t, i18n.language, openChart), [t, i18n.language, scope, openChart])
}

/** The table's columns, in its order: those of every scope, and the Bests' or the plays' own. */
// eslint-disable-next-line max-lines-per-function -- the columns are data: one entry per column, in the table's order
function scoreColumns(scope: Scope, t: TFunction, language: string, openChart: (chartId: string) => void): Column[] {
  const text = columnWords(t)
  const shown = rowTexts(text)
  const columns: Column[] = [
    {
      id: 'title',
      header: t('scores.title'),
      priority: 1,
      sorts: true,
      widest: (rows) => topBy(rows, (r) => textWeight(r.title) + (r.known ? 0 : 14), 3),
      cell: (r, hint) => (
        <>
          <button
            type="button"
            className="link chart-link"
            title={shown(r).openChart}
            lang={r.lang === undefined ? undefined : langIfDifferent(r.lang, language)}
            onClick={() => openChart(r.chartId)}
          >
            {r.known ? r.title : `${r.title} ${text.unknown}`}
          </button>
          {hint && (
            <span className="match-hint" title={text.foundBy.replace('\u0000', hint)}>
              {hint}
            </span>
          )}
        </>
      )
    },
    {
      id: 'difficulty',
      header: t('scores.difficulty'),
      priority: 1,
      sorts: true,
      widest: (rows) => topBy(rows, (r) => r.difficulty.length + (r.constant === null ? 0 : 5)),
      cell: (r) => <DifficultyBadge difficulty={r.difficulty} constant={r.constant} flat />
    },
    {
      id: 'grade',
      header: t('scores.grade'),
      priority: 1,
      sorts: true,
      widest: (rows) => topBy(rows, (r) => r.grade.length + (r.combo ? 3 : 0) + r.marks * 10),
      cell: (r) => (
        <>
          <GradeChip grade={r.grade} />
          {r.combo && <ComboChip mark={r.combo} name={text.combo[r.combo]} />}
          {r.marks > 0 && <PlayMarkChips play={r.record} />}
        </>
      )
    },
    {
      id: 'score',
      header: t('scores.score'),
      priority: 1,
      sorts: true,
      widest: (rows) => topBy(rows, (r) => (r.newBest ? 100 : 0) + String(r.score).length),
      // A new best: the score and its mark in the accent colour, the full words on hover.
      cellClass: (r) => (r.newBest ? 'score-cell new-best-score' : 'score-cell'),
      cellTitle: (r) => (r.newBest ? text.newBest : undefined),
      cell: (r) => shown(r).score
    }
  ]
  if (scope === 'bests')
    columns.push({
      id: 'reality',
      header: t('reality.valueHeader'),
      help: t('display.chartRealityHelp'),
      priority: 2,
      sorts: true,
      widest: (rows) => topBy(rows, (r) => r.reality, 1),
      cell: (r) => formatChartReality(r.reality)
    })
  else
    columns.push({
      id: 'delta',
      header: t('scores.vsBest'),
      help: t('scores.vsBestHelp'),
      priority: 2,
      sorts: true,
      widest: (rows) => [...topBy(rows, (r) => Math.abs(r.delta ?? 0)), ...topBy(rows, (r) => (r.delta === null ? 1 : 0), 1)],
      cellClass: (r) => (r.delta === null || r.delta === 0 ? 'muted' : r.delta > 0 ? 'gain' : 'loss'),
      cell: (r) => shown(r).delta
    })
  columns.push({
    id: 'accuracy',
    header: t('scores.accuracy'),
    priority: 2,
    sorts: true,
    widest: (rows) => topBy(rows, (r) => r.accuracy, 1),
    cell: (r) => shown(r).accuracy
  })
  if (scope === 'bests')
    columns.push({
      id: 'plays',
      header: t('scores.plays'),
      priority: 2,
      sorts: true,
      widest: (rows) => topBy(rows, (r) => r.plays ?? 0, 1),
      cell: (r) => formatNumber(r.plays)
    })
  else
    columns.push({
      id: 'judgements',
      header: t('display.judgementsShort'),
      headerFull: t('scores.judgements'),
      help: t('scores.judgementsFull'),
      priority: 3,
      sorts: false,
      widest: (rows) => topBy(rows, (r) => r.judgements.length),
      cellTitle: (r) => shown(r).judgements,
      cell: (r) => r.judgements
    })
  columns.push(
    {
      id: 'mode',
      header: t('scores.mode'),
      priority: 3,
      sorts: true,
      widest: (rows) => [...topBy(rows, (r) => (r.mode === 'touch' ? 1 : 0), 1), ...topBy(rows, (r) => (r.mode === 'keyboard' ? 1 : 0), 1)],
      cell: (r) => text.modes[r.mode]
    },
    {
      id: 'playedAt',
      header: scope === 'bests' ? t('scores.setAt') : t('scores.playedAt'),
      priority: 1,
      sorts: true,
      widest: (rows) => (rows.length ? WIDEST_TIMES.map((playedAt) => ({ ...rows[0]!, playedAt })) : []),
      cellTitle: (r) => shown(r).playedFull,
      cell: (r) => shown(r).played
    }
  )
  return columns
}
