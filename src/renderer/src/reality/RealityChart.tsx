import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { RealityPoint } from '../../../shared/data'
import type { PlayMode } from '../../../shared/player'
import { formatDateTime, formatNumber } from '../ui/format'
import { tickDigits } from './ticks'

interface Labels {
  touch: string
  keyboard: string
  entered: string
  left: string
}

const COLOURS = { touch: '#6c6ff5', keyboard: '#e0833a' }

/** The value axis as wide as its longest label (uPlot's axis-autosize demo), so 16.010 is not cut to 6.010. */
function fitLabels(u: uPlot, values: string[] | null, axisIdx: number, cycle: number): number {
  const axis = u.axes[axisIdx] as uPlot.Axis & { _size?: number; font: [string] }
  if (cycle > 1 && axis._size) return axis._size
  const longest = (values ?? []).reduce((a, v) => (v.length > a.length ? v : a), '')
  if (!longest) return 50
  u.ctx.font = axis.font[0]
  return Math.ceil((axis.ticks?.size ?? 10) + (axis.gap ?? 5) + u.ctx.measureText(longest).width / devicePixelRatio + 4)
}

/** Marks below the line where charts entered or left this mode's best 20. */
function marksPlugin(points: RealityPoint[], mode: PlayMode): uPlot.Plugin {
  return {
    hooks: {
      draw: (u) => {
        const ctx = u.ctx
        const series = mode === 'touch' ? 1 : 2
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

/** A readable tooltip: the date, both values, and which charts entered or left the best 20 there. */
function tooltipPlugin(points: RealityPoint[], mode: PlayMode, labels: Labels, titleOf: (chartId: string) => string): uPlot.Plugin {
  let tip: HTMLDivElement
  const list = (ids: string[]) => ids.slice(0, 3).map(titleOf).join(', ') + (ids.length > 3 ? ` +${ids.length - 3}` : '')
  return {
    hooks: {
      init: (u) => {
        tip = document.createElement('div')
        tip.className = 'chart-tip'
        tip.setAttribute('role', 'status')
        tip.hidden = true
        u.over.append(tip)
      },
      setCursor: (u) => {
        const i = u.cursor.idx
        if (i === null || i === undefined || !points[i]) {
          tip.hidden = true
          return
        }
        const p = points[i]
        const lines = [
          formatDateTime(p.at),
          `${labels.touch}: ${formatNumber(p.touch, 4)}`,
          `${labels.keyboard}: ${formatNumber(p.keyboard, 4)}`
        ]
        if (p.entered[mode].length) lines.push(`${labels.entered}: ${list(p.entered[mode])}`)
        if (p.left[mode].length) lines.push(`${labels.left}: ${list(p.left[mode])}`)
        // Titles come from a catalogue file: text only, never markup.
        tip.replaceChildren(
          ...lines.map((line, n) => {
            const div = document.createElement(n === 0 ? 'strong' : 'div')
            div.textContent = line
            return div
          })
        )
        tip.hidden = false
        const x = u.cursor.left ?? 0
        const width = u.over.clientWidth
        tip.style.left = `${Math.min(Math.max(0, x + 12), Math.max(0, width - 240))}px`
        tip.style.top = `${Math.max(0, (u.cursor.top ?? 0) - 20)}px`
      }
    }
  }
}

/** Reality over time from the kept snapshots (uPlot: small and fast for thousands of points). */
export default function RealityChart({
  points,
  mode,
  labels,
  titleOf
}: {
  points: RealityPoint[]
  mode: PlayMode
  labels: Labels
  titleOf(chartId: string): string
}) {
  const host = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = host.current
    if (!el || points.length === 0) return
    const style = getComputedStyle(document.documentElement)
    const axis = { stroke: style.getPropertyValue('--muted').trim(), grid: { stroke: style.getPropertyValue('--border').trim() } }
    const data: uPlot.AlignedData = [points.map((p) => Date.parse(p.at) / 1000), points.map((p) => p.touch), points.map((p) => p.keyboard)]
    const plot = new uPlot(
      {
        width: el.clientWidth || 800,
        height: 280,
        series: [
          {},
          { label: labels.touch, stroke: COLOURS.touch, width: mode === 'touch' ? 2.5 : 1.5 },
          { label: labels.keyboard, stroke: COLOURS.keyboard, width: mode === 'keyboard' ? 2.5 : 1.5 }
        ],
        axes: [
          axis,
          { ...axis, size: fitLabels, values: (_u, values, _axis, _space, step) => values.map((v) => formatNumber(v, tickDigits(step))) }
        ],
        scales: { x: { time: true } },
        legend: { show: true, live: false },
        plugins: [marksPlugin(points, mode), tooltipPlugin(points, mode, labels, titleOf)]
      },
      data,
      el
    )
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: 280 }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
  }, [points, labels, mode, titleOf])
  return <div ref={host} className="chart" data-testid="reality-chart" />
}
