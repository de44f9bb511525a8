import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import type { CoreDeps } from '../../src/main/core/create-core'
import { startWebApp, type WebApp } from '../../src/main/web-host/start-web-app'
import { launchChromium } from './chromium'

export const RENDERER_DIR = resolve('out/renderer')

export interface Harness {
  page: Page
  app: WebApp
  dataDir: string
  /** Stops the services and starts fresh ones on the same data folder, then reloads the page. */
  restart(): Promise<void>
  close(): Promise<void>
}

/**
 * The built renderer in real headless Chromium, with `window.companion` bound to the real
 * main-process services running in this test process (same channel map, HTTP transport).
 */
export async function startHarness(options: { dataDir?: string; deps?: Partial<CoreDeps>; browser?: Browser } = {}): Promise<Harness> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'companion-e2e-'))
  const browser = options.browser ?? (await launchChromium())
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  let app = await startWebApp({ rendererDir: RENDERER_DIR, dataDir, deps: options.deps, version: '0.1.0-e2e' })
  await page.goto(app.url)

  const harness: Harness = {
    page,
    get app() {
      return app
    },
    dataDir,
    async restart() {
      await app.close()
      app = await startWebApp({ rendererDir: RENDERER_DIR, dataDir, deps: options.deps, version: '0.1.0-e2e' })
      await page.goto(app.url)
    },
    async close() {
      await context.close()
      if (!options.browser) await browser.close()
      await app.close()
    }
  }
  return harness
}
