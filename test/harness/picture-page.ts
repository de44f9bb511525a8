import { resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { build } from 'vite'
import type { PictureCase } from './picture-cases'

/** The app's picture code (test/harness/picture-entry.ts) as one script, bundled the way the renderer is built. */
async function pictureScript(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    define: { 'process.env.NODE_ENV': '"production"' },
    // The renderer's JSX as the app's build compiles it (the tests' own NODE_ENV would ask for React's development runtime).
    oxc: { jsx: { runtime: 'automatic', development: false } },
    build: {
      write: false,
      minify: false,
      // One script: the languages' texts and every module in it.
      lib: { entry: resolve('test/harness/picture-entry.ts'), formats: ['iife'], name: 'pictures' }
    }
  })
  const outputs = (Array.isArray(result) ? result : [result]) as { output: { type: string; code?: string }[] }[]
  return outputs[0]!.output.find((o) => o.type === 'chunk')!.code!
}

/** A blank page in Chromium with the pictures' code loaded (`window.drawPicture`). */
export async function openPicturePage(browser: Browser): Promise<Page> {
  const page = await browser.newPage()
  await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>')
  await page.addScriptTag({ content: await pictureScript() })
  return page
}

/** One picture drawn: what went wrong in it, and every text it drew. */
export interface DrawnPicture {
  name: string
  problems: string[]
  texts: string[]
}

/**
 * Draws every case on the page with the canvas calls recorded, and checks each picture from what was drawn: each
 * text run's box is its real ink (measured with the font, alignment and baseline it was drawn with, through the
 * context's transform), each image's box is where it went, each rounded rectangle is a panel or a chip.
 * - no two runs (texts and images) meet, nor come closer than `gap` pixels side by side;
 * - every run lies inside the canvas;
 * - a text lies inside the innermost panel around its centre (a chip's text on its chip, a card's on its card).
 */
export function drawPictures(page: Page, cases: readonly (PictureCase & { name: string })[], gap = 4): Promise<DrawnPicture[]> {
  return page.evaluate(
    async ({ cases, gap }) => {
      type Rect = { left: number; top: number; right: number; bottom: number }
      type Run = Rect & { label: string; text: boolean }
      const proto = CanvasRenderingContext2D.prototype
      const original = {
        fillText: proto.fillText,
        roundRect: proto.roundRect,
        drawImage: proto.drawImage,
        strokeText: proto.strokeText,
        clearRect: proto.clearRect
      }
      const drawings = new Map<HTMLCanvasElement | OffscreenCanvas, { runs: Run[]; panels: Rect[] }>()
      const of = (ctx: CanvasRenderingContext2D) => {
        let drawing = drawings.get(ctx.canvas)
        if (!drawing) drawings.set(ctx.canvas, (drawing = { runs: [], panels: [] }))
        return drawing
      }
      const mapped = (ctx: CanvasRenderingContext2D, x1: number, y1: number, x2: number, y2: number): Rect => {
        const m = ctx.getTransform()
        const [ax, ay, bx, by] = [m.a * x1 + m.e, m.d * y1 + m.f, m.a * x2 + m.e, m.d * y2 + m.f]
        return { left: Math.min(ax, bx), top: Math.min(ay, by), right: Math.max(ax, bx), bottom: Math.max(ay, by) }
      }
      const text = function (this: CanvasRenderingContext2D, value: string, x: number, y: number, max?: number) {
        const m = this.measureText(value)
        const squeeze = max !== undefined && m.width > max ? max / m.width : 1
        const rect = mapped(
          this,
          x - m.actualBoundingBoxLeft * squeeze,
          y - m.actualBoundingBoxAscent,
          x + m.actualBoundingBoxRight * squeeze,
          y + m.actualBoundingBoxDescent
        )
        if (value.trim()) of(this).runs.push({ ...rect, label: `"${value}"`, text: true })
      }
      proto.fillText = function (value: string, x: number, y: number, max?: number) {
        text.call(this, value, x, y, max)
        return max === undefined ? original.fillText.call(this, value, x, y) : original.fillText.call(this, value, x, y, max)
      }
      proto.strokeText = function (value: string, x: number, y: number, max?: number) {
        text.call(this, value, x, y, max)
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

      const draw = (window as unknown as { drawPicture(c: unknown): Promise<void> }).drawPicture
      const results: { name: string; problems: string[]; texts: string[] }[] = []
      try {
        for (const c of cases) {
          drawings.clear()
          const problems: string[] = []
          await draw(c)
          if (drawings.size === 0) problems.push('nothing was drawn')
          const texts: string[] = []
          for (const [canvas, { runs, panels }] of drawings) {
            const round = (r: Rect) => `[${[r.left, r.top, r.right, r.bottom].map(Math.round).join(', ')}]`
            for (const [i, a] of runs.entries()) {
              if (a.text) texts.push(a.label.slice(1, -1))
              if (a.left < 0 || a.top < 0 || a.right > canvas.width || a.bottom > canvas.height)
                problems.push(`${a.label} ${round(a)} leaves the canvas (${canvas.width}×${canvas.height})`)
              for (const b of runs.slice(i + 1)) {
                const across = Math.min(a.right, b.right) - Math.max(a.left, b.left) + gap
                const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)
                if (across > 0 && down > 0) problems.push(`${a.label} ${round(a)} overlaps ${b.label} ${round(b)}`)
              }
              if (!a.text) continue
              const [cx, cy] = [(a.left + a.right) / 2, (a.top + a.bottom) / 2]
              const around = panels
                .filter((p) => p.left <= cx && cx <= p.right && p.top <= cy && cy <= p.bottom)
                .sort((p, q) => (p.right - p.left) * (p.bottom - p.top) - (q.right - q.left) * (q.bottom - q.top))[0]
              if (around && (a.left < around.left || a.right > around.right || a.top < around.top || a.bottom > around.bottom))
                problems.push(`${a.label} ${round(a)} leaves its panel ${round(around)}`)
            }
          }
          results.push({ name: c.name, problems, texts })
        }
      } finally {
        Object.assign(proto, original)
      }
      return results
    },
    { cases, gap }
  )
}

/** Draws one case and returns it as PNG bytes (to look at). */
export async function pictureImage(page: Page, c: PictureCase): Promise<Buffer> {
  const url = await page.evaluate(async (c) => {
    const w = window as unknown as { drawPicture(c: unknown): Promise<void>; lastPicture(): string | null }
    await w.drawPicture(c)
    return w.lastPicture()
  }, c)
  return Buffer.from(url!.split(',')[1]!, 'base64')
}
