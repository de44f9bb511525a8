import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateCatalogue } from '../../reference-service/src/seed/catalogue'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { signedInGameCore } from '../support/game-core'
import { bestValue, newPlay, reality, shown, v3 } from '../unit/planner/truth'

/*
 * The planner through the real core on the reference service: an account's kept bests in each input mode, and a
 * backup of its cloud save, against the truth written again from the service's own plays and save (the notes'
 * rules, test/unit/planner/truth.ts), never against the planner's own answers.
 */

let service: ReferenceService
let work: string
let app: Awaited<ReturnType<typeof signedInGameCore>>
/** The service's own catalogue (the same seed it is made from): each chart's constant. */
const catalogue = generateCatalogue()
const constants = new Map(catalogue.map((c) => [c.chart_id, c.constant]))

beforeAll(async () => {
  service = await startReferenceService({ testControls: true, dailyDownloadLimit: 1000 })
  work = mkdtempSync(join(tmpdir(), 'planner-'))
  const listText = await (await fetch(service.chartList.url)).text()
  app = await signedInGameCore({
    service,
    home: join(work, 'home'),
    username: 'alice',
    prepare: (core) => core.call('chartList:import', listText, 'resources.json')
  })
})
afterAll(async () => {
  await app?.core.dispose()
  await service?.close()
  rmSync(work, { recursive: true, force: true })
})

/** Alice's best per chart in one input mode, from every play the service holds: the highest score, the earliest on a tie. */
function bestsOf(mode: 'touch' | 'keyboard'): Map<string, { score: number; reality: number }> {
  const best = new Map<string, { score: number; reality: number }>()
  for (const p of service.controls.plays('global', 'alice')) {
    if (p.modifiers.some((m) => /auto\s*play/i.test(m))) continue
    if (p.modifiers.includes('TouchMode') !== (mode === 'touch')) continue
    const kept = best.get(p.chart_id)
    if (!kept || p.score > kept.score) best.set(p.chart_id, { score: p.score, reality: p.reality })
  }
  return best
}

describe('the planner on an account', () => {
  it.each(['touch', 'keyboard'] as const)(
    '%s: Reality now is the best 20 over 20 of its bests; the steps start at those bests and reach the target as the game shows it',
    async (mode) => {
      const bests = bestsOf(mode)
      const values = new Map([...bests].map(([id, b]) => [id, b.reality]))
      const now = reality([...values.values()], 20)
      const target = (shown(now) + 10) / 100
      const plan = await app.call('planner:plan', { kind: 'account', accountId: app.id, mode }, target, {})
      expect(plan.mode).toBe(mode)
      expect(plan.rule).toBe('by-game-version')
      expect(plan.from).toBeCloseTo(now, 9)
      expect(plan.reachable).toBe(true)
      expect(plan.steps.length).toBeGreaterThan(0)
      for (const step of plan.steps) {
        expect(step.from, step.chart_id).toBe(bests.get(step.chart_id)?.score ?? 0)
        expect(step.constant).toBe(constants.get(step.chart_id))
        expect(step.to).toBeGreaterThan(step.from)
      }
      // Each step's chart at its new score, as a new play on today's game: the target as the game shows it, and not without any step.
      const after = (skip: string | null) => {
        const next = new Map(values)
        for (const s of plan.steps) if (s.chart_id !== skip) next.set(s.chart_id, newPlay(s.constant, s.to))
        return shown(reality([...next.values()], 20))
      }
      expect(after(null)).toBeGreaterThanOrEqual(Math.round(target * 100))
      for (const s of plan.steps) expect(after(s.chart_id), `without ${s.chart_id}`).toBeLessThan(Math.round(target * 100))
    },
    30_000
  )

  it('a target out of reach says so, with the highest Reality its charts allow: each at its most (1,000,000), the best 20', async () => {
    const bests = bestsOf('touch')
    const most = [...bests].map(([id, b]) => Math.max(b.reality, newPlay(constants.get(id)!, 1_000_000)))
    const plan = await app.call('planner:plan', { kind: 'account', accountId: app.id, mode: 'touch' }, 99, { playedOnly: true })
    expect(plan.reachable).toBe(false)
    expect(plan.target).toBe(99)
    expect(plan.best).toBeCloseTo(reality(most, 20), 9)
    expect(shown(plan.realityAfter)).toBe(shown(plan.best))
  })

  it('a what-if on the account: the best 20th chart + 5,000 and a chart never played at AP, as the notes rate them', async () => {
    const bests = bestsOf('touch')
    const ranked = [...bests].sort(([, a], [, b]) => b.reality - a.reality)
    const [twentieth] = ranked[19]!
    const never = catalogue.find((c) => !bests.has(c.chart_id) && c.constant > 1)!
    const answer = await app.call('planner:whatIf', { kind: 'account', accountId: app.id, mode: 'touch' }, [
      { chart_id: twentieth, preset: 'best+5000' },
      { chart_id: never.chart_id, preset: 'AP' }
    ])
    const values = new Map([...bests].map(([id, b]) => [id, b.reality]))
    const from = reality([...values.values()], 20)
    const raised = Math.min(1_010_000, bests.get(twentieth)!.score + 5_000)
    values.set(twentieth, Math.max(values.get(twentieth)!, newPlay(constants.get(twentieth)!, raised)))
    values.set(never.chart_id, v3(never.constant, 1_010_000))
    expect(answer.from).toBeCloseTo(from, 9)
    expect(answer.to).toBeCloseTo(reality([...values.values()], 20), 9)
    expect(answer.changes.find((c) => c.chart_id === never.chart_id)).toMatchObject({ from: 0, to: 1_010_000, grade: 'R', valueFrom: null })
    expect(answer.skipped).toEqual([])
  })
})

describe('the planner on a backup of the cloud save', () => {
  it("the save's bests (its charts rated by their rule, as the notes give it) make Reality now and the plan", async () => {
    const backupId = (await app.call('backups:run', app.id, { force: false })).entryId!
    // The save holds each chart's best over both input modes, rated by today's rule (none from before 4.0 here).
    const values = Object.entries(service.controls.saveBests('global', 'alice')).map(([id, score]) =>
      bestValue({ id, constant: constants.get(id)!, score, allPerfect: score >= 1_010_000, version: null, legacy: false, reality: null })!
    )
    const now = reality(values, 20)
    const plan = await app.call('planner:plan', { kind: 'backup', backupId }, (shown(now) + 10) / 100, { maxCharts: 3 })
    expect(plan.mode).toBe('save')
    expect(plan.from).toBeCloseTo(now, 9)
    expect(plan.steps.length).toBeGreaterThan(0)
    expect(plan.steps.length).toBeLessThanOrEqual(3)
  }, 30_000)
})
