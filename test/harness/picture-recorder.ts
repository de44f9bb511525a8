// Runs in the test page (bundled with picture-entry.ts): what the pictures draw, recorded from the 2D context's calls,
// and what is wrong with it.

type Rect = { left: number; top: number; right: number; bottom: number }
/** A text run (its ink) or an image, where it went on the canvas, in canvas pixels. */
type Run = Rect & { label: string; text: boolean }
/** What was drawn on one canvas: its runs, and its rounded rectangles (panels, cards and chips). */
export interface Drawing {
  runs: Run[]
  panels: Rect[]
}
type Canvas = HTMLCanvasElement | OffscreenCanvas

const proto = CanvasRenderingContext2D.prototype
const original = {
  fillText: proto.fillText,
  strokeText: proto.strokeText,
  roundRect: proto.roundRect,
  drawImage: proto.drawImage,
  clearRect: proto.clearRect
}

/** A rectangle of the context's coordinates in the canvas's pixels (through its transform: scale and translation). */
function mapped(ctx: CanvasRenderingContext2D, x1: number, y1: number, x2: number, y2: number): Rect {
  const m = ctx.getTransform()
  const [ax, ay, bx, by] = [m.a * x1 + m.e, m.d * y1 + m.f, m.a * x2 + m.e, m.d * y2 + m.f]
  return { left: Math.min(ax, bx), top: Math.min(ay, by), right: Math.max(ax, bx), bottom: Math.max(ay, by) }
}

/** A text's ink as drawn: measured with the font, alignment and baseline it is drawn with. */
function ink(ctx: CanvasRenderingContext2D, value: string, x: number, y: number, max?: number): Rect {
  const m = ctx.measureText(value)
  const squeeze = max !== undefined && m.width > max ? max / m.width : 1
  const [left, right] = [x - m.actualBoundingBoxLeft * squeeze, x + m.actualBoundingBoxRight * squeeze]
  return mapped(ctx, left, y - m.actualBoundingBoxAscent, right, y + m.actualBoundingBoxDescent)
}

/** From now until `stop`, every text, image and rounded rectangle drawn on any canvas, by canvas. */
export function recordCanvases(): { drawings: Map<Canvas, Drawing>; stop(): void } {
  const drawings = new Map<Canvas, Drawing>()
  const of = (ctx: CanvasRenderingContext2D) => {
    let drawing = drawings.get(ctx.canvas)
    if (!drawing) drawings.set(ctx.canvas, (drawing = { runs: [], panels: [] }))
    return drawing
  }
  const text = (ctx: CanvasRenderingContext2D, value: string, x: number, y: number, max?: number) => {
    if (value.trim()) of(ctx).runs.push({ ...ink(ctx, value, x, y, max), label: `"${value}"`, text: true })
  }
  proto.fillText = function (value: string, x: number, y: number, max?: number) {
    text(this, value, x, y, max)
    return max === undefined ? original.fillText.call(this, value, x, y) : original.fillText.call(this, value, x, y, max)
  }
  proto.strokeText = function (value: string, x: number, y: number, max?: number) {
    text(this, value, x, y, max)
    return max === undefined ? original.strokeText.call(this, value, x, y) : original.strokeText.call(this, value, x, y, max)
  }
  proto.roundRect = function (x: number, y: number, w: number, h: number, r?: number | DOMPointInit | (number | DOMPointInit)[]) {
    of(this).panels.push(mapped(this, x, y, x + w, y + h))
    return original.roundRect.call(this, x, y, w, h, r)
  }
  // A canvas cleared whole is drawn again from nothing (a chart redrawn as it is sized): what was on it is gone.
  proto.clearRect = function (x: number, y: number, w: number, h: number) {
    const r = mapped(this, x, y, x + w, y + h)
    if (r.left <= 0 && r.top <= 0 && r.right >= this.canvas.width && r.bottom >= this.canvas.height) drawings.delete(this.canvas)
    return original.clearRect.call(this, x, y, w, h)
  }
  proto.drawImage = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
    const [x, y, w, h] = (args.length >= 9 ? args.slice(5, 9) : args.slice(1, 5)) as number[]
    const image = args[0] as { width: number; height: number }
    of(this).runs.push({ ...mapped(this, x!, y!, x! + (w ?? image.width), y! + (h ?? image.height)), label: 'an image', text: false })
    return (original.drawImage as (...a: unknown[]) => void).apply(this, args)
  }
  return { drawings, stop: () => Object.assign(proto, original) }
}

const round = (r: Rect) => `[${[r.left, r.top, r.right, r.bottom].map(Math.round).join(', ')}]`
const area = (r: Rect) => (r.right - r.left) * (r.bottom - r.top)

/**
 * What is wrong with a drawing on a canvas `width` × `height`:
 * - two runs (texts and images) that meet, or come closer than `gap` pixels side by side;
 * - a run that leaves the canvas;
 * - a text that leaves the innermost panel around its centre (a chip's text its chip, a card's its card).
 */
export function problemsOf(canvas: { width: number; height: number }, { runs, panels }: Drawing, gap: number): string[] {
  const problems: string[] = []
  for (const [i, a] of runs.entries()) {
    if (a.left < 0 || a.top < 0 || a.right > canvas.width || a.bottom > canvas.height)
      problems.push(`${a.label} ${round(a)} leaves the canvas (${canvas.width}×${canvas.height})`)
    for (const b of runs.slice(i + 1)) {
      const across = Math.min(a.right, b.right) - Math.max(a.left, b.left) + gap
      const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)
      if (across > 0 && down > 0) problems.push(`${a.label} ${round(a)} overlaps ${b.label} ${round(b)}`)
    }
    if (!a.text) continue
    const [x, y] = [(a.left + a.right) / 2, (a.top + a.bottom) / 2]
    const around = panels.filter((p) => p.left <= x && x <= p.right && p.top <= y && y <= p.bottom).sort((p, q) => area(p) - area(q))[0]
    if (around && (a.left < around.left || a.right > around.right || a.top < around.top || a.bottom > around.bottom))
      problems.push(`${a.label} ${round(a)} leaves its panel ${round(around)}`)
  }
  return problems
}
