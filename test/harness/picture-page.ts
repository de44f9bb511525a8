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
 * Draws every case on the page with the canvas calls recorded (picture-recorder.ts), in one round trip, and says what
 * is wrong with each picture: two texts or images that meet or come closer than `gap` canvas pixels side by side, one
 * off the canvas, a text off its panel. Each text's box is its ink, measured in Chromium with the font it was drawn in.
 */
export function drawPictures(page: Page, cases: readonly (PictureCase & { name: string })[], gap: number): Promise<DrawnPicture[]> {
  type Checker = { checkPictures(c: typeof cases, gap: number): Promise<DrawnPicture[]> }
  return page.evaluate(({ cases, gap }) => (window as unknown as Checker).checkPictures(cases, gap), { cases, gap })
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
