import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CrashGuard, NOTIFY_EVERY_MS, RELAUNCH_WINDOW_MS, type CrashGuardPorts } from '../../../src/main/crash-guard/crash-guard'
import { messagesFor } from '../../../src/main/i18n'
import { testCore } from '../../support/core'

const MINUTE = 60_000

/** The ports as plain records: a clock the test moves, a marker "file", and what the guard did. */
function world(start = Date.UTC(2026, 5, 1, 12)) {
  const state = {
    now: start,
    marker: null as string | null,
    failWrites: false,
    logged: [] as { kind: string; what: string }[],
    notified: [] as { title: string; body: string }[],
    relaunches: 0,
    quits: 0,
    language: 'en' as 'en' | 'ja'
  }
  const ports = (overrides: Partial<CrashGuardPorts> = {}): CrashGuardPorts => ({
    clock: { now: () => state.now },
    marker: {
      read: () => state.marker,
      write: (text) => {
        if (state.failWrites) throw Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' })
        state.marker = text
      }
    },
    log: (kind, error) => void state.logged.push({ kind, what: error instanceof Error ? error.message : String(error) }),
    notify: (title, body) => void state.notified.push({ title, body }),
    messages: () => messagesFor(state.language),
    relaunch: () => void state.relaunches++,
    quit: () => void state.quits++,
    logPath: '/home/player/.config/Game Account Companion/logs/main.log',
    logFileInDataDir: 'logs/main.log',
    ...overrides
  })
  return { state, ports }
}

describe('an unhandled rejection: logged, told, and the app goes on', () => {
  it('tells the player once per ten minutes, in their language, and logs every one', () => {
    const { state, ports } = world()
    state.language = 'ja'
    const guard = new CrashGuard(ports())
    expect(guard.unhandledRejection(new Error('first'))).toBe('kept running')
    state.now += NOTIFY_EVERY_MS - 1
    expect(guard.unhandledRejection(new Error('second'))).toBe('kept running')
    state.now += 1
    guard.unhandledRejection('a reason that is not an Error')
    expect(state.logged.map((l) => l.what)).toEqual(['first', 'second', 'a reason that is not an Error'])
    expect(state.notified).toEqual([
      { title: 'バックグラウンド処理でエラーが発生しました', body: expect.stringContaining('データは無事です') },
      { title: 'バックグラウンド処理でエラーが発生しました', body: expect.stringContaining('データは無事です') }
    ])
    expect([state.relaunches, state.quits, state.marker]).toEqual([0, 0, null])
  })
})

describe('an uncaught exception: one relaunch, never a loop', () => {
  it('relaunches once, leaving a marker that the next start turns into one notice', () => {
    const { state, ports } = world()
    const outcome = new CrashGuard(ports()).uncaughtException(new TypeError("Cannot read properties of undefined (reading 'uid')"))
    expect(outcome).toBe('relaunched')
    expect([state.relaunches, state.quits]).toEqual([1, 0])
    expect(state.logged).toEqual([{ kind: 'uncaught exception', what: "Cannot read properties of undefined (reading 'uid')" }])
    expect(state.notified).toEqual([{ title: 'Game Account Companion is restarting', body: expect.stringMatching(/Your data is safe/) }])
    expect(JSON.parse(state.marker!)).toEqual({
      crashedAt: state.now,
      what: "TypeError: Cannot read properties of undefined (reading 'uid')",
      announced: false
    })

    state.now += 3_000
    const nextStart = new CrashGuard(ports())
    expect(nextStart.startupNotice()).toEqual({
      file: 'logs/main.log',
      problem: 'restarted',
      movedTo: null,
      detail: "TypeError: Cannot read properties of undefined (reading 'uid')"
    })
    expect(new CrashGuard(ports()).startupNotice()).toBeNull()
  })

  it('a second one within the window stops the app instead, saying where the log is', () => {
    const { state, ports } = world()
    new CrashGuard(ports()).uncaughtException(new Error('first'))
    const marker = state.marker
    state.now += RELAUNCH_WINDOW_MS - 1
    expect(new CrashGuard(ports()).uncaughtException(new Error('second'))).toBe('stopped')
    expect([state.relaunches, state.quits]).toEqual([1, 1])
    expect(state.notified.at(-1)).toEqual({
      title: 'Game Account Companion stopped',
      body: expect.stringContaining('/home/player/.config/Game Account Companion/logs/main.log')
    })
    expect(state.marker).toBe(marker)
  })

  it('a start that crashes at once, again and again, is relaunched exactly once', () => {
    const { state, ports } = world()
    const outcomes: string[] = []
    for (let start = 0; start < 20; start++) {
      const guard = new CrashGuard(ports())
      guard.startupNotice()
      state.now += 2_000
      outcomes.push(guard.uncaughtException(new Error(`crash ${start}`)))
      if (outcomes.at(-1) === 'stopped') break
    }
    expect(outcomes).toEqual(['relaunched', 'stopped'])
  })

  it('after the window has passed, a new crash may relaunch again', () => {
    const { state, ports } = world()
    new CrashGuard(ports()).uncaughtException(new Error('first'))
    state.now += RELAUNCH_WINDOW_MS
    expect(new CrashGuard(ports()).uncaughtException(new Error('much later'))).toBe('relaunched')
    expect(state.relaunches).toBe(2)
  })

  it('a marker from the future (the clock was set back) counts as recent', () => {
    const { state, ports } = world()
    state.marker = JSON.stringify({ crashedAt: state.now + 60 * MINUTE, what: 'earlier', announced: true })
    expect(new CrashGuard(ports()).uncaughtException(new Error('now'))).toBe('stopped')
  })

  it('without a marker it can write, it never relaunches', () => {
    const { state, ports } = world()
    state.failWrites = true
    expect(new CrashGuard(ports()).uncaughtException(new Error('disk full too'))).toBe('stopped')
    expect([state.relaunches, state.quits]).toEqual([0, 1])
  })

  it.each(['', 'not json', '{"crashedAt":"yesterday"}', 'null', '[]'])('a marker that does not read (%j) is no marker', (text) => {
    const { state, ports } = world()
    state.marker = text
    expect(new CrashGuard(ports()).startupNotice()).toBeNull()
    expect(new CrashGuard(ports()).uncaughtException(new Error('x'))).toBe('relaunched')
  })

  it('a log, texts or a notification that fail on their own never keep the app from ending', () => {
    const { state, ports } = world()
    const broken = () => {
      throw new Error('broken port')
    }
    const guard = new CrashGuard(ports({ log: broken, messages: broken, notify: broken }))
    expect(guard.unhandledRejection(new Error('r'))).toBe('kept running')
    expect(guard.uncaughtException(new Error('x'))).toBe('relaunched')
    expect(state.relaunches).toBe(1)
  })

  it('a second exception while the first is ending does nothing more', () => {
    const { state, ports } = world()
    const guard = new CrashGuard(ports())
    guard.uncaughtException(new Error('first'))
    expect(guard.uncaughtException(new Error('during the relaunch'))).toBe('already ending')
    expect(guard.unhandledRejection(new Error('also during'))).toBe('already ending')
    expect([state.relaunches, state.quits, state.notified.length]).toEqual([1, 0, 1])
    expect(state.logged).toHaveLength(3)
  })
})

describe('the notice at the next start', () => {
  it('is among the notices the renderer gets, and "Show file" may reveal the log it names', async () => {
    const { state, ports } = world()
    new CrashGuard(ports()).uncaughtException(new RangeError('Invalid time value'))
    const notice = new CrashGuard(ports()).startupNotice()!
    const revealed: string[] = []
    const t = testCore({
      localBaseUrl: 'http://127.0.0.1:9/api',
      deps: { startupNotices: [notice], desktop: { revealInFolder: (path) => void revealed.push(path) } }
    })
    await t.call('app:bootstrap')
    expect(t.events.latest('app:notices')).toEqual([
      { file: 'logs/main.log', problem: 'restarted', movedTo: null, detail: 'RangeError: Invalid time value' }
    ])
    await t.call('app:revealDataFile', 'logs/main.log')
    expect(revealed).toEqual([join(t.dataDir, 'logs', 'main.log')])
    expect(state.relaunches).toBe(1)
    await t.core.dispose()
  })
})
