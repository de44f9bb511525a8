// The game on this computer: importing a big data.db, and backing up an unchanged local save.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks'
import { DatabaseSync } from 'node:sqlite'
import { AccountCache } from '../../../src/main/cache/account-cache'
import { donePlays, importPlays, type PlaysHistory } from '../../../src/main/game-folder/import-plays'
import { playsWorkerAt } from '../../../src/main/game-folder/plays-off-thread'
import { nodeFiles } from '../../../src/main/platform-node/files'
import { LocalDataHealth } from '../../../src/main/storage/local-data'
import { writeDataDb, writeSavesDb } from '../../../test/support/game-saves'
import { localBackups } from '../fixtures/game-folder'
import { median, type Record } from '../report'

function bigDataDb(path: string, count: number) {
  const start = Date.UTC(2022, 0, 1)
  writeDataDb(
    path,
    Array.from({ length: count }, (_, i) => ({
      chart_id: `c0ffee00-0000-4000-8000-${String(i % 376).padStart(12, '0')}`,
      score: 600_000 + ((i * 7919) % 410_000),
      played_at: new Date(start + i * 900_000).toISOString()
    }))
  )
}

function localService(work: string) {
  // The worker as the app ships it (the bench builds first), without the bench's own tsx loader.
  return localBackups(work, work, { playsWorker: playsWorkerAt(resolve('out/main/plays-worker.js'), []) })
}

/**
 * Importing 100,000 plays as the app does (a consistent copy of the game's data.db, checked, read,
 * matched and added): the whole import's time, and the longest the event loop was held at once.
 */
async function importBig(work: string, record: Record, log: (line: string) => void, runs: number) {
  const game = join(work, 'import-game')
  const file = join(game, 'data.db')
  bigDataDb(file, 100_000)
  const local = localService(work)
  const times: number[] = []
  const blocks: number[] = []
  const baselines: number[] = []
  // The garbage collector's pauses during the imports: a block longer than the app's slices is one of them.
  const gcPauses: { start: number; duration: number }[] = []
  const windows: [number, number][] = []
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcPauses.push({ start: entry.startTime, duration: entry.duration })
  })
  gc.observe({ entryTypes: ['gc'] })
  for (let run = 0; run < runs; run++) {
    const t0 = performance.now()
    const db = new DatabaseSync(file, { readOnly: true })
    db.prepare('SELECT * FROM scores').all()
    db.close()
    baselines.push(performance.now() - t0)

    const dataDir = join(work, `cache-${run}`)
    mkdirSync(dataDir)
    const cache = new AccountCache(nodeFiles, dataDir, 'bench', new LocalDataHealth())
    const history: PlaysHistory = {
      records: async () => (await cache.records()).records,
      remember: (_, r, source) => cache.remember(r, { kind: 'import', source }),
      keptLines: () => cache.keptLines(),
      rememberLines: (_, lines, folded, source) => cache.rememberLines(lines, folded, source)
    }
    const delay = monitorEventLoopDelay({ resolution: 5 })
    delay.enable()
    const t1 = performance.now()
    const read = await local.playsToImport(game)
    if (!('match' in read)) throw new Error('the import of 100,000 plays did not run on the plays worker')
    const outcome = await importPlays(read, { id: 'bench', uid: '10000001', username: 'alice' }, history).finally(() => donePlays(read))
    times.push(performance.now() - t1)
    windows.push([t1, performance.now()])
    delay.disable()
    blocks.push(delay.max / 1e6)
    if (outcome.added !== 100_000) throw new Error(`the import added ${outcome.added} plays, not 100,000`)
  }
  const time = median(times)
  record({
    name: 'local-import-100k-plays',
    value: Math.round(time),
    unit: 'ms',
    baseline: Math.round(median(baselines)),
    baselineLabel: 'SQLite reading every row of the same table',
    target: '≤ 3000 ms',
    met: time <= 3000
  })
  await new Promise((resolve) => setTimeout(resolve, 100))
  gc.disconnect()
  const during = gcPauses.filter((p) => windows.some(([from, to]) => p.start >= from && p.start <= to)).map((p) => p.duration)
  const block = Math.max(...blocks)
  const gcLongest = Math.round(Math.max(0, ...during))
  log(`    longest block of each run ${blocks.map((b) => Math.round(b)).join(', ')} ms; longest GC pause ${gcLongest} ms`)
  record({
    name: 'local-import-longest-block',
    value: Math.round(block * 10) / 10,
    unit: 'ms',
    baseline: 50,
    baselineLabel: 'the target',
    target: '≤ 50 ms held at a time',
    met: block <= 50
  })
}

/** Backing up a local save that has not changed since the last version: nothing is written. */
async function unchangedBackup(work: string, record: Record, runs: number) {
  const game = join(work, 'game')
  writeSavesDb(join(game, 'saves.db'), {
    charts: Array.from({ length: 376 }, (_, i) => ({ id: `c0ffee00-0000-4000-8000-${String(i).padStart(12, '0')}`, score: 900_000 + i }))
  })
  bigDataDb(join(game, 'data.db'), 5_000)
  const local = localService(work)
  await local.backup(game)
  const times: number[] = []
  const copies: number[] = []
  for (let run = 0; run < runs + 2; run++) {
    const t0 = performance.now()
    const result = await local.backup(game)
    times.push(performance.now() - t0)
    if (result.status !== 'up-to-date') throw new Error('an unchanged save made a new version')
    const t1 = performance.now()
    copyFileSync(join(game, 'saves.db'), join(work, 'copy-saves.db'))
    copyFileSync(join(game, 'data.db'), join(work, 'copy-data.db'))
    copies.push(performance.now() - t1)
  }
  const time = median(times.slice(1))
  record({
    name: 'local-backup-unchanged',
    value: Math.round(time * 10) / 10,
    unit: 'ms',
    baseline: Math.round(median(copies) * 10) / 10,
    baselineLabel: 'copying saves.db and data.db',
    target: '≤ 100 ms',
    met: time <= 100
  })
}

export async function localGame(record: Record, log: (line: string) => void, runs: number) {
  log('The game on this computer: a 100,000-play data.db, an unchanged local save')
  const work = mkdtempSync(join(tmpdir(), 'bench-local-'))
  try {
    await importBig(work, record, log, runs)
    await unchangedBackup(work, record, runs)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}
