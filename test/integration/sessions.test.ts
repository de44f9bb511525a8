import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import type { KeptRecord } from '../../src/shared/api'
import type { SessionCard, SessionsState } from '../../src/shared/sessions'
import { createHeadless } from '../../src/main/headless/headless'
import { addUserToken, TestClock, testCore } from '../support/core'
import { writeDataDb, type TestPlay } from '../support/game-saves'

let service: ReferenceService
let work: string
beforeAll(async () => {
  service = await startReferenceService({ testControls: true })
  work = mkdtempSync(join(tmpdir(), 'sessions-app-'))
})
afterAll(async () => {
  await service?.close()
  rmSync(work, { recursive: true, force: true })
})

const MIN = 60_000
const chart = (n: number) => `5e551000-0000-4000-8000-${String(n).padStart(12, '0')}`
/** Plays on this computer only, in 2024 (long before the service's), with gaps just under and just over two hours. */
const LOCAL_MINUTES = [0, 20, 140, 261, 300, 2000, 2119, 2240, 9000]
const T0 = Date.UTC(2024, 4, 1, 12)
const localOnly: TestPlay[] = LOCAL_MINUTES.map((minute, i) => ({
  chart_id: chart(i % 3),
  score: 850_000 + i * 10_000,
  reality: 5 + i / 10,
  played_at: new Date(T0 + minute * MIN).toISOString(),
  modifiers: i % 2 ? '["TouchMode"]' : '[]'
}))
const asRow = (r: KeptRecord): TestPlay => ({
  chart_id: r.chart_id,
  score: r.score,
  score_accuracy: r.score_accuracy,
  reality: r.reality,
  grade: r.grade,
  played_at: r.played_at,
  modifiers: JSON.stringify(r.modifiers)
})

async function signedIn(name: string) {
  const home = join(work, name)
  const game = join(home, '.config', 'unity3d', 'Morizero', 'Milthm', 'data')
  const t = testCore({
    localBaseUrl: service.deployments.global.base_url,
    tuning: { sleep: async () => {}, timeoutMs: 5_000, retryAfterMs: null },
    deps: { desktop: { documentsDir: join(home, 'Documents'), notify: vi.fn() } },
    options: { gameFolder: { system: { platform: 'linux', home, env: {} }, pollMs: null } }
  })
  const alice = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!
  const { account } = await addUserToken(t.core.handlers, 'local', alice.user_token)
  await t.call('sync:run', account.id, {})
  return { ...t, id: account.id, uid: account.uid!, game }
}

/** A session as both sides can say it: its instants, counts and new bests (times compared as instants). */
const same = (s: { start: number; end: number; plays: number; charts: number; touch: number; keyboard: number }) => [
  s.start,
  s.end,
  s.plays,
  s.charts,
  s.touch,
  s.keyboard
]

describe('sessions in the app and in the CLI', () => {
  it('a synced account plus an imported data.db shows the sessions the CLI finds in the same plays', async () => {
    const t = await signedIn('same')
    const served = service.controls.plays('global', 'alice') as KeptRecord[]
    // data.db holds every play the game kept (the ones the service has too), plays of this computer only,
    // rows without a usable time, and another player's plays, which the app must never mix in.
    writeDataDb(join(t.game, 'data.db'), [...served.map(asRow), ...localOnly], { username: 'alice', user_id: t.uid })
    writeDataDb(join(t.game, 'data.db'), [{ chart_id: chart(1), score: 900_000, played_at: '' }], { username: 'alice', user_id: t.uid })
    writeDataDb(join(t.game, 'data.db'), [{ chart_id: chart(2), score: 999_999, played_at: new Date(T0 + 10 * MIN).toISOString() }], {
      username: 'bob',
      user_id: '99999'
    })
    const imported = await t.call('gameFolder:importPlays', t.id, { pick: false, anyUser: false })
    expect(imported).toMatchObject({ otherUsers: 1, untimed: 1 })
    expect(imported!.added + imported!.alreadyKept).toBe(served.length + localOnly.length)

    const app = await t.call('sessions:list', t.id)
    const cli = await createHeadless({ version: 'test' })
      .local(t.game)
      .sessions(null, {
        gapMinutes: 120,
        player: 'alice',
        chart: () => undefined
      })
    expect(cli.untimed).toBe(1)
    expect(app.map(same)).toEqual(cli.sessions.map((s) => same({ ...s, start: Date.parse(s.start), end: Date.parse(s.end) })))
    const bests = (list: { chart_id: string; mode: string; before: number; after: number }[]) =>
      list.map((b) => `${b.chart_id}|${b.mode}|${b.before}→${b.after}`).sort()
    for (const [k, card] of app.entries()) {
      const summary = await t.call('sessions:summary', t.id, card.id)
      expect(bests(summary.newBests), `session ${k}`).toEqual(bests(cli.sessions[k]!.newBests))
      expect(card.newBests).toBe(cli.sessions[k]!.newBests.length)
      expect(card.gradeRaises).toBe(cli.sessions[k]!.gradeRaises)
    }
    // The 2024 plays, by the gap rule: 0–20–140 (120 apart: one session), 261 (121 after), 300; 2000–2119 (119); 2240 (121); 9000.
    const local = app.filter((c) => c.start < Date.UTC(2025, 0, 1)).map((c: SessionCard) => [(c.start - T0) / MIN, c.plays])
    expect(local).toEqual([
      [0, 3],
      [261, 2],
      [2000, 2],
      [2240, 1],
      [9000, 1]
    ])
    const state = t.events.latest('sessions:changed', (s: SessionsState) => s.accountId === t.id)!
    expect(state).toMatchObject({ untimed: 1, status: 'ready', count: app.length })
  })

  it('an import closing a gap between sessions the app showed: the app keeps them apart, the CLI (none shown) joins them', async () => {
    const t = await signedIn('kept')
    const first = [localOnly[0]!, { ...localOnly[1]!, played_at: new Date(T0 + 200 * MIN).toISOString() }]
    writeDataDb(join(t.game, 'data.db'), first, { username: 'alice', user_id: t.uid })
    await t.call('gameFolder:importPlays', t.id, { pick: false, anyUser: false })
    const before = (await t.call('sessions:list', t.id)).filter((c) => c.start < Date.UTC(2025, 0, 1))
    expect(before.map((c) => c.plays)).toEqual([1, 1])
    writeDataDb(join(t.game, 'data.db'), [{ ...localOnly[2]!, played_at: new Date(T0 + 100 * MIN).toISOString() }], {
      username: 'alice',
      user_id: t.uid
    })
    await t.call('gameFolder:importPlays', t.id, { pick: false, anyUser: false })
    const after = (await t.call('sessions:list', t.id)).filter((c) => c.start < Date.UTC(2025, 0, 1))
    expect(after.map((c) => [(c.start - T0) / MIN, c.plays])).toEqual([
      [0, 2],
      [200, 1]
    ])
    const cli = await createHeadless({ version: 'test' })
      .local(t.game)
      .sessions(null, {
        gapMinutes: 120,
        player: null,
        chart: () => undefined
      })
    expect(cli.sessions.map((s) => s.plays)).toEqual([3])
  })
})

describe('a notification when a session ends, in the app', () => {
  it('after an automatic sync past the gap, one notification says the session; it opens Sessions; it is never told again', async () => {
    const clock = new TestClock()
    const home = join(work, 'notify')
    const notify = vi.fn()
    const t = testCore({
      localBaseUrl: service.deployments.global.base_url,
      clock,
      tuning: { sleep: async () => {}, timeoutMs: 5_000, retryAfterMs: null },
      deps: { desktop: { documentsDir: join(home, 'Documents'), notify } },
      options: { gameFolder: { system: { platform: 'linux', home, env: {} }, pollMs: null } }
    })
    const alice = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!
    const { account } = await addUserToken(t.core.handlers, 'local', alice.user_token)
    await t.call('sync:run', account.id, {})
    await t.call('sessions:list', account.id)
    // The player plays after the app last looked (the app and the service both ten minutes on).
    clock.offset = 10 * MIN
    service.controls.advanceClock(10 * MIN)
    const added = service.controls.addPlays('global', 'alice', 3)
    await t.call('sync:run', account.id, {})
    await t.call('sessions:list', account.id)
    expect(notify).not.toHaveBeenCalled()
    clock.offset = 131 * MIN
    await t.call('sync:run', account.id, { maxAgeMs: 0 })
    await expect.poll(() => notify.mock.calls.length).toBe(1)
    const [title, body, onClick] = notify.mock.calls[0]! as [string, string, () => void]
    expect(title).toBe('Session')
    // The change as the screens write it: signed, ±0.00 for none.
    expect(body).toMatch(new RegExp(`^${added.length} plays, \\d+ new bests?, Reality [+−±]\\d+\\.\\d{2}$`))
    onClick()
    expect(t.events.latest('app:command')).toEqual({ type: 'navigate', screen: 'sessions', accountId: account.id })
    clock.offset = 310 * MIN
    await t.call('sync:run', account.id, { maxAgeMs: 0 })
    await t.call('sessions:list', account.id)
    expect(notify).toHaveBeenCalledTimes(1)
  })
})
