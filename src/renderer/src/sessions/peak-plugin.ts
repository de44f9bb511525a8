import type uPlot from 'uplot'
import type { Peak } from '../../../shared/sessions'

/** The peak of the chart's mode as a ringed point with its value, where it falls inside the range shown. */
export function peakPlugin(peak: Peak, colour: string, label: string): uPlot.Plugin {
  return {
    hooks: {
      draw: (u) => {
        const t = peak.at / 1000
        const [from, to] = [u.scales.x!.min!, u.scales.x!.max!]
        if (t < from || t > to) return
        const ctx = u.ctx
        const x = u.valToPos(t, 'x', true)
        const y = u.valToPos(peak.value, 'y', true)
        const r = 5 * devicePixelRatio
        ctx.save()
        ctx.strokeStyle = colour
        ctx.lineWidth = 2 * devicePixelRatio
        ctx.beginPath()
        ctx.arc(x, y, r, 0, Math.PI * 2)
        ctx.stroke()
        ctx.fillStyle = colour
        ctx.font = `600 ${12 * devicePixelRatio}px system-ui, sans-serif`
        ctx.textAlign = x > u.bbox.left + u.bbox.width / 2 ? 'right' : 'left'
        ctx.fillText(label, x + (ctx.textAlign === 'right' ? -r * 2 : r * 2), Math.max(u.bbox.top + 12 * devicePixelRatio, y - r * 2))
        ctx.restore()
      }
    }
  }
}
