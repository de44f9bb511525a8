import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterAll, describe, expect, it } from 'vitest'
import { chartOfRecord, listOfRecords, listOfSave } from '../../../src/main/planner/lists'
import { PlannerWorker, plannerWorkerAt } from '../../../src/main/planner/off-thread'
import { PlannerService } from '../../../src/main/planner/planner-service'
import type { ScoreRecord } from '../../../src/shared/api'
import type { ChartInfo } from '../../../src/shared/data'
import { AppError } from '../../../src/shared/errors'
import type { InvokeArgs } from '../../../src/shared/ipc/contract'
import type { PlannerList } from '../../../src/shared/planner/list'
import { planReality } from '../../../src/shared/planner/plan'
import { plannerList } from '../../../scripts/bench/scenarios/planner'
import { testCore } from '../../support/core'
import { newPlay, reality, shown } from './truth'

/** Every file of a folder with its bytes: "nothing changed" is the same listing, byte for byte. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name)
      if (statSync(path).isDirectory()) walk(path)
      else out[path] = readFileSync(path, 'base64')
    }
  }
  walk(dir)
  return out
}

const record = (chart_id: string, score: number, reality: number, modifiers: string[] = ['TouchMode']): ScoreRecord =>
  ({
    chart_id,
    score,
    reality,
    modifiers,
    score_accuracy: 0.99,
    grade: 'S',
    played_at: '2026-01-01T00:00:00Z',
    game_version: 'v4.4.2'
  }) as ScoreRecord

describe('the planner module: what it is given is checked before anything runs', () => {
  const t = testCore({ localBaseUrl: 'http://127.0.0.1:9/global/api' })
  afterAll(() => t.core.dispose())
  const account = { kind: 'account', accountId: 'nobody', mode: 'touch' } as const

  const refused = async (call: () => Promise<unknown>, code: string) => {
    const error = await call().then(
      () => null,
      (e: unknown) => e
    )
    expect(error, 'refused').toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe(code)
  }

  it('refuses a target, options, a source or what-if scores out of range, with nothing written anywhere', async () => {
    await t.call('settings:update', { language: 'en' })
    const before = snapshot(t.dataDir)
    const plans: unknown[][] = [
      [account, -0.01, {}],
      [account, 100.01, {}],
      [account, Number.NaN, {}],
      [account, Number.POSITIVE_INFINITY, {}],
      [account, '13.5', {}],
      [account, 13, { maxCharts: 0 }],
      [account, 13, { maxCharts: 1001 }],
      [account, 13, { maxCharts: 2.5 }],
      [account, 13, { maxLevel: 31 }],
      [account, 13, { maxLevel: -1 }],
      [account, 13, { playedOnly: 'yes' }],
      [{ kind: 'account', accountId: '', mode: 'touch' }, 13, {}],
      [{ kind: 'account', accountId: 'a', mode: 'any' }, 13, {}],
      [{ kind: 'backup', backupId: '../../etc/passwd' }, 13, {}],
      [{ kind: 'backup', backupId: 'folder/..' }, 13, {}],
      [{ kind: 'backup', backupId: 'a/b/c' }, 13, {}],
      [{ kind: 'file', path: '/etc/passwd' }, 13, {}],
      [account, 13]
    ]
    for (const args of plans) await refused(() => t.call('planner:plan', ...(args as InvokeArgs<'planner:plan'>)), 'invalid_payload')
    const id = 'a0a0a0a0-0000-4000-8000-000000000000'
    const whatIfs: unknown[] = [
      [],
      Array.from({ length: 51 }, () => ({ chart_id: id, score: 900_000 })),
      [{ chart_id: id, score: 1_010_001 }],
      [{ chart_id: id, score: -1 }],
      [{ chart_id: id, score: 900_000.5 }],
      [{ chart_id: id, score: 900_000, preset: 'SS' }],
      [{ chart_id: id }],
      [{ chart_id: id, preset: 'SSS' }],
      [{ chart_id: '', score: 900_000 }],
      [{ chart_id: 'x'.repeat(101), score: 900_000 }]
    ]
    for (const scores of whatIfs)
      await refused(() => t.call('planner:whatIf', account, scores as InvokeArgs<'planner:whatIf'>[1]), 'invalid_payload')
    expect(snapshot(t.dataDir)).toEqual(before)
  })

  it('an account that is not signed in, or a backup that is not in the library, is said so', async () => {
    await refused(() => t.call('planner:plan', account, 13, {}), 'not_found')
    await refused(() => t.call('planner:whatIf', account, [{ chart_id: 'x', preset: 'AP' }]), 'not_found')
    await refused(() => t.call('planner:plan', { kind: 'backup', backupId: 'nobody/nothing' }, 13, {}), 'not_found')
    // Stopping when nothing runs is no error.
    expect(await t.call('planner:cancel')).toBeNull()
  })
})

describe("the planner's lists: what it is given of an account and of a save", () => {
  const charts = new Map<string, ChartInfo>([
    ['a', { chart_id: 'a', title: 'A', difficulty: 'Cloudburst', constant: 12.4 }],
    // The list is older than the game: the record below says 12.9.
    ['b', { chart_id: 'b', title: 'B', difficulty: 'Clear', constant: 12.0 }],
    ['c', { chart_id: 'c', title: 'C', difficulty: 'Drizzle', constant: 5.5 }],
    ['d', { chart_id: 'd', title: 'D', difficulty: 'Sprinkle' }]
  ])

  it("keeps each record's own Reality, takes the constant its Reality implies where the list disagrees, caps an Overloaded best", () => {
    // 1,000,000 on a chart of 12.4 is worth 12.4 + 1.5.
    expect(chartOfRecord(record('a', 1_000_000, 13.9), charts.get('a'))).toMatchObject({ constant: 12.4, score: 1_000_000, reality: 13.9 })
    // The list says 12.0, but 14.4 at 1,000,000 means 12.9 (14.4 − 1.5): the Reality screen uses 12.9 too.
    expect(chartOfRecord(record('b', 1_000_000, 14.4), charts.get('b')).constant).toBeCloseTo(12.9, 9)
    // An Overloaded best (above 1,010,000) is rated as 1,010,000; a record without a Reality of its own is rated by its rule.
    expect(chartOfRecord(record('a', 1_012_000, 13.9), charts.get('a')).score).toBe(1_010_000)
    expect(chartOfRecord(record('a', 900_000, 0), charts.get('a')).reality).toBeNull()
  })

  it("an account's list leaves AutoPlay's records out and offers the charts with a constant not played yet; a save's likewise", () => {
    const list = listOfRecords('keyboard', [record('a', 990_000, 13.3, []), record('b', 1_010_000, 14.4, ['AutoPlay'])], charts)
    expect(list.mode).toBe('keyboard')
    expect(list.bests.map((b) => b.chart_id)).toEqual(['a'])
    // b (AutoPlay's only) and c are not played; d has no constant.
    expect(list.unplayed!.map((b) => [b.chart_id, b.score])).toEqual([
      ['b', 0],
      ['c', 0]
    ])
    const save = listOfSave(
      [
        {
          chartId: 'c',
          score: 950_000,
          accuracy: 0.99,
          grade: 'SS',
          fullCombo: null,
          allPerfect: false,
          playedAt: null,
          mode: null,
          gameVersion: '3.2.0',
          legacy: true,
          reality: null
        }
      ],
      charts
    )
    expect(save.mode).toBe('save')
    expect(save.bests[0]).toMatchObject({ constant: 5.5, legacy: true, gameVersion: '3.2.0', reality: null })
    expect(save.unplayed!.map((b) => b.chart_id)).toEqual(['a', 'b'])
  })
})

/** Forty bests of a player of level 12 or so, repeatable. */
function listOf(seed: number): PlannerList {
  let state = seed
  const next = () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32
  const bests = Array.from({ length: 40 }, (_, i) => {
    const constant = Math.round((8 + next() * 6) * 10) / 10
    return { chart_id: `c${i}`, title: `Song ${i}`, difficulty: 'Cloudburst', constant, score: 900_000 + Math.floor(next() * 100_000) }
  })
  return { mode: 'touch', bests }
}

describe('plans on the worker thread', () => {
  const start = plannerWorkerAt(new URL('../../../src/main/planner/planner-worker.ts', import.meta.url), ['--import', 'tsx'])

  it('answers what the planner answers on this thread, and the plan reaches the target by the notes’ rules', async () => {
    const worker = new PlannerWorker(start)
    try {
      const list = listOf(7)
      const values = list.bests.map((b) => newPlay(b.constant!, b.score))
      const target = (shown(reality(values, 20)) + 10) / 100
      const plan = await worker.plan(list, target, { maxCharts: 4 })
      expect(plan).toEqual(planReality(list, target, { maxCharts: 4 }))
      expect(plan.reachable).toBe(true)
      // Truth: every step's chart at its new score, Reality recomputed and cut as the game shows it.
      const raised = new Map(plan.steps.map((s) => [s.chart_id, s.to]))
      const after = list.bests.map((b) => newPlay(b.constant!, raised.get(b.chart_id) ?? b.score))
      expect(shown(reality(after, 20))).toBeGreaterThanOrEqual(Math.round(target * 100))
      expect(plan.steps.length).toBeLessThanOrEqual(4)
    } finally {
      await worker.close()
    }
  }, 30_000)

  it('a cancelled plan fails as cancelled, waiting or running; the next one is answered; a refused target comes back refused', async () => {
    const worker = new PlannerWorker(start)
    try {
      const list = listOf(11)
      // Asked and cancelled before it starts.
      const waiting = worker.plan(list, 14, {})
      await worker.cancel()
      await expect(waiting).rejects.toMatchObject({ code: 'cancelled' })
      expect((await worker.plan(list, 0, {})).steps).toEqual([])
      // Running: 3,000 bests to near the highest they allow takes the search its whole node limit (seconds, docs/planner.md).
      const big = plannerList(54)
      const running = worker.plan(big, Math.floor(planReality(big, 0).best * 100 - 1) / 100, {})
      await new Promise((resolve) => setTimeout(resolve, 100))
      await worker.cancel()
      await expect(running).rejects.toMatchObject({ code: 'cancelled' })
      expect((await worker.plan(list, 0, {})).steps).toEqual([])
      await expect(worker.plan(list, 101, {})).rejects.toMatchObject({ code: 'invalid_input' })
    } finally {
      await worker.close()
    }
  }, 60_000)

  it('a worker that cannot start: the plan is worked out on this thread instead', async () => {
    const broken = new PlannerWorker(() => new Worker('throw new Error("no")', { eval: true }))
    const service = new PlannerService({ worker: broken })
    const list = listOf(3)
    expect(await service.plan(list, 13, {})).toEqual(planReality(list, 13, {}))
    await broken.close()
  }, 30_000)
})
