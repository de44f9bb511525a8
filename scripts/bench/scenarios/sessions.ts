// Sessions: a hundred thousand plays computed off the main thread, then new play batches folded on it; and the
// Sessions screen with 5,000 sessions painted from what the app keeps (`npm run bench -- --only sessions`).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance as nodePerformance } from 'node:perf_hooks'
import type { KeptRecord } from '../../../src/shared/api'
import { defaultSettings } from '../../../src/shared/settings'
import { AccountCache } from '../../../src/main/cache/account-cache'
import { messagesFor } from '../../../src/main/i18n'
import { nodeCipher } from '../../../src/main/platform-node/node-cipher'
import { nodeFiles } from '../../../src/main/platform-node/files'
import { SessionsWorker, sessionsWorkerAt } from '../../../src/main/sessions/off-thread'
import { compact } from '../../../src/main/sessions/play-table'
import { SessionsService } from '../../../src/main/sessions/sessions-service'
import { LocalDataHealth } from '../../../src/main/storage/local-data'
import { startWebApp } from '../../../src/main/web-host/start-web-app'
import { navButton } from '../../../test/harness/app-harness'
import { launchChromium } from '../../../test/harness/chromium'
import { addUserToken } from '../../../test/support/core'
import { median, type Record } from '../report'

/** How a figure is recorded (the bench's own, as the local-game scenarios take it). */

const HOUR = 3_600_000
/** The worker as the app ships it (the bench builds first), without the bench's own tsx loader. */
const worker = sessionsWorkerAt(resolve('out/main/sessions-worker.js'), [])
/** One worker for the scenario, as the app keeps one: started (and timed) once, then reused. */
const kept = new SessionsWorker(worker)

/** `count` plays in sittings of `perSession` plays, a few minutes apart, one sitting every `everyHours`, up to an hour ago. */
function sittings(count: number, perSession: number, everyHours: number, from = 0): KeptRecord[] {
  const end = Date.now() - HOUR
  return Array.from({ length: count }, (_, k) => {
    const i = from + k
    const session = Math.floor(i / perSession)
    const at = end - (Math.ceil((from + count) / perSession) - session) * everyHours * HOUR + (i % perSession) * 4 * 60_000
    return {
      chart_id: `00000000-0000-4000-8000-${String(i % 376).padStart(12, '0')}`,
      score: 600_000 + ((i * 7919) % 410_000),
      score_accuracy: 0.6 + ((i * 31) % 400) / 1000,
      reality: ((i * 13) % 160) / 10,
      grade: 'S',
      score_bad_count: i % 3,
      score_miss_count: i % 4,
      played_at: new Date(at).toISOString(),
      modifiers: i % 3 ? ['TouchMode'] : []
    }
  })
}

function sessionsService(dir: string, cache: AccountCache) {
  return new SessionsService({
    files: nodeFiles,
    dataDir: dir,
    health: new LocalDataHealth(),
    clock: { now: () => Date.now() },
    history: () => cache,
    isSignedIn: () => true,
    settings: () => defaultSettings,
    messages: () => messagesFor('en'),
    language: () => 'en',
    constants: () => ({}),
    compute: (request) => kept.run({ ...request, base: compact(request.base), tail: request.tail?.slice() ?? null }),
    emit: () => {},
    notify: () => {}
  })
}

/** Main-thread busy time (ms) while `work` runs, and its wall time. */
async function timed(work: () => Promise<unknown>): Promise<{ wall: number; busy: number }> {
  const before = nodePerformance.eventLoopUtilization()
  const t = performance.now()
  await work()
  const wall = performance.now() - t
  const elu = nodePerformance.eventLoopUtilization(before)
  return { wall, busy: elu.active }
}

async function hundredThousand(record: Record, log: (line: string) => void, runs: number) {
  log('Sessions of 100,000 plays: a whole computation on the sessions worker, then batches of new plays on the main thread')
  const dir = mkdtempSync(join(tmpdir(), 'bench-sessions-'))
  try {
    const id = 'bench'
    const cache = new AccountCache(nodeFiles, dir, id, new LocalDataHealth())
    await cache.remember(sittings(100_000, 20, 8))
    await cache.flush()
    const first = sessionsService(dir, cache)
    const fromLog = await timed(() => first.load(id))
    log(
      `    from the log alone (the first time, no kept columns; the worker started): ${Math.round(fromLog.wall)} ms, ` +
        `main thread ${Math.round(fromLog.busy)} ms`
    )
    await first.dispose()
    const loads: { wall: number; busy: number }[] = []
    const parses: number[] = []
    const path = join(dir, `records-${id}.jsonl`)
    for (let run = 0; run < runs; run++) {
      const service = sessionsService(dir, cache)
      loads.push(await timed(() => service.load(id)))
      if ((await service.list(id)).length !== 5_000) throw new Error('100,000 plays in sittings of 20 are not 5,000 sessions')
      await service.dispose()
      const t = performance.now()
      for (const line of readFileSync(path, 'utf8').split('\n')) if (line) JSON.parse(line)
      parses.push(performance.now() - t)
    }
    const wall = median(loads.map((l) => l.wall))
    record({
      name: 'sessions-100k-plays',
      value: Math.round(wall),
      unit: 'ms',
      baseline: Math.round(median(parses)),
      baselineLabel: 'JSON.parse of each line of the same play log',
      target: '≤ 150 ms, computed on the worker',
      met: wall <= 150
    })
    const busy = median(loads.map((l) => l.busy))
    log(`    main-thread time during it: ${Math.round(busy)} ms (reading the log and the kept columns, handing them over)`)

    // New plays after the computation: a sync's batch each, newer than every play kept.
    const service = sessionsService(dir, cache)
    await service.load(id)
    const batches: number[] = []
    for (let run = 0; run < Math.max(5, runs * 2); run++) {
      const batch = sittings(20, 20, 8, 100_000 + run * 20).map((r, i) => ({
        ...r,
        played_at: new Date(Date.now() + run * 60_000 + i).toISOString()
      }))
      const fresh = await cache.log.add(batch)
      const logBytes = await cache.log.byteLength()
      batches.push((await timed(() => service.logChanged(id, { kind: 'records', records: fresh, logBytes }))).busy)
    }
    await service.dispose()
    const batch = median(batches)
    record({
      name: 'sessions-new-batch-main-thread',
      value: Math.round(batch * 10) / 10,
      unit: 'ms',
      baseline: Math.round(wall),
      baselineLabel: 'the whole computation',
      target: '≤ 16 ms of main-thread work per batch of 20 plays',
      met: batch <= 16
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The Sessions screen with 5,000 sessions kept: from the click on "Sessions" to the cards painted, in Chromium. */
async function screenPaint(record: Record, log: (line: string) => void, runs: number, service: { baseUrl: string; token: string }) {
  log('The Sessions screen with 5,000 sessions, painted from what the app keeps, in Chromium')
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-sessions-screen-'))
  const open = () =>
    startWebApp({
      rendererDir: resolve('out/renderer'),
      dataDir,
      localBaseUrl: service.baseUrl,
      cipher: nodeCipher(),
      options: { sync: { retryAfterMs: null }, accounts: { timeoutMs: 300 }, chartList: { timeoutMs: 300 }, sessions: { worker } }
    })
  let app = await open()
  const { account } = await addUserToken(app.core.handlers, 'local', service.token)
  await app.close()
  const cache = new AccountCache(nodeFiles, dataDir, account.id, new LocalDataHealth())
  await cache.remember(sittings(20_000, 4, 3))
  await cache.flush()
  app = await open()
  const browser = await launchChromium()
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.addInitScript(`(() => {
      const done = () => document.querySelectorAll('[data-testid="session-card"]').length >= 5 ||
        document.querySelector('[data-testid="settings-page-marker"], #settings-title') !== null
      new MutationObserver(() => { if (done() && window.__painted === undefined) window.__painted = performance.now() })
        .observe(document, { childList: true, subtree: true })
    })()`)
    const paint = async (screen: string) => {
      await page.goto(app.url)
      await page.evaluate(() => localStorage.setItem('companion.lastScreen', 'profile'))
      await page.waitForLoadState('networkidle')
      await page.goto('about:blank')
      await page.goto(app.url)
      await page.getByTestId('player-card').waitFor()
      await page.waitForLoadState('networkidle')
      await page.evaluate(() => ((window as unknown as { __painted?: number }).__painted = undefined))
      const clicked = await page.evaluate(() => performance.now())
      await navButton(page, screen).click()
      await page.waitForFunction(() => (window as unknown as { __painted?: number }).__painted !== undefined, null, { timeout: 60_000 })
      return (await page.evaluate(() => (window as unknown as { __painted: number }).__painted)) - clicked
    }
    // The first visit loads the screen's code and lets main compute the sessions; the figures are the visits after.
    await paint('Sessions')
    const sessions: number[] = []
    const settings: number[] = []
    for (let i = 0; i < runs; i++) {
      sessions.push(await paint('Sessions'))
      settings.push(await paint('Settings'))
    }
    const value = median(sessions)
    record({
      name: 'sessions-screen-paint',
      value: Math.round(value),
      unit: 'ms',
      baseline: Math.round(median(settings)),
      baselineLabel: 'the Settings screen, opened the same way',
      target: '≤ 150 ms to 5,000 sessions painted',
      met: value <= 150
    })
  } finally {
    await browser.close()
    await app.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export async function sessionsBench(
  record: Record,
  log: (line: string) => void,
  runs: number,
  service: { baseUrl: string; accounts: { username: string; user_token: string; deployment: string }[] }
) {
  await hundredThousand(record, log, runs)
  await kept.close()
  const token = service.accounts.find((a) => a.username === 'alice')!.user_token
  await screenPaint(record, log, runs, { baseUrl: service.baseUrl, token })
}
