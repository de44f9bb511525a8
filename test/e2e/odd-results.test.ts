import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import { navButton, type Harness } from '../harness/app-harness'
import { startServiceAndApp } from '../harness/e2e-start'
import { addUserToken } from '../support/core'
import { catalogue, englishLeft } from '../harness/english-left'

/**
 * The game's odd results on screen: plays above 1,010,000 (one the service itself calls R, with a modifier of its
 * own) show their real score and the Overloaded mark, never an R chip; the mark says on hover they are rated as
 * 1,010,000; a play the service marks AutoPlay is shown marked, and the Bests view says it counts in none.
 */
const ODD = [
  { score: 1_010_001, touch: true, written: { grade: 'R', modifiers: ['TouchMode', 'HeavyDownpour'] } },
  { score: 1_050_000, touch: false, written: {} },
  { score: 1_023_456, touch: true, written: {} }
]

/** The Scores table's rows of these charts, as shown: the grade cell's chips, the score cell's text. */
async function rowsOf(page: Page, charts: readonly string[]) {
  await page.locator('.scores-table tbody tr').first().waitFor()
  const rows = await page.locator('.scores-table tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      chart: tr.getAttribute('data-key')!.split('|')[0]!,
      chips: [...tr.querySelectorAll('.col-grade .chip')].map((chip) => chip.textContent),
      hover: tr.querySelector('.col-grade .grade-chip')?.getAttribute('title') ?? '',
      score: tr.querySelector('.col-score')?.textContent ?? ''
    }))
  )
  return new Map(rows.filter((r) => charts.includes(r.chart)).map((r) => [r.chart, r]))
}

describe('Scores: the game’s odd results', () => {
  let service: ReferenceService
  let h: Harness
  let stop: (() => Promise<void>) | undefined
  const charts: string[] = []
  let autoplayChart = ''

  beforeAll(async () => {
    ;({ service, h, stop } = await startServiceAndApp())
    const alice = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!
    const { account } = await addUserToken(h.app.core.handlers, 'local', alice.user_token)
    // The first sync (it starts on sign-in) is over before the plays below are played.
    await h.call('sync:run', account.id, {})
    // The hardest charts Alice never played: one odd result each, and one AutoPlay play.
    type Song = { difficulty: Record<string, { chartid: string; difficultyValue: number }> }
    const list = (await (await fetch(service.chartList.url)).json()) as Record<string, Song>
    const played = new Set((service.controls.plays('global', 'alice') as { chart_id: string }[]).map((p) => p.chart_id))
    const fresh = Object.values(list)
      .flatMap((song) => Object.values(song.difficulty))
      .filter((c) => c.difficultyValue > 0 && !played.has(c.chartid))
      .sort((a, b) => b.difficultyValue - a.difficultyValue)
    ODD.forEach((odd, i) => {
      charts.push(fresh[i]!.chartid)
      service.controls.addPlayOf('global', 'alice', fresh[i]!.chartid, odd.score, odd.touch, odd.written)
    })
    autoplayChart = fresh[ODD.length]!.chartid
    service.controls.addPlayOf('global', 'alice', autoplayChart, 1_000_000, true, { modifiers: ['TouchMode', 'AutoPlay'] })
    await h.call('sync:run', account.id, {})
    await h.page.reload()
    await navButton(h.page, 'Scores').click()
  })
  afterAll(() => stop?.())

  for (const scope of ['Recent', 'Bests', 'All plays'])
    it(`${scope}: each shows its real score and the Overloaded mark, no R chip; the mark says it is rated as 1,010,000`, async () => {
      const { page } = h
      await page.getByRole('radio', { name: new RegExp(`^${scope}`) }).click()
      await expect.poll(async () => (await rowsOf(page, charts)).size).toBe(charts.length)
      const rows = await rowsOf(page, charts)
      expect([...rows.keys()].sort()).toEqual([...charts].sort())
      ODD.forEach((odd, i) => {
        const row = rows.get(charts[i]!)!
        expect(Number(row.score.replace(/\D/g, '')), charts[i]).toBe(odd.score)
        expect(row.chips[0], charts[i]).toBe('Overloaded')
        expect(row.chips, charts[i]).not.toContain('R')
        expect(row.hover).toContain('1,010,000')
      })
      // The service's own modifier, beside the marks.
      expect(rows.get(charts[0]!)!.chips).toContain('HeavyDownpour')
    })

  it('a play AutoPlay made is shown marked, in no best, and the Bests view says so', async () => {
    const { page } = h
    await page.getByRole('radio', { name: /^Recent/ }).click()
    await expect.poll(async () => (await rowsOf(page, [autoplayChart])).get(autoplayChart)?.chips.at(-1)).toBe('AutoPlay')
    expect((await rowsOf(page, [autoplayChart])).get(autoplayChart)!.chips[0]).toBe('M')
    await page.getByRole('radio', { name: /^Bests/ }).click()
    // The bests are there (an odd result's among them), and the AutoPlay play's chart is not.
    await expect.poll(async () => (await rowsOf(page, [charts[0]!, autoplayChart])).size).toBe(1)
    expect((await rowsOf(page, [charts[0]!, autoplayChart])).has(charts[0]!)).toBe(true)
    expect(await page.getByTestId('autoplay-kept').textContent()).toBe(
      '1 play made by AutoPlay is kept in the history and counted in no best.'
    )
  })

  it('in Japanese: the marks and what they say on every screen that shows them, no English left but the game’s words', async () => {
    const { page } = h
    await h.call('settings:update', { language: 'ja' })
    const { screen } = catalogue('ja')
    await navButton(page, screen.scores).waitFor()
    for (const name of [screen.scores, screen.reality, screen.profile, screen.progress]) {
      await navButton(page, name).click()
      await page.locator('main h1').first().waitFor()
      await page.waitForTimeout(300)
      if (name === screen.scores) await page.getByRole('radio', { name: /^ベスト/ }).click()
      // Each screen shows an Overloaded mark (the folders' bar: its segment), and nothing of it in English but its name.
      await expect.poll(() => page.locator('.grade-overloaded, .bg-grade-Overloaded').count(), { message: name }).toBeGreaterThan(0)
      expect(await englishLeft(page, 'ja'), name).toEqual([])
    }
    await h.call('settings:update', { language: 'en' })
  })
})
