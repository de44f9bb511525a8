import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import { startServiceWithList } from '../support/service-with-list'
import { computeInsights } from '../../src/shared/insights'
import type { ChartInfo } from '../../src/shared/data'
import type { SessionsState } from '../../src/shared/sessions'
import { signedInGameCore } from '../support/game-core'
import { writeDataDb, writeSavesDb } from '../support/game-saves'

/**
 * The game's odd results through the real services, from the three places they come from: the service's answers
 * (a 1,010,001 the service itself calls R, with a modifier of its own, and a 1,050,000), the game's data.db (the
 * same two scores) and its save (a best of 1,023,456), plus a play the service says AutoPlay made. Every play is kept
 * as read and marked, none is graded R, and no Reality the app computes from them is above the chart's value at
 * 1,010,000: the constant + 1.5, the notes' v3 formula written again here.
 */
let service: ReferenceService
let work: string
let listText: string
let list: Map<string, ChartInfo>
let close: (() => Promise<void>) | undefined
beforeAll(async () => {
  ;({ service, work, listText, list, close } = await startServiceWithList('odd-results'))
})
afterAll(() => close?.())

const most = (constant: number) => constant + 1.5
const ODD_GRADE = 'Overloaded'

describe('the game’s odd results, from the service, data.db and the save, through the app', () => {
  it('every play kept and marked, none graded R, no computed Reality above the chart’s value at 1,010,000', async () => {
    const t = await signedInGameCore({
      service,
      home: join(work, 'alice'),
      username: 'alice',
      prepare: (core) => core.call('chartList:import', listText, 'resources.json')
    })
    // The six hardest charts Alice never played: each odd result on a chart of its own, high enough to be in her best 20.
    const played = new Set((service.controls.plays('global', 'alice') as { chart_id: string }[]).map((p) => p.chart_id))
    const [a, b, e, c, d, f] = [...list.values()]
      .filter((x) => (x.constant ?? 0) >= 1 && !played.has(x.chart_id))
      .sort((x, y) => y.constant! - x.constant!)
      .slice(0, 6)
    const constantOf = (id: string) => list.get(id)!.constant!

    // The service: 1,010,001 on touch, which it calls R and marks with a modifier; 1,050,000 on keyboard; an AutoPlay play.
    service.controls.addPlayOf('global', 'alice', a!.chart_id, 1_010_001, true, { grade: 'R', modifiers: ['TouchMode', 'HeavyDownpour'] })
    service.controls.addPlayOf('global', 'alice', b!.chart_id, 1_050_000, false)
    service.controls.addPlayOf('global', 'alice', e!.chart_id, 1_000_000, true, { modifiers: ['TouchMode', 'AutoPlay'] })
    await t.call('sync:run', t.id, {})
    // The game's data.db: the same two scores on two more charts, an hour apart.
    writeDataDb(
      join(t.game, 'data.db'),
      [
        // No Reality written: what the app computes for it is from the chart list's constant.
        { chart_id: c!.chart_id, score: 1_010_001, played_at: '2026-11-20T10:00:00Z', grade: 'R', modifiers: '["TouchMode"]', reality: 0 },
        { chart_id: d!.chart_id, score: 1_050_000, played_at: '2026-11-20T11:00:00Z', reality: most(constantOf(d!.chart_id)) }
      ],
      { username: 'alice', user_id: t.uid }
    )
    expect(await t.call('gameFolder:importPlays', t.id, { pick: false, anyUser: false })).toMatchObject({ added: 2, unreadable: 0 })
    // The game's save: a best of 1,023,456, backed up from this computer and added to the history.
    writeSavesDb(join(t.game, 'saves.db'), {
      userId: t.uid,
      charts: [{ id: f!.chart_id, score: 1_023_456, level: 0, achieved: [0, 3, 4, 2] }]
    })
    const saved = await t.call('gameFolder:backup', t.id)
    const summary = await t.call('backups:summary', saved.entryId!)
    expect(await t.call('backups:backfill', saved.entryId!)).toEqual({ added: 1 })

    const odd = new Map([
      [a!.chart_id, 1_010_001],
      [b!.chart_id, 1_050_000],
      [c!.chart_id, 1_010_001],
      [d!.chart_id, 1_050_000],
      [f!.chart_id, 1_023_456]
    ])
    const notAbove = (value: number | null, chartId: string, what: string) =>
      expect(value ?? 0, `${what} of ${chartId}`).toBeLessThanOrEqual(most(constantOf(chartId)) + 1e-9)

    // Kept as read and marked: every play in the history, with its real score, graded Overloaded, its modifiers kept.
    const history = (await t.call('sync:history', t.id)).records
    for (const [chartId, score] of odd) {
      const kept = history.filter((r) => r.chart_id === chartId)
      expect(
        kept.map((r) => [r.score, r.grade]),
        chartId
      ).toEqual([[score, ODD_GRADE]])
      notAbove(kept[0]!.reality, chartId, 'the kept Reality')
    }
    expect(history.find((r) => r.chart_id === a!.chart_id)!.modifiers).toEqual(['TouchMode', 'HeavyDownpour'])
    expect(history.find((r) => r.chart_id === e!.chart_id)).toMatchObject({ score: 1_000_000, modifiers: ['TouchMode', 'AutoPlay'] })

    // The service's lists: kept and marked in the recent plays; the best 20 the app derives leave AutoPlay out.
    const data = await t.data(t.id)
    expect(data.recent.skipped).toBe(0)
    const recent = new Map(data.recent.data.map((r) => [r.chart_id, r]))
    for (const id of [a!.chart_id, b!.chart_id]) expect(recent.get(id)).toMatchObject({ score: odd.get(id), grade: ODD_GRADE })
    const insights = computeInsights(data.rank.data!, list)
    expect(insights.touch.autoplay).toBe(1)
    const rows = [...insights.touch.best, ...insights.touch.overflow, ...insights.keyboard.best, ...insights.keyboard.overflow]
    expect(rows.some((r) => r.record.chart_id === e!.chart_id)).toBe(false)
    for (const r of rows.filter((x) => odd.has(x.record.chart_id))) {
      expect(r.record.grade).toBe(ODD_GRADE)
      expect(r.why).toBe('maxed')
      notAbove(r.record.reality, r.record.chart_id, 'the service’s Reality')
    }
    expect(
      rows
        .filter((r) => odd.has(r.record.chart_id))
        .map((r) => r.record.chart_id)
        .sort()
    ).toEqual([a!.chart_id, b!.chart_id].sort())

    // The bests: each odd result is its chart's best at its real score, none R; the AutoPlay play is in none, and counted.
    await t.call('sync:load', t.id)
    await expect.poll(() => t.events.latest('sync:player', (p) => p.accountId === t.id)?.autoplay).toBe(1)
    const bests = t.events.latest('sync:player', (p) => p.accountId === t.id)!.bests
    for (const [chartId, score] of odd) {
      expect(
        bests.filter((x) => x.record.chart_id === chartId).map((x) => [x.record.score, x.record.grade]),
        chartId
      ).toEqual([[score, ODD_GRADE]])
    }
    expect(bests.some((x) => x.record.chart_id === e!.chart_id)).toBe(false)

    // The save's summary: its best kept as read, counted as Overloaded (never R), its Reality the chart's most.
    expect(summary).toMatchObject({ overloaded: 1, charts: 1, skipped: 0, grades: { R: 0 } })
    expect(summary.best[0]).toMatchObject({ chart_id: f!.chart_id, score: 1_023_456, grade: ODD_GRADE })
    expect(summary.best[0]!.reality).toBeCloseTo(most(constantOf(f!.chart_id)), 4)
    expect(summary.reality).toBeCloseTo(most(constantOf(f!.chart_id)) / 20, 4)

    // Folders: each chart's standing at its real score, its Reality the chart's most at most; counted apart from R.
    await t.call('progress:load', t.id)
    await expect.poll(() => t.events.latest('progress:changed', (s) => s.accountId === t.id)?.save?.backupId).toBe(saved.entryId)
    const progress = t.events.latest('progress:changed', (s) => s.accountId === t.id)!
    const seen = new Set<string>()
    for (const row of progress.rows.filter((r) => r.kind === 'level' && r.mode === 'any')) {
      const detail = await t.call('progress:folder', t.id, row.folder, 'any')
      const here = detail.charts.filter((x) => odd.has(x.chart_id))
      expect(row.overloaded, row.folder).toBe(here.length)
      for (const x of here) {
        seen.add(x.chart_id)
        expect(x.best!.score).toBe(odd.get(x.chart_id))
        notAbove(x.best!.reality, x.chart_id, 'the folder’s Reality')
      }
    }
    expect([...seen].sort()).toEqual([...odd.keys()].sort())

    // Sessions: the data.db plays are a session's, graded Overloaded; the AutoPlay play is in none, and counted.
    await t.call('sessions:load', t.id)
    await expect.poll(() => t.events.latest('sessions:changed', (s: SessionsState) => s.accountId === t.id)?.status).toBe('ready')
    expect(t.events.latest('sessions:changed', (s: SessionsState) => s.accountId === t.id)!.autoplay).toBe(1)
    const cards = await t.call('sessions:list', t.id)
    const plays = (await Promise.all(cards.map((card) => t.call('sessions:summary', t.id, card.id)))).flatMap((s) => s.plays)
    for (const [chartId, score] of odd)
      expect(plays.filter((p) => p.chart_id === chartId).map((p) => [p.score, p.grade])).toEqual([[score, ODD_GRADE]])
    expect(plays.some((p) => p.chart_id === e!.chart_id)).toBe(false)
    expect(plays.filter((p) => p.grade === 'R' && odd.has(p.chart_id))).toEqual([])
  })
})
