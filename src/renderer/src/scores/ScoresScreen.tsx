import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react'
import { useTranslation } from 'react-i18next'
import type { KeptRecord } from '../../../shared/api'
import { activeAccount, useAccounts } from '../accounts/store'
import { useChartHistory } from '../chart-list/chart-history'
import { useSync, usePlayer } from '../sync/store'
import { PanelNotice, ScreenHead, SkippedNote } from '../ui/PanelBadge'
import { formatNumber } from '../ui/format'
import { useChartNames } from '../chart-list/useChartNames'
import { useColumnFit } from './column-sizer'
import { useColumns, type Column, type Scope } from './columns'
import { FilterBar } from './FilterBar'
import { ImportsList } from '../record/ImportsList'
import { useRecordState } from '../record/store'
import {
  bestRows,
  emptyFilter,
  matchedTitle,
  matcher,
  matchMask,
  rangeInverted,
  rankFor,
  toRows,
  visibleOrder,
  withNotes,
  type ScoreFilter,
  type ScoreRow,
  type SortKey
} from './score-rows'
import './scores.css'

/** Every row is this tall (styles.css, `.table-scroll tbody tr`). */
const ROW_HEIGHT = 40
type SortState = { key: SortKey; desc: boolean }

export function ScoresScreen() {
  const { t } = useTranslation()
  const account = useAccounts((s) => activeAccount(s.state))
  const data = useSync((s) => (account ? s.byAccount[account.id] : undefined))
  const nameOf = useChartNames()
  const loadHistory = useSync((s) => s.history)
  const player = usePlayer(account?.id)
  const [scope, setScope] = useState<Scope>('bests')
  const [kept, setKept] = useState<{ records: KeptRecord[]; unreadable: number } | null>(null)
  const openChart = useChartHistory((s) => s.open)
  const historyCount = data?.history.records

  // All plays are read when asked for (the Bests view and the recent list need none of them).
  const wantsHistory = scope === 'history'
  useEffect(() => {
    if (!account || !wantsHistory) return
    let live = true
    void loadHistory(account.id).then((value) => live && setKept(value))
    return () => {
      live = false
    }
  }, [account, loadHistory, historyCount, wantsHistory])

  const marks = useRecordState(account?.id)
  const notes = useMemo(
    () => new Map(Object.entries(marks?.plays ?? {}).flatMap(([key, mark]) => (mark.note ? [[key, mark.note] as const] : []))),
    [marks?.plays]
  )
  const rows = useMemo(() => {
    if (scope === 'bests') return player ? bestRows(player.bests, nameOf) : []
    if (scope === 'recent') return toRows(data?.recent.data ?? [], nameOf, player?.byKey)
    return kept ? toRows(kept.records, nameOf, player?.byKey) : []
  }, [scope, player, nameOf, data?.recent.data, kept])
  // The Scores filter searches the player's notes too.
  const searched = useMemo(() => withNotes(rows, notes), [rows, notes])

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
      {data && <SkippedNote count={data.recent.skipped} scoreTooHigh={data.recent.scoreTooHigh} />}
      <div role="radiogroup" aria-label={t('scores.scope')} className="segmented">
        {(['bests', 'history', 'recent'] as const).map((s) => (
          <button key={s} type="button" role="radio" aria-checked={scope === s} onClick={() => setScope(s)}>
            {t(`scores.scope_${s}`)} {counts[s] !== null && <span className="badge">{formatNumber(counts[s])}</span>}
          </button>
        ))}
      </div>
      {scope !== 'recent' && (player?.autoplay ?? 0) > 0 && (
        <p className="muted" data-testid="autoplay-kept">
          {t('scores.autoplayKept', { count: player!.autoplay })}
        </p>
      )}
      {scope === 'history' && <ImportsList accountId={account.id} />}
      {scope === 'history' && kept && kept.unreadable > 0 && (
        <p className="muted" data-testid="unreadable-plays">
          {t('scores.unreadable', { count: kept.unreadable })}
        </p>
      )}
      <PlaysTable rows={searched} scope={scope} loading={scope === 'history' && !kept} openChart={openChart} />
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
  const { fit, style, sizer } = useColumnFit(columns, rows, scroller)
  // The app does not use the React Compiler; TanStack Virtual is used as its docs describe.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtual = useVirtualizer({
    count: order.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 1
  })
  // Translated once per language and scope, not on every sort or filter change.
  const label = useMemo(() => t(`scores.scope_${scope}`), [t, scope])

  return (
    <>
      <FilterBar filter={filter} setFilter={setFilter} difficulties={difficulties} shown={order.length} total={rows.length} />
      {rangeInverted(filter) && <RangeInvertedNote swap={() => setFilter((f) => ({ ...f, from: f.to, to: f.from }))} />}
      {/* A scrolling region must be reachable by keyboard to scroll it (WCAG 2.1.1). */}
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex */}
      <div className="table-scroll scroll-region" ref={scroller} tabIndex={0} role="region" aria-label={label}>
        <table
          className={fit ? 'data-table scores-table fitted' : 'data-table scores-table'}
          aria-rowcount={order.length}
          data-scope={scope}
          data-hide={fit?.hidden.join(' ')}
          style={style}
        >
          <SortHeader columns={columns} sort={sort} setSort={setSort} />
          <tbody style={{ height: `${virtual.getTotalSize()}px` }}>
            {virtual.getVirtualItems().map((item) => {
              const row = rows[order[item.index]!]!
              // Keyed by slot, not by record: after a sort or filter the same DOM rows are reused.
              return (
                <Row
                  key={item.key}
                  index={item.index}
                  start={item.start}
                  row={row}
                  columns={columns}
                  hint={filter.text ? matchedTitle(row, filter.text) : null}
                />
              )
            })}
          </tbody>
        </table>
        {sizer}
        {order.length === 0 && (
          <p className="muted empty">{rows.length === 0 ? t(loading ? 'app.loading' : 'scores.none') : t('scores.noMatch')}</p>
        )}
      </div>
    </>
  )
}

/** A date range whose start is after its end matches nothing: said, with the swap that fixes it. */
function RangeInvertedNote({ swap }: { swap(): void }) {
  const { t } = useTranslation()
  return (
    <p className="note warning-text" data-testid="range-inverted">
      {t('scores.rangeInverted')}{' '}
      <button type="button" className="link" onClick={swap}>
        {t('scores.swapRange')}
      </button>
    </p>
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
              <button type="button" className="sort" title={c.help} onClick={() => toggle(c.id as SortKey)}>
                {c.header} <span aria-hidden="true">{sort.key === c.id ? (sort.desc ? '▼' : '▲') : ''}</span>
              </button>
            ) : c.headerFull ? (
              // A short form ("P / G / B / M"): the full names are read out, and shown on hover.
              <span title={c.help ? `${c.headerFull}\n${c.help}` : c.headerFull}>
                <span aria-hidden="true">{c.header}</span>
                <span className="visually-hidden">{c.headerFull}</span>
              </span>
            ) : (
              <span title={c.help}>{c.header}</span>
            )}
          </th>
        ))}
      </tr>
    </thead>
  )
})

/** One table row; it renders again only when its slot shows another row, the columns change, or its search hint does. */
const Row = memo(function Row({
  row,
  columns,
  start,
  index,
  hint
}: {
  row: ScoreRow
  columns: Column[]
  start: number
  index: number
  hint: string | null
}) {
  return (
    <tr
      data-index={index}
      data-key={row.key}
      style={{ transform: `translateY(${start}px)` }}
      className={row.newBest ? 'new-best' : undefined}
    >
      {columns.map((c) => (
        <td
          key={c.id}
          className={c.cellClass ? `col-p${c.priority} col-${c.id} ${c.cellClass(row)}` : `col-p${c.priority} col-${c.id}`}
          title={c.cellTitle?.(row)}
        >
          {c.id === 'title' ? c.cell(row, hint) : c.cell(row)}
        </td>
      ))}
    </tr>
  )
})
