import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import type { RankData } from '../../src/shared/api'
import { accountKey } from '../../src/main/accounts/account-key'
import { AccountCache } from '../../src/main/cache/account-cache'
import { addSnapshot, emptyHistory } from '../../src/main/cache/history'
import { nodeFiles } from '../../src/main/platform-node/files'
import { LocalDataHealth } from '../../src/main/storage/local-data'
import { navButton, type Harness } from '../harness/app-harness'
import { startServiceAndApp } from '../harness/e2e-start'
import { addUserToken } from '../support/core'

const DAY = 86_400_000
/** The touch series' colour in RealityChart.tsx, as the canvas holds it. */
const TOUCH_RGB = [0x6c, 0x6f, 0xf5]

/**
 * Reality over time, read as a player would: the tooltip says when a chart entered or left the best 20,
 * the keyboard reaches every point, the marks sit under the points where the best 20 changed, and a range
 * with no change in it says so in words. The history is written here, from the service's own rank answer,
 * so what the chart must say is known without the app.
 */
describe('Reality over time in Chromium', () => {
  let service: ReferenceService
  let h: Harness
  let stop: (() => Promise<void>) | undefined
  let page: Page
  const title: Record<'entered' | 'left', string> = { entered: '', left: '' }
  const at = { before: Date.now() - 100 * DAY, after: Date.now() - 50 * DAY }
  let rank: RankData
  const older = { touch: 0 }

  beforeAll(async () => {
    ;({ service, h, stop } = await startServiceAndApp())
    page = h.page
    const alice = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!
    const base = service.deployments.global.base_url
    const answer = await fetch(`${base}/v1/user/alice/rank`, { headers: { authorization: alice.user_token } })
    rank = { ...((await answer.json()) as { data: Omit<RankData, 'skipped'> }).data, skipped: 0 }
    const best = rank.touch_ranks.slice(0, 20)
    const entered = best.at(-1)!.chart_id
    // The chart that left: one the player has but that is not in today's touch best 20.
    const left = [...rank.touch_ranks.slice(20), ...rank.keyboard_ranks].find((r) => !best.some((b) => b.chart_id === r.chart_id))!.chart_id
    expect(entered).not.toBe(left)

    // 100 days ago the best 20 held `left` where today it holds `entered`; 50 days ago it became today's,
    // which is also what the service answers now, so signing in adds no newer snapshot.
    older.touch = Math.round((rank.touch_reality - 0.25) * 10_000) / 10_000
    const history = emptyHistory()
    const then = { ...rank.touch_ranks[0]!, chart_id: left }
    addSnapshot(
      history,
      { ...rank, touch_reality: older.touch, touch_ranks: [...best.slice(0, 19), then] },
      new Date(at.before).toISOString()
    )
    addSnapshot(history, rank, new Date(at.after).toISOString())
    const id = accountKey('local', base, alice.uid)
    const cache = new AccountCache(nodeFiles, h.dataDir, id, new LocalDataHealth())
    cache.saveHistory(history)
    await cache.flush()

    const { account } = await addUserToken(h.app.core.handlers, 'local', alice.user_token)
    expect(account.id).toBe(id)
    await h.call('sync:run', account.id, {})
    const charts = new Map((await h.call('chartList:charts')).map((c) => [c.chart_id, c.title]))
    title.entered = charts.get(entered) ?? entered.slice(0, 8)
    title.left = charts.get(left) ?? left.slice(0, 8)
    await page.reload()
    await navButton(page, 'Reality').click()
    await page.getByTestId('reality-chart').waitFor()
  })
  afterAll(() => stop?.())

  const chart = () => page.getByTestId('reality-chart')
  const tip = () => page.getByTestId('chart-tip')
  /** The month and day of `ms` as the browser writes them: not how the app formats, just a part any English date shows. */
  const monthDay = (ms: number) => page.evaluate((t) => new Date(t).toLocaleDateString('en-US', { month: 'short', day: 'numeric' }), ms)
  /** The canvas pixel 13 px below where the cursor sits (where a mark's triangle is), as [r, g, b]. */
  const belowCursor = () =>
    chart().evaluate((host) => {
      const over = host.querySelector<HTMLElement>('.u-over')!
      const point = new DOMMatrix(getComputedStyle(host.querySelector('.u-cursor-pt')!).transform)
      const canvas = host.querySelector('canvas')!
      const dpr = canvas.width / canvas.getBoundingClientRect().width
      const x = Math.round((over.offsetLeft + point.e) * dpr)
      const y = Math.round((over.offsetTop + point.f + 13) * dpr)
      return [...canvas.getContext('2d')!.getImageData(x, y, 1, 1).data.slice(0, 3)]
    })
  const tipCoversPoint = () =>
    chart().evaluate((host) => {
      const tip = host.querySelector('[data-testid="chart-tip"]')!.getBoundingClientRect()
      const point = host.querySelector('.u-cursor-pt')!.getBoundingClientRect()
      const [x, y] = [point.left + point.width / 2, point.top + point.height / 2]
      return x >= tip.left && x <= tip.right && y >= tip.top && y <= tip.bottom
    })
  const isTouchColour = (rgb: number[]) => rgb.every((v, i) => Math.abs(v - TOUCH_RGB[i]!) <= 12)

  it('the keyboard reaches every point; the tooltip says what entered and left the best 20, and the marks sit there', async () => {
    // The default range, 90 days: the change 50 days ago, drawn from the snapshot just before the range.
    expect(await page.getByRole('radio', { name: '90 days' }).getAttribute('aria-checked')).toBe('true')
    await chart().focus()
    await expect.poll(() => tip().isVisible()).toBe(true)
    expect(await chart().getAttribute('aria-valuenow')).toBe('2')
    expect(await chart().getAttribute('aria-valuemax')).toBe('2')
    const latest = await tip().innerText()
    expect(latest).toContain(await monthDay(at.after))
    expect(latest).toContain(`Touch: ${rank.touch_reality.toFixed(4)}`)
    expect(latest).toContain(`Entered the best 20: ${title.entered}`)
    expect(latest).toContain(`Left the best 20: ${title.left}`)
    // Screen readers hear what the tooltip shows.
    expect(await chart().getAttribute('aria-valuetext')).toBe(latest.split('\n').join('; '))
    expect(isTouchColour(await belowCursor())).toBe(true)
    // The latest point is at the right edge: the tooltip moves to its left rather than cover it.
    expect(await tipCoversPoint()).toBe(false)

    await page.keyboard.press('Home')
    await expect.poll(() => chart().getAttribute('aria-valuenow')).toBe('1')
    const first = await tip().innerText()
    expect(first).toContain(await monthDay(at.before))
    expect(first).toContain(`Touch: ${older.touch.toFixed(4)}`)
    expect(first).not.toContain('best 20')
    expect(isTouchColour(await belowCursor())).toBe(false)

    await page.keyboard.press('ArrowRight')
    await expect.poll(() => chart().getAttribute('aria-valuenow')).toBe('2')
    await page.keyboard.press('ArrowRight')
    expect(await chart().getAttribute('aria-valuenow')).toBe('2')
    await page.keyboard.press('Tab')
    await expect.poll(() => tip().isVisible()).toBe(false)
  })

  it('a range with no change in it says so in words, and "Show all time" brings the chart back', async () => {
    await page.getByRole('radio', { name: '30 days' }).click()
    const unchanged = page.getByTestId('reality-unchanged')
    await unchanged.waitFor()
    expect(await chart().count()).toBe(0)
    const words = await unchanged.innerText()
    expect(words).toContain(`${rank.touch_reality.toFixed(4)} touch`)
    expect(words).toContain(`${rank.keyboard_reality.toFixed(4)} keyboard`)
    expect(words).toContain(await monthDay(at.after))
    await unchanged.getByRole('button', { name: 'Show all time' }).click()
    await chart().waitFor()
    expect(await page.getByRole('radio', { name: 'All' }).getAttribute('aria-checked')).toBe('true')
    await chart().focus()
    await page.keyboard.press('End')
    expect(await chart().getAttribute('aria-valuemax')).toBe('2')
  })
})

/**
 * The player card's "this week": it asks for the last week only (years of history need not cross the bridge
 * at start-up), and still finds the point a week back to measure from, which lies before that week.
 */
describe("the player card's week in Chromium", () => {
  let service: ReferenceService
  let h: Harness
  let stop: (() => Promise<void>) | undefined

  beforeAll(async () => {
    ;({ service, h, stop } = await startServiceAndApp({ chartListUrl: undefined }))
  })
  afterAll(() => stop?.())

  it('shows the change since the point a week back, from a request for the last week only', async () => {
    const alice = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!
    const base = service.deployments.global.base_url
    const answer = await fetch(`${base}/v1/user/alice/rank`, { headers: { authorization: alice.user_token } })
    const rank = { ...((await answer.json()) as { data: Omit<RankData, 'skipped'> }).data, skipped: 0 }
    const history = emptyHistory()
    const before = (days: number, less: number) =>
      addSnapshot(history, { ...rank, touch_reality: rank.touch_reality - less }, new Date(Date.now() - days * DAY).toISOString())
    before(30, 0.5)
    before(10, 0.25)
    const id = accountKey('local', base, alice.uid)
    const cache = new AccountCache(nodeFiles, h.dataDir, id, new LocalDataHealth())
    cache.saveHistory(history)
    await cache.flush()
    // Signing in keeps today's snapshot: the service's rank, 0.25 above the one ten days ago.
    await addUserToken(h.app.core.handlers, 'local', alice.user_token)
    await h.call('sync:run', id, {})
    h.traffic.length = 0
    await h.page.reload()
    // In the digits of the Reality beside it (two, as the game shows it); the exact change on hover.
    await expect.poll(() => h.page.getByTestId('card-reality-touch').innerText()).toContain('+0.25 this week')
    expect(await h.page.getByTestId('card-reality-touch').getByTestId('week-change').getAttribute('title')).toBe('+0.2500')
    const asked = h.traffic.filter((line) => line.startsWith('request sync:realityHistory'))
    const answered = h.traffic.filter((line) => line.startsWith('response sync:realityHistory'))
    expect(asked).toHaveLength(1)
    const since = Date.parse((JSON.parse(asked[0]!.slice('request sync:realityHistory '.length)) as [string, { since: string }])[1].since)
    expect(Math.abs(since - (Date.now() - 7 * DAY))).toBeLessThan(60_000)
    // The point ten days ago (where the week's change starts) and today's: not the one from 30 days ago.
    expect(JSON.parse(answered[0]!.slice('response sync:realityHistory '.length))).toMatchObject({ ok: true, value: [{}, {}] })
  })
})
