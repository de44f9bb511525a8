import type uPlot from 'uplot'
import type { Peak } from '../../../shared/sessions'
import { fitText, type Measure } from '../ui/picture/fit-text'
import { pictureFont } from '../ui/picture/picture'

/**
 * The peak of the chart's mode as a ringed point with its value, where it falls inside the range shown. The label is
 * fitted (smaller, then cut) into the room between the ring and the plot's edge on the side with more room, and kept
 * inside the plot, so it never reaches the axes' labels or leaves the chart.
 */
export function peakPlugin(peak: Peak, colour: string, label: string, language: string): uPlot.Plugin {
  return {
    hooks: {
      draw: (u) => {
        const t = peak.at / 1000
        const [from, to] = [u.scales.x!.min!, u.scales.x!.max!]
        if (t < from || t > to) return
        const { ctx, bbox } = u
        const x = u.valToPos(t, 'x', true)
        const y = u.valToPos(peak.value, 'y', true)
        const r = 5 * devicePixelRatio
        ctx.save()
        ctx.strokeStyle = colour
        ctx.lineWidth = 2 * devicePixelRatio
        ctx.beginPath()
        ctx.arc(x, y, r, 0, Math.PI * 2)
        ctx.stroke()
        const font = pictureFont(language)
        const measure: Measure = (text, size) => {
          ctx.font = `600 ${size}px ${font}`
          return ctx.measureText(text).width
        }
        const onLeft = x > bbox.left + bbox.width / 2
        const room = onLeft ? x - 2 * r - bbox.left : bbox.left + bbox.width - (x + 2 * r)
        const fitted = fitText(label, room, measure, { sizes: [12, 11, 10].map((s) => s * devicePixelRatio) })
        ctx.font = `600 ${fitted.size}px ${font}`
        ctx.fillStyle = colour
        ctx.textAlign = onLeft ? 'right' : 'left'
        ctx.textBaseline = 'alphabetic'
        const m = ctx.measureText(fitted.lines[0]!)
        // Above the ring where there is room, else as high as the plot allows.
        const top = Math.max(bbox.top, y - r - m.fontBoundingBoxAscent - m.fontBoundingBoxDescent)
        ctx.fillText(fitted.lines[0]!, x + (onLeft ? -2 * r : 2 * r), top + m.fontBoundingBoxAscent)
        ctx.restore()
      }
    }
  }
}
