import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { SkillMonth } from '../../../shared/skill-profile'
import { axisDate, dateNames, formatNumber } from '../ui/format'

const COLOURS = ['#6c6ff5', '#e0833a', '#2f9e6f', '#c2459a', '#8a8f98']
const HEIGHT = 180

/** Each level's median best month by month (the levels given, in order), as lines over time. */
export default function SkillChart({
  months,
  levels,
  label,
  levelName
}: {
  months: SkillMonth[]
  levels: number[]
  label: string
  levelName(level: number): string
}) {
  const host = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = host.current
    if (!el || months.length === 0) return
    const times = [...new Set(months.map((m) => m.month))].sort()
    const x = times.map((m) => Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)) - 1, 1) / 1000)
    const series = levels.map((level) => times.map((month) => months.find((m) => m.month === month && m.level === level)?.median ?? null))
    const style = getComputedStyle(document.documentElement)
    const axis = { stroke: style.getPropertyValue('--muted').trim(), grid: { stroke: style.getPropertyValue('--border').trim() } }
    const names = dateNames()
    const chart = new uPlot(
      {
        width: el.clientWidth || 600,
        height: HEIGHT,
        series: [
          {},
          ...levels.map((level, i) => ({ label: levelName(level), stroke: COLOURS[i % COLOURS.length], width: 2, spanGaps: true }))
        ],
        axes: [axis, { ...axis, size: 70, values: (_u, values) => values.map((v) => formatNumber(v)) }],
        scales: { x: { time: true } },
        fmtDate: (template) => axisDate(template) ?? uPlot.fmtDate(template, names),
        legend: { show: true, live: false },
        cursor: { show: false }
      },
      [x, ...series],
      el
    )
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: HEIGHT }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      chart.destroy()
    }
  }, [months, levels, levelName])
  return <div ref={host} className="chart skill-chart" role="img" aria-label={label} data-testid="skill-chart" />
}
