import { useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type RefObject } from 'react'
import { shortId } from '../chart-list/names'
import { fitColumns, type ColumnFit } from '../ui/column-fit'
import type { Column } from './columns'
import type { ScoreRow } from './score-rows'

/** A column's header as the sizer lays it out: the header text and room for the sort arrow. */
export function headerText(c: Column, arrow: string) {
  return c.sorts ? `${c.header} ${arrow}` : c.header
}

/**
 * Column widths for the virtual Scores table, sized to what its cells hold. The rows are positioned one by one (a
 * virtual list), so no table layout can size the columns: a hidden copy of each column's header and widest cells
 * (`Column.widest`) is laid out at its natural width once per set of rows, and `fitColumns` shares the table's width
 * out from those needs. Widths are CSS variables on the table: a resize or a new set of widths never renders a row.
 */
export function useColumnFit(columns: readonly Column[], rows: readonly ScoreRow[], scroller: RefObject<HTMLElement | null>) {
  const samples = useMemo(() => ({ byColumn: new Map(columns.map((c) => [c.id, c.widest(rows)])) }), [columns, rows])
  const { sizer, needs } = useMeasuredNeeds(samples)
  const width = useClientWidth(scroller)

  const fit: ColumnFit | null = useMemo(() => {
    if (!needs || width === 0) return null
    const min = needs.min
    return fitColumns(
      columns.map((c) => ({
        id: c.id,
        need: needs.needs[c.id] ?? 0,
        priority: c.priority,
        ...(c.id === 'title' && { flexible: { min } })
      })),
      width
    )
  }, [columns, needs, width])

  const style = useMemo(() => {
    if (!fit) return undefined
    return Object.fromEntries(Object.entries(fit.widths).map(([id, w]) => [`--w-${id}`, `${w}px`])) as CSSProperties
  }, [fit])

  return { fit, style, sizer: <SizerTable ref={sizer} columns={columns} samples={samples} /> }
}

/** The cells of each column sampled for its width (`Column.widest`), per set of rows. */
interface Samples {
  byColumn: Map<Column['id'], ScoreRow[]>
}

/**
 * Each column's width as the hidden copy (`sizer`) lays it out, and the title's least width; measured again for each
 * set of samples.
 */
function useMeasuredNeeds(samples: Samples) {
  const sizer = useRef<HTMLTableElement>(null)
  const [needs, setNeeds] = useState<{ needs: Record<string, number>; min: number } | null>(null)
  useLayoutEffect(() => {
    const table = sizer.current
    if (!table) return
    const found: Record<string, number> = {}
    for (const cell of table.querySelectorAll<HTMLElement>('[data-col]')) {
      const id = cell.dataset.col!
      found[id] = Math.max(found[id] ?? 0, Math.ceil(cell.getBoundingClientRect().width) + 1)
    }
    // The title never gets less than a chart's short id needs ("81d52fa0…", the rest of "unknown chart" on hover and
    // focus), nor less than a few words of a title.
    const shortIdWidth = table.querySelector<HTMLElement>('[data-min]')?.getBoundingClientRect().width ?? 0
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize)
    setNeeds({ needs: found, min: Math.ceil(Math.max(shortIdWidth, 7 * rem)) + 1 })
  }, [samples])
  return { sizer, needs }
}

/** The box's inner width, kept up to date as it is resized. */
function useClientWidth(box: RefObject<HTMLElement | null>) {
  const [width, setWidth] = useState(0)
  useLayoutEffect(() => {
    const element = box.current
    if (!element) return
    const read = () => setWidth(element.clientWidth)
    read()
    const observer = new ResizeObserver(read)
    observer.observe(element)
    return () => observer.disconnect()
  }, [box])
  return width
}

/** The hidden copy of the table the widths are measured on: each column's header and its widest cells. */
function SizerTable({ ref, columns, samples }: { ref: RefObject<HTMLTableElement | null>; columns: readonly Column[]; samples: Samples }) {
  return (
    // Out of sight and out of reach: laid out to be measured, never seen, focused or read.
    <div className="col-sizer-box" aria-hidden="true" inert>
      <table ref={ref} className="data-table scores-table col-sizer">
        <tfoot>
          <tr>
            {columns.map((c) => (
              <th key={c.id} data-col={c.id} className={`col-${c.id}`}>
                {headerText(c, '▼')}
              </th>
            ))}
          </tr>
          {columns.flatMap((c) =>
            (samples.byColumn.get(c.id) ?? []).map((row, i) => (
              <tr key={`${c.id}-${i}`}>
                <td data-col={c.id} className={c.cellClass ? `col-${c.id} ${c.cellClass(row)}` : `col-${c.id}`}>
                  {c.cell(row)}
                </td>
              </tr>
            ))
          )}
          <tr>
            <td data-min="" className="col-title">
              <span className="link chart-link">{shortId('dddddddd')}</span>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
