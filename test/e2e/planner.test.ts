import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateCatalogue } from '../../reference-service/src/seed/catalogue'
import type { ReferenceService } from '../../reference-service/src/server'
import { difficultyCode } from '../../src/shared/charts'
import type { ProgressState } from '../../src/shared/progress'
import { navButton, type Harness } from '../harness/app-harness'
import { startServiceAndApp } from '../harness/e2e-start'
import { englishLeft } from '../harness/english-left'
import { fitProblems } from '../harness/fit-checks'
import { wordProblems } from '../harness/words-check'
import { addUserToken } from '../support/core'
import { bestValue, newPlay, reality, shown, v3 } from '../unit/planner/truth'

/** axe-core's WCAG 2 A and AA rules and best practices on the page (as test/e2e/accessibility.test.ts runs them). */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE)
  const run = `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => v.id + ': ' + v.help))`
  return (await page.evaluate(run)) as string[]
}

/**
 * The Reality planner in Chromium against the real services: a plan on the Reality screen, its steps made goals, a new
 * play meeting one step (a goal met on Progress), and a what-if on the account and on a backup's summary. Values are
 * checked against truth from the reference service's own plays and catalogue (the notes' rules), never the planner's.
 */
describe('the Reality planner and what-if', () => {
  let service: ReferenceService
  let h: Harness
  let stop: (() => Promise<void>) | undefined
  let page: Page
  let accountId: string
  const constants = new Map(generateCatalogue().map((c) => [c.chart_id, c.constant]))
  const nav = (name: string) => navButton(page, name).click()
  const en = (value: number) => value.toLocaleString('en')
  /** As the game shows it (two decimals, cut) in English. */
  const game = (value: number) => {
    const h = shown(value)
    return `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}`
  }
  /** Alice's touch bests from every play the service holds (the highest score per chart) and their values. */
  const touchBests = () => {
    const best = new Map<string, { score: number; reality: number }>()
    for (const p of service.controls.plays('global', 'alice')) {
      if (!p.modifiers.includes('TouchMode') || p.modifiers.some((m) => /auto\s*play/i.test(m))) continue
      const kept = best.get(p.chart_id)
      if (!kept || p.score > kept.score) best.set(p.chart_id, { score: p.score, reality: p.reality })
    }
    return best
  }

  /**
   * Alice's save as the reference service writes it: the bests over both input modes (the first play of each chart's best
   * score; all-perfect from its judgements or an accuracy of 100 %, as a save records it), rated by today's rule.
   */
  const saveTruth = () => {
    const best = new Map<string, { score: number; allPerfect: boolean }>()
    for (const p of service.controls.plays('global', 'alice'))
      if (p.score > (best.get(p.chart_id)?.score ?? -1)) {
        const perfect = p.score_great_count + p.score_good_count + p.score_bad_count + p.score_miss_count === 0
        best.set(p.chart_id, { score: p.score, allPerfect: perfect || p.score_accuracy >= 1 })
      }
    const value = (id: string, score: number, allPerfect = best.get(id)!.allPerfect) =>
      bestValue({ id, constant: constants.get(id)!, score, allPerfect, version: null, legacy: false, reality: null })!
    return { saved: [...best].map(([id, b]) => [id, b.score] as const), value }
  }

  /** The game uploads its save (it then holds every play so far), the app backs it up, and its summary opens. */
  const newestSaveSummary = async () => {
    service.controls.updateSave('global', 'alice')
    await nav('Backups')
    await page.getByRole('button', { name: 'Back up now' }).click()
    await page.getByTestId('backup-result').waitFor()
    const row = page.getByTestId('backup-list').locator('tbody tr').first()
    await row.getByTestId('backup-actions').click()
    await page.getByRole('menuitem', { name: 'Summary' }).click()
    return page.getByTestId('save-summary')
  }

  /** Finds a chart in a what-if's picker by the title the list shows (its original script) and ticks it, as a player does. */
  const pick = async (panel: Locator, chartId: string) => {
    const chart = (await h.call('chartList:charts')).find((c) => c.chart_id === chartId)!
    await panel.getByLabel('Search charts').fill(chart.title)
    const name = `${chart.title} ${difficultyCode(chart.difficulty)} ${chart.constant!.toFixed(1)}`
    await panel.getByRole('checkbox', { name, exact: true }).check()
  }

  beforeAll(async () => {
    ;({ service, h, stop } = await startServiceAndApp({ options: { sync: { retryAfterMs: null } } }))
    page = h.page
    const alice = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!
    accountId = (await addUserToken(h.app.core.handlers, 'local', alice.user_token)).account.id
    await h.call('sync:run', accountId, {})
    await nav('Profile')
    await page.getByTestId('profile-username').getByText('alice').waitFor({ timeout: 15_000 })
  })
  afterAll(() => stop?.())

  it('a plan to a target: Reality now and after as the game shows them, each step from its best now, with your own plays', async () => {
    await nav('Reality')
    await page.getByRole('button', { name: 'Plan a Reality…' }).click()
    const panel = page.getByTestId('plan-panel')
    const bests = touchBests()
    const values = new Map([...bests].map(([id, b]) => [id, b.reality]))
    const from = reality([...values.values()], 20)
    const target = (shown(from) + 5) / 100
    await panel.getByLabel('Target Reality').fill(String(target))
    await panel.getByLabel('At most this many charts').fill('2')
    await panel.getByRole('button', { name: 'Make a plan' }).click()
    const rows = panel.getByTestId('plan-steps').locator('tbody tr')
    await rows.first().waitFor()
    // The steps as the screen shows them: each chart and the score it needs, then the truth of what that gives.
    const steps = await rows.evaluateAll((trs) =>
      trs.map((tr) => ({ chart: tr.getAttribute('data-chart')!, cells: [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '') }))
    )
    expect(steps.length).toBeGreaterThan(0)
    expect(steps.length).toBeLessThanOrEqual(2)
    const history = (await h.call('sync:history', accountId)).records.filter((r) => r.modifiers.includes('TouchMode'))
    for (const { chart, cells } of steps) {
      const now = bests.get(chart)?.score ?? 0
      const [, needed] = /→ ([\d,]+)/.exec(cells[3]!)!
      expect(cells[3]).toContain(`${en(now)} →`)
      values.set(chart, newPlay(constants.get(chart)!, Number(needed!.replaceAll(',', ''))))
      const kept = history.filter((r) => r.chart_id === chart)
      if (kept.length) expect(cells[7]).toContain(`Best ${en(Math.max(...kept.map((r) => r.score)))} in ${kept.length} play`)
      else expect(cells[7]).toBe('Not played yet in this input mode')
    }
    const after = reality([...values.values()], 20)
    expect(shown(after)).toBeGreaterThanOrEqual(Math.round(target * 100))
    await panel
      .getByTestId('plan-summary')
      .getByText(`Reality now ${game(from)} → ${game(after)} after the plan (target ${target.toFixed(2)})`)
      .waitFor()
    await panel.getByText(/^Worked out with the app's usual rule/).waitFor()
  })

  it('makes a goal of each step; a new play that meets one step shows that goal met on Progress', async () => {
    const panel = page.getByTestId('plan-panel')
    const rows = panel.getByTestId('plan-steps').locator('tbody tr')
    const steps = await rows.evaluateAll((trs) =>
      trs.map((tr) => ({
        chart: tr.getAttribute('data-chart')!,
        needed: /→ ([\d,]+)/.exec(tr.querySelectorAll('td')[3]!.textContent!)![1]!
      }))
    )
    await panel.getByRole('button', { name: /^Make \d+ goals?/ }).click()
    await panel
      .getByRole('status')
      .getByText(new RegExp(`^${steps.length} goals? made`))
      .waitFor()
    const state = () => h.events.latest('progress:changed', (s: ProgressState) => s.accountId === accountId)
    await expect.poll(() => state()?.goals.length).toBe(steps.length)
    for (const s of steps) {
      const goal = state()!.goals.find((g) => g.goal.scope.kind === 'chart' && g.goal.scope.chart === s.chart)!
      expect(goal.goal.criterion).toEqual({ kind: 'score', min: Number(s.needed.replaceAll(',', '')) })
      expect(goal.goal.mode).toBe('touch')
      expect(goal.done).toBe(false)
    }

    // A session on the game: the first step's chart played to its score, in touch.
    const met = steps[0]!
    service.controls.addPlayOf('global', 'alice', met.chart, Number(met.needed.replaceAll(',', '')), true)
    await page.getByRole('button', { name: /Refresh/ }).click()
    await panel.getByRole('button', { name: 'Open goals' }).click()
    const goals = page.getByTestId('goal')
    const metGoal = goals.filter({ hasText: `score ${met.needed} or more on` })
    await metGoal.getByTestId('goal-count').getByText('1/1').waitFor({ timeout: 20_000 })
    await metGoal
      .getByTestId('goal-status')
      .getByText(/^Met on /)
      .waitFor()
    for (const other of steps.slice(1))
      await goals
        .filter({ hasText: `score ${other.needed} or more on` })
        .getByTestId('goal-count')
        .getByText('0/1')
        .waitFor()
  })

  it('Plan from Progress opens the planner on the Reality screen', async () => {
    await page.getByRole('button', { name: 'Plan a Reality…' }).click()
    await page.getByTestId('plan-panel').getByRole('heading', { name: 'Plan a Reality' }).waitFor()
  })

  it('makes one goal on the Reality itself; the steps played, Progress shows it met at the Reality the service’s plays give', async () => {
    const panel = page.getByTestId('plan-panel')
    const before = reality(
      [...touchBests().values()].map((b) => b.reality),
      20
    )
    const target = (shown(before) + 3) / 100
    await panel.getByLabel('Target Reality').fill(String(target))
    await panel.getByRole('button', { name: 'Make a plan' }).click()
    const rows = panel.getByTestId('plan-steps').locator('tbody tr')
    await rows.first().waitFor()
    const steps = await rows.evaluateAll((trs) =>
      trs.map((tr) => ({
        chart: tr.getAttribute('data-chart')!,
        needed: /→ ([\d,]+)/.exec(tr.querySelectorAll('td')[3]!.textContent!)![1]!
      }))
    )
    const goalsBefore = h.events.latest('progress:changed', (s: ProgressState) => s.accountId === accountId)!.goals.length
    await panel.getByRole('button', { name: `Make one goal: your Reality ${target.toFixed(2)}` }).click()
    await panel
      .getByRole('status')
      .getByText(/^1 goal made/)
      .waitFor()
    const state = () => h.events.latest('progress:changed', (s: ProgressState) => s.accountId === accountId)!
    await expect.poll(() => state().goals.length).toBe(goalsBefore + 1)
    const made = state().goals.find((g) => g.goal.scope.kind === 'best')!
    expect(made.goal).toMatchObject({ criterion: { kind: 'reality', min: target }, mode: 'touch', target: { kind: 'all' } })
    expect(made.done).toBe(false)
    expect(shown(made.reality!)).toBe(shown(before))

    // A session on the game: every step played a little above its score, in touch (the service keeps each play's Reality
    // to three decimals, which can take a plan made exactly to the target a hair below it).
    for (const step of steps) {
      const score = Math.min(1_010_000, Number(step.needed.replaceAll(',', '')) + 2_000)
      service.controls.addPlayOf('global', 'alice', step.chart, score, true)
    }
    const after = reality(
      [...touchBests().values()].map((b) => b.reality),
      20
    )
    expect(shown(after)).toBeGreaterThanOrEqual(Math.round(target * 100))
    await page.getByRole('button', { name: /Refresh/ }).click()
    await panel.getByRole('button', { name: 'Open goals' }).click()
    const goal = page.getByTestId('goal').filter({ hasText: `your Reality ${target.toFixed(2)} or more (Touch)` })
    await goal
      .getByTestId('goal-count')
      .getByText(`${game(after)}/${target.toFixed(2)}`)
      .waitFor({ timeout: 20_000 })
    await goal
      .getByTestId('goal-status')
      .getByText(/^Met on /)
      .waitFor()
    await nav('Reality')
  })

  it('what if on the account: SS on a chart never played, the Reality the game would show, the chart entering the best 20', async () => {
    const bests = touchBests()
    const values = [...bests.values()].map((b) => b.reality)
    const floor = [...values].sort((a, b) => b - a)[19]!
    // A chart never played in touch whose SS is worth more than the 20th best now.
    const chart = generateCatalogue().find((c) => !bests.has(c.chart_id) && newPlay(c.constant, 950_000) > floor + 0.01)!
    await page.getByRole('button', { name: 'What if…' }).click()
    const panel = page.getByTestId('what-if-panel')
    await pick(panel, chart.chart_id)
    const row = panel.locator(`li[data-chart="${chart.chart_id}"]`)
    await row.getByRole('combobox').selectOption({ label: 'SS (950,000)' })
    await panel.getByRole('button', { name: 'Show the new Reality' }).click()
    const from = reality(values, 20)
    const to = reality([...values, newPlay(chart.constant, 950_000)], 20)
    await panel
      .getByTestId('what-if-summary')
      .getByText(`Reality now ${game(from)} → ${game(to)} with these scores`, { exact: false })
      .waitFor()
    await panel.getByTestId('what-if-entered').locator('li').first().waitFor()
  })

  it("what if on a backup's save: from its summary, AP on one of its charts, Reality as the game would show it", async () => {
    const summary = await newestSaveSummary()
    await summary.getByRole('button', { name: 'What if…' }).click()
    const panel = summary.getByTestId('what-if-panel')
    // The chart to try: one outside the save's best 20 whose AP would enter it.
    const { saved, value } = saveTruth()
    const ranked = [...saved].sort(([a, x], [b, y]) => value(b, y) - value(a, x))
    const floor = value(...ranked[19]!)
    const ap = (id: string) => v3(constants.get(id)!, 1_010_000)
    const [tried] = ranked.slice(20).sort(([a], [b]) => ap(b) - ap(a))[0]!
    expect(ap(tried)).toBeGreaterThan(floor)
    const chart = generateCatalogue().find((c) => c.chart_id === tried)!
    await pick(panel, chart.chart_id)
    await panel.locator(`li[data-chart="${tried}"]`).getByRole('combobox').selectOption({ label: 'AP (1,010,000, All Perfect)' })
    await panel.getByRole('button', { name: 'Show the new Reality' }).click()
    const values = saved.map(([id, score]) => value(id, score))
    const from = reality(values, 20)
    const to = reality([...saved.filter(([id]) => id !== tried).map(([id, score]) => value(id, score)), v3(chart.constant, 1_010_000)], 20)
    await panel
      .getByTestId('what-if-summary')
      .getByText(`Reality now ${game(from)} → ${game(to)} with these scores`, { exact: false })
      .waitFor()
    await panel.getByTestId('what-if-entered').getByText(chart.title).waitFor()
    await summary.getByRole('button', { name: 'Close' }).click()
  })

  it("a plan on a backup's save: from its summary, steps from the save's bests that reach the target, no goals", async () => {
    const summary = await newestSaveSummary()
    await summary.getByRole('button', { name: 'Plan a Reality…' }).click()
    const panel = summary.getByTestId('plan-panel')
    const { saved, value } = saveTruth()
    const values = new Map(saved.map(([id, score]) => [id, value(id, score)]))
    const from = reality([...values.values()], 20)
    const target = (shown(from) + 10) / 100
    await panel.getByLabel('Target Reality').fill(String(target))
    await panel.getByRole('button', { name: 'Make a plan' }).click()
    const rows = panel.getByTestId('plan-steps').locator('tbody tr')
    await rows.first().waitFor()
    const steps = await rows.evaluateAll((trs) =>
      trs.map((tr) => ({ chart: tr.getAttribute('data-chart')!, cells: [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '') }))
    )
    const scores = new Map(saved)
    for (const { chart, cells } of steps) {
      expect(cells[3]).toContain(`${en(scores.get(chart) ?? 0)} →`)
      const [, needed] = /→ ([\d,]+)/.exec(cells[3]!)!
      values.set(chart, newPlay(constants.get(chart)!, Number(needed!.replaceAll(',', ''))))
    }
    const after = reality([...values.values()], 20)
    expect(shown(after)).toBeGreaterThanOrEqual(Math.round(target * 100))
    await panel
      .getByTestId('plan-summary')
      .getByText(`Reality now ${game(from)} → ${game(after)} after the plan (target ${target.toFixed(2)})`)
      .waitFor()
    // A save has no history of plays and no goals of its own.
    expect(await panel.getByTestId('plan-steps').locator('th').allTextContents()).not.toContain('Your plays')
    expect(await panel.getByRole('button', { name: /^Make \d+ goals?/ }).count()).toBe(0)
    await summary.getByRole('button', { name: 'Close' }).click()
  })

  it.each(['ru', 'zh-CN'] as const)(
    '%s, 900×600: both panels with their answers, in the language only, its numbers, nothing cut, no axe violation',
    async (language) => {
      await nav('Reality')
      await h.call('settings:update', { language })
      await page.setViewportSize({ width: 900, height: 600 })
      try {
        const plan = page.getByTestId('plan-panel')
        if (!(await plan.isVisible())) await page.getByTestId('open-plan').click()
        await plan.locator('button.primary').click()
        await plan.getByTestId('plan-summary').waitFor()
        await page.getByTestId('open-what-if').click()
        const whatIf = page.getByTestId('what-if-panel')
        // Three charts, one taken out again by its row's button: two rows of answers, with the widest column texts.
        for (const i of [3, 8, 12]) {
          await whatIf.locator('input[type="search"]').fill(generateCatalogue()[i]!.title)
          await whatIf.locator('input[type="checkbox"]:not(:checked)').first().check()
        }
        const rows = whatIf.locator('li[data-chart]')
        await expect.poll(() => rows.count()).toBe(3)
        await rows.nth(2).getByRole('button').click()
        await expect.poll(() => rows.count()).toBe(2)
        for (const select of await rows.locator('select').all()) await select.selectOption('SS')
        await whatIf.locator('button.primary').click()
        await whatIf.getByTestId('what-if-summary').waitFor()
        expect(await whatIf.getByTestId('what-if-changes').locator('tbody tr').count()).toBe(2)
        for (const found of [
          await englishLeft(page, language),
          await wordProblems(page, language),
          await axeViolations(page),
          await fitProblems(page)
        ])
          expect(found).toEqual([])
        await page.getByTestId('open-plan').click()
        await plan.locator('button.primary').click()
        await plan.getByTestId('plan-summary').waitFor()
        expect(await englishLeft(page, language)).toEqual([])
        expect(await wordProblems(page, language)).toEqual([])
        expect(await fitProblems(page)).toEqual([])
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 })
        await h.call('settings:update', { language: 'en' })
      }
    },
    60_000
  )
})
