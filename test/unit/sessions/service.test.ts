import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { KeptRecord } from '../../../src/shared/api'
import type { SessionsState } from '../../../src/shared/sessions'
import { defaultSettings, type Language } from '../../../src/shared/settings'
import { AccountCache } from '../../../src/main/cache/account-cache'
import { addSnapshot, emptyHistory } from '../../../src/main/cache/history'
import { messagesFor } from '../../../src/main/i18n'
import { nodeFiles } from '../../../src/main/platform-node/files'
import { computeInSlices, computeSessions, type ComputeRequest } from '../../../src/main/sessions/compute'
import { computeOffThread, sessionsWorkerAt } from '../../../src/main/sessions/off-thread'
import { SessionsService } from '../../../src/main/sessions/sessions-service'
import { columnsOf } from '../../../src/main/sessions/play-table'
import { LocalDataHealth } from '../../../src/main/storage/local-data'
import { TimeSlices } from '../../../src/main/kernel/time-slices'

const MIN = 60_000
const T0 = Date.UTC(2026, 2, 1, 18)
const ID = 'gameFolder:test:alice'

/** A play `minute` minutes after T0, its Reality given (so the expected Reality is worked out here, by hand). */
const play = (chart: string, score: number, minute: number, reality = 10, touch = true): KeptRecord => ({
  chart_id: chart,
  score,
  score_accuracy: 0.95,
  reality,
  grade: score >= 950_000 ? 'SS' : 'S',
  score_bad_count: 1,
  score_miss_count: 0,
  played_at: new Date(T0 + minute * MIN).toISOString(),
  modifiers: touch ? ['TouchMode'] : []
})

let dir: string
let now: number
let settings: ReturnType<typeof structuredClone<typeof defaultSettings>>
let requests: ComputeRequest[]
let notes: string[]
let language: Language
let states: SessionsState[]

function open(compute = (r: ComputeRequest) => Promise.resolve(computeSessions(r))) {
  const health = new LocalDataHealth()
  const cache = new AccountCache(
    nodeFiles,
    dir,
    ID,
    health,
    () => {},
    (change) => void service.logChanged(ID, change)
  )
  const service: SessionsService = new SessionsService({
    files: nodeFiles,
    dataDir: dir,
    health,
    clock: { now: () => now },
    history: () => cache,
    isSignedIn: () => true,
    settings: () => settings,
    messages: () => messagesFor(language),
    language: () => language,
    constants: () => ({}),
    compute: (request) => (requests.push(request), compute(request)),
    emit: (state) => void states.push(state),
    notify: (title, body) => void notes.push(`${title}: ${body}`)
  })
  return { cache, service }
}

/** Waits until every change the log announced has gone through the sessions. */
const settle = async (service: SessionsService) => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 5))
  await service.account(ID).flush()
}

beforeEach(() => {
  language = 'en'
  dir = mkdtempSync(join(tmpdir(), 'sessions-service-'))
  now = T0
  settings = structuredClone(defaultSettings)
  requests = []
  notes = []
  states = []
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('sessions kept up to date from the play log', () => {
  it('computes once from the log, then from the kept columns (no line read again), with the same sessions', async () => {
    const first = open()
    await first.cache.remember([play('a', 900_000, 0), play('a', 950_000, 30), play('b', 800_000, 300), play('b', 820_000, 330)])
    await first.service.load(ID)
    const cards = await first.service.list(ID)
    expect(cards.map((c) => [c.start, c.end, c.plays])).toEqual([
      [T0, T0 + 30 * MIN, 2],
      [T0 + 300 * MIN, T0 + 330 * MIN, 2]
    ])
    expect(requests.at(-1)!.tail).not.toBeNull()
    await first.service.dispose()
    expect(readdirSync(dir).filter((f) => f.startsWith('sessions-'))).toHaveLength(2)

    requests = []
    const second = open()
    await second.service.load(ID)
    expect(requests).toHaveLength(1)
    expect(requests[0]!.tail).toBeNull()
    expect(requests[0]!.base.count).toBe(4)
    expect(await second.service.list(ID)).toEqual(cards)
  })

  it('folds newer plays on without a whole computation, as a whole computation would', async () => {
    const { cache, service } = open()
    await cache.remember([play('a', 900_000, 0), play('a', 950_000, 30)])
    await service.load(ID)
    requests = []
    await cache.remember([play('a', 960_000, 60), play('c', 700_000, 400)])
    await settle(service)
    expect(requests).toHaveLength(0)
    const folded = await service.list(ID)
    expect(folded.map((c) => [c.plays, c.newBests])).toEqual([
      [3, 0],
      [1, 0]
    ])
    const whole = open()
    await whole.service.load(ID)
    expect(await whole.service.list(ID)).toEqual(folded)
  })

  it('older plays make a whole computation that never merges two sessions already shown', async () => {
    const { cache, service } = open()
    await cache.remember([play('a', 900_000, 0), play('a', 910_000, 200)])
    await service.load(ID)
    expect(await service.list(ID)).toHaveLength(2)
    requests = []
    // 100 minutes after the first and before the second: it closes the gap, and joins the earlier session.
    await cache.remember([play('b', 900_000, 100)])
    await settle(service)
    expect(requests).toHaveLength(1)
    expect((await service.list(ID)).map((c) => [c.start, c.plays])).toEqual([
      [T0, 2],
      [T0 + 200 * MIN, 1]
    ])
    // The boundary is kept on disk: a new run keeps the two apart too.
    await service.dispose()
    const again = open()
    await again.service.load(ID)
    expect((await again.service.list(ID)).map((c) => c.plays)).toEqual([2, 1])
  })

  it('kept columns that do not belong to the log (damaged, or another log) are rebuilt from the log', async () => {
    const first = open()
    await first.cache.remember([play('a', 900_000, 0), play('b', 900_000, 500)])
    await first.service.load(ID)
    await first.service.dispose()
    const columns = readdirSync(dir).find((f) => f.endsWith('.plays'))!
    writeFileSync(join(dir, columns), 'GACPLAY1 not columns')
    requests = []
    const second = open()
    await second.service.load(ID)
    expect(requests[0]!.tail).not.toBeNull()
    expect((await second.service.list(ID)).map((c) => c.plays)).toEqual([1, 1])
  })

  it('kept columns of another log (a log rewritten while the app was away) are not added to: the log is read again', async () => {
    const first = open()
    await first.cache.remember([play('a', 900_000, 0), play('b', 900_000, 500)])
    await first.service.load(ID)
    await first.service.dispose()
    for (const f of readdirSync(dir)) if (f.startsWith('records-')) rmSync(join(dir, f))
    const second = open()
    await second.cache.remember([play('c', 700_000, 1000), play('c', 710_000, 1010), play('c', 720_000, 1020), play('d', 1, 3000)])
    await second.service.load(ID)
    expect((await second.service.list(ID)).map((c) => [c.start, c.plays])).toEqual([
      [T0 + 1000 * MIN, 3],
      [T0 + 3000 * MIN, 1]
    ])
  })

  it('a new gap regroups the plays and drops the boundaries drawn with the old one', async () => {
    const { cache, service } = open()
    await cache.remember([play('a', 900_000, 0), play('a', 910_000, 150)])
    await service.load(ID)
    expect(await service.list(ID)).toHaveLength(2)
    settings = { ...settings, sessions: { ...settings.sessions, gapMinutes: 180 } }
    await service.recomputeAll()
    expect((await service.list(ID)).map((c) => c.plays)).toEqual([2])
    expect(states.at(-1)!.gapMinutes).toBe(180)
  })

  it('on the main thread (no worker) computes in slices, the event loop free between them, to the same sessions', async () => {
    const records = Array.from({ length: 60_000 }, (_, i) => play(`c${i % 97}`, 600_000 + ((i * 7919) % 410_000), i * 29, (i % 13) + 1))
    const request = () => ({
      base: columnsOf(records),
      tail: null,
      gapMs: 120 * MIN,
      boundaries: [],
      constants: {},
      markAt: null,
      hidden: []
    })
    const whole = computeSessions(request())
    let turns = 0
    const turn = (): void => void setImmediate(() => (turns++, running && turn()))
    let running = true
    turn()
    // Slices of 1 ms: however fast this machine, the work is handed back to the event loop (a single block gives it none).
    const sliced = await computeInSlices(request(), new TimeSlices(1))
    running = false
    expect(turns).toBeGreaterThan(0)
    expect(sliced.state.closed).toEqual(whole.state.closed)
    expect(sliced.columns.at).toEqual(whole.columns.at)
  })

  it('gives the same sessions when computed on the sessions worker', async () => {
    const { cache, service } = open()
    const records = Array.from({ length: 300 }, (_, i) =>
      play(`c${i % 17}`, 600_000 + ((i * 7919) % 410_000), i * 37, (i % 13) + 1, i % 3 > 0)
    )
    await cache.remember(records)
    await service.load(ID)
    const here = await service.list(ID)
    const worker = sessionsWorkerAt(new URL('../../../src/main/sessions/sessions-worker.ts', import.meta.url), ['--import', 'tsx'])
    const offThread = open((r) => computeOffThread(worker, { ...r, base: structuredClone(r.base), tail: r.tail?.slice() ?? null }))
    await offThread.service.load(ID)
    expect(await offThread.service.list(ID)).toEqual(here)
  })
})

describe('since last time and the peaks', () => {
  it('starts from the first plays seen, counts what came after, and stays dismissed', async () => {
    const { cache, service } = open()
    await cache.remember([play('a', 900_000, 0, 12), play('b', 850_000, 10, 11)])
    await service.load(ID)
    expect(states.at(-1)!.since).toBeNull()
    await cache.remember([play('a', 950_000, 600, 12.5), play('c', 800_000, 610, 9)])
    await settle(service)
    const since = states.at(-1)!.since!
    expect(since).toMatchObject({ plays: 2, sessions: 1, newBests: 1, entered: { touch: ['c'], keyboard: [] } })
    // Reality from the plays (no snapshot kept): best 20 of each chart's best, over 20.
    expect(since.touch.before).toEqual({ value: (12 + 11) / 20, source: 'computed' })
    expect(since.touch.after).toEqual({ value: (12.5 + 11 + 9) / 20, source: 'computed' })
    await service.look(ID)
    expect(states.at(-1)!.since).toBeNull()
    await service.dispose()
    const again = open()
    await again.service.load(ID)
    expect(states.at(-1)!.since).toBeNull()
  })

  it('takes Reality before and after from rank snapshots where one was taken then, and the peaks from them', async () => {
    const { cache, service } = open()
    const history = emptyHistory()
    const rank = (touch: number, at: number) =>
      addSnapshot(
        history,
        { touch_reality: touch, keyboard_reality: 0, touch_ranks: [], keyboard_ranks: [], skipped: 0 },
        new Date(at).toISOString()
      )
    rank(9.5, T0 - 10 * MIN)
    rank(9.9, T0 + 100 * MIN)
    rank(9.7, T0 + 900 * MIN)
    cache.saveHistory(history)
    await cache.remember([play('a', 900_000, 0, 12), play('a', 950_000, 30, 12.5)])
    await service.load(ID)
    const [card] = await service.list(ID)
    expect(card!.touchMove.before).toEqual({ value: 9.5, source: 'service' })
    expect(card!.touchMove.after).toEqual({ value: 9.9, source: 'service' })
    expect(states.at(-1)!.peaks.touch).toEqual({ value: 9.9, at: T0 + 100 * MIN, source: 'service' })
  })

  it('with a snapshot on one side only, says both values as computed (a change from the service to a guess says nothing)', async () => {
    const { cache, service } = open()
    const history = emptyHistory()
    addSnapshot(
      history,
      { touch_reality: 9.5, keyboard_reality: 0, touch_ranks: [], keyboard_ranks: [], skipped: 0 },
      new Date(T0 - MIN).toISOString()
    )
    cache.saveHistory(history)
    await cache.remember([play('a', 900_000, 0, 12)])
    await service.load(ID)
    const [card] = await service.list(ID)
    expect(card!.touchMove.before).toEqual({ value: 0, source: 'computed' })
    expect(card!.touchMove.after).toEqual({ value: 12 / 20, source: 'computed' })
  })
})

describe('a notification when a session ends', () => {
  it('tells a session once after it ended, never the history the app just learned of, nor older plays imported later', async () => {
    const { cache, service } = open()
    await cache.remember([play('a', 900_000, -5000), play('a', 910_000, -4990)])
    now = T0
    await service.load(ID)
    expect(notes).toEqual([])
    await cache.remember([play('a', 950_000, 0, 12), play('b', 900_000, 20, 11), play('b', 910_000, 40, 11.2)])
    await settle(service)
    expect(notes).toEqual([])
    now = T0 + 40 * MIN + 121 * MIN
    await cache.remember([play('z', 500_000, -3000)])
    await settle(service)
    // Reality before: chart a at 10 (the old plays), 10 / 20 = 0.50; after: a at 12 and b at 11.2, 23.2 / 20 = 1.16.
    expect(notes).toEqual(['Session: 3 plays, 1 new best, Reality +0.66'])
    await cache.remember([play('y', 500_000, -2000)])
    await settle(service)
    expect(notes).toHaveLength(1)
  })

  it('writes the change in the UI language: a decimal comma in Russian, never the English point', async () => {
    language = 'ru'
    const { cache, service } = open()
    await cache.remember([play('a', 900_000, -5000)])
    now = T0
    await service.load(ID)
    await cache.remember([play('a', 950_000, 0, 12), play('b', 910_000, 40, 11.2)])
    now = T0 + 40 * MIN + 121 * MIN
    await cache.remember([play('z', 500_000, -3000)])
    await settle(service)
    // Reality before: chart a at 10, 10 / 20 = 0.50; after: a at 12 and b at 11.2, 23.2 / 20 = 1.16: +0.66, written 0,66.
    expect(notes).toEqual(['Сеанс: 2 игры, 1 новый рекорд, Reality +0,66'])
  })

  it('stays quiet with the setting off, and does not tell that session later either', async () => {
    const { cache, service } = open()
    settings = { ...settings, sessions: { ...settings.sessions, notify: false } }
    await service.load(ID)
    await cache.remember([play('a', 950_000, 0)])
    now = T0 + 200 * MIN
    await cache.remember([play('z', 500_000, -3000)])
    await settle(service)
    settings = { ...settings, sessions: { ...settings.sessions, notify: true } }
    await cache.remember([play('y', 500_000, -2000)])
    await settle(service)
    expect(notes).toEqual([])
  })

  it('counts the plays an import left out for want of a usable time', async () => {
    const { service } = open()
    service.untimed(ID, 3)
    expect(states.at(-1)!.untimed).toBe(3)
    await service.dispose()
    const again = open()
    await again.service.load(ID)
    expect(states.at(-1)!.untimed).toBe(3)
  })
})

describe('the files sessions keep', () => {
  it('follow a rewritten log (compaction) and go when the account is forgotten', async () => {
    const { cache, service } = open()
    await cache.remember([play('a', 900_000, 0), play('b', 900_000, 500), play('c', 900_000, 1000)])
    await service.load(ID)
    expect(await service.list(ID)).toHaveLength(3)
    // Compaction keeps the newest plays and rewrites the log: the sessions are worked out from it again.
    await cache.log.compact(2)
    await service.logChanged(ID, { kind: 'rewritten', logBytes: await cache.log.byteLength() })
    expect((await service.list(ID)).map((c) => c.start)).toEqual([T0 + 500 * MIN, T0 + 1000 * MIN])
    await service.forget(ID)
    expect(readdirSync(dir).filter((f) => f.startsWith('sessions-'))).toEqual([])
  })
})
