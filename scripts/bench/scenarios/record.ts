// The player's marks on the record (#55): hiding one play in a history of 100,000 plays, until every view it touches
// (the bests and the player card, sessions, folders and goals) is up to date (`npm run bench -- --only record`).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance as nodePerformance } from 'node:perf_hooks'
import type { KeptRecord } from '../../../src/shared/api'
import { AccountCache } from '../../../src/main/cache/account-cache'
import { nodeFiles } from '../../../src/main/platform-node/files'
import { nodeCipher } from '../../../src/main/platform-node/node-cipher'
import { sessionsWorkerAt } from '../../../src/main/sessions/off-thread'
import { LocalDataHealth } from '../../../src/main/storage/local-data'
import { addUserToken, testCore } from '../../../test/support/core'
import { median, type Bench } from '../report'

const HOUR = 3_600_000
const PLAYS = 100_000
/** The sessions worker as the app ships it (the bench builds first). */
const worker = sessionsWorkerAt(resolve('out/main/sessions-worker.js'), [])

/** 100,000 plays over 376 charts, in sittings of 20 a few minutes apart, one sitting every 8 hours, up to an hour ago. */
function history(): KeptRecord[] {
  const end = Date.now() - HOUR
  const sessions = PLAYS / 20
  return Array.from({ length: PLAYS }, (_, i) => ({
    chart_id: `00000000-0000-4000-8000-${String(i % 376).padStart(12, '0')}`,
    score: 600_000 + ((i * 7919) % 410_000),
    score_accuracy: 0.6 + ((i * 31) % 400) / 1000,
    reality: ((i * 13) % 160) / 10,
    grade: 'S',
    score_bad_count: i % 3,
    score_miss_count: i % 4,
    played_at: new Date(end - (sessions - Math.floor(i / 20)) * 8 * HOUR + (i % 20) * 4 * 60_000).toISOString(),
    modifiers: i % 3 ? ['TouchMode'] : []
  }))
}

/** Main-thread busy time (ms) while `work` runs, and its wall time. */
async function timed(work: () => Promise<unknown>): Promise<{ wall: number; busy: number }> {
  const before = nodePerformance.eventLoopUtilization()
  const t = performance.now()
  await work()
  const wall = performance.now() - t
  return { wall, busy: nodePerformance.eventLoopUtilization(before).active }
}

export async function recordBench(bench: Bench, service: { baseUrl: string; accounts: { username: string; user_token: string }[] }) {
  const { record, log, runs } = bench
  log('Hiding one play in a history of 100,000 plays: the bests, sessions (on their worker), folders and goals brought up to date')
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-record-'))
  const cipher = nodeCipher()
  const open = () =>
    testCore({
      localBaseUrl: service.baseUrl,
      dataDir,
      cipher,
      options: { sync: { retryAfterMs: null }, sessions: { worker }, gameFolder: { pollMs: null } }
    })
  let t = open()
  const token = service.accounts.find((a) => a.username === 'alice')!.user_token
  const { account } = await addUserToken(t.core.handlers, 'local', token)
  await t.call('sync:run', account.id, {})
  await t.core.dispose()
  const cache = new AccountCache(nodeFiles, dataDir, account.id, new LocalDataHealth())
  await cache.remember(history())
  await cache.flush()
  t = open()
  try {
    const id = account.id
    await t.call('sessions:load', id)
    await t.call('sessions:list', id)
    await t.call('progress:load', id)
    await t.call('sync:load', id)
    const player = async () => {
      for (let i = 0; i < 200 && !t.events.latest('sync:player', (p) => p.accountId === id); i++)
        await new Promise((r) => setTimeout(r, 25))
      return t.events.latest('sync:player', (p) => p.accountId === id)!
    }
    // The best play of a chart: hiding it moves its chart's best, the sessions from it on, its folders and goals.
    const best = (await player()).bests.find((b) => b.record.chart_id.endsWith('000000000007') && b.mode === 'touch')!.record
    for (let g = 0; g < 50; g++)
      await t.call('progress:createGoal', id, {
        name: `goal ${g}`,
        criterion: { kind: 'score', min: 1_010_000 },
        mode: 'any',
        scope: { kind: 'chart', chart: `00000000-0000-4000-8000-${String(g).padStart(12, '0')}` },
        target: { kind: 'all' }
      })
    const ref = { chart_id: best.chart_id, played_at: best.played_at, score: best.score }
    /** Hides (or shows) the play, until the goals and folders were checked again (their event) and sessions have it. */
    const change = async (hide: boolean) => {
      let stop = () => {}
      const progressed = new Promise<void>((done, fail) => {
        const timer = setTimeout(() => fail(new Error('the goals were not checked again')), 120_000)
        const unsubscribe = t.core.events.addSink((event) => event === 'progress:changed' && done())
        stop = () => (clearTimeout(timer), unsubscribe())
      })
      try {
        await (hide ? t.call('record:hide', id, [ref], null) : t.call('record:unhide', id, [ref]))
        await progressed
      } finally {
        stop()
      }
    }
    // The first change after opening reads what it follows (the goals' first check, the line index): timed apart.
    const first = await timed(() => change(true))
    log(`    first hide after opening: ${Math.round(first.wall)} ms`)
    await change(false)
    const times: { wall: number; busy: number }[] = []
    for (let run = 0; run < Math.max(5, runs * 2); run++) {
      times.push(await timed(() => change(true)))
      await change(false)
    }
    const reads: number[] = []
    for (let run = 0; run < 3; run++) reads.push((await timed(() => cache.records())).busy)
    const busy = median(times.map((x) => x.busy))
    log(`    wall time to every view up to date: ${Math.round(median(times.map((x) => x.wall)))} ms (sessions folded on their worker)`)
    record({
      name: 'hide-1-play-100k',
      value: Math.round(busy * 10) / 10,
      unit: 'ms',
      baseline: Math.round(median(reads)),
      baselineLabel: 'reading every kept play once (what folding again from the whole log would start with)',
      target: '≤ 50 ms of main-thread work',
      met: busy <= 50
    })
  } finally {
    await t.core.dispose()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
