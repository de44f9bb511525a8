import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import { difficultyCode } from '../../src/shared/charts'
import type { ChartInfo } from '../../src/shared/data'
import type { FolderRow, ProgressState } from '../../src/shared/progress'
import { navButton, type Harness } from '../harness/app-harness'
import { startServiceAndApp } from '../harness/e2e-start'
import { addUserToken } from '../support/core'
import { reality, shown } from '../unit/planner/truth'

/** Progress in Chromium against the real services: folders, a folder's charts, goals made, met and refused. */
describe('the Progress screen', () => {
  let service: ReferenceService
  let h: Harness
  let stop: (() => Promise<void>) | undefined
  let page: Page
  let accountId: string
  let charts: Map<string, ChartInfo>
  const notify = vi.fn()
  const nav = (name: string) => navButton(page, name).click()
  const state = () => h.events.latest('progress:changed', (s) => s.accountId === accountId) as ProgressState
  /** A chart no play or save of Alice's has, with a title of its own in Latin letters: the goal the new play meets. */
  let fresh: ChartInfo

  beforeAll(async () => {
    ;({ service, h, stop } = await startServiceAndApp({ deps: { desktop: { notify } }, options: { sync: { retryAfterMs: null } } }))
    page = h.page
    const alice = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!
    const { account } = await addUserToken(h.app.core.handlers, 'local', alice.user_token)
    accountId = account.id
    await h.call('sync:run', accountId, {})
    await h.call('backups:run', accountId, { force: false })
    charts = new Map((await h.call('chartList:charts')).map((c) => [c.chart_id, c]))
    await nav('Profile')
    await page.getByTestId('profile-username').getByText('alice').waitFor({ timeout: 15_000 })
  })
  afterAll(() => stop?.())

  it('lists folders by level with what main counted: played, SS or better, cleared, FC and AP; the save has no input mode', async () => {
    await nav('Progress')
    const table = page.getByTestId('folder-table')
    await table.waitFor()
    await page
      .getByTestId('save-note')
      .getByText(/no input mode/)
      .waitFor()
    const levels = state().rows.filter((r) => r.kind === 'level' && r.mode === 'any')
    expect(levels.length).toBeGreaterThan(5)
    await expect.poll(() => table.locator('tbody tr').count()).toBe(levels.length)
    for (const r of levels) {
      const line = table.locator(`tr[data-folder="${r.folder}"]`)
      const cells = await line.locator('td').allTextContents()
      expect(cells[0]).toBe(`${r.played}/${r.charts}`)
      // Each count opens its charts, named with what it counts where.
      for (const [what, count] of [
        ['SS or better', r.atLeast.SS],
        ['Cleared', r.clear],
        ['Full Combo', r.fullCombo],
        ['All Perfect', r.allPerfect]
      ] as const)
        await line.getByRole('button', { name: `${what} in Level ${r.label}: ${count}/${r.charts}`, exact: true }).waitFor()
      // Each grade of the bar is a button named with its count: the bar's text.
      for (const grade of ['R', 'M', 'SS', 'S'] as const)
        if (r.grades[grade] > 0)
          await line.getByRole('button', { name: `${grade}: ${r.grades[grade]} (show charts)`, exact: true }).waitFor()
    }
    // The cumulative counts never go down from R to F.
    for (const r of levels) expect(r.atLeast.F).toBe(r.played)
    await page.getByRole('radio', { name: 'Difficulty' }).click()
    await table.locator('tr[data-folder="difficulty:Cloudburst"]').waitFor()
  })

  it("a folder's detail: the charts at SS or better, those not yet, with the score needed, and those not played", async () => {
    await page.getByRole('radio', { name: 'Level', exact: true }).click()
    const levels = state().rows.filter((r) => r.kind === 'level' && r.mode === 'any')
    const target: FolderRow = levels.find((r) => r.played > 0 && r.played < r.charts) ?? levels.find((r) => r.played < r.charts)!
    await page.locator(`tr[data-folder="${target.folder}"]`).getByTestId('at-least').getByRole('button').click()
    const detail = page.getByTestId('folder-detail')
    await detail.getByRole('heading', { name: `Level ${target.label} · Any input` }).waitFor()
    await detail.getByRole('heading', { name: `SS or better (${target.atLeast.SS})` }).waitFor()
    await detail.getByRole('heading', { name: `Not yet SS or better (${target.played - target.atLeast.SS})` }).waitFor()
    await detail.getByRole('heading', { name: `Not played (${target.charts - target.played})` }).waitFor()
    const folder = await h.call('progress:folder', accountId, target.folder, 'any')
    const missing = folder.charts.filter((c) => c.best === null)
    expect(missing.length).toBe(target.charts - target.played)
    const notPlayed = detail.locator('section.pg-list').last()
    for (const c of missing) await notPlayed.getByText(charts.get(c.chart_id)!.title, { exact: true }).first().waitFor()
    // A chart below SS shows how many points it needs.
    const below = folder.charts.find((c) => c.best !== null && c.best.score < 950_000)
    if (below)
      await detail
        .getByText(`+${(950_000 - below.best!.score).toLocaleString('en')} (reach 950,000)`)
        .first()
        .waitFor()
    await detail.getByRole('button', { name: 'Close' }).click()
    await detail.waitFor({ state: 'detached' })

    // The chart the goals below are about: in the list, never played (so not in the save either), titled in Latin letters only.
    const played = new Set(service.controls.plays('global', 'alice').map((p) => p.chart_id))
    fresh = [...charts.values()].find((c) => !played.has(c.chart_id) && (c.constant ?? 0) > 3 && /^[A-Za-z ]+$/.test(c.title))!
    expect((await h.call('sync:history', accountId)).records.some((p) => p.chart_id === fresh.chart_id)).toBe(false)
  })

  /** A chart as the picker names it: its title and its difficulty badge. */
  const pickerName = (c: ChartInfo) => `${c.title} ${difficultyCode(c.difficulty)} ${c.constant!.toFixed(1)}`
  const newGoal = async (chart: ChartInfo, score: number) => {
    await page.getByRole('tab', { name: /^Goals/ }).click()
    await page.getByRole('button', { name: 'New goal…' }).click()
    const editor = page.getByTestId('goal-editor')
    await editor.getByLabel('Target').selectOption({ label: 'Score at least' })
    await editor.getByLabel('Value').fill(String(score))
    await editor.getByRole('radio', { name: 'One chart' }).click()
    await editor.getByLabel('Search charts').fill(chart.title)
    await editor.getByRole('radio', { name: pickerName(chart), exact: true }).check()
    return editor
  }

  it('creates a goal, meets it with a new play (noted with its date, notified once), and shows it on the Profile', async () => {
    const editor = await newGoal(fresh, 900_000)
    await editor.getByTestId('goal-preview').getByText('Now: 0 of 1 (1 chart in scope).').waitFor()
    await editor.getByRole('button', { name: 'Create goal' }).click()
    const goal = page.getByTestId('goal')
    await goal.getByTestId('goal-count').getByText('0/1').waitFor()
    expect(await goal.locator('.pg-goal-name').textContent()).toBe(
      `score 900,000 or more on ${fresh.title} (${fresh.difficulty}) (Any input)`
    )
    expect(notify).not.toHaveBeenCalled()

    service.controls.addPlayOf('global', 'alice', fresh.chart_id, 950_000, true)
    await page.getByRole('button', { name: /Refresh/ }).click()
    await goal.getByTestId('goal-count').getByText('1/1').waitFor({ timeout: 20_000 })
    await goal
      .getByTestId('goal-status')
      .getByText(/^Met on /)
      .waitFor()
    await expect.poll(() => notify.mock.calls.filter(([title]) => title === 'Goal met').length).toBe(1)
    expect(notify.mock.calls.find(([title]) => title === 'Goal met')![1]).toBe(
      `score 900,000 or more on ${fresh.title} (${fresh.difficulty}) (Any input) (1/1)`
    )
    // Another sync, another play on it: still met, and not told again.
    service.controls.addPlayOf('global', 'alice', fresh.chart_id, 960_000, false)
    await h.call('sync:run', accountId, {})
    await expect.poll(() => state().goals[0]!.met).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(notify.mock.calls.filter(([title]) => title === 'Goal met')).toHaveLength(1)

    await nav('Profile')
    const onProfile = page.getByTestId('profile-goals')
    await onProfile.getByTestId('goal-count').getByText('1/1').waitFor()
    await onProfile.getByText(/^Met on /).waitFor()
    await nav('Progress')
  })

  it('refuses a goal that is already met, and says so', async () => {
    const editor = await newGoal(fresh, 940_000)
    await editor.getByTestId('goal-preview').getByText('Already met: 1 of 1 chart meets it. Set a higher target.').waitFor()
    await editor.getByRole('button', { name: 'Create goal' }).click()
    await editor.getByRole('alert').getByText('That goal is already met. Set a higher target.').waitFor()
    expect(state().goals).toHaveLength(1)
    await expect(
      h.call('progress:createGoal', accountId, {
        name: 'again',
        criterion: { kind: 'score', min: 940_000 },
        mode: 'any',
        scope: { kind: 'chart', chart: fresh.chart_id },
        target: { kind: 'all' }
      })
    ).rejects.toMatchObject({ code: 'invalid_input', data: { details: { reason: 'goal_already_met', met: 1, total: 1 } } })
    await editor.getByRole('button', { name: 'Cancel' }).click()
  })
  it('makes every kind of goal from its form: each with its default value, a whole share, a number, a decimal share', async () => {
    await nav('Progress')
    await page.getByRole('tab', { name: /^Goals/ }).click()
    await expect.poll(() => state()?.rows.length).toBeGreaterThan(0)
    // A folder of charts Alice never played: none of the goals below is met already, so none is refused.
    const folder = state()
      .rows.filter((r) => r.kind === 'level' && r.mode === 'any' && r.played === 0)
      .sort((a, b) => b.charts - a.charts)[0]!
    expect(folder.charts).toBeGreaterThanOrEqual(8)
    const before = state().goals.length
    const make = async (criterion: string, target: 'A share' | 'A number of charts', typed?: string) => {
      await page.getByRole('button', { name: 'New goal…' }).click()
      const editor = page.getByTestId('goal-editor')
      await editor.getByLabel('Target').selectOption({ label: criterion })
      // Reality is per input mode.
      if (criterion === 'Reality at least') await editor.getByLabel('Input mode').selectOption({ label: 'Touch' })
      await editor.getByTestId('goal-folder').selectOption(folder.folder)
      await editor.getByRole('radio', { name: target, exact: true }).click()
      const field = editor.getByLabel(target === 'A share' ? 'Percent' : 'Charts', { exact: true })
      if (typed !== undefined) await field.fill(typed)
      await editor.getByRole('button', { name: 'Create goal' }).click()
      await editor.waitFor({ state: 'detached' })
    }
    const criteria = ['Grade at least', 'Score at least', 'Full Combo', 'All Perfect', 'Reality at least']
    for (const criterion of criteria) {
      await make(criterion, 'A share')
      await make(criterion, 'A share', '50')
    }
    await make('Grade at least', 'A number of charts')
    await make('Score at least', 'A share', '12,5')
    // What each form's defaults are, written again here: SS, 1,000,000, Reality 12, 80 % and 10 charts.
    const defaults = [
      { kind: 'grade', grade: 'SS' },
      { kind: 'score', min: 1_000_000 },
      { kind: 'fullCombo' },
      { kind: 'allPerfect' },
      { kind: 'reality', min: 12 }
    ]
    const made = state()
      .goals.slice(before)
      .map(({ goal }) => ({ criterion: goal.criterion, target: goal.target, scope: goal.scope }))
    const scope = { kind: 'folder', folder: folder.folder }
    expect(made).toEqual(
      expect.arrayContaining([
        ...defaults.flatMap((criterion) => [
          { criterion, target: { kind: 'percent', percent: 80 }, scope },
          { criterion, target: { kind: 'percent', percent: 50 }, scope }
        ]),
        { criterion: defaults[0], target: { kind: 'count', count: 10 }, scope },
        { criterion: defaults[1], target: { kind: 'percent', percent: 12.5 }, scope }
      ])
    )
    expect(made).toHaveLength(12)

    // A share outside 0.1–100 is refused in the player's words, and cannot be sent.
    await page.getByRole('button', { name: 'New goal…' }).click()
    const editor = page.getByTestId('goal-editor')
    await editor.getByTestId('goal-folder').selectOption(folder.folder)
    await editor.getByRole('radio', { name: 'A share', exact: true }).click()
    for (const typed of ['0', '101', '12.345', 'ten']) {
      await editor.getByLabel('Percent', { exact: true }).fill(typed)
      await editor.getByText('A number from 0.1 to 100, at most 2 decimal places').waitFor()
      expect(await editor.getByRole('button', { name: 'Create goal' }).isDisabled()).toBe(true)
    }
    await editor.getByRole('button', { name: 'Cancel' }).click()
  })
  it('a goal on your own Reality: the editor’s preview and the goal’s card show the Reality the service’s plays give', async () => {
    // The truth: Alice's touch bests from every play the service holds (the first of each chart's top score), the
    // best 20 of their values over 20, cut to two decimals as the game shows it.
    const best = new Map<string, { score: number; reality: number }>()
    for (const p of service.controls.plays('global', 'alice')) {
      if (!p.modifiers.includes('TouchMode') || p.modifiers.some((m) => /auto\s*play/i.test(m))) continue
      const kept = best.get(p.chart_id)
      if (!kept || p.score > kept.score) best.set(p.chart_id, { score: p.score, reality: p.reality })
    }
    const hundredths = shown(
      reality(
        [...best.values()].map((b) => b.reality),
        20
      )
    )
    const now = `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`
    await page.getByRole('tab', { name: /^Goals/ }).click()
    await page.getByRole('button', { name: 'New goal…' }).click()
    const editor = page.getByTestId('goal-editor')
    await editor.getByLabel('Target').selectOption({ label: 'Reality at least' })
    await editor.getByLabel('Input mode').selectOption({ label: 'Touch' })
    await editor.getByRole('radio', { name: 'Your Reality', exact: true }).click()
    await editor.getByLabel('Value').fill('30')
    await editor.getByTestId('goal-preview').getByText(`Your Reality now: ${now}.`).waitFor()
    await editor.getByRole('button', { name: 'Create goal' }).click()
    await editor.waitFor({ state: 'detached' })
    const card = page.getByTestId('goal').filter({ hasText: 'your Reality 30.00 or more (Touch)' })
    await card.getByTestId('goal-count').getByText(`${now}/30.00`).waitFor()
    const made = state().goals.find((g) => g.goal.scope.kind === 'best')!
    expect(made.goal).toMatchObject({ criterion: { kind: 'reality', min: 30 }, mode: 'touch', target: { kind: 'all' } })
    expect(made.done).toBe(false)
  })
  it("a folder's constant range takes a decimal comma and an empty end, and says its range when out of it", async () => {
    await page.getByRole('tab', { name: 'Folders' }).click()
    await page.getByRole('radio', { name: 'My folders' }).click()
    await page.getByRole('button', { name: 'New folder…' }).click()
    const editor = page.getByTestId('folder-editor')
    await editor.getByLabel('Name').fill('Twelve and a half up')
    await editor.getByRole('radio', { name: 'A filter', exact: true }).click()
    const from = editor.getByLabel('Constant from')
    await from.fill('31')
    await editor.getByText('A number from 0 to 30, at most 2 decimal places').waitFor()
    expect(await editor.getByRole('button', { name: 'Save folder' }).isDisabled()).toBe(true)
    await from.fill('12,5')
    await editor.getByRole('button', { name: 'Save folder' }).click()
    await editor.waitFor({ state: 'detached' })
    await expect.poll(() => state().folders.find((f) => f.name === 'Twelve and a half up')?.filter).toEqual({ levelMin: 12.5 })
  })
})
