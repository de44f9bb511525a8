import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { RealityPoint } from '../../../shared/data'

/** Reality over time from the kept snapshots (uPlot: small and fast for thousands of points). */
export default function RealityChart({ points, labels }: { points: RealityPoint[]; labels: { touch: string; keyboard: string } }) {
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
        height: 260,
        series: [{}, { label: labels.touch, stroke: '#6c6ff5', width: 2 }, { label: labels.keyboard, stroke: '#e0833a', width: 2 }],
        axes: [axis, axis],
        scales: { x: { time: true } }
      },
      data,
      el
    )
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: 260 }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
  }, [points, labels])
  return <div ref={host} className="chart" />
}
