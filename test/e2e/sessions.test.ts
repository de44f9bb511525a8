import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import type { RankData } from '../../src/shared/api'
import type { AccountData } from '../../src/shared/data'
import { navButton, type Harness } from '../harness/app-harness'
import { startServiceAndApp } from '../harness/e2e-start'
import { addUserToken } from '../support/core'
import { drawnText, recordDrawnText } from '../harness/drawn-text'
import { difficultyCode } from '../../src/shared/charts'
import type { ChartInfo } from '../../src/shared/data'
import { basename, dirname, join } from 'node:path'
import { tmpdir } from 'node:os'
import { mkdtempSync, readFileSync } from 'node:fs'
import { saveInto } from '../harness/saved-file'

/**
 * Sessions as a player meets them: after a sync brings two new plays (one beating an earlier best, one on a chart
 * never played), the app opens with "since last time", the Sessions screen lists the sitting first with its
 * figures, its summary says what each play did, the calendar is walked by keyboard, and the share image draws it.
 * What the screens must say is worked out here from the service's own answers, not from the app.
 */
const savedTo = mkdtempSync(join(tmpdir(), 'e2e-saved-'))

describe('sessions in Chromium', () => {
  let service: ReferenceService
  let h: Harness
  let stop: (() => Promise<void>) | undefined
  let page: Page
  let accountId = ''
  const known = { chart: '', title: '', before: 0, after: 0, fresh: '', freshTitle: '' }
  let charts: ChartInfo[] = []
  /** A chart's badge as the Scores table shows it: its difficulty's code and its constant ("CB 12.4"). */
  const badge = (chartId: string) => {
    const chart = charts.find((c) => c.chart_id === chartId)!
    return `${difficultyCode(chart.difficulty)} ${chart.constant!.toFixed(1)}`
  }
  const nav = (name: string) => navButton(page, name).click()

  beforeAll(async () => {
    ;({ service, h, stop } = await startServiceAndApp({ options: { sync: { retryAfterMs: null } } }))
    page = h.page
    const alice = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!
    ;({
      account: { id: accountId }
    } = await addUserToken(h.app.core.handlers, 'local', alice.user_token))
    await h.call('sync:run', accountId, {})
    const base = service.deployments.global.base_url
    const rank = (
      (await (await fetch(`${base}/v1/user/alice/rank`, { headers: { authorization: alice.user_token } })).json()) as { data: RankData }
    ).data
    charts = await h.call('chartList:charts')
    const titles = new Map(charts.map((c) => [c.chart_id, c.title]))
    // A touch best below the maximum, to beat; a chart Alice never played, to play first.
    const best = rank.touch_ranks.find((r) => r.score < 1_000_000 && titles.has(r.chart_id))!
    const played = new Set(service.controls.plays('global', 'alice').map((p) => p.chart_id))
    const fresh = charts.find((c) => !played.has(c.chart_id))!
    Object.assign(known, {
      chart: best.chart_id,
      title: titles.get(best.chart_id)!,
      before: best.score,
      after: best.score + 5_000,
      fresh: fresh.chart_id,
      freshTitle: titles.get(fresh.chart_id)!
    })
  })
  afterAll(() => stop?.())

  it('shows "since last time" once on opening and on the Profile, then never again once dismissed', async () => {
    await page.reload()
    await page.getByTestId('player-card').waitFor()
    // What the app saw when the account came in is where the player is: nothing new yet.
    await expect.poll(() => h.events.latest('sessions:changed')?.status).toBe('ready')
    expect(await page.getByTestId('since-last-time').count()).toBe(0)

    service.controls.addPlayOf('global', 'alice', known.chart, known.after, true)
    service.controls.addPlayOf('global', 'alice', known.fresh, 900_000, true)
    await h.call('sync:run', accountId, {})
    await page.evaluate(() => localStorage.setItem('companion.lastScreen', 'reality'))
    await page.reload()
    const card = page.getByTestId('since-last-time')
    await card.waitFor()
    const text = await card.innerText()
    expect(text).toContain('2 new plays in 1 session')
    expect(text).toContain('1 new best')
    // Moving on takes it away; the Profile shows it until it is dismissed.
    await nav('Scores')
    expect(await card.count()).toBe(0)
    await nav('Profile')
    await card.waitFor()
    await card.getByRole('button', { name: 'Got it' }).click()
    await expect.poll(() => card.count()).toBe(0)
    await page.reload()
    await page.getByTestId('player-card').waitFor()
    await expect.poll(() => h.events.latest('sessions:changed')?.status).toBe('ready')
    expect(await card.count()).toBe(0)
    // The peaks: the service's highest Reality of each mode, with its date, on the Profile and under the chart.
    const ranks = h.events.log.flatMap((e) => (e.event === 'sync:changed' ? [(e.payload as AccountData).rank.data] : []))
    const highest = Math.max(...ranks.flatMap((rank) => (rank ? [rank.touch_reality] : [])))
    const shown = (Math.floor(highest * 100) / 100).toFixed(2)
    await expect.poll(() => page.getByTestId('peak-touch').innerText()).toMatch(new RegExp(`^Touch: ${shown} on `))
    await nav('Reality')
    await expect.poll(() => page.getByTestId('reality-peak').innerText()).toMatch(new RegExp(`^Touch: ${shown} on `))
  })

  it('lists the newest session first, virtualized, and its summary says what each play did', async () => {
    await nav('Sessions')
    const first = page.getByTestId('session-card').first()
    await first.waitFor()
    expect(await first.innerText()).toMatch(/2 plays · 2 charts · 2 touch · 0 keyboard/)
    expect(await first.innerText()).toContain('1 new best')
    const total = Number(/(\d+) sessions/.exec(await page.getByText(/^\d+ sessions$/).innerText())![1])
    expect(total).toBeGreaterThan(20)
    expect(await page.getByTestId('session-card').count()).toBeLessThan(total)

    await first.getByRole('button').click()
    const summary = page.getByTestId('session-summary')
    await summary.waitFor()
    const bests = await summary.getByTestId('session-new-bests').innerText()
    expect(bests).toContain(`${known.title} ${badge(known.chart)}`)
    expect(bests).toContain(`${known.before.toLocaleString('en-US')}\t${known.after.toLocaleString('en-US')}\t+5,000`)
    const plays = await summary.getByTestId('session-plays').locator('tbody tr').allInnerTexts()
    expect(plays).toHaveLength(2)
    expect(plays.find((p) => p.includes(known.title))).toContain('+5,000 · new best')
    expect(plays.find((p) => p.includes(known.freshTitle))).toContain('first play')
    // Each play names its chart's difficulty and constant, as the Scores table does.
    expect(plays.find((p) => p.includes(known.title))).toContain(`${known.title} ${badge(known.chart)}`)
    expect(plays.find((p) => p.includes(known.freshTitle))).toContain(`${known.freshTitle} ${badge(known.fresh)}`)
    expect(await summary.getByTestId('move-touch').innerText()).toMatch(/^Touch \d+\.\d{2} → \d+\.\d{2}/)
  })

  it('draws the share image with the session and its new best (every text recorded)', async () => {
    await recordDrawnText(page)
    const file = await saveInto(page, savedTo, () =>
      page.getByTestId('session-summary').getByRole('button', { name: 'Share image…' }).click()
    )
    expect(basename(file)).toMatch(/^session-\d{4}-\d{2}-\d{2}-alice\.png$/)
    expect(dirname(file)).toBe(savedTo)
    // The file is the PNG the page drew: its signature, and the width of the picture at 2×.
    const png = readFileSync(file)
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG')
    expect(png.readUInt32BE(16)).toBe(2160)
    const drawn = await drawnText(page)
    expect(drawn).toContain('Alice')
    expect(drawn).toContain('New personal bests')
    expect(drawn.some((t) => t === known.title || (t.endsWith('…') && known.title.startsWith(t.slice(0, -1))))).toBe(true)
    expect(drawn).toContain(`${known.before.toLocaleString('en-US')} → ${known.after.toLocaleString('en-US')}`)
    expect(drawn).toContain('+5,000')
    expect(drawn).toContain('Game Account Companion')
  })

  it('walks the calendar by keyboard, says each day in words, and shows the sessions of the day chosen', async () => {
    await page.getByRole('button', { name: '← All sessions' }).click()
    const calendar = page.getByTestId('session-calendar')
    const today = calendar.locator('[tabindex="0"]')
    expect(await today.getAttribute('aria-label')).toMatch(/: \d+ sessions?, \d+ plays?, Reality /)
    await today.focus()
    const focused = () => page.evaluate(() => Number(document.activeElement?.getAttribute('data-day')))
    const start = await focused()
    await page.keyboard.press('ArrowLeft')
    expect(await focused()).toBe(await page.evaluate((d) => new Date(d).setDate(new Date(d).getDate() - 7), start))
    await page.keyboard.press('Home')
    const firstDay = await focused()
    expect(await page.evaluate(([a, b]) => Math.round((b! - a!) / 86_400_000), [firstDay, start])).toBeGreaterThanOrEqual(364)
    await page.keyboard.press('End')
    expect(await focused()).toBe(start)
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('session-list-title').innerText()).toMatch(/^Sessions of /)
    expect(await page.getByTestId('session-card').first().innerText()).toContain('2 plays')
    await page.getByRole('button', { name: 'Show every session' }).click()
    // The calendar as text: a row per month of the last year.
    await page.getByText('The calendar as text').click()
    const months = await page.getByTestId('calendar-text').locator('tbody tr').count()
    expect(months).toBeGreaterThanOrEqual(12)
    expect(months).toBeLessThanOrEqual(13)
  })

  it('filters by input mode: the two touch plays are not a keyboard session', async () => {
    await page.getByRole('radio', { name: 'Keyboard' }).click()
    const first = page.getByTestId('session-card').first()
    await expect.poll(() => first.innerText()).not.toContain('0 keyboard')
    await page.getByRole('radio', { name: 'All' }).click()
    await expect.poll(() => first.innerText()).toContain('2 touch · 0 keyboard')
  })
  it('a session of one play lasts "1 play"; its summary shows the play\'s difficulty, constant and All Perfect mark', async () => {
    service.controls.advanceClock(3 * 3_600_000)
    const played = new Set(service.controls.plays('global', 'alice').map((p) => p.chart_id))
    const chart = charts.find((c) => !played.has(c.chart_id) && c.difficulty && (c.constant ?? 0) > 0)!
    // An all perfect: no judgement but Exact and Perfect (the service's play, its counts set so).
    const play = service.controls.addPlayOf('global', 'alice', chart.chart_id, 1_010_000, true)
    Object.assign(play, { score_accuracy: 1, score_great_count: 0, score_good_count: 0, score_bad_count: 0, score_miss_count: 0 })
    await h.call('sync:run', accountId, {})
    await nav('Profile')
    await nav('Sessions')
    const first = page.getByTestId('session-card').first()
    await expect.poll(() => first.innerText()).toMatch(/1 play · 1 chart/)
    expect(await first.locator('h3 .muted').innerText()).toBe('1 play')
    await first.getByRole('button').click()
    const summary = page.getByTestId('session-summary')
    await summary.waitFor()
    const facts = await summary.locator('dl').innerText()
    expect(facts).toMatch(/Duration\s+1 play/)
    const row = summary.getByTestId('session-plays').locator('tbody tr')
    expect(await row.innerText()).toContain(`${chart.title} ${badge(chart.chart_id)}`)
    await row.getByRole('img', { name: 'All Perfect' }).waitFor()
    await summary.getByTestId('session-combos').getByRole('img', { name: 'All Perfect' }).waitFor()
  })
})
