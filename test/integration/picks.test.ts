import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import { startServiceWithList } from '../support/service-with-list'
import type { ChartInfo } from '../../src/shared/data'
import { modeOf } from '../../src/shared/player'
import { addUserToken, testCore } from '../support/core'

/*
 * "Play next", the skill profile and goal packs through the real core on the reference service: the picks follow the
 * plays a sync adds, the random pick keeps its filter and its seed, the skill profile equals a count by hand over the
 * kept plays, and a pack exported by one player is imported by another as the same goals.
 */

let service: ReferenceService
let work: string
let listText: string
let list: Map<string, ChartInfo>
let close: (() => Promise<void>) | undefined
beforeAll(async () => {
  ;({ service, work, listText, list, close } = await startServiceWithList('picks'))
})
afterAll(() => close?.())

const tokenOf = (username: string) => service.accounts.find((a) => a.username === username && a.deployment === 'global')!.user_token

async function app(username: string, savePath = join(work, `${username}.goals.json`)) {
  const t = testCore({
    localBaseUrl: service.deployments.global.base_url,
    tuning: { sleep: async () => {}, timeoutMs: 5_000, retryAfterMs: null },
    deps: { desktop: { chooseSavePath: async () => savePath } },
    options: { gameFolder: { pollMs: null } }
  })
  await t.call('chartList:import', listText, 'resources.json')
  const { account } = await addUserToken(t.core.handlers, 'local', tokenOf(username))
  await t.call('sync:run', account.id, {})
  const picks = () => t.events.latest('picks:changed', (s) => s.accountId === account.id)
  const progress = () => t.events.latest('progress:changed', (s) => s.accountId === account.id)!
  return { ...t, id: account.id, picks, progress, savePath }
}

describe('Play next', () => {
  it('is sent when asked for, and again after a sync adds plays: a near miss picked, then gone once it is reached', async () => {
    const t = await app('alice')
    // A touch play one Good from All Perfect on a chart Alice has not played: the nearest of all near misses.
    const played = new Set(service.controls.plays('global', 'alice').map((p) => p.chart_id))
    const chart = [...list.values()].find((c) => !played.has(c.chart_id) && (c.constant ?? 0) > 5)!.chart_id
    const counts = { score_great_count: 1, score_good_count: 0, score_bad_count: 0, score_miss_count: 0, score_accuracy: 0.9999 }
    service.controls.addPlayOf('global', 'alice', chart, 1_009_990, true, counts)
    await t.call('sync:run', t.id, {})
    await t.call('picks:load', t.id)
    await vi.waitFor(() => expect(t.picks()?.status).toBe('ready'))
    const first = t.picks()!
    expect(first.picks.length).toBeGreaterThan(0)
    expect(first.picks.length).toBeLessThanOrEqual(5)
    expect(first.picks[0]).toMatchObject({
      chart_id: chart,
      mode: 'touch',
      why: { kind: 'nearMiss', miss: 'allPerfect', gap: 1 },
      best: 1_009_990
    })
    // Every pick names a chart of the list or one Alice played, once in its mode, with a target above the best.
    expect(new Set(first.picks.map((p) => `${p.chart_id}|${p.mode}`)).size).toBe(first.picks.length)
    for (const p of first.picks) if (p.target?.score != null && p.best !== null) expect(p.target.score).toBeGreaterThan(p.best)

    // The session goes on: the All Perfect. The sync's plays bring new picks, without the near miss.
    service.controls.addPlayOf('global', 'alice', chart, 1_010_000, true, { ...counts, score_great_count: 0, score_accuracy: 1 })
    await t.call('sync:run', t.id, {})
    await vi.waitFor(() => expect(t.picks()!.version).toBeGreaterThan(first.version))
    await vi.waitFor(() => expect(t.picks()!.picks.some((p) => p.chart_id === chart && p.why.kind === 'nearMiss')).toBe(false))
    await t.core.dispose()
  })

  it('the random pick keeps its filter, says among how many, and draws the same chart for the same seed', async () => {
    const t = await app('alice')
    const level = 10
    // Not played: no play the app keeps (in either mode).
    const played = new Set((await t.call('sync:history', t.id)).records.map((r) => r.chart_id))
    const byHand = [...list.values()].filter(
      (c) => c.constant !== undefined && c.constant > 0 && Math.floor(c.constant) === level && !played.has(c.chart_id)
    )
    const drawn = await t.call('picks:random', t.id, { level, unplayed: true }, 12345)
    expect(drawn.among).toBe(byHand.length)
    expect(byHand.map((c) => c.chart_id)).toContain(drawn.pick!.chart_id)
    expect(drawn.pick!.why).toEqual({ kind: 'random', seed: 12345, among: byHand.length })
    expect(await t.call('picks:random', t.id, { level, unplayed: true }, 12345)).toEqual(drawn)
    const fresh = await t.call('picks:random', t.id, {}, null)
    expect(fresh.seed).toBeGreaterThanOrEqual(0)
    await expect(t.call('picks:random', t.id, { level: 99 }, 1)).rejects.toMatchObject({ code: 'invalid_payload' })
    await t.core.dispose()
  })
})

describe('the skill profile', () => {
  it('per level and mode: the bests, their spread and the clear / FC / AP counts, as counted by hand over the kept plays', async () => {
    const t = await app('alice')
    const profile = await t.call('skill:profile', t.id)
    const { records } = await t.call('sync:history', t.id)
    for (const mode of ['touch', 'keyboard'] as const) {
      const best = new Map<string, { score: number; fc: boolean; ap: boolean }>()
      for (const r of records.filter((r) => modeOf(r) === mode)) {
        const ap = r.score_accuracy >= 1
        const fc = ap || (r.score_bad_count === 0 && r.score_miss_count === 0)
        const kept = best.get(r.chart_id)
        best.set(r.chart_id, { score: Math.max(kept?.score ?? 0, r.score), fc: (kept?.fc ?? false) || fc, ap: (kept?.ap ?? false) || ap })
      }
      const rows = profile.modes.find((m) => m.mode === mode)!.levels
      for (const row of rows) {
        const at = [...best].filter(([id]) => {
          const c = list.get(id)?.constant
          return c !== undefined && c >= 0.001 && Math.floor(c) === row.level
        })
        const scores = at.map(([, b]) => b.score).sort((a, b) => a - b)
        expect(row.played).toBe(at.length)
        expect(row.charts).toBe(
          [...list.values()].filter((c) => c.constant !== undefined && c.constant >= 0.001 && Math.floor(c.constant) === row.level).length
        )
        expect(row.spread?.min ?? null).toBe(scores[0] ?? null)
        expect(row.spread?.max ?? null).toBe(scores.at(-1) ?? null)
        expect(row.spread?.median ?? null).toBe(scores.length ? scores[Math.ceil(scores.length / 2) - 1] : null)
        expect(row.fullCombo).toBe(at.filter(([, b]) => b.fc).length)
        expect(row.allPerfect).toBe(at.filter(([, b]) => b.ap).length)
        expect(row.clear).toBe(at.filter(([, b]) => b.score >= 600_000 || b.fc).length)
      }
    }
    expect(profile.months.length).toBeGreaterThan(0)
    await t.core.dispose()
  })
})

describe('goal packs', () => {
  it('one player exports goals with their folder; another previews and imports them as the same goals; a bad pack: nothing', async () => {
    const alice = await app('alice')
    const ids = [...list.keys()].slice(0, 6)
    const { id: folderId } = await alice.call('progress:saveFolder', alice.id, { name: 'Warm-up', charts: ids })
    await alice.call('progress:createGoal', alice.id, {
      criterion: { kind: 'fullCombo' },
      mode: 'any',
      scope: { kind: 'folder', folder: `custom:${folderId}` },
      target: { kind: 'count', count: 6 }
    })
    await alice.call('progress:createGoal', alice.id, {
      name: 'Rs on two',
      criterion: { kind: 'grade', grade: 'R' },
      mode: 'touch',
      scope: { kind: 'charts', charts: ids.slice(0, 2) },
      target: { kind: 'all' }
    })
    expect(await alice.call('progress:exportPack', alice.id, { name: 'Warm-up week', folder: `custom:${folderId}` })).toBe(alice.savePath)
    const text = readFileSync(alice.savePath, 'utf8')
    // The folder's goals only: the named one is over a list of charts, not the folder.
    expect(JSON.parse(text)).toMatchObject({
      schema: 'companion-goal-pack',
      version: 1,
      name: 'Warm-up week',
      folders: [{ name: 'Warm-up', charts: ids }]
    })
    expect((JSON.parse(text) as { goals: unknown[] }).goals).toHaveLength(1)
    const all = await alice.call('progress:exportPack', alice.id, { name: 'All', goals: alice.progress().goals.map((g) => g.goal.id) })
    expect(all).toBe(alice.savePath)
    const both = readFileSync(alice.savePath, 'utf8')
    await alice.core.dispose()

    const bob = await app('tired')
    await bob.call('progress:load', bob.id)
    const preview = await bob.call('progress:previewPack', bob.id, { text: both })
    expect(preview.name).toBe('All')
    expect(preview.goals.map((g) => g.status)).toEqual(preview.goals.map((g) => (g.met >= g.needed && g.total > 0 ? 'met' : 'add')))
    const broken = both.replace(ids[0]!, 'not-a-chart-of-the-list')
    await expect(bob.call('progress:importPack', bob.id, { text: broken })).rejects.toMatchObject({
      data: { details: { reason: 'pack_unknown_charts', charts: 'not-a-chart-of-the-list' } }
    })
    expect(bob.progress().goals).toEqual([])
    const added = await bob.call('progress:importPack', bob.id, { text: both })
    expect(added.folders).toBe(1)
    const kept = bob.progress()
    expect(kept.folders.map((f) => [f.name, f.charts])).toEqual([['Warm-up', ids]])
    expect(kept.goals.map((g) => [g.goal.name, g.goal.criterion, g.goal.mode, g.goal.target])).toEqual(
      [
        ['Full Combo on 6 charts of Warm-up (Any input)', { kind: 'fullCombo' }, 'any', { kind: 'count', count: 6 }],
        ['Rs on two', { kind: 'grade', grade: 'R' }, 'touch', { kind: 'all' }]
      ].filter((_, i) => preview.goals[i]!.status === 'add')
    )
    await bob.core.dispose()
  })

  it('the examples are made from the chart list the app has', async () => {
    const t = await app('alice')
    const preview = await t.call('progress:previewPack', t.id, { example: 'full-combo-level' })
    const byHand = [...list.values()].filter(
      (c) => c.difficulty === 'Cloudburst' && c.constant !== undefined && Math.floor(c.constant) === 10
    )
    expect(preview.name).toBe('Full Combo every Cloudburst of level 10')
    expect(preview.folders).toEqual([
      { id: expect.stringMatching(/^custom:/), name: 'Cloudburst, level 10', charts: byHand.length, exists: false }
    ])
    await t.core.dispose()
  })
})
