import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import { startServiceWithList } from '../support/service-with-list'
import { folderJson } from '../../src/cli/render'
import { createHeadless } from '../../src/main/headless/headless'
import type { KeptRecord } from '../../src/shared/api'
import type { ChartInfo } from '../../src/shared/data'
import { addUserToken, testCore } from '../support/core'
import { signedInGameCore } from '../support/game-core'
import { writeDataDb, writeSavesDb, type TestChart, type TestPlay } from '../support/game-saves'

let service: ReferenceService
let work: string
let listText: string
let list: Map<string, ChartInfo>
let close: (() => Promise<void>) | undefined
beforeAll(async () => {
  ;({ service, work, listText, list, close } = await startServiceWithList('progress'))
})
afterAll(() => close?.())

const tokenOf = (username: string) => service.accounts.find((a) => a.username === username && a.deployment === 'global')!.user_token

async function app(name: string) {
  const t = await signedInGameCore({
    service,
    home: join(work, name),
    username: 'alice',
    prepare: (core) => core.call('chartList:import', listText, 'resources.json')
  })
  const state = () => t.events.latest('progress:changed', (s) => s.accountId === t.id)!
  return { ...t, state }
}

/** A kept play as the game's data.db holds it: the same fields, its judgements, its input mode. */
const asRow = (r: KeptRecord): TestPlay => ({
  chart_id: r.chart_id,
  score: r.score,
  played_at: r.played_at,
  score_accuracy: r.score_accuracy,
  reality: r.reality,
  grade: r.grade,
  modifiers: JSON.stringify(r.modifiers),
  game_version: r.game_version,
  counts: [
    r.score_exact_count ?? 0,
    r.score_perfect_count ?? 0,
    r.score_great_count ?? 0,
    r.score_good_count ?? 0,
    r.score_bad_count ?? 0,
    r.score_miss_count ?? 0
  ]
})

const ids = () => [...list.keys()]
const at = (i: number) => new Date(Date.UTC(2024, 2, 1) + i * 3_600_000).toISOString()

describe('folders: the CLI and the app count the same game files the same way', () => {
  it('real-schema saves.db and data.db, the community list: every folder and mode, the same numbers and missing charts', async () => {
    const t = await app('agree')
    const kept = (await t.call('sync:history', t.id)).records
    // Plays the game kept beyond what the service reported: both modes, full combos, all perfects, misses; one unknown chart.
    const local: TestPlay[] = Array.from({ length: 60 }, (_, i) => ({
      chart_id: i === 59 ? 'not-in-the-list-0000' : ids()[(i * 7) % ids().length]!,
      score: 700_000 + ((i * 37_813) % 310_001),
      played_at: at(i),
      score_accuracy: i % 9 === 0 ? 1 : 0.9 + (i % 10) / 100,
      reality: 9 + (i % 5),
      modifiers: i % 2 ? '["TouchMode"]' : '[]',
      counts: [800, 60, i % 9 === 0 ? 0 : 5, 0, i % 3 === 0 ? 0 : 1, i % 4 === 0 ? 0 : 2]
    }))
    writeDataDb(join(t.game, 'data.db'), [...kept.map(asRow), ...local], { username: 'alice', user_id: t.uid })
    const saved: TestChart[] = ids()
      .filter((_, i) => i % 5 === 0)
      .slice(0, 40)
      .map((id, i) => ({
        id,
        score: 600_000 + ((i * 10_007) % 410_000),
        accuracy: i % 6 === 0 ? 1 : 0.97,
        achieved: i % 3 ? [0, 3] : [0, 3, 4]
      }))
    saved.push({ id: 'save-only-unknown-1', score: 990_000 })
    writeSavesDb(join(t.game, 'saves.db'), { userId: t.uid, charts: saved })

    // The app: the plays imported into the history, the save backed up as this computer's newest version.
    expect(await t.call('gameFolder:importPlays', t.id, { pick: false, anyUser: false })).toMatchObject({ added: local.length })
    expect(await t.call('gameFolder:backup', t.id)).toMatchObject({ status: 'saved' })
    await t.call('progress:load', t.id)
    const state = t.state()
    expect(state.save).toMatchObject({ source: 'computer', charts: saved.length })

    // The CLI's `local folders --json`, from the same folder and the same list.
    const cli = folderJson(await createHeadless({ version: 'test' }).local(t.game).folders(list))
    const appRows = await Promise.all(
      state.rows.map(async (r) => {
        const detail = await t.call('progress:folder', t.id, r.folder, r.mode)
        const missing = detail.charts.filter((c) => c.best === null).map((c) => c.chart_id)
        const { folder, mode, charts, played, grades, overloaded, atLeast, fullCombo, allPerfect } = r
        return { folder, mode, charts, played, grades, overloaded, atLeast, fullCombo, allPerfect, missing }
      })
    )
    const unknownRows = cli.filter((r) => r.folder === 'unknown')
    expect(cli.filter((r) => r.folder !== 'unknown')).toEqual(appRows)
    // The charts the list does not know, apart: the same in both.
    for (const u of state.unknown) expect(unknownRows.find((r) => r.mode === u.mode)?.charts ?? 0).toBe(u.charts.length)
    expect(state.unknown.find((u) => u.mode === 'any')!.charts.sort()).toEqual(['not-in-the-list-0000', 'save-only-unknown-1'])
    // Sanity: the folders hold plays in both modes and the save's marks.
    expect(state.modes).toEqual(['touch', 'keyboard', 'any'])
    expect(cli.some((r) => r.mode === 'any' && r.fullCombo > 0 && r.allPerfect > 0)).toBe(true)
    expect(cli.some((r) => r.mode === 'touch' && r.played > 0) && cli.some((r) => r.mode === 'keyboard' && r.played > 0)).toBe(true)
  })
})

describe('goals re-checked on the signals that change them', () => {
  it('a local import, a sync (a new chart, a raised best) and a new backup meet goals, notified once; kept after a restart', async () => {
    const t = await app('signals')
    const played = new Set(service.controls.plays('global', 'alice').map((p) => p.chart_id))
    const [a, b, c] = ids().filter((id) => !played.has(id))
    const goal = (chart: string, criterion: { kind: 'score'; min: number } | { kind: 'fullCombo' }) =>
      t.call('progress:createGoal', t.id, {
        name: `goal ${chart}`,
        criterion,
        mode: 'any',
        scope: { kind: 'chart', chart },
        target: { kind: 'all' }
      })
    await goal(a!, { kind: 'score', min: 900_000 })
    await goal(b!, { kind: 'score', min: 900_000 })
    await goal(c!, { kind: 'fullCombo' })
    expect(t.state().goals.map((g) => g.done)).toEqual([false, false, false])
    const met = () => t.notify.mock.calls.filter(([title]) => title === 'Goal met').map(([, body]) => body as string)

    // A local import (the plays data.db kept).
    writeDataDb(join(t.game, 'data.db'), [{ chart_id: a!, score: 950_000, played_at: at(1) }], { username: 'alice', user_id: t.uid })
    await t.call('gameFolder:importPlays', t.id, { pick: false, anyUser: false })
    await vi.waitFor(() => expect(met()).toEqual([`goal ${a} (1/1)`]))

    // A sync that brings a play from the service.
    service.controls.addPlayOf('global', 'alice', b!, 960_000, false)
    await t.call('sync:run', t.id, {})
    await vi.waitFor(() => expect(met()).toEqual([`goal ${a} (1/1)`, `goal ${b} (1/1)`]))

    // A sync that raises a best the history already had (the history folds the play into the same best).
    const bests = service.controls.saveBests('global', 'alice')
    const [raised, before] = Object.entries(bests).find(([, score]) => score < 990_000)!
    await t.call('progress:createGoal', t.id, {
      name: 'raised',
      criterion: { kind: 'score', min: before + 1 },
      mode: 'any',
      scope: { kind: 'chart', chart: raised },
      target: { kind: 'all' }
    })
    service.controls.addPlayOf('global', 'alice', raised, before + 5_000, true)
    await t.call('sync:run', t.id, {})
    await vi.waitFor(() => expect(met()).toContain('raised (1/1)'))

    // A new backup of this computer's save, whose bests hold a full combo the plays do not.
    writeSavesDb(join(t.game, 'saves.db'), { userId: t.uid, charts: [{ id: c!, score: 800_000, achieved: [0, 3, 4] }] })
    await t.call('gameFolder:backup', t.id)
    await vi.waitFor(() => expect(met()).toHaveLength(4))
    expect(t.state().goals.every((g) => g.done && g.goal.metAt !== null)).toBe(true)

    // Another sync: nothing new to tell.
    await t.call('sync:run', t.id, {})
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(met()).toHaveLength(4)

    // The goals are kept per account, with when they were met.
    await t.core.dispose()
    const again = testCore({
      localBaseUrl: service.deployments.global.base_url,
      dataDir: t.dataDir,
      cipher: t.cipher,
      deps: { desktop: { documentsDir: join(work, 'signals', 'Documents') } },
      options: { gameFolder: { pollMs: null } }
    })
    await again.call('progress:load', t.id)
    const kept = again.events.latest('progress:changed')!
    expect(kept.goals.map((g) => [g.goal.name, g.done, g.goal.metAt !== null, g.goal.notified])).toEqual(
      [`goal ${a}`, `goal ${b}`, `goal ${c}`, 'raised'].map((name) => [name, true, true, true])
    )
    await again.core.dispose()
  })

  it('exports the kept plays with the goals and folders in one file', async () => {
    const target = join(work, 'export.json')
    const t = testCore({
      localBaseUrl: service.deployments.global.base_url,
      deps: { desktop: { chooseSavePath: async () => target } },
      options: { gameFolder: { pollMs: null } }
    })
    await t.call('chartList:import', listText, 'resources.json')
    const { account } = await addUserToken(t.core.handlers, 'local', tokenOf('alice'))
    await t.call('sync:run', account.id, {})
    await t.call('progress:saveFolder', account.id, { name: 'Mine', filter: { levelMin: 12 } })
    await t.call('progress:createGoal', account.id, {
      name: 'R everywhere',
      criterion: { kind: 'grade', grade: 'R' },
      mode: 'touch',
      scope: { kind: 'folder', folder: 'difficulty:Clear' },
      target: { kind: 'percent', percent: 100 }
    })
    expect(await t.call('progress:export', account.id)).toBe(target)
    const file = JSON.parse(readFileSync(target, 'utf8')) as Record<string, unknown>
    const history = (await t.call('sync:history', account.id)).records
    expect(file).toMatchObject({ schema: 'companion-history/1', account: { username: 'alice' }, unreadablePlays: 0 })
    // Each play with the player's marks on it (none here: #55), and the sessions' marks beside them.
    const unmarked = { hidden: false, hidden_at: null, hidden_why: null, note: null, starred: false }
    expect(file.plays).toEqual(history.map((r) => ({ ...r, ...unmarked })))
    expect(file.sessionNotes).toEqual({})
    expect((file.goals as { name: string }[]).map((g) => g.name)).toEqual(['R everywhere'])
    expect(file.folders).toEqual([{ id: expect.any(String), name: 'Mine', filter: { levelMin: 12 } }])
    await t.core.dispose()
  })
})

describe("backups folders: a backup's save, without a credential", () => {
  it('a save file, the newest backup of any account in the folder, one by name; a name that is none is refused', async () => {
    const game = join(work, 'backup-folders', 'game')
    const library = join(work, 'backup-folders', 'library')
    const charts: TestChart[] = ids()
      .slice(0, 12)
      .map((id, i) => ({ id, score: 900_000 + i * 9_000, achieved: i % 2 ? [0, 3, 4] : [0, 3] }))
    writeSavesDb(join(game, 'saves.db'), { charts })
    const fromFile = await createHeadless({ version: 'test' }).folders({ dir: library, ref: join(game, 'saves.db'), charts: list })
    expect(fromFile.modes).toEqual(['any'])
    expect(fromFile.saveCharts).toBe(12)
    const played = (rows: typeof fromFile.rows) => rows.filter((r) => r.kind === 'difficulty').reduce((n, r) => n + r.played, 0)
    expect(played(fromFile.rows)).toBe(12)
    await expect(createHeadless({ version: 'test' }).folders({ dir: library, ref: null, charts: list })).rejects.toMatchObject({
      code: 'io'
    })

    const saved = await createHeadless({ version: 'test' }).local(game).backup(library, null)
    const newest = await createHeadless({ version: 'test' }).folders({ dir: library, ref: null, charts: list, by: 'level' })
    expect(newest.source).toEqual({ save: saved.path, backupId: saved.entryId, plays: null })
    expect(newest.rows).toEqual(fromFile.rows.filter((r) => r.kind === 'level'))
    expect(
      (await createHeadless({ version: 'test' }).folders({ dir: library, ref: saved.entryId!.split('/')[1]!, charts: list })).rows
    ).toEqual(fromFile.rows)
    await expect(
      createHeadless({ version: 'test' }).folders({ dir: library, ref: 'nothing-by-that-name', charts: list })
    ).rejects.toMatchObject({ code: 'not_found' })
  })
})
