import { randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { nodeCipher } from '../../src/main/platform-node/node-cipher'
import { startWebApp, type WebApp, type WebAppOptions } from '../../src/main/web-host/start-web-app'
import { launchChromium } from './chromium'
import { RENDERER_COVERAGE_RAW } from './coverage-paths'
import { bridge, recordEvents } from '../support/core'
import type { AccountsState } from '../../src/shared/accounts'
import type { CoreDeps } from '../../src/main/kernel/context'

export const RENDERER_DIR = resolve('out/renderer')

export interface Harness {
  page: Page
  browser: Browser
  app: WebApp
  /** Calls the app's main-process services the way the renderer does (for setup and checks). */
  call: ReturnType<typeof bridge>
  /** Every event main sent since the last (re)start. */
  events: ReturnType<typeof recordEvents>
  /** The accounts as the renderer would hold them now. */
  accounts(): Promise<AccountsState>
  dataDir: string
  /** Every payload that crossed the bridge, for secret scans. */
  traffic: string[]
  /** Stops the services and starts fresh ones on the same data folder, then reloads the page. */
  restart(): Promise<void>
  close(): Promise<void>
}

export type HarnessOptions = Partial<Omit<WebAppOptions, 'rendererDir' | 'dataDir'>> & { dataDir?: string; browser?: Browser }

/**
 * The built renderer in real headless Chromium, with `window.companion` bound to the real
 * main-process services running in this test process (same channel map, HTTP transport).
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'companion-e2e-'))
  const browser = options.browser ?? (await launchChromium())
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await page.coverage.startJSCoverage({ resetOnNavigation: false })
  const traffic: string[] = []
  const webOptions: WebAppOptions = {
    version: '0.1.0-e2e',
    cipher: nodeCipher(),
    ...options,
    // The default backup folder is "Documents": this run's own, never the real one of whoever runs the tests.
    deps: { ...options.deps, desktop: { documentsDir: join(dataDir, 'Documents'), ...options.deps?.desktop } as CoreDeps['desktop'] },
    rendererDir: RENDERER_DIR,
    dataDir,
    tap: (kind, channel, payload) => traffic.push(`${kind} ${channel} ${JSON.stringify(payload)}`)
  }
  let app = await startWebApp(webOptions)
  let events = recordEvents(app.core)
  let call = bridge(app.core.handlers)
  // What a running app does at start with a list host on this computer (no consent needed): fetch the chart list.
  if (options.chartListUrl) await call('chartList:update')
  await page.goto(app.url)

  return {
    page,
    browser,
    get app() {
      return app
    },
    get call() {
      return call
    },
    get events() {
      return events
    },
    async accounts() {
      await call('app:bootstrap')
      return events.latest('accounts:changed')!
    },
    dataDir,
    traffic,
    async restart() {
      await app.close()
      app = await startWebApp(webOptions)
      events = recordEvents(app.core)
      call = bridge(app.core.handlers)
      // A new document drops the old one's coverage counters: keep them first.
      await saveRendererCoverage(await page.coverage.stopJSCoverage())
      await page.coverage.startJSCoverage({ resetOnNavigation: false })
      await page.goto(app.url)
    },
    async close() {
      await saveRendererCoverage(await page.coverage.stopJSCoverage())
      await context.close()
      if (!options.browser) await browser.close()
      await app.close()
    }
  }
}

async function saveRendererCoverage(entries: Awaited<ReturnType<Page['coverage']['stopJSCoverage']>>) {
  const ours = entries.filter((e) => new URL(e.url).pathname.startsWith('/assets/'))
  await mkdir(RENDERER_COVERAGE_RAW, { recursive: true })
  await writeFile(join(RENDERER_COVERAGE_RAW, `${randomUUID()}.json`), JSON.stringify(ours))
}

/** A "system browser" for sign-in pages: a separate Chromium context, like a user's own browser. */
export function systemBrowser(browser: () => Browser) {
  const pages: Page[] = []
  const open = async (url: string) => {
    const context = await browser().newContext()
    const page = await context.newPage()
    pages.push(page)
    await page.goto(url)
  }
  return { open, pages, latest: () => pages.at(-1) }
}

/** The app's navigation button for a screen, by its exact name. */
export const navButton = (page: Page, name: string) => page.getByRole('navigation').getByRole('button', { name, exact: true })

/** Signs in on the reference service's own login page (demo account alice by default). */
export async function logInOnServicePage(page: Page, username = 'alice', password = 'milthm-demo'): Promise<void> {
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}
