import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import { seedDemoHistory } from '../../scripts/demo-seed'
import { navButton, type Harness } from '../harness/app-harness'
import { startServiceAndApp } from '../harness/e2e-start'
import { addUserToken } from '../support/core'

interface Play {
  chart_id: string
  score: number
  reality: number
  played_at: string
  modifiers: string[]
  score_great_count: number
  score_good_count: number
  score_bad_count: number
  score_miss_count: number
}
type Mark = 'AP' | 'FC' | ''

/** The game's reading of a play, done here from its counts: AP with no Great, Good, Bad or Miss, FC with no Bad or Miss. */
const markOf = (p: Play): Mark =>
  p.score_bad_count + p.score_miss_count > 0 ? '' : p.score_great_count + p.score_good_count > 0 ? 'FC' : 'AP'
const better = (a: Mark, b: Mark): Mark => (a === 'AP' || b === 'AP' ? 'AP' : a === 'FC' || b === 'FC' ? 'FC' : '')
const keyOf = (p: Pick<Play, 'chart_id' | 'modifiers'>) => `${p.chart_id}|${p.modifiers.includes('TouchMode') ? 'touch' : 'keyboard'}`

/** Every row of the Bests table (a virtual list: scrolled through), by chart and mode: its mark and its Reality as shown. */
async function bestRows(page: Page): Promise<Map<string, { mark: string; reality: string; score: string }>> {
  const rows = new Map<string, { mark: string; reality: string; score: string }>()
  const region = page.locator('.table-scroll')
  const { height } = await region.evaluate((el) => ({ height: el.scrollHeight }))
  for (let top = 0; top < height; top += 300) {
    await region.evaluate((el, y) => (el.scrollTop = y), top)
    await page.waitForTimeout(60)
    const seen = await page.locator('.scores-table tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({
        key: tr.getAttribute('data-key')!,
        mark: tr.querySelector('.col-grade .combo-chip')?.textContent ?? '',
        reality: tr.querySelector('.col-reality')?.textContent ?? '',
        score: tr.querySelector('.col-score')?.textContent ?? ''
      }))
    )
    for (const r of seen) rows.set(r.key, r)
  }
  return rows
}

/**
 * The Bests view against the service's own data, read here without the app: each chart's mark is the best its plays
 * reached in that mode (from their judgement counts), or, for a best known only from the cloud save, the save's
 * `AchievedStatus`; each chart's Reality is the service's value for the best play.
 */
describe('Bests: FC/AP marks and each chart’s Reality, as the service and the save say', () => {
  let service: ReferenceService
  let h: Harness
  let stop: (() => Promise<void>) | undefined
  const saveOnly: { chart: string; status: number[]; score: number }[] = []

  beforeAll(async () => {
    ;({ service, h, stop } = await startServiceAndApp())
    await seedDemoHistory(service, h.dataDir)
    const alice = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!
    const { account } = await addUserToken(h.app.core.handlers, 'local', alice.user_token)
    await h.call('sync:run', account.id, {})
    // Two easy charts Alice never played, played now: their bests reach the app first from the cloud save alone.
    type Song = { difficulty: Record<string, { chartid: string; difficultyValue: number }> }
    const list = (await (await fetch(service.chartList.url)).json()) as Record<string, Song>
    const played = new Set((service.controls.plays('global', 'alice') as Play[]).map((p) => p.chart_id))
    const fresh = Object.values(list)
      .flatMap((song) => Object.values(song.difficulty))
      .filter((c) => c.difficultyValue > 0 && !played.has(c.chartid))
      .sort((a, b) => a.difficultyValue - b.difficultyValue)
      .slice(0, 2)
    for (const chart of fresh) service.controls.addPlayOf('global', 'alice', chart.chartid, 1_004_000, true)
    // Uploaded a minute later (a save's best is kept dated at its upload).
    service.controls.advanceClock(60_000)
    service.controls.updateSave('global', 'alice')
    const run = await h.call('backups:run', account.id, { force: true })
    expect((await h.call('backups:backfill', run.entryId!)).added).toBe(2)
    // The save as the service serves it, read here: the two charts' AchievedStatus.
    const headers = { authorization: alice.user_token }
    const base = service.deployments.global.base_url
    const { data } = (await (await fetch(`${base}/v1/game/save`, { headers })).json()) as { data: { file_url: string } }
    const save = (await (await fetch(data.file_url)).json()) as {
      SongRecordsV3: { BeatmapID: string; BestScore: number; AchievedStatus: number[] }[]
    }
    for (const chart of fresh) {
      const record = save.SongRecordsV3.find((r) => r.BeatmapID === chart.chartid)!
      saveOnly.push({ chart: chart.chartid, status: record.AchievedStatus, score: record.BestScore })
    }
    // Then the plays themselves arrive with the recent list: the touch bests.
    await h.call('sync:run', account.id, {})
    await h.page.reload()
  })
  afterAll(() => stop?.())

  it('every best shows the mark its chart reached in its mode, and the service’s Reality for it', async () => {
    const { page } = h
    await navButton(page, 'Scores').click()
    await page.getByRole('radio', { name: /^Bests/ }).click()
    await page.locator('.scores-table tbody tr').first().waitFor()
    const shown = await bestRows(page)

    const plays = service.controls.plays('global', 'alice') as Play[]
    const expected = new Map<string, { mark: Mark; best: Play }>()
    for (const p of plays) {
      const key = keyOf(p)
      const current = expected.get(key)
      const best = !current || p.score > current.best.score ? p : current.best
      expected.set(key, { mark: better(current?.mark ?? '', markOf(p)), best })
    }
    // A save's best has no mode: it is kept as a keyboard one. AchievedStatus: 5 all perfect, 4 full combo.
    for (const s of saveOnly) {
      const mark: Mark = s.status.includes(5) ? 'AP' : s.status.includes(4) ? 'FC' : ''
      expected.set(`${s.chart}|keyboard`, { mark, best: { chart_id: s.chart, score: s.score } as Play })
    }
    expect(new Map([...shown].map(([key, row]) => [key, row.mark]))).toEqual(new Map([...expected].map(([key, e]) => [key, e.mark])))
    // The comparison means something: all three kinds are there, and the save's two bests.
    const marks = [...expected.values()].map((e) => e.mark)
    expect(['AP', 'FC', ''].every((m) => marks.includes(m as Mark))).toBe(true)
    expect(saveOnly.some((s) => s.status.includes(4))).toBe(true)

    for (const [key, e] of expected) {
      if (saveOnly.some((s) => key === `${s.chart}|keyboard`)) continue // rated by the app: the service never rated it
      expect(Number(shown.get(key)!.reality), key).toBeCloseTo(e.best.reality, 3)
      expect(Number(shown.get(key)!.score.replace(/\D/g, '')), key).toBe(e.best.score)
    }
  })

  it('sorts by each chart’s Reality', async () => {
    const { page } = h
    await page.locator('thead button', { hasText: 'Reality' }).click()
    const values = async () => (await page.locator('.scores-table tbody td.col-reality').allTextContents()).map(Number)
    const first = await values()
    expect(first.length).toBeGreaterThan(5)
    const sorted = [...first].sort((a, b) => b - a)
    expect(first).toEqual(sorted)
    await page.locator('thead button', { hasText: 'Reality' }).click()
    const ascending = await values()
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b))
  })

  it('a search that finds a chart by a title it does not show says which title it found', async () => {
    const { page } = h
    type Song = { latinTitle: string; difficulty: Record<string, { chartid: string }> }
    const list = (await (await fetch(service.chartList.url)).json()) as Record<string, Song>
    const latinOf = new Map(Object.values(list).flatMap((song) => Object.values(song.difficulty).map((c) => [c.chartid, song.latinTitle])))
    await page.getByRole('radio', { name: /^All plays/ }).click()
    await page.getByLabel('Filter by title').fill('lantern')
    await expect.poll(() => page.locator('.scores-table tbody tr').count()).toBeGreaterThan(3)
    const rows = await page.locator('.scores-table tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({
        chart: tr.getAttribute('data-key')!.split('|')[0]!,
        title: tr.querySelector('.chart-link')!.textContent!,
        hint: tr.querySelector('.match-hint')?.textContent ?? null
      }))
    )
    const hinted = rows.filter((r) => !/lantern/i.test(r.title))
    expect(hinted.length).toBeGreaterThan(0)
    expect(hinted.map((r) => r.hint)).toEqual(hinted.map((r) => latinOf.get(r.chart)))
    expect(rows.filter((r) => /lantern/i.test(r.title)).map((r) => r.hint)).toEqual(
      rows.filter((r) => /lantern/i.test(r.title)).map(() => null)
    )
    await page.getByLabel('Filter by title').fill('')
  })

  it('titles are links, reachable by keyboard, opening the chart history from Scores, Reality, Push next and Profile', async () => {
    const { page } = h
    const opens = async (link: ReturnType<Page['locator']>) => {
      const title = (await link.textContent())!
      const look = await link.evaluate((el) => ({
        tag: el.tagName,
        underline: getComputedStyle(el).textDecorationLine,
        focusable: (el as HTMLElement).tabIndex >= 0
      }))
      expect(look).toEqual({ tag: 'BUTTON', underline: 'underline', focusable: true })
      await link.focus()
      await page.keyboard.press('Enter')
      const history = page.getByTestId('chart-history')
      await history.waitFor()
      expect(await history.locator('h2').textContent()).toContain(title.replace(/….*$/, ''))
      await page.keyboard.press('Escape')
      await history.waitFor({ state: 'detached' })
    }
    await opens(page.locator('tbody .chart-link').first())
    await navButton(page, 'Reality').click()
    await opens(page.getByTestId('best-20').locator('.chart-link').first())
    await opens(page.getByTestId('push-next').locator('.chart-link').first())
    await navButton(page, 'Profile').click()
    await opens(page.getByTestId('best-plays').locator('.chart-link').first())
  })
})
