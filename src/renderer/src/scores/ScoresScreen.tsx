import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState
} from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ScoreRecord } from '../../../shared/api'
import { activeAccount, useAccounts } from '../accounts/store'
import { useData } from '../data/store'
import { ScreenHead, PanelNotice, SkippedNote } from '../ui/PanelBadge'
import { formatAccuracy, formatDateTime, formatNumber, formatRelative, formatShortDateTime } from '../ui/format'
import { emptyFilter, matches, rankBy, toRows, type ScoreFilter, type ScoreRow } from './score-rows'

const column = createColumnHelper<ScoreRow>()
const GRADES = ['R', 'M', 'SS', 'S', 'A', 'B', 'C', 'F']

export function ScoresScreen() {
  const { t } = useTranslation()
  const account = useAccounts((s) => activeAccount(s.state))
  const data = useData((s) => (account ? s.byAccount[account.id] : undefined))
  const charts = useData((s) => s.charts)
  const loadHistory = useData((s) => s.history)
  const [scope, setScope] = useState<'recent' | 'history'>('history')
  const [history, setHistory] = useState<ScoreRecord[]>([])
  const [unreadable, setUnreadable] = useState(0)
  const [filter, setFilter] = useState<ScoreFilter>(emptyFilter)
  const [sorting, setSorting] = useState<SortingState>([{ id: 'playedAt', desc: true }])
  const historyCount = data?.history.records

  useEffect(() => {
    if (!account) return
    void loadHistory(account.id).then((kept) => {
      setHistory(kept.records)
      setUnreadable(kept.unreadable)
    })
  }, [account, loadHistory, historyCount])

  const recent = data?.recent.data
  const records = useMemo(() => (scope === 'recent' ? (recent ?? []) : history), [scope, recent, history])
  const rows = useMemo(() => toRows(records, charts), [records, charts])
  const difficulties = useMemo(() => [...new Set(rows.map((r) => r.difficulty))].sort(), [rows])

  const ranks = useMemo(() => {
    const byColumn = new Map<string, Int32Array>()
    return (key: keyof ScoreRow) => {
      let rank = byColumn.get(key)
      if (!rank) byColumn.set(key, (rank = rankBy(rows, key)))
      return rank
    }
  }, [rows])

  const columns = useMemo(
    () =>
      [
        column.accessor('title', { header: () => t('scores.title'), cell: (c) => c.getValue() }),
        column.accessor('difficulty', { header: () => t('scores.difficulty') }),
        column.accessor('grade', {
          header: () => t('scores.grade'),
          cell: (c) => <span className={`grade grade-${c.getValue()}`}>{c.getValue()}</span>
        }),
        column.accessor('score', { header: () => t('scores.score'), cell: (c) => formatNumber(c.getValue()) }),
        column.accessor('accuracy', { header: () => t('scores.accuracy'), cell: (c) => formatAccuracy(c.getValue()) }),
        column.accessor('judgements', {
          header: () => <span title={t('scores.judgementsFull')}>{t('scores.judgements')}</span>,
          cell: (c) => <span title={c.getValue()}>{c.getValue()}</span>,
          enableSorting: false
        }),
        column.accessor('mode', { header: () => t('scores.mode'), cell: (c) => t(`scores.mode_${c.getValue()}`) }),
        column.accessor('playedAt', {
          header: () => t('scores.playedAt'),
          cell: (c) => (
            <span title={formatDateTime(c.getValue())}>
              {formatShortDateTime(c.getValue())} <span className="muted">· {formatRelative(c.getValue())}</span>
            </span>
          )
        })
      ].map((c) => ({
        ...c,
        sortUndefined: false as const,
        sortingFn: (a: { index: number }, b: { index: number }, id: string) =>
          ranks(id as keyof ScoreRow)[a.index]! - ranks(id as keyof ScoreRow)[b.index]!
      })),
    [t, ranks]
  )

  // Rows are built once per data change; filtering and sorting reuse them (TanStack's row models).
  // The app does not use the React Compiler; TanStack Table is used as its docs describe.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting, globalFilter: filter },
    onSortingChange: setSorting,
    globalFilterFn: (row, _columnId, value: ScoreFilter) => matches(row.original, value),
    getColumnCanGlobalFilter: (column) => column.id === 'title',
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (r) => r.key
  })
  const scroller = useRef<HTMLDivElement>(null)
  const tableRows = table.getRowModel().rows
  const virtual = useVirtualizer({ count: tableRows.length, getScrollElement: () => scroller.current, estimateSize: () => 36, overscan: 6 })
  if (!account) return null
  const set = (patch: Partial<ScoreFilter>) => setFilter((f) => ({ ...f, ...patch }))

  return (
    <section className="screen wide" aria-labelledby="scores-title">
      <ScreenHead id="scores-title" title={t('scores.heading')} panel={data?.recent.panel} />
      {data && <PanelNotice panel={data.recent.panel} capability="recent" />}
      {data && <SkippedNote count={data.recent.skipped} />}
      <div className="toolbar" role="group" aria-label={t('scores.filters')}>
        <div role="radiogroup" aria-label={t('scores.scope')} className="segmented">
          {(['recent', 'history'] as const).map((s) => (
            <button key={s} type="button" role="radio" aria-checked={scope === s} onClick={() => setScope(s)}>
              {t(`scores.scope_${s}`, { count: s === 'recent' ? (data?.recent.data.length ?? 0) : history.length })}
            </button>
          ))}
        </div>
        <input
          aria-label={t('scores.filterTitle')}
          placeholder={t('scores.filterTitle')}
          value={filter.text}
          onChange={(e) => set({ text: e.target.value })}
        />
        <select aria-label={t('scores.grade')} value={filter.grade} onChange={(e) => set({ grade: e.target.value })}>
          <option value="">{t('scores.allGrades')}</option>
          {GRADES.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </select>
        <select aria-label={t('scores.difficulty')} value={filter.difficulty} onChange={(e) => set({ difficulty: e.target.value })}>
          <option value="">{t('scores.allDifficulties')}</option>
          {difficulties.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
        <select aria-label={t('scores.mode')} value={filter.mode} onChange={(e) => set({ mode: e.target.value as ScoreFilter['mode'] })}>
          <option value="">{t('scores.allModes')}</option>
          <option value="touch">{t('scores.mode_touch')}</option>
          <option value="keyboard">{t('scores.mode_keyboard')}</option>
        </select>
        <label className="inline-label">
          {t('scores.from')} <input type="date" value={filter.from} onChange={(e) => set({ from: e.target.value })} />
        </label>
        <label className="inline-label">
          {t('scores.to')} <input type="date" value={filter.to} onChange={(e) => set({ to: e.target.value })} />
        </label>
        <span className="muted" role="status" data-testid="score-count">
          {t('scores.count', { shown: tableRows.length, total: rows.length })}
        </span>
        {scope === 'history' && unreadable > 0 && (
          <span className="muted" data-testid="unreadable-plays">
            {t('scores.unreadable', { count: unreadable })}
          </span>
        )}
      </div>
      {/* A scrolling region must be reachable by keyboard to scroll it (WCAG 2.1.1). */}
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex */}
      <div className="table-scroll" ref={scroller} tabIndex={0} role="region" aria-label={t('scores.heading')}>
        <table className="data-table" role="grid" aria-rowcount={tableRows.length}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted()
                  return (
                    <th key={header.id} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
                      {header.column.getCanSort() ? (
                        <button type="button" className="sort" onClick={header.column.getToggleSortingHandler()}>
                          {flexRender(header.column.columnDef.header, header.getContext())}{' '}
                          <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}</span>
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  )
                })}
              </tr>
            ))}
          </thead>
          <tbody style={{ height: `${virtual.getTotalSize()}px` }}>
            {virtual.getVirtualItems().map((item) => {
              const row = tableRows[item.index]!
              return (
                // Keyed by slot, not by record: after a sort or filter the same DOM rows are reused.
                <tr key={item.key} data-index={item.index} style={{ transform: `translateY(${item.start}px)` }}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                  ))}
                </tr>
              )
            })}
          </tbody>
        </table>
        {tableRows.length === 0 && <p className="muted empty">{records.length === 0 ? t('scores.none') : t('scores.noMatch')}</p>}
      </div>
    </section>
  )
}
