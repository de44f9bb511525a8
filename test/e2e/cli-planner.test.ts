import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateCatalogue } from '../../reference-service/src/seed/catalogue'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { difficultyCode } from '../../src/shared/charts'
import { runCli, type CliRun } from '../support/cli-run'
import { writeSavesDb, type TestChart } from '../support/game-saves'
import { newPlay, reality, shown, v3 } from '../unit/planner/truth'

/*
 * `companion plan` and `companion whatif` (built, as a child process): on a save file and a backup with no credential,
 * and on the signed-in account of the reference service; each --json shape, each exit code, and the values against
 * truth written again from the save's charts and the service's plays (test/unit/planner/truth.ts).
 */

let service: ReferenceService
const work = mkdtempSync(join(tmpdir(), 'cli-planner-'))
const home = join(work, 'home')
const save = join(work, 'saves.db')
const catalogue = generateCatalogue()
const constants = new Map(catalogue.map((c) => [c.chart_id, c.constant]))
/** Thirty charts of the catalogue with scores from 880,000 up: every value is a play of today's game (none all perfect). */
const charts: TestChart[] = catalogue
  .filter((c) => c.constant >= 1)
  .slice(0, 30)
  .map((c, i) => ({ id: c.chart_id, score: 880_000 + i * 3_900, achieved: [0, 3] }))
const values = new Map(charts.map((c) => [c.id, newPlay(constants.get(c.id)!, c.score)]))

beforeAll(async () => {
  service = await startReferenceService({ testControls: true })
  writeSavesDb(save, { charts })
  const list = join(work, 'resources.json')
  writeFileSync(list, await (await fetch(service.chartList.url)).text())
  expect((await cli(['charts', 'import', list, '--quiet'])).code).toBe(0)
})
afterAll(async () => {
  await service?.close()
  rmSync(work, { recursive: true, force: true })
})

/** The built CLI with a home of its own; no credential unless one is given. */
const cli = (args: string[], token?: string): Promise<CliRun> =>
  runCli(args, { PATH: process.env.PATH, HOME: home, ...(token ? { COMPANION_USER_TOKEN: token } : {}) }, 60_000)
const onService = (args: string[]) =>
  cli(['--base-url', service.deployments.global.base_url, ...args], service.accounts.find((a) => a.username === 'alice')!.user_token)

const PLAN_FIELDS = ['mode', 'rule', 'from', 'target', 'reachable', 'best', 'realityAfter', 'steps']
const STEP_FIELDS = ['chart_id', 'title', 'difficulty', 'constant', 'from', 'to', 'grade', 'effort']
interface PlanJson {
  mode: string
  from: number
  target: number
  reachable: boolean
  best: number
  realityAfter: number
  steps: { chart_id: string; constant: number; from: number; to: number; grade: string; effort: number }[]
}
interface WhatIfJson {
  from: number
  to: number
  entered: string[]
  left: string[]
  changes: { chart_id: string; from: number; to: number }[]
  skipped: string[]
}

/** Reality as the game shows it after the steps, by the notes' rules. */
const reached = (plan: PlanJson, base: Map<string, number>) => {
  const next = new Map(base)
  for (const s of plan.steps) next.set(s.chart_id, newPlay(s.constant, s.to))
  return shown(reality([...next.values()], 20))
}

describe('companion plan', () => {
  it('on a save file, no credential: the --json shape, Reality now, steps from the save’s bests that reach the target', async () => {
    const now = reality([...values.values()], 20)
    const target = (shown(now) + 20) / 100
    const r = await cli(['plan', '--target', String(target), '--file', save, '--json'])
    expect(r.code).toBe(0)
    const plan = r.json as PlanJson
    for (const field of PLAN_FIELDS) expect(plan, field).toHaveProperty(field)
    expect(plan).toMatchObject({ mode: 'save', rule: 'by-game-version', target, reachable: true })
    expect(plan.from).toBeCloseTo(now, 9)
    expect(plan.steps.length).toBeGreaterThan(0)
    for (const step of plan.steps) {
      for (const field of STEP_FIELDS) expect(step, field).toHaveProperty(field)
      expect(step.from).toBe(charts.find((c) => c.id === step.chart_id)!.score)
      expect(step.constant).toBe(constants.get(step.chart_id))
    }
    expect(reached(plan, values)).toBeGreaterThanOrEqual(Math.round(target * 100))
    // The same save named as a <backup> (its path) reads the same.
    const backup = await cli(['plan', '--target', String(target), '--backup', save, '--json'])
    expect(backup.code).toBe(0)
    expect(backup.json).toEqual(plan)
  })

  it('options: at most N charts, only up to a level; out of reach exits 1 with the highest the charts allow', async () => {
    const now = reality([...values.values()], 20)
    const one = (await cli(['plan', '--target', String((shown(now) + 5) / 100), '--file', save, '--max-charts', '1', '--json']))
      .json as PlanJson
    expect(one.steps.length).toBe(1)
    const low = await cli(['plan', '--target', String((shown(now) + 5) / 100), '--file', save, '--max-level', '9', '--json'])
    for (const s of (low.json as PlanJson).steps) expect(s.constant).toBeLessThan(10)
    const far = await cli(['plan', '--target', '99', '--file', save, '--played-only', '--json'])
    expect(far.code).toBe(1)
    const plan = far.json as PlanJson
    expect(plan.reachable).toBe(false)
    // Every chart at its most (1,000,000: v3 stops growing there), the best 20 of them.
    const most = charts.map((c) => Math.max(values.get(c.id)!, v3(constants.get(c.id)!, 1_000_000)))
    expect(plan.best).toBeCloseTo(reality(most, 20), 9)
    expect(shown(plan.realityAfter)).toBe(shown(plan.best))
  })

  it('usage errors exit 2 with one JSON error document', async () => {
    for (const args of [
      ['plan', '--file', save],
      ['plan', '--target', '100.5', '--file', save],
      ['plan', '--target', '13', '--file', save, '--backup', save],
      ['plan', '--target', '13', '--file', save, '--mode', 'touch'],
      ['plan', '--target', '13', '--file', save, '--max-charts', '0']
    ]) {
      const r = await cli([...args, '--json'])
      expect(r.code, args.join(' ')).toBe(2)
      expect(r.json, args.join(' ')).toMatchObject({ error: { code: expect.stringMatching(/^(usage|invalid_input)$/) } })
    }
  })

  it('on the signed-in account: its keyboard bests; without a credential and no file it says so (exit 3)', async () => {
    const best = new Map<string, { score: number; reality: number }>()
    for (const p of service.controls.plays('global', 'alice')) {
      if (p.modifiers.includes('TouchMode') || p.modifiers.some((m) => /auto\s*play/i.test(m))) continue
      const kept = best.get(p.chart_id)
      if (!kept || p.score > kept.score) best.set(p.chart_id, { score: p.score, reality: p.reality })
    }
    const now = reality(
      [...best.values()].map((b) => b.reality),
      20
    )
    const r = await onService(['plan', '--target', String((shown(now) + 5) / 100), '--mode', 'keyboard', '--json'])
    expect(r.code).toBe(0)
    const plan = r.json as PlanJson
    expect(plan.mode).toBe('keyboard')
    expect(plan.from).toBeCloseTo(now, 9)
    for (const s of plan.steps) expect(s.from).toBe(best.get(s.chart_id)?.score ?? 0)
    expect((await cli(['plan', '--target', '13', '--json'])).code).toBe(3)
  })
})

describe('companion whatif', () => {
  const [first, second] = [charts[29]!, charts[3]!]
  const title = (id: string) => {
    const c = catalogue.find((x) => x.chart_id === id)!
    return `${c.title}:${difficultyCode(c.difficulty)}`
  }

  it('a chart by title and difficulty at SS and one by id at best + 5,000, on a save: {from, to, entered, left, changes}', async () => {
    const r = await cli(['whatif', `${title(second.id)}=SS`, `${first.id}=best+5000`, '--file', save, '--json'])
    expect(r.code).toBe(0)
    const answer = r.json as WhatIfJson
    for (const field of ['from', 'to', 'entered', 'left', 'changes']) expect(answer, field).toHaveProperty(field)
    const next = new Map(values)
    next.set(second.id, newPlay(constants.get(second.id)!, 950_000))
    next.set(first.id, newPlay(constants.get(first.id)!, first.score + 5_000))
    expect(answer.from).toBeCloseTo(reality([...values.values()], 20), 9)
    expect(answer.to).toBeCloseTo(reality([...next.values()], 20), 9)
    expect(answer.changes.map((c) => [c.chart_id, c.from, c.to]).sort()).toEqual(
      [
        [second.id, second.score, 950_000],
        [first.id, first.score, first.score + 5_000]
      ].sort()
    )
    const best = (m: Map<string, number>) =>
      new Set(
        [...m]
          .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
          .slice(0, 20)
          .map(([id]) => id)
      )
    const [before, after] = [best(values), best(next)]
    expect(answer.entered.sort()).toEqual([...after].filter((id) => !before.has(id)).sort())
    expect(answer.left.sort()).toEqual([...before].filter((id) => !after.has(id)).sort())
  })

  it('a chart it cannot rate exits 1 and names it; a malformed or unknown chart is a usage error (exit 2)', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000'
    const r = await cli(['whatif', `${unknown}=990000`, '--file', save, '--json'])
    expect(r.code).toBe(1)
    expect((r.json as WhatIfJson).skipped).toEqual([unknown])
    for (const args of [
      ['whatif', 'no-equals'],
      ['whatif', 'Nope:CB=990000'],
      ['whatif', `${first.id}=1010001`]
    ]) {
      const bad = await cli([...args, '--file', save, '--json'])
      expect(bad.code, args.join(' ')).toBe(2)
    }
  })

  it('on the signed-in account (touch): AP on a chart, Reality after as the notes rate it; for people, in the language asked', async () => {
    const best = new Map<string, number>()
    for (const p of service.controls.plays('global', 'alice'))
      if (p.modifiers.includes('TouchMode') && !p.modifiers.some((m) => /auto\s*play/i.test(m)))
        best.set(p.chart_id, Math.max(best.get(p.chart_id) ?? -1, p.reality))
    const chart = catalogue.find((c) => !best.has(c.chart_id) && c.constant > 12)!
    const r = await onService(['whatif', `${chart.chart_id}=AP`, '--json'])
    expect(r.code).toBe(0)
    const answer = r.json as WhatIfJson
    expect(answer.to).toBeCloseTo(reality([...best.values(), v3(chart.constant, 1_010_000)], 20), 9)
    const people = await onService(['--lang', 'ru', 'whatif', `${chart.chart_id}=AP`])
    expect(people.code).toBe(0)
    expect(people.stdout).toContain('Правило:')
    expect(people.stdout).toMatch(/Reality: \d+,\d{2} → \d+,\d{2}/)
  })
})
