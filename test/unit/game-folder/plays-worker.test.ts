import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { MessageChannel } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { AccountCache } from '../../../src/main/cache/account-cache'
import { encodeLines } from '../../../src/main/cache/record-log'
import { donePlays, importPlays, type PlaysHistory } from '../../../src/main/game-folder/import-plays'
import { LocalBackupService, OFF_THREAD_PLAYS_BYTES } from '../../../src/main/game-folder/local-backup'
import { readPlays } from '../../../src/main/game-folder/plays'
import { playsWorkerAt, servePlays, type StartPlaysWorker } from '../../../src/main/game-folder/plays-off-thread'
import { runtimeSqlite } from '../../../src/main/platform-node/sqlite'
import { nodeFiles } from '../../../src/main/platform-node/files'
import { LocalDataHealth } from '../../../src/main/storage/local-data'
import type { KeptRecord } from '../../../src/shared/api'
import { AppError } from '../../../src/shared/errors'
import { writeDataDb, type TestPlay } from '../../support/game-saves'
import { historyOf, sourcePlaysWorker } from '../../support/plays-worker'

const alice = { id: 'alice-account', uid: '10000001', username: 'alice' }
const chart = (i: number) => `c0ffee00-0000-4000-8000-${String(i % 200).padStart(12, '0')}`
const start = Date.UTC(2023, 0, 1)

/** 25,000 plays (a data.db of more than 2 MiB): distinct chart, time and score each, a quarter-hour apart. */
function bigPlays(count = 25_000): TestPlay[] {
  return Array.from({ length: count }, (_, i) => ({
    chart_id: chart(i),
    score: 600_000 + ((i * 7919) % 400_000),
    played_at: new Date(start + i * 900_000).toISOString()
  }))
}

/** The worker as the app starts it, counting its starts. */
function countedWorker(): StartPlaysWorker & { starts: number } {
  const start = Object.assign((path: string) => (start.starts++, sourcePlaysWorker(path)), { starts: 0 })
  return start
}

function service(dir: string, playsWorker: StartPlaysWorker | null, onWorkerFailed?: (error: AppError) => void) {
  return new LocalBackupService({
    files: nodeFiles,
    clock: { now: () => Date.now() },
    system: { platform: 'linux', home: join(dir, 'home'), env: {} },
    sqlite: runtimeSqlite(),
    sleep: async () => {},
    root: () => join(dir, 'library'),
    trash: () => ({ move: async () => {} }) as never,
    retention: () => null,
    program: 'app',
    appVersion: 'test',
    tempDir: join(dir, 'tmp'),
    playsWorker,
    onWorkerFailed
  })
}

function cacheIn(dir: string): AccountCache {
  mkdirSync(dir, { recursive: true })
  return new AccountCache(nodeFiles, dir, 'alice-account', new LocalDataHealth())
}

/** The file's plays as SQLite lists them, keyed as the history keys plays: chart, instant, score. */
function rowsOf(file: string): { chart_id: string; score: number; at: number }[] {
  const db = new DatabaseSync(file, { readOnly: true })
  try {
    return (
      db.prepare('SELECT chart_id, score, played_at FROM scores').all() as { chart_id: string; score: number; played_at: string }[]
    ).map((r) => ({ chart_id: r.chart_id, score: r.score, at: Date.parse(r.played_at) }))
  } finally {
    db.close()
  }
}

const keyOf = (r: { chart_id: string; score: number; at: number }) => `${r.chart_id}|${r.at}|${r.score}`
const recordOf = (p: TestPlay, shiftMs = 0): KeptRecord => ({
  chart_id: p.chart_id,
  score: p.score,
  score_accuracy: 0.97,
  reality: 10,
  grade: 'S',
  played_at: new Date(Date.parse(p.played_at) + shiftMs).toISOString(),
  modifiers: []
})

async function importWith(local: LocalBackupService, file: string, history: PlaysHistory, options: { anyUser?: boolean } = {}) {
  const read = await local.playsToImport(null, file)
  try {
    return { offThread: 'match' in read, outcome: await importPlays(read, alice, history, options) }
  } finally {
    await donePlays(read)
  }
}

describe('a big data.db imported on the plays worker', () => {
  it('adds exactly the plays an independent reading says are new, as the main thread would, and ends the worker', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plays-worker-'))
    const plays = bigPlays()
    // The same play twice in the file, and the service's copies of some plays: the same instant, 1.5 s off (the same
    // play), 2.5 s off (another play, kept beside it).
    const file = join(dir, 'data.db')
    writeDataDb(file, [...plays, plays[5_000]!, plays[5_001]!])
    expect(readFileSync(file).length).toBeGreaterThan(OFF_THREAD_PLAYS_BYTES)
    const kept = [
      ...plays.slice(0, 100).map((p) => recordOf(p)),
      ...plays.slice(100, 200).map((p) => recordOf(p, 1_500)),
      ...plays.slice(200, 300).map((p) => recordOf(p, -2_500))
    ]
    // Within 2 s of a kept play (the same instant, 1.5 s off) is that play: the first 200 are kept already.
    const keptAlready = new Set(plays.slice(0, 200).map((p) => keyOf({ ...p, at: Date.parse(p.played_at) })))
    const expectedNew = new Set(
      rowsOf(file)
        .map(keyOf)
        .filter((key) => !keptAlready.has(key))
    )
    expect(expectedNew.size).toBe(25_000 - 200)

    const worker = countedWorker()
    const offThread = cacheIn(join(dir, 'worker'))
    await offThread.remember(kept)
    const first = await importWith(service(dir, worker), file, historyOf(offThread))
    expect(first).toEqual({
      offThread: true,
      outcome: {
        added: expectedNew.size,
        alreadyKept: 25_002 - expectedNew.size,
        otherUsers: 0,
        untimed: 0,
        unreadable: 0,
        scoreTooHigh: 0
      }
    })
    expect(worker.starts).toBe(1)

    // From disk again: the log holds what was kept and exactly the new plays, each once.
    const reread = cacheIn(join(dir, 'worker'))
    const records = (await reread.records()).records
    expect(records).toHaveLength(kept.length + expectedNew.size)
    const saved = new Set(records.filter((r) => r.source === 'save-play').map((r) => keyOf({ ...r, at: Date.parse(r.played_at) })))
    expect(saved).toEqual(expectedNew)

    // The main thread's import of the same file into the same history: the same log and the same bests.
    const onMain = cacheIn(join(dir, 'main'))
    await onMain.remember(kept)
    const read = await readPlays(readFileSync(file), { open: runtimeSqlite()!.open!, files: nodeFiles, tempDir: dir })
    expect(await importPlays(read, alice, historyOf(onMain))).toEqual(first.outcome)
    expect(records).toEqual((await cacheIn(join(dir, 'main')).records()).records)
    expect(await reread.player(alice.id)).toEqual(await cacheIn(join(dir, 'main')).player(alice.id))

    // Again: nothing new. The worker ended and its copy of data.db is gone.
    expect((await importWith(service(dir, worker), file, historyOf(reread))).outcome).toMatchObject({ added: 0, alreadyKept: 25_002 })
    expect(worker.starts).toBe(2)
    expect(readdirSync(join(dir, 'tmp'))).toEqual([])
  })

  it('a damaged file gives the main thread’s clear error and adds nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plays-worker-damaged-'))
    const file = join(dir, 'data.db')
    writeDataDb(file, bigPlays())
    const bytes = readFileSync(file)
    const pageSize = bytes.readUInt16BE(16)
    const page = Math.floor(bytes.length / pageSize / 2)
    bytes.fill(0x5a, page * pageSize, (page + 1) * pageSize)
    writeFileSync(file, bytes)
    const onMain = await readPlays(bytes, { open: runtimeSqlite()!.open!, files: nodeFiles, tempDir: dir }).catch((e: unknown) => e)
    expect(onMain).toBeInstanceOf(AppError)

    const worker = countedWorker()
    const cache = cacheIn(join(dir, 'cache'))
    const refused = await importWith(service(dir, worker), file, historyOf(cache)).catch((e: unknown) => e)
    expect(worker.starts).toBe(1)
    expect(refused).toBeInstanceOf(AppError)
    expect((refused as AppError).data).toEqual((onMain as AppError).data)
    expect((refused as AppError).message).toMatch(/^This data\.db cannot be read \(.+\)\.$/)
    expect((await cache.records()).records).toEqual([])

    // Not a database at all, as big.
    writeFileSync(file, Buffer.alloc(OFF_THREAD_PLAYS_BYTES + 1, 'not a database '))
    const notDb = await importWith(service(dir, worker), file, historyOf(cache)).catch((e: unknown) => e)
    expect(notDb).toMatchObject({ code: 'io', data: { details: { cause: 'damaged' } } })
    expect((await cache.records()).records).toEqual([])
    expect(readdirSync(join(dir, 'tmp'))).toEqual([])
  })

  it('another player’s plays are refused as on the main thread, and added when the player chose this account', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plays-worker-bob-'))
    const file = join(dir, 'data.db')
    writeDataDb(file, bigPlays(), { username: 'bob', user_id: '10000002' })
    const cache = cacheIn(join(dir, 'cache'))
    const read = await readPlays(readFileSync(file))
    const onMain = await importPlays(read, alice, historyOf(cacheIn(join(dir, 'main')))).catch((e: unknown) => e)
    const refused = await importWith(service(dir, sourcePlaysWorker), file, historyOf(cache)).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(AppError)
    expect((refused as AppError).data).toEqual((onMain as AppError).data)
    expect((refused as AppError).message).toContain('bob')
    expect((await cache.records()).records).toEqual([])
    const chosen = await importWith(service(dir, sourcePlaysWorker), file, historyOf(cache), { anyUser: true })
    expect(chosen).toEqual({
      offThread: true,
      outcome: { added: 25_000, alreadyKept: 0, otherUsers: 0, untimed: 0, unreadable: 0, scoreTooHigh: 0 }
    })
  })

  it('a worker that cannot run leaves the import to the main thread, which adds the same plays', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plays-worker-broken-'))
    const file = join(dir, 'data.db')
    writeDataDb(file, bigPlays())
    let starts = 0
    const told: string[] = []
    const missing = playsWorkerAt(join(dir, 'no-such-worker.js'), [])
    const result = await importWith(
      service(
        dir,
        (path) => (starts++, missing(path)),
        (error) => told.push(error.message)
      ),
      file,
      historyOf(cacheIn(join(dir, 'cache')))
    )
    expect(starts).toBe(1)
    // Said, for the log: a packaged app whose worker file is missing would otherwise only be slower.
    expect(told).toEqual([expect.stringMatching(/^The plays worker (failed|stopped|could not start)/)])
    expect(result).toEqual({
      offThread: false,
      outcome: { added: 25_000, alreadyKept: 0, otherUsers: 0, untimed: 0, unreadable: 0, scoreTooHigh: 0 }
    })
    expect(readdirSync(join(dir, 'tmp'))).toEqual([])
  })

  it('the worker’s side, run in this thread: what it read, whose plays, the new ones as lines, and SQLite’s error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plays-worker-serve-'))
    const file = join(dir, 'data.db')
    const plays = bigPlays(30)
    writeDataDb(file, plays)
    const { port1, port2 } = new MessageChannel()
    const replies: unknown[] = []
    const next = () => new Promise((resolve) => port1.once('message', resolve))
    try {
      let reply = next()
      await servePlays(port2, file, runtimeSqlite()!.open!)
      replies.push(await reply)
      reply = next()
      port1.postMessage({ type: 'mine', account: { id: 'b', uid: '10000002', username: 'bob' } })
      replies.push(await reply)
      reply = next()
      port1.postMessage({ type: 'mine', account: alice })
      replies.push(await reply)
      reply = next()
      port1.postMessage({ type: 'match', kept: encodeLines(plays.slice(0, 10).map((p) => recordOf(p, 1_000))).text })
      const matched = (await reply) as { lines: { text: Uint8Array; hashes: BigUint64Array }; folded: { bests: unknown[] } }
      expect(replies).toEqual([
        { type: 'read', count: 30, skipped: 0, scoreTooHigh: 0, untimed: [], usernames: ['alice'], userIds: ['10000001'] },
        { type: 'mine', count: 0 },
        { type: 'mine', count: 30 }
      ])
      const added = Buffer.from(matched.lines.text).toString().split('\n').filter(Boolean)
      expect(added.map((line) => (JSON.parse(line) as KeptRecord).played_at).sort()).toEqual(plays.slice(10).map((p) => p.played_at))
      expect(matched.lines.hashes).toHaveLength(20)
      expect(matched.folded.bests.length).toBeGreaterThan(0)
    } finally {
      port1.close()
    }

    const damaged = new MessageChannel()
    try {
      const reply = new Promise((resolve) => damaged.port1.once('message', resolve))
      writeFileSync(join(dir, 'not.db'), 'not a database at all '.repeat(100))
      await servePlays(damaged.port2, join(dir, 'not.db'), runtimeSqlite()!.open!)
      expect(await reply).toMatchObject({ type: 'failed', error: { code: 'io', details: { cause: 'damaged' } } })
    } finally {
      damaged.port1.close()
    }
  })

  it('a small data.db is imported on the main thread: no worker is started', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plays-worker-small-'))
    const file = join(dir, 'data.db')
    writeDataDb(file, bigPlays(2_000))
    const worker = countedWorker()
    const result = await importWith(service(dir, worker), file, historyOf(cacheIn(join(dir, 'cache'))))
    expect(result).toEqual({
      offThread: false,
      outcome: { added: 2_000, alreadyKept: 0, otherUsers: 0, untimed: 0, unreadable: 0, scoreTooHigh: 0 }
    })
    expect(worker.starts).toBe(0)
  })
})
