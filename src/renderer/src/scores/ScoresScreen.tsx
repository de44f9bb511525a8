import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useEffect, useMemo, useRef, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react'
import { useTranslation } from 'react-i18next'
import type { KeptRecord } from '../../../shared/api'
import { activeAccount, useAccounts } from '../accounts/store'
import { useData, usePlayer } from '../data/store'
import { DifficultyBadge, GradeChip } from '../ui/Chips'
import { PanelNotice, ScreenHead, SkippedNote } from '../ui/PanelBadge'
import { formatAccuracy, formatDateTime, formatNumber, formatShortDateTime, formatSigned } from '../ui/format'
import { langIfDifferent } from '../charts/ChartTitle'
import { useChartNames } from '../charts/useChartNames'
import { ChartHistory } from './ChartHistory'
import { FilterBar } from './FilterBar'
import {
  bestRows,
  emptyFilter,
  matcher,
  matchMask,
  rangeInverted,
  rankFor,
  toRows,
  visibleOrder,
  type ScoreFilter,
  type ScoreRow,
  type SortKey
} from './score-rows'
import './scores.css'

/** Every row is this tall (styles.css, `.table-scroll tbody tr`). */
const ROW_HEIGHT = 40
type Scope = 'bests' | 'history' | 'recent'
type SortState = { key: SortKey; desc: boolean }

/**
 * A column: its header, its cell, whether it sorts, and its priority (its share of the width is in scores.css, `.col-<id>`).
 * Priority 2 columns leave below ~1000 px of table, priority 3 below ~760 px.
 */
interface Column {
  id: SortKey | 'judgements'
  header: string
  title?: string
  cell(row: ScoreRow): ReactNode
  /** Hover text and class of the cell itself: fewer elements per row, less layout per sort. */
  cellTitle?(row: ScoreRow): string | undefined
  cellClass?(row: ScoreRow): string
  priority: 1 | 2 | 3
  sorts: boolean
}

export function ScoresScreen() {
  const { t } = useTranslation()
  const account = useAccounts((s) => activeAccount(s.state))
  const data = useData((s) => (account ? s.byAccount[account.id] : undefined))
  const nameOf = useChartNames()
  const loadHistory = useData((s) => s.history)
  const player = usePlayer(account?.id)
  const [scope, setScope] = useState<Scope>('bests')
  const [kept, setKept] = useState<{ records: KeptRecord[]; unreadable: number } | null>(null)
  const [chart, setChart] = useState<string | null>(null)
  const historyCount = data?.history.records

  // All plays are read when asked for (the Bests view and the recent list need none of them).
  const wantsHistory = scope === 'history' || chart !== null
  useEffect(() => {
    if (!account || !wantsHistory) return
    let live = true
    void loadHistory(account.id).then((value) => live && setKept(value))
    return () => {
      live = false
    }
  }, [account, loadHistory, historyCount, wantsHistory])

  const rows = useMemo(() => {
    if (scope === 'bests') return player ? bestRows(player.bests, nameOf) : []
    if (scope === 'recent') return toRows(data?.recent.data ?? [], nameOf, player?.byKey)
    return kept ? toRows(kept.records, nameOf, player?.byKey) : []
  }, [scope, player, nameOf, data?.recent.data, kept])

  if (!account) return null
  const counts: Record<Scope, number | null> = {
    bests: player?.bests.length ?? null,
    history: player?.plays ?? data?.history.records ?? null,
    recent: data?.recent.data.length ?? null
  }

  return (
    <section className="screen wide scores-screen" aria-labelledby="scores-title">
      <ScreenHead id="scores-title" title={t('scores.heading')} panel={data?.recent.panel} />
      {data && <PanelNotice panel={data.recent.panel} capability="recent" />}
      {data && <SkippedNote count={data.recent.skipped} />}
      <div role="radiogroup" aria-label={t('scores.scope')} className="segmented">
        {(['bests', 'history', 'recent'] as const).map((s) => (
          <button key={s} type="button" role="radio" aria-checked={scope === s} onClick={() => setScope(s)}>
            {t(`scores.scope_${s}`)} {counts[s] !== null && <span className="badge">{formatNumber(counts[s])}</span>}
          </button>
        ))}
      </div>
      {scope === 'history' && kept && kept.unreadable > 0 && (
        <p className="muted" data-testid="unreadable-plays">
          {t('scores.unreadable', { count: kept.unreadable })}
        </p>
      )}
      <PlaysTable rows={rows} scope={scope} loading={scope === 'history' && !kept} openChart={setChart} />
      {chart && kept && <ChartHistory chartId={chart} records={kept.records} onClose={() => setChart(null)} />}
    </section>
  )
}

/**
 * The filters, the sort and the rows: their own component, so a sort or a filter change renders
 * this part only, not the screen's heading, notices and scope switch.
 */
function PlaysTable({
  rows,
  scope,
  loading,
  openChart
}: {
  rows: ScoreRow[]
  scope: Scope
  loading: boolean
  openChart: (chartId: string) => void
}) {
  const { t, i18n } = useTranslation()
  const [filter, setFilter] = useState<ScoreFilter>(emptyFilter)
  const [sort, setSort] = useState<SortState>({ key: 'playedAt', desc: true })
  const difficulties = useMemo(() => [...new Set(rows.map((r) => r.difficulty))].sort(), [rows])

  const mask = useMemo(() => matchMask(rows, matcher(filter)), [rows, filter])
  const language = i18n.language
  const order = useMemo(() => visibleOrder(rankFor(rows, sort.key, language), sort.desc, mask), [rows, sort, mask, language])

  const columns = useColumns(scope, openChart)
  const scroller = useRef<HTMLDivElement>(null)
  // The app does not use the React Compiler; TanStack Virtual is used as its docs describe.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtual = useVirtualizer({
    count: order.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 1
  })
  const set = (patch: Partial<ScoreFilter>) => setFilter((f) => ({ ...f, ...patch }))
  // Translated once per language and scope, not on every sort or filter change.
  const label = useMemo(() => t(`scores.scope_${scope}`), [t, scope])

  return (
    <>
      <FilterBar filter={filter} setFilter={setFilter} difficulties={difficulties} shown={order.length} total={rows.length} />
      {rangeInverted(filter) && (
        <p className="note warning-text" data-testid="range-inverted">
          {t('scores.rangeInverted')}{' '}
          <button type="button" className="link" onClick={() => set({ from: filter.to, to: filter.from })}>
            {t('scores.swapRange')}
          </button>
        </p>
      )}
      {/* A scrolling region must be reachable by keyboard to scroll it (WCAG 2.1.1). */}
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex */}
      <div className="table-scroll" ref={scroller} tabIndex={0} role="region" aria-label={label}>
        <table className="data-table scores-table" aria-rowcount={order.length} data-scope={scope}>
          <SortHeader columns={columns} sort={sort} setSort={setSort} />
          <tbody style={{ height: `${virtual.getTotalSize()}px` }}>
            {virtual.getVirtualItems().map((item) => (
              // Keyed by slot, not by record: after a sort or filter the same DOM rows are reused.
              <Row key={item.key} index={item.index} start={item.start} row={rows[order[item.index]!]!} columns={columns} />
            ))}
          </tbody>
        </table>
        {order.length === 0 && (
          <p className="muted empty">{rows.length === 0 ? t(loading ? 'app.loading' : 'scores.none') : t('scores.noMatch')}</p>
        )}
      </div>
    </>
  )
}

/** The column headers: memoised, so a filter change does not render them again. */
const SortHeader = memo(function SortHeader({
  columns,
  sort,
  setSort
}: {
  columns: Column[]
  sort: SortState
  setSort: Dispatch<SetStateAction<SortState>>
}) {
  const toggle = (key: SortKey) => setSort((s) => (s.key === key ? { key, desc: !s.desc } : { key, desc: key !== 'title' }))
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th
            key={c.id}
            className={`col-p${c.priority} col-${c.id}`}
            aria-sort={sort.key === c.id ? (sort.desc ? 'descending' : 'ascending') : c.sorts ? 'none' : undefined}
          >
            {c.sorts ? (
              <button type="button" className="sort" title={c.title} onClick={() => toggle(c.id as SortKey)}>
                {c.header} <span aria-hidden="true">{sort.key === c.id ? (sort.desc ? '▼' : '▲') : ''}</span>
              </button>
            ) : (
              <span title={c.title}>{c.header}</span>
            )}
          </th>
        ))}
      </tr>
    </thead>
  )
})

/** A row's texts in the UI language. */
interface RowText {
  openChart: string
  /** The title's own language when its script says one (kana, Hangul). */
  score: string
  delta: string
  accuracy: string
  judgements: string
  played: string
  playedFull: string
}

/** One table row; it renders again only when its slot shows another row or the columns change. */
const Row = memo(function Row({ row, columns, start, index }: { row: ScoreRow; columns: Column[]; start: number; index: number }) {
  return (
    <tr data-index={index} style={{ transform: `translateY(${start}px)` }} className={row.newBest ? 'new-best' : undefined}>
      {columns.map((c) => (
        <td
          key={c.id}
          className={c.cellClass ? `col-p${c.priority} col-${c.id} ${c.cellClass(row)}` : `col-p${c.priority} col-${c.id}`}
          title={c.cellTitle?.(row)}
        >
          {c.cell(row)}
        </td>
      ))}
    </tr>
  )
})

function useColumns(scope: Scope, openChart: (chartId: string) => void): Column[] {
  const { t, i18n } = useTranslation()
  return useMemo(() => {
    // Translated once per language, not once per cell: a sort renders every visible cell again.
    const text = {
      openChart: t('scores.openChart', { title: '\u0000' }),
      unknown: t('charts.unknown'),
      newBest: t('scores.newBest'),
      newBestMark: t('scores.newBestMark'),
      firstPlay: t('scores.firstPlay'),
      judgementsFull: t('scores.judgementsFull'),
      modes: { touch: t('scores.mode_touch'), keyboard: t('scores.mode_keyboard') }
    }
    // A row's texts are formatted once per language: sorting back and forth shows the same rows again.
    const formatted = new WeakMap<ScoreRow, RowText>()
    const shown = (r: ScoreRow): RowText => {
      let texts = formatted.get(r)
      if (!texts)
        formatted.set(
          r,
          (texts = {
            openChart: text.openChart.replace('\u0000', r.title),
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
    const columns: Column[] = [
      {
        id: 'title',
        header: t('scores.title'),
        priority: 1,
        sorts: true,
        cell: (r) => (
          <button
            type="button"
            className="link chart-link"
            title={shown(r).openChart}
            lang={r.lang === undefined ? undefined : langIfDifferent(r.lang, i18n.language)}
            onClick={() => openChart(r.chartId)}
          >
            {r.known ? r.title : `${r.title} ${text.unknown}`}
          </button>
        )
      },
      {
        id: 'difficulty',
        header: t('scores.difficulty'),
        priority: 1,
        sorts: true,
        cell: (r) => <DifficultyBadge difficulty={r.difficulty} constant={r.constant} flat />
      },
      { id: 'grade', header: t('scores.grade'), priority: 1, sorts: true, cell: (r) => <GradeChip grade={r.grade} /> },
      {
        id: 'score',
        header: t('scores.score'),
        priority: 1,
        sorts: true,
        // A new best: the score and its mark in the accent colour, the full words on hover.
        cellClass: (r) => (r.newBest ? 'score-cell new-best-score' : 'score-cell'),
        cellTitle: (r) => (r.newBest ? text.newBest : undefined),
        cell: (r) => shown(r).score
      }
    ]
    if (scope !== 'bests')
      columns.push({
        id: 'delta',
        header: t('scores.vsBest'),
        title: t('scores.vsBestHelp'),
        priority: 2,
        sorts: true,
        cellClass: (r) => (r.delta === null || r.delta === 0 ? 'muted' : r.delta > 0 ? 'gain' : 'loss'),
        cell: (r) => shown(r).delta
      })
    columns.push({
      id: 'accuracy',
      header: t('scores.accuracy'),
      priority: 2,
      sorts: true,
      cell: (r) => shown(r).accuracy
    })
    if (scope === 'bests')
      columns.push({ id: 'plays', header: t('scores.plays'), priority: 2, sorts: true, cell: (r) => formatNumber(r.plays) })
    else
      columns.push({
        id: 'judgements',
        header: t('scores.judgements'),
        title: t('scores.judgementsFull'),
        priority: 3,
        sorts: false,
        cellTitle: (r) => shown(r).judgements,
        cell: (r) => r.judgements
      })
    columns.push(
      { id: 'mode', header: t('scores.mode'), priority: 3, sorts: true, cell: (r) => text.modes[r.mode] },
      {
        id: 'playedAt',
        header: scope === 'bests' ? t('scores.setAt') : t('scores.playedAt'),
        priority: 1,
        sorts: true,
        cellTitle: (r) => shown(r).playedFull,
        cell: (r) => shown(r).played
      }
    )
    return columns
  }, [t, i18n.language, scope, openChart])
}
