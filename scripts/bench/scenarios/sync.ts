// Syncing: the four requests in parallel against the slowest alone, and a sync's main-thread time with 100,000 kept plays.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance as nodePerformance } from 'node:perf_hooks'
import { ServiceHttp, staticCredentials } from '../../../src/main/api/http'
import { ServiceClient } from '../../../src/main/api/service-client'
import { addUserToken, bridge } from '../../../test/support/core'
import { syntheticHistory, testCore } from '../fixtures/app'
import type { ServiceProcess } from '../fixtures/service'
import { median, type Bench } from '../report'

export async function parallelSync(bench: Bench, service: ServiceProcess) {
  const { record, log, runs: RUNS } = bench
  log('Parallel sync with 200 ms injected per request')
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-sync-'))
  const app = await testCore(dataDir, service.baseUrl)
  const call = bridge(app.core.handlers)
  const token = service.accounts.find((a) => a.username === 'alice')!.user_token
  const { account } = await addUserToken(app.core.handlers, 'local', token)
  await call('sync:run', account.id, {})
  await service.control('setLatency', 200)
  const single: number[] = []
  const full: number[] = []
  // The same four requests one by one through the same HTTP layer: the slowest is the floor.
  const client = new ServiceClient(new ServiceHttp({ fetch, userAgent: 'bench', language: () => 'en' }), service.baseUrl)
  const credentials = staticCredentials(token)
  for (let i = 0; i < RUNS; i++) {
    const slowest = await Promise.all(
      [
        client.currentUser(credentials),
        client.saveInfo(credentials),
        client.recent(credentials, 'alice'),
        client.rank(credentials, 'alice')
      ].map(async (p) => {
        const t = performance.now()
        await p
        return performance.now() - t
      })
    )
    single.push(Math.max(...slowest))
    const t = performance.now()
    await call('sync:run', account.id, {})
    full.push(performance.now() - t)
  }
  await service.control('setLatency', 0)
  const f = median(full)
  const s = median(single)
  record({
    name: 'parallel-sync',
    value: Math.round(f),
    unit: 'ms',
    baseline: Math.round(s),
    baselineLabel: 'slowest single request',
    target: '≤ 1.2× slowest request',
    met: f / s <= 1.2
  })
  await app.close()
  return { dataDir, accountId: account.id }
}

/** Main-thread time a sync costs with 100,000 kept plays, against the same sync with none kept. */
export async function syncWithBigHistory(bench: Bench, service: ServiceProcess) {
  const { record, log, runs: RUNS } = bench
  log('Sync with 100,000 kept plays: main-thread time')
  const measure = async (kept: number) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-kept-'))
    const app = await testCore(dataDir, service.baseUrl)
    const call = bridge(app.core.handlers)
    const { account } = await addUserToken(app.core.handlers, 'local', service.accounts.find((a) => a.username === 'alice')!.user_token)
    await call('sync:run', account.id, {})
    if (kept) {
      await app.close()
      await syntheticHistory(dataDir, account.id, kept, 30)
    }
    const again = kept ? await testCore(dataDir, service.baseUrl) : app
    const callAgain = bridge(again.core.handlers)
    // The first sync of a run also opens the kept plays' index: it is measured too.
    const times: number[] = []
    for (let i = 0; i < RUNS + 1; i++) {
      await service.control('addPlays', 'global', 'alice', 3)
      const before = nodePerformance.eventLoopUtilization()
      await callAgain('sync:run', account.id, {})
      times.push(nodePerformance.eventLoopUtilization(before).active)
    }
    // Reading every kept play back (All plays, the chart histories), against parsing the log's lines alone.
    const reads: number[] = []
    const rawReads: number[] = []
    if (kept) {
      const log = join(dataDir, `records-${account.id.replace(/[^A-Za-z0-9_-]/g, '_')}.jsonl`)
      for (let i = 0; i < RUNS; i++) {
        let t0 = performance.now()
        await callAgain('sync:history', account.id)
        reads.push(performance.now() - t0)
        t0 = performance.now()
        for (const line of readFileSync(log, 'utf8').split('\n')) if (line) JSON.parse(line)
        rawReads.push(performance.now() - t0)
      }
    }
    await again.close()
    rmSync(dataDir, { recursive: true, force: true })
    return { first: times[0]!, steady: median(times.slice(1)), read: median(reads), rawRead: median(rawReads) }
  }
  const empty = await measure(0)
  const big = await measure(100_000)
  const readRatio = big.read / big.rawRead
  record({
    name: 'history-read-100k-plays',
    value: Math.round(big.read),
    unit: 'ms',
    baseline: Math.round(big.rawRead),
    baselineLabel: 'JSON.parse of each line of the same log',
    target: '≤ 10× the raw parse',
    met: readRatio <= 10
  })
  log(`    first sync of the run ${Math.round(big.first)} ms, then ${Math.round(big.steady)} ms`)
  const value = Math.max(big.first, big.steady)
  record({
    name: 'sync-main-thread-100k-plays',
    value: Math.round(value * 10) / 10,
    unit: 'ms',
    baseline: Math.round(Math.max(empty.first, empty.steady) * 10) / 10,
    baselineLabel: 'the same sync with no kept plays',
    target: '≤ 20 ms',
    met: value <= 20
  })
}
