import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import { navButton, type Harness } from '../harness/app-harness'
import { startServiceAndApp } from '../harness/e2e-start'
import { addUserToken } from '../support/core'

/**
 * Hiding a play from a chart's history (#55): the Bests row of its chart falls to the best of the other plays (written
 * here, from the plays the service was given), the play stays listed and marked, and showing it again restores the
 * row; a star stays on the play it was put on.
 */
const BEST = 991_234
const OTHER = 951_234

/** The Bests row of a chart: its score as shown (digits only), or null when there is none. */
async function bestScore(page: Page, chartId: string): Promise<number | null> {
  const row = page.locator(`.scores-table tbody tr[data-key^="${chartId}"]`).first()
  if ((await row.count()) === 0) return null
  return Number((await row.locator('.col-score').textContent())!.replace(/\D/g, ''))
}

/** Chooses one of a play's actions from its row's "⋯" menu. */
async function playAction(row: Locator, name: 'Hide' | 'Show again' | 'Add note' | 'Edit note') {
  await row.getByRole('button', { name: 'Actions for this play' }).click()
  await row.page().getByRole('menuitem', { name }).click()
}

describe('Scores: hiding a play and showing it again', () => {
  let service: ReferenceService
  let h: Harness
  let stop: (() => Promise<void>) | undefined
  let chart = ''

  beforeAll(async () => {
    ;({ service, h, stop } = await startServiceAndApp())
    const alice = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!
    const { account } = await addUserToken(h.app.core.handlers, 'local', alice.user_token)
    await h.call('sync:run', account.id, {})
    // A chart Alice never played, then two touch plays of it: the best, and one below it.
    type Song = { difficulty: Record<string, { chartid: string; difficultyValue: number }> }
    const list = (await (await fetch(service.chartList.url)).json()) as Record<string, Song>
    const played = new Set((service.controls.plays('global', 'alice') as { chart_id: string }[]).map((p) => p.chart_id))
    chart = Object.values(list)
      .flatMap((song) => Object.values(song.difficulty))
      .find((c) => c.difficultyValue > 0 && !played.has(c.chartid))!.chartid
    const yesterday = Date.now() - 86_400_000
    service.controls.addPlayOf('global', 'alice', chart, BEST, true, { played_at: new Date(yesterday).toISOString() })
    service.controls.addPlayOf('global', 'alice', chart, OTHER, true, { played_at: new Date(yesterday + 60_000).toISOString() })
    await h.call('sync:run', account.id, {})
    await h.page.reload()
    await navButton(h.page, 'Scores').click()
  })
  afterAll(() => stop?.())

  it('the best leaves the Bests view while hidden, stays listed and marked in the chart’s history, and comes back', async () => {
    const { page } = h
    await page.getByRole('radio', { name: /^Bests/ }).click()
    await expect.poll(() => bestScore(page, chart)).toBe(BEST)
    await page.locator(`.scores-table tbody tr[data-key^="${chart}"] button.chart-link`).first().click()
    const history = page.getByTestId('chart-history')
    const bestRow = history.locator('tbody tr', { hasText: '991,234' })
    await playAction(bestRow, 'Hide')
    await expect.poll(() => bestRow.getByTestId('hidden-chip').count()).toBe(1)
    // The independent truth: the best of the plays left, the other one.
    await expect.poll(() => bestScore(page, chart)).toBe(OTHER)
    // Still kept and listed: two plays on this chart.
    expect(await history.locator('tbody tr').count()).toBe(2)
    await playAction(bestRow, 'Show again')
    await expect.poll(() => bestRow.getByTestId('hidden-chip').count()).toBe(0)
    await expect.poll(() => bestScore(page, chart)).toBe(BEST)
  })

  it('a star and a note stay on the play they were put on', async () => {
    const { page } = h
    const history = page.getByTestId('chart-history')
    const otherRow = history.locator('tbody tr', { hasText: '951,234' })
    const star = otherRow.getByRole('button', { name: 'Star this play' })
    await star.click()
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true')
    await playAction(otherRow, 'Add note')
    const dialog = page.getByTestId('note-dialog')
    await dialog.getByRole('textbox', { name: 'Note' }).fill('tournament practice')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => dialog.count()).toBe(0)
    await expect.poll(() => otherRow.locator('.play-note').textContent()).toBe('tournament practice')
    const bestRow = history.locator('tbody tr', { hasText: '991,234' })
    expect(await bestRow.getByRole('button', { name: 'Star this play' }).getAttribute('aria-pressed')).toBe('false')
    expect(await bestRow.locator('.play-note').count()).toBe(0)
  })

  it('the player card lists the starred play with its note', async () => {
    const { page } = h
    await page.keyboard.press('Escape')
    await navButton(page, 'Profile').click()
    const starred = page.getByTestId('starred-plays')
    await expect.poll(() => starred.locator('li').count()).toBe(1)
    const text = (await starred.locator('li').textContent())!
    expect(text).toContain('951,234')
    expect(text).toContain('tournament practice')
  })

  it('from the keyboard: Escape closes the menu and not the history; a note emptied is taken off', async () => {
    const { page } = h
    await navButton(page, 'Scores').click()
    await page.locator(`.scores-table tbody tr[data-key^="${chart}"] button.chart-link`).first().click()
    const history = page.getByTestId('chart-history')
    const row = history.locator('tbody tr', { hasText: '951,234' })
    const actions = row.getByRole('button', { name: 'Actions for this play' })
    const focused = (l: Locator) => l.evaluate((el) => el === document.activeElement)
    await actions.focus()
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => focused(page.getByRole('menuitem', { name: 'Hide' }))).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('menu').count()).toBe(0)
    expect(await history.isVisible()).toBe(true)
    expect(await focused(actions)).toBe(true)
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    const box = page.getByTestId('note-dialog').getByRole('textbox', { name: 'Note' })
    expect(await box.inputValue()).toBe('tournament practice')
    await box.fill('')
    await page.getByTestId('note-dialog').getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => row.locator('.play-note').count()).toBe(0)
    expect(await history.isVisible()).toBe(true)
    await page.keyboard.press('Escape')
  })

  it('a session can be named, noted and starred, and the name stays after the summary is opened again', async () => {
    const { page } = h
    await navButton(page, 'Sessions').click()
    await page.getByTestId('session-card').first().locator('button.session-open').click()
    const marks = page.getByTestId('session-summary').getByTestId('session-marks')
    await marks.getByRole('button', { name: 'Name or note…' }).click()
    await marks.getByRole('textbox', { name: 'Session name' }).fill('tournament practice')
    await marks.getByRole('button', { name: 'Save note' }).click()
    await expect.poll(() => marks.getByTestId('session-name').textContent()).toBe('tournament practice')
    const star = marks.getByRole('button', { name: 'Star this session' })
    await star.click()
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true')
    await page.reload()
    await navButton(page, 'Sessions').click()
    await page.getByTestId('session-card').first().locator('button.session-open').click()
    await page.getByTestId('session-summary').waitFor()
    await expect.poll(() => page.getByTestId('session-name').textContent()).toBe('tournament practice')
    // A play of the session opens its chart's history, where it can be hidden (and shown again).
    await page.getByTestId('session-summary').locator('tbody button.chart-link').first().click()
    const history = page.getByTestId('chart-history')
    await playAction(history.locator('tbody tr').first(), 'Hide')
    await expect.poll(() => history.getByTestId('hidden-chip').count()).toBe(1)
    await playAction(history.locator('tbody tr').first(), 'Show again')
    await expect.poll(() => history.getByTestId('hidden-chip').count()).toBe(0)
    await page.keyboard.press('Escape')
  })

  it('the service’s best list keeps a hidden play, marked beside it', async () => {
    const { page } = h
    await navButton(page, 'Reality').click()
    const first = page.locator('.reality-table tbody tr').first()
    await first.waitFor()
    const score = (await first.locator('td.col-number').first().textContent())!.trim()
    await first.locator('button.chart-link').click()
    const row = page.getByTestId('chart-history').locator('tbody tr', { hasText: score }).first()
    await playAction(row, 'Hide')
    await page.keyboard.press('Escape')
    await expect.poll(() => first.getByTestId('hidden-chip').count()).toBe(1)
    expect(await first.locator('td.col-number').first().textContent()).toContain(score)
    await first.locator('button.chart-link').click()
    await playAction(row, 'Show again')
    await page.keyboard.press('Escape')
    await expect.poll(() => first.getByTestId('hidden-chip').count()).toBe(0)
  })
})
