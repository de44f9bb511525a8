import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { RealityPoint } from '../../../shared/data'
import type { PlayMode } from '../../../shared/player'
import { axisDate, dateNames, formatDateTime, formatNumber, formatReality } from '../ui/format'
import { tickDigits } from './ticks'
import type { Peak } from '../../../shared/sessions'
import { peakPlugin } from '../sessions/peak-plugin'

interface Labels {
  touch: string
  keyboard: string
  entered: string
  left: string
}

const COLOURS = { touch: '#6c6ff5', keyboard: '#e0833a' }
/** Each mode's series in the plot's data (0 is time). */
const SERIES: Record<PlayMode, 1 | 2> = { touch: 1, keyboard: 2 }

/** The value axis as wide as its longest label (uPlot's axis-autosize demo), so 16.010 is not cut to 6.010. */
function fitLabels(u: uPlot, values: string[] | null, axisIdx: number, cycle: number): number {
  const axis = u.axes[axisIdx] as uPlot.Axis & { _size?: number; font: [string] }
  if (cycle > 1 && axis._size) return axis._size
  const longest = (values ?? []).reduce((a, v) => (v.length > a.length ? v : a), '')
  if (!longest) return 50
  u.ctx.font = axis.font[0]
  return Math.ceil((axis.ticks?.size ?? 10) + (axis.gap ?? 5) + u.ctx.measureText(longest).width / devicePixelRatio + 4)
}

/** A snapshot's Reality holds until the next one: a step at each change, never a slope between two syncs. */
const held = uPlot.paths.stepped!({ align: 1 })

/** Marks below the line where charts entered or left this mode's best 20. */
function marksPlugin(points: RealityPoint[], mode: PlayMode): uPlot.Plugin {
  return {
    hooks: {
      draw: (u) => {
        const ctx = u.ctx
        const series = SERIES[mode]
        ctx.save()
        points.forEach((p, i) => {
          const entered = p.entered[mode].length
          const left = p.left[mode].length
          if (!entered && !left) return
          const x = u.valToPos(u.data[0][i]!, 'x', true)
          const y = u.valToPos(u.data[series]![i]!, 'y', true)
          ctx.fillStyle = COLOURS[mode]
          ctx.beginPath()
          ctx.moveTo(x, y + 8 * devicePixelRatio)
          ctx.lineTo(x - 5 * devicePixelRatio, y + 16 * devicePixelRatio)
          ctx.lineTo(x + 5 * devicePixelRatio, y + 16 * devicePixelRatio)
          ctx.closePath()
          ctx.fill()
        })
        ctx.restore()
      }
    }
  }
}

/** What one point says, in the tooltip and to the keyboard alike: the date, both values, and what entered or left the best 20. */
function pointLines(p: RealityPoint, mode: PlayMode, labels: Labels, titleOf: (chartId: string) => string): string[] {
  const list = (ids: string[]) => ids.slice(0, 3).map(titleOf).join(', ') + (ids.length > 3 ? ` +${formatNumber(ids.length - 3)}` : '')
  const lines = [
    formatDateTime(p.at),
    `${labels.touch}: ${formatReality(p.touch, 'exact')}`,
    `${labels.keyboard}: ${formatReality(p.keyboard, 'exact')}`
  ]
  if (p.entered[mode].length) lines.push(`${labels.entered}: ${list(p.entered[mode])}`)
  if (p.left[mode].length) lines.push(`${labels.left}: ${list(p.left[mode])}`)
  return lines
}

/** A readable tooltip at the cursor, whether the mouse or the keyboard put it there. */
function tooltipPlugin(points: RealityPoint[], lines: (p: RealityPoint) => string[]): uPlot.Plugin {
  let tip: HTMLDivElement
  return {
    hooks: {
      init: (u) => {
        tip = document.createElement('div')
        tip.className = 'chart-tip'
        tip.setAttribute('data-testid', 'chart-tip')
        tip.hidden = true
        u.over.append(tip)
      },
      setCursor: (u) => {
        const i = u.cursor.idx
        if (i === null || i === undefined || !points[i]) {
          tip.hidden = true
          return
        }
        // Titles come from a chart list file: text only, never markup.
        tip.replaceChildren(
          ...lines(points[i]).map((line, n) => {
            const div = document.createElement(n === 0 ? 'strong' : 'div')
            div.textContent = line
            return div
          })
        )
        tip.hidden = false
        // Beside the point, on its left when the right has no room: never over the point it describes.
        const x = u.cursor.left ?? 0
        const right = x + 12
        const fitsRight = right + tip.offsetWidth <= u.over.clientWidth
        tip.style.left = `${fitsRight ? right : Math.max(0, x - 12 - tip.offsetWidth)}px`
        tip.style.top = `${Math.max(0, (u.cursor.top ?? 0) - 20)}px`
      }
    }
  }
}

/** The point a key moves to from point `from`, or undefined for a key that does not move. */
function stepTo(key: string, from: number, count: number): number | undefined {
  const last = count - 1
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return Math.max(0, from - 1)
    case 'ArrowRight':
    case 'ArrowUp':
      return Math.min(last, from + 1)
    case 'PageUp':
      return Math.max(0, from - 10)
    case 'PageDown':
      return Math.min(last, from + 10)
    case 'Home':
      return 0
    case 'End':
      return last
    default:
      return undefined
  }
}

/** What the chart draws: the points, the mode in front, its words and the mode's peak. */
interface PlotInput {
  points: RealityPoint[]
  mode: PlayMode
  labels: Labels
  lines(p: RealityPoint): string[]
  peak: { peak: Peak; label: string } | null
  language: string
}

/** The chart's uPlot options: both modes as steps (the shown one thicker), axes in the UI language, marks, tooltip and peak. */
function plotOptions(width: number, { points, mode, labels, lines, peak, language }: PlotInput): uPlot.Options {
  const style = getComputedStyle(document.documentElement)
  const axis = { stroke: style.getPropertyValue('--muted').trim(), grid: { stroke: style.getPropertyValue('--border').trim() } }
  const names = dateNames()
  return {
    width,
    height: 280,
    series: [
      {},
      { label: labels.touch, stroke: COLOURS.touch, width: mode === 'touch' ? 2.5 : 1.5, paths: held },
      { label: labels.keyboard, stroke: COLOURS.keyboard, width: mode === 'keyboard' ? 2.5 : 1.5, paths: held }
    ],
    axes: [
      axis,
      { ...axis, size: fitLabels, values: (_u, values, _axis, _space, step) => values.map((v) => formatNumber(v, tickDigits(step))) }
    ],
    scales: { x: { time: true } },
    fmtDate: (template) => axisDate(template) ?? uPlot.fmtDate(template, names),
    legend: { show: true, live: false },
    plugins: [
      marksPlugin(points, mode),
      tooltipPlugin(points, lines),
      ...(peak ? [peakPlugin(peak.peak, COLOURS[mode], peak.label, language)] : [])
    ]
  }
}

/** The plot in `host`, made again when what it shows changes and resized with its box; null while there is none. */
function useRealityPlot(host: RefObject<HTMLDivElement | null>, input: PlotInput): RefObject<uPlot | null> {
  const plot = useRef<uPlot | null>(null)
  const { points, mode, labels, lines, peak, language } = input
  useEffect(() => {
    const el = host.current
    if (!el || points.length === 0) return
    const data: uPlot.AlignedData = [points.map((p) => Date.parse(p.at) / 1000), points.map((p) => p.touch), points.map((p) => p.keyboard)]
    const chart = new uPlot(plotOptions(el.clientWidth || 800, { points, mode, labels, lines, peak, language }), data, el)
    plot.current = chart
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: 280 }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      chart.destroy()
      plot.current = null
    }
  }, [host, points, labels, mode, lines, peak, language])
  return plot
}

/** Reality over time from the kept snapshots (uPlot: small and fast for thousands of points). */
export default function RealityChart({
  points,
  mode,
  labels,
  titleOf,
  peak = null
}: {
  points: RealityPoint[]
  mode: PlayMode
  labels: Labels & { aria: string }
  titleOf(chartId: string): string
  /** The mode's highest Reality (ringed where it falls in the range) and its label. */
  peak?: { peak: Peak; label: string } | null
}) {
  const { i18n } = useTranslation()
  const host = useRef<HTMLDivElement>(null)
  // The point the keyboard is on (a slider over the points): the latest of new points until a key moves it.
  const [cursor, setCursor] = useState({ points, at: points.length - 1 })
  const at = cursor.points === points ? cursor.at : points.length - 1
  const lines = useCallback((p: RealityPoint) => pointLines(p, mode, labels, titleOf), [mode, labels, titleOf])
  const plot = useRealityPlot(host, { points, mode, labels, lines, peak, language: i18n.language })

  /** Puts the cursor, and so the tooltip, on point `i` (null: takes them away). */
  const show = (i: number | null) => {
    const u = plot.current
    if (!u) return
    if (i === null) return u.setCursor({ left: -10, top: -10 })
    u.setCursor({ left: u.valToPos(u.data[0][i]!, 'x'), top: u.valToPos(u.data[SERIES[mode]]![i]!, 'y') })
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = stepTo(event.key, at, points.length)
    if (next === undefined) return
    event.preventDefault()
    setCursor({ points, at: next })
    show(next)
  }
  const current = points[at]
  return (
    <div
      ref={host}
      className="chart"
      data-testid="reality-chart"
      role="slider"
      tabIndex={0}
      aria-label={labels.aria}
      aria-valuemin={1}
      aria-valuemax={points.length}
      aria-valuenow={at + 1}
      aria-valuetext={current ? lines(current).join('; ') : undefined}
      onKeyDown={onKeyDown}
      onFocus={() => show(at)}
      onBlur={() => show(null)}
    />
  )
}
