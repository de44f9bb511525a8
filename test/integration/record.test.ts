import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import { startServiceWithList } from '../support/service-with-list'
import type { KeptRecord } from '../../src/shared/api'
import type { ChartInfo, PersonalBest } from '../../src/shared/data'
import { addUserToken, testCore } from '../support/core'
import { signedInGameCore } from '../support/game-core'
import { writeDataDb, type TestPlay } from '../support/game-saves'
import { gradeByNotes, truthOf } from '../support/progress-truth'
import { realityTogether } from '../../src/shared/reality-sources'

let service: ReferenceService
let work: string
let listText: string
let list: Map<string, ChartInfo>
let close: (() => Promise<void>) | undefined
beforeAll(async () => {
  ;({ service, work, listText, list, close } = await startServiceWithList('record'))
})
afterAll(() => close?.())

async function app(name: string, username = 'alice') {
  return signedInGameCore({
    service,
    home: join(work, name),
    username,
    prepare: (core) => core.call('chartList:import', listText, 'resources.json')
  })
}

const DAY = 86_400_000
const at = (day: number, minute: number) => new Date(Date.UTC(2024, 4, 1) + day * DAY + minute * 60_000).toISOString()
/** Judgement counts [exact, perfect, great, good, bad, miss]: all perfect, full combo, or with misses. */
const AP: TestPlay['counts'] = [900, 100, 0, 0, 0, 0]
const FC: TestPlay['counts'] = [800, 150, 40, 10, 0, 0]
const MISSES: TestPlay['counts'] = [700, 150, 40, 10, 5, 3]

/** The key the record names a play by, written again here: chart, instant, score. */
const keyOf = (p: { chart_id: string; played_at: string; score: number }) => `${p.chart_id}|${Date.parse(p.played_at)}|${p.score}`
const isTouch = (p: KeptRecord) => p.modifiers.includes('TouchMode')

/** A play's mark from its counts, as the notes define them: AP no great, good, bad or miss; FC no bad or miss. */
const markOf = (p: KeptRecord) =>
  p.score_bad_count === 0 && p.score_miss_count === 0 ? (p.score_great_count === 0 && p.score_good_count === 0 ? 'AP' : 'FC') : null

/** A chart's best in one mode from a list of plays, by plain loops: the first play of the top score, the plays, the best mark. */
function bestByHand(plays: readonly KeptRecord[], chart: string, touch: boolean) {
  const mine = plays.filter((p) => p.chart_id === chart && isTouch(p) === touch)
  if (mine.length === 0) return null
  let top = mine[0]!
  for (const p of mine) if (p.score > top.score || (p.score === top.score && Date.parse(p.played_at) < Date.parse(top.played_at))) top = p
  const marks = mine.map(markOf)
  return {
    score: top.score,
    played_at: top.played_at,
    grade: gradeByNotes(top.score),
    plays: mine.length,
    combo: marks.includes('AP') ? 'AP' : marks.includes('FC') ? 'FC' : null
  }
}

const bestShown = (b: PersonalBest | undefined) =>
  b && {
    score: b.record.score,
    played_at: b.record.played_at,
    grade: b.record.grade,
    plays: b.plays,
    combo: b.combo ?? null
  }

/** The app's own Reality by plain loops: each chart's best Reality (either mode), the best 20 summed over 20. */
function realityByHand(plays: readonly KeptRecord[]): number {
  const perChart = new Map<string, number>()
  for (const p of plays) perChart.set(p.chart_id, Math.max(perChart.get(p.chart_id) ?? 0, p.reality))
  return (
    [...perChart.values()]
      .sort((a, b) => b - a)
      .slice(0, 20)
      .reduce((s, v) => s + v, 0) / 20
  )
}

/** The new bests of the plays in [from, to): charts and modes whose best over every earlier play rose, by hand. */
function newBestsByHand(plays: readonly KeptRecord[], from: number, to: number) {
  const out: { chart_id: string; mode: string; before: number; after: number }[] = []
  const inside = plays.filter((p) => Date.parse(p.played_at) >= from && Date.parse(p.played_at) < to)
  const keys = [...new Set(inside.map((p) => `${p.chart_id}|${isTouch(p) ? 'touch' : 'keyboard'}`))]
  for (const k of keys) {
    const [chart, mode] = k.split('|') as [string, string]
    const same = (p: KeptRecord) => p.chart_id === chart && (isTouch(p) ? 'touch' : 'keyboard') === mode
    const before = plays.filter((p) => same(p) && Date.parse(p.played_at) < from)
    if (before.length === 0) continue
    const then = Math.max(...before.map((p) => p.score))
    const now = Math.max(then, ...inside.filter(same).map((p) => p.score))
    if (now > then) out.push({ chart_id: chart, mode, before: then, after: now })
  }
  return out.sort((a, b) => a.chart_id.localeCompare(b.chart_id))
}

const countedNewBests = (list: { chart_id: string; mode: string; before: number; after: number }[]) =>
  list.map(({ chart_id, mode, before, after }) => ({ chart_id, mode, before, after })).sort((a, b) => a.chart_id.localeCompare(b.chart_id))

describe('hiding a play', () => {
  // The chart's best, grade, FC/AP, Reality, the session's new bests, folders and goals follow; showing it restores each.
  it('the best play of a chart: every value follows, and showing it restores every value', async () => {
    const t = await app('hide-best')
    const served = new Set(service.controls.plays('global', 'alice').map((p) => p.chart_id))
    const free = [...list.values()].filter((c) => !served.has(c.chart_id) && c.constant !== undefined)
    const x = free[0]!
    const others = free.slice(1, 6)
    // Two sittings: day 1 an FC on X, day 2 X's all perfect (its best) and a play with misses, with other charts around.
    const rows: TestPlay[] = [
      { chart_id: x.chart_id, score: 900_000, played_at: at(1, 0), reality: 11, counts: FC },
      ...others.map((c, i) => ({
        chart_id: c.chart_id,
        score: 880_000 + i * 1000,
        played_at: at(1, 5 + i),
        reality: 9 + i / 10,
        counts: MISSES
      })),
      { chart_id: x.chart_id, score: 1_005_000, played_at: at(2, 0), reality: 15.5, counts: AP, score_accuracy: 1 },
      { chart_id: x.chart_id, score: 950_000, played_at: at(2, 10), reality: 13, counts: MISSES },
      ...others.map((c, i) => ({
        chart_id: c.chart_id,
        score: 890_000 + i * 1000,
        played_at: at(2, 20 + i),
        reality: 9.5 + i / 10,
        counts: FC
      }))
    ]
    const goal = (name: string, criterion: { kind: 'score'; min: number } | { kind: 'allPerfect' }) =>
      t.call('progress:createGoal', t.id, {
        name,
        criterion,
        mode: 'keyboard',
        scope: { kind: 'chart', chart: x.chart_id },
        target: { kind: 'all' }
      })
    await goal('million', { kind: 'score', min: 1_000_000 })
    await goal('all perfect', { kind: 'allPerfect' })
    writeDataDb(join(t.game, 'data.db'), rows, { username: 'alice', user_id: t.uid })
    expect(await t.call('gameFolder:importPlays', t.id, { pick: false, anyUser: false })).toMatchObject({ added: rows.length })
    await t.call('progress:load', t.id)
    await t.call('sessions:load', t.id)

    const folder = `difficulty:${x.difficulty}`
    const sessionOf = async () => {
      const cards = await t.call('sessions:list', t.id)
      const card = cards.find((c) => c.start <= Date.parse(at(2, 0)) && c.end >= Date.parse(at(2, 0)))!
      return t.call('sessions:summary', t.id, card.id)
    }
    const player = () => t.events.latest('sync:player', (p) => p.accountId === t.id)!
    const snapshot = async () => ({
      best: player().bests.find((b) => b.record.chart_id === x.chart_id && b.mode === 'keyboard'),
      player: player(),
      session: await sessionOf(),
      row: (await t.call('progress:folder', t.id, folder, 'keyboard')).row,
      goals: t.events.latest('progress:changed')!.goals.map((g) => [g.goal.name, g.done])
    })
    /** Every value against what plain loops over the kept plays give, those hidden left out. */
    const expectTruth = async (hidden: Set<string>) => {
      const plays = (await t.call('sync:history', t.id)).records.filter((p) => !hidden.has(keyOf(p)))
      const now = await snapshot()
      expect(bestShown(now.best)).toEqual(bestByHand(plays, x.chart_id, false))
      // The app's own Reality (one value per chart, both modes together), from the bests it now holds.
      expect(realityTogether(now.player.bests)).toBeCloseTo(realityByHand(plays), 9)
      expect(countedNewBests(now.session.newBests)).toEqual(newBestsByHand(plays, Date.parse(at(2, 0)), Date.parse(at(3, 0))))
      expect(now.session.allPerfects.some((c) => c.chart_id === x.chart_id)).toBe(
        plays.some((p) => p.chart_id === x.chart_id && markOf(p) === 'AP')
      )
      const charts = [...list.values()].filter((c) => c.difficulty === x.difficulty).map((c) => c.chart_id)
      const truths = charts.map((c) => truthOf(c, 'keyboard', plays, [])).filter((v) => v !== null)
      const xTruth = truthOf(x.chart_id, 'keyboard', plays, [])!
      // Folders and goals are checked again after the bests moved (on their signal): waited for.
      await vi.waitFor(async () => {
        expect(t.events.latest('progress:changed')!.goals.map((g) => [g.goal.name, g.done])).toEqual([
          ['million', xTruth.score >= 1_000_000],
          ['all perfect', xTruth.ap]
        ])
        const row = (await t.call('progress:folder', t.id, folder, 'keyboard')).row
        expect({ played: row.played, fc: row.fullCombo, ap: row.allPerfect }).toEqual({
          played: truths.length,
          fc: truths.filter((v) => v.fc).length,
          ap: truths.filter((v) => v.ap).length
        })
      })
      now.row = (await t.call('progress:folder', t.id, folder, 'keyboard')).row
      now.goals = t.events.latest('progress:changed')!.goals.map((g) => [g.goal.name, g.done])
      return now
    }

    const before = await expectTruth(new Set())
    expect(before.best?.record.score).toBe(1_005_000)
    const best = rows[1 + others.length]!
    const hidden = await t.call(
      'record:hide',
      t.id,
      [{ chart_id: x.chart_id, played_at: best.played_at, score: best.score }],
      'a friend played'
    )
    expect(hidden.changed).toBe(1)
    const state = t.events.latest('record:changed', (s) => s.accountId === t.id)!
    expect(Object.entries(state.hidden).map(([k, m]) => [k, m.why])).toEqual([
      [keyOf({ ...best, chart_id: x.chart_id }), 'a friend played']
    ])
    const whileHidden = await expectTruth(new Set([keyOf({ ...best, chart_id: x.chart_id })]))
    // It moved: X's best is the play with misses now, no longer an AP; the session counts the hidden play apart.
    expect(whileHidden.best).toMatchObject({ record: { score: 950_000 }, combo: 'FC' })
    expect(whileHidden.session.card).toMatchObject({ hidden: 1, plays: before.session.card.plays - 1 })
    expect(whileHidden.session.plays.find((p) => p.score === 1_005_000)).toMatchObject({ hidden: true, newBest: false })
    expect(whileHidden.player.hidden).toBe(1)

    // Showing it again puts every value back exactly.
    expect((await t.call('record:unhide', t.id, [{ chart_id: x.chart_id, played_at: best.played_at, score: best.score }])).changed).toBe(1)
    const after = await expectTruth(new Set())
    expect({ ...after, player: { ...after.player, hiddenVersion: undefined } }).toEqual({
      ...before,
      player: { ...before.player, hiddenVersion: undefined }
    })
    await t.core.dispose()
  })

  it('a play that is not kept, or input out of bounds, is refused with a clear error and changes nothing', async () => {
    const t = await app('hide-refused')
    const [play] = (await t.call('sync:history', t.id)).records
    const ref = { chart_id: play!.chart_id, played_at: play!.played_at, score: play!.score }
    const before = JSON.stringify(t.events.latest('sync:player'))
    await expect(t.call('record:hide', t.id, [ref, { ...ref, score: ref.score + 1 }], null)).rejects.toMatchObject({
      data: { code: 'not_found' }
    })
    // At the window's door (the dispatcher) and at the service's (the CLI calls it): refused both times.
    const service_ = t.core.modules.record.record
    const refused = expect.objectContaining({ data: expect.objectContaining({ code: expect.stringMatching(/^invalid_(input|payload)$/) }) })
    for (const why of ['x'.repeat(10_000), 'bell\u0007', 'line\nbreak', '\u202eevil']) {
      await expect(t.call('record:hide', t.id, [ref], why)).rejects.toEqual(refused)
      await expect(service_.hide(t.id, [ref], true, why)).rejects.toMatchObject({ data: { code: 'invalid_input' } })
    }
    for (const note of ['n'.repeat(3_000_000), 'a\u001b[31mred', 'nul\u0000']) {
      await expect(t.call('record:setPlay', t.id, ref, { note })).rejects.toEqual(refused)
      await expect(service_.setPlay(t.id, ref, { note })).rejects.toMatchObject({ data: { code: 'invalid_input' } })
    }
    await expect(service_.hide(t.id, [{ ...ref, played_at: 'yesterday' }], true)).rejects.toMatchObject({ data: { code: 'invalid_input' } })
    await expect(service_.hide(t.id, [], true)).rejects.toMatchObject({ data: { code: 'invalid_input' } })
    await expect(t.call('record:setSession', t.id, '123', { name: 'nowhere' })).rejects.toMatchObject({ data: { code: 'not_found' } })
    await expect(t.call('record:undoImport', t.id, 'no-such-import')).rejects.toMatchObject({ data: { code: 'not_found' } })
    await expect(t.call('record:redoImport', t.id, '../../etc')).rejects.toMatchObject({ data: { code: 'not_found' } })
    await t.call('record:load', t.id)
    const state = t.events.latest('record:changed')!
    expect([state.hidden, state.plays, state.sessions]).toEqual([{}, {}, {}])
    expect(JSON.stringify(t.events.latest('sync:player'))).toBe(before)
    await t.core.dispose()
  })
})

/** Every kept play, each as its full text, hashed in order of its key: the whole record in one value. */
function fingerprintOf(records: readonly KeptRecord[]): string {
  const lines = records.map((r) => `${keyOf(r)} ${JSON.stringify(r)}`).sort()
  return createHash('sha256').update(lines.join('\n')).digest('hex')
}

async function fingerprint(t: { call: ReturnType<typeof testCore>['call'] }, id: string): Promise<string> {
  return fingerprintOf((await t.call('sync:history', id)).records)
}

describe('taking an import back', () => {
  it('removes exactly the plays it added (not those the service reported since), and a second import adds them again', async () => {
    const t = await app('undo-import', 'tired')
    const served = new Set(service.controls.plays('global', 'tired').map((p) => p.chart_id))
    const free = [...list.values()].filter((c) => !served.has(c.chart_id)).slice(0, 8)
    const rows: TestPlay[] = free.map((c, i) => ({ chart_id: c.chart_id, score: 850_000 + i * 7_000, played_at: at(3, i * 3), counts: FC }))
    const start = await fingerprint(t, t.id)
    writeDataDb(join(t.game, 'data.db'), rows, { username: 'tired', user_id: t.uid })
    expect(await t.call('gameFolder:importPlays', t.id, { pick: false, anyUser: false })).toMatchObject({ added: rows.length })
    const imported = await fingerprint(t, t.id)
    expect(imported).not.toBe(start)
    // The service reports one of the imported plays since: it is the service's too, and stays.
    const shared = rows[0]!
    service.controls.addPlayOf('global', 'tired', shared.chart_id, shared.score, false, { played_at: shared.played_at })
    await t.call('sync:run', t.id, {})
    const withShared = (await t.call('sync:history', t.id)).records
    const entry = t.events.latest('record:changed', (s) => s.imports.length > 0)!.imports[0]!
    expect(entry).toMatchObject({ count: rows.length, source: { kind: 'data.db', automatic: false }, undone: null })

    expect(await t.call('record:undoImport', t.id, entry.id)).toEqual({ removed: rows.length - 1, kept: 1 })
    const after = (await t.call('sync:history', t.id)).records.map(keyOf)
    const gone = rows.slice(1).map(keyOf)
    expect(after.sort()).toEqual(
      withShared
        .map(keyOf)
        .filter((k) => !gone.includes(k))
        .sort()
    )
    expect(t.events.latest('record:changed')!.imports[0]).toMatchObject({ id: entry.id, undone: { removed: rows.length - 1, kept: 1 } })
    // The bests follow: no best of a removed play is left.
    const bests = t.events.latest('sync:player', (p) => p.accountId === t.id)!.bests
    for (const row of rows.slice(1)) expect(bests.some((b) => keyOf(b.record) === keyOf(row))).toBe(false)

    // Put back from the list, then taken back again: the same record each time.
    expect(await t.call('record:redoImport', t.id, entry.id)).toEqual({ added: rows.length - 1 })
    const putBack = await fingerprint(t, t.id)
    await t.call('record:undoImport', t.id, entry.id)
    const takenBack = await fingerprint(t, t.id)
    expect(putBack).not.toBe(takenBack)
    // A second import of the same file adds them again, as a new entry.
    expect(await t.call('gameFolder:importPlays', t.id, { pick: false, anyUser: false })).toMatchObject({ added: rows.length - 1 })
    expect(await fingerprint(t, t.id)).toBe(putBack)
    expect(t.events.latest('record:changed')!.imports.map((e) => e.undone === null)).toEqual([true, false])
    await t.core.dispose()
  })

  it('an import read as the game’s files change leaves out the plays of an import taken back', async () => {
    const t = await app('undo-automatic', 'newbie')
    const served = new Set(service.controls.plays('global', 'newbie').map((p) => p.chart_id))
    const [a, b] = [...list.values()].filter((c) => !served.has(c.chart_id))
    const friend: TestPlay = { chart_id: a!.chart_id, score: 990_000, played_at: at(4, 0), counts: AP }
    writeDataDb(join(t.game, 'data.db'), [friend], { username: 'newbie', user_id: t.uid })
    await t.call('gameFolder:importPlays', t.id, { pick: false, anyUser: false })
    const entry = t.events.latest('record:changed', (s) => s.imports.length > 0)!.imports[0]!
    await t.call('record:undoImport', t.id, entry.id)
    // The game writes another play: the automatic import adds it, not the play taken back.
    const mine: TestPlay = { chart_id: b!.chart_id, score: 800_000, played_at: at(4, 30), counts: FC }
    writeDataDb(join(t.game, 'data.db'), [mine], { username: 'newbie', user_id: t.uid })
    const cache = t.core.modules.sync.sync.cache(t.id)
    await cache.remember(
      [
        { ...friend, score_accuracy: 1, reality: 10, grade: 'M', modifiers: [] },
        { ...mine, score_accuracy: 0.97, reality: 10, grade: 'S', modifiers: [] }
      ] as KeptRecord[],
      { kind: 'import', source: { kind: 'data.db', label: 'data.db', automatic: true } }
    )
    const keys = (await t.call('sync:history', t.id)).records.map(keyOf)
    expect(keys).toContain(keyOf(mine))
    expect(keys).not.toContain(keyOf(friend))
    await t.core.dispose()
  })
})

describe('notes and stars', () => {
  it('survive a restart, and an export read back into a fresh install (with the hidden plays and session names)', async () => {
    const target = join(work, 'history.json')
    const t = await app('notes', 'alice')
    await t.core.dispose()
    const first = testCore({
      localBaseUrl: service.deployments.global.base_url,
      dataDir: t.dataDir,
      cipher: t.cipher,
      deps: { desktop: { chooseSavePath: async () => target } },
      options: { gameFolder: { pollMs: null } }
    })
    const plays = (await first.call('sync:history', t.id)).records
    const [starred, noted, hiddenPlay] = plays
    const ref = (p: KeptRecord) => ({ chart_id: p.chart_id, played_at: p.played_at, score: p.score })
    await first.call('record:setPlay', t.id, ref(starred!), { starred: true })
    await first.call('record:setPlay', t.id, ref(noted!), { note: 'tournament set\nround 2' })
    await first.call('record:hide', t.id, [ref(hiddenPlay!)], 'April Fools chart')
    await first.call('sessions:load', t.id)
    const [session] = await first.call('sessions:list', t.id)
    await first.call('record:setSession', t.id, session!.id, { name: 'tournament practice', starred: true })
    await first.call('record:load', t.id)
    const marks = (s: ReturnType<typeof first.events.latest<'record:changed'>>) => ({
      hidden: Object.fromEntries(Object.entries(s!.hidden).map(([k, m]) => [k, m.why])),
      plays: Object.fromEntries(Object.entries(s!.plays).map(([k, n]) => [k, [n.note, n.starred]])),
      sessions: s!.sessions
    })
    const kept = marks(first.events.latest('record:changed'))
    expect(kept.plays).toEqual({ [keyOf(starred!)]: [null, true], [keyOf(noted!)]: ['tournament set\nround 2', false] })
    expect(kept.sessions).toEqual({ [session!.id]: { name: 'tournament practice', note: null, starred: true } })
    expect(await first.call('progress:export', t.id)).toBe(target)
    const exported = JSON.parse(readFileSync(target, 'utf8')) as { plays: Record<string, unknown>[] }
    expect(exported.plays.find((p) => p.chart_id === noted!.chart_id && p.score === noted!.score)).toMatchObject({
      note: 'tournament set\nround 2',
      starred: false,
      hidden: false
    })
    await first.core.dispose()

    // A restart: the same marks, and the hidden play still in no best.
    const again = testCore({
      localBaseUrl: service.deployments.global.base_url,
      dataDir: t.dataDir,
      cipher: t.cipher,
      options: { gameFolder: { pollMs: null } }
    })
    await again.call('record:load', t.id)
    expect(marks(again.events.latest('record:changed'))).toEqual(kept)
    await again.call('sync:load', t.id)
    await vi.waitFor(() => expect(again.events.latest('sync:player')?.hidden).toBe(1))
    await again.core.dispose()

    // A fresh install: the same account signed in, the export read back.
    const fresh = testCore({ localBaseUrl: service.deployments.global.base_url, options: { gameFolder: { pollMs: null } } })
    const token = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!.user_token
    const { account } = await addUserToken(fresh.core.handlers, 'local', token)
    expect(account.id).toBe(t.id)
    await fresh.call('sync:run', t.id, {})
    const read = await fresh.call('record:importHistory', t.id, readFileSync(target, 'utf8'), 'history.json')
    expect(read).toMatchObject({ unreadable: 0, marks: 4 })
    expect(read.added + read.alreadyKept).toBe(plays.length)
    expect(await fingerprint(fresh, t.id)).toBe(fingerprintOf(plays))
    await fresh.call('record:load', t.id)
    expect(marks(fresh.events.latest('record:changed'))).toEqual(kept)
    await fresh.core.dispose()
  })
})

describe('the CLI and a running app on one data folder', () => {
  it('the CLI changes no mark while the app has the folder open, and says to close it; once the app is closed it can', async () => {
    const t = await app('lock', 'alice')
    const [play] = (await t.call('sync:history', t.id)).records
    const ref = { chart_id: play!.chart_id, played_at: play!.played_at, score: play!.score }
    const lock = join(t.dataDir, '.companion.lock')
    t.core.modules.record.start()
    await vi.waitFor(() => expect(existsSync(lock)).toBe(true))
    const identity = { name: 'Game Account Companion', version: '0.1.0-test', platform: 'linux', host: 'node', systemLanguage: 'en-US' }
    const cli = testCore({
      localBaseUrl: service.deployments.global.base_url,
      dataDir: t.dataDir,
      cipher: t.cipher,
      deps: { identity: { ...identity, program: 'cli' } as never },
      options: { gameFolder: { pollMs: null } }
    })
    const { record } = cli.core.modules.record
    await expect(record.hide(t.id, [ref], true)).rejects.toMatchObject({
      code: 'busy',
      message: expect.stringContaining('Close the app first')
    })
    await expect(record.setPlay(t.id, ref, { starred: true })).rejects.toMatchObject({ code: 'busy' })
    expect(record.state(t.id)).toMatchObject({ hidden: {}, plays: {} })
    await t.core.dispose()
    expect(existsSync(lock)).toBe(false)
    await expect(record.hide(t.id, [ref], true)).resolves.toMatchObject({ changed: 1 })
    // The CLI holds the lock only for its change.
    expect(existsSync(lock)).toBe(false)
    expect(Object.keys(record.state(t.id).hidden)).toEqual([keyOf(ref)])
    await cli.core.dispose()
  })
})
