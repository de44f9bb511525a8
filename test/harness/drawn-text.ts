import type { Page } from 'playwright-core'

type Recording = { drawn: string[]; recording?: boolean }

/** From now on, every text the page's canvases are given is recorded (the recorder is installed once per page). */
export async function recordDrawnText(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as Recording
    w.drawn = []
    if (w.recording) return
    w.recording = true
    const original = CanvasRenderingContext2D.prototype.fillText
    CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number, max?: number) {
      w.drawn.push(text)
      return max === undefined ? original.call(this, text, x, y) : original.call(this, text, x, y, max)
    }
  })
}

/** The texts drawn since `recordDrawnText`. */
export function drawnText(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as Recording).drawn)
}
