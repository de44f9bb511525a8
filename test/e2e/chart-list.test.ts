import type { Page } from 'playwright-core'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import { navButton, type Harness } from '../harness/app-harness'
import { startServiceAndApp } from '../harness/e2e-start'
import { catalogue } from '../harness/english-left'
import { addUserToken } from '../support/core'
import { drawnText, recordDrawnText } from '../harness/drawn-text'
import { saveInto } from '../harness/saved-file'

const SHORT_ID = /^[0-9a-f]{8}…/

/**
 * A player of the live service: no chart list at first (the app's default is the community's list
 * on a third-party host, which needs their agreement), then the community's song-keyed list
 * imported from a file written here in that shape, with titles in three scripts, a story chart
 * (constant 0) and one chart whose constant the list has wrong.
 */
const savedTo = mkdtempSync(join(tmpdir(), 'e2e-saved-'))

describe('song names from the community chart list, in Chromium', () => {
  let service: ReferenceService
  let h: Harness
  let stop: (() => Promise<void>) | undefined
  let page: Page
  const asked: string[] = []
  const titles = new Map<string, string>()
  let chinese: { id: string; zh: string; original: string }
  let stale: { id: string; listed: number; reality: number }
  const nav = (name: string) => navButton(page, name).click()

  beforeAll(async () => {
    const spy: typeof fetch = (input, init) => {
      asked.push(new URL(input instanceof Request ? input.url : String(input)).host)
      return fetch(input, init)
    }
    ;({ service, h, stop } = await startServiceAndApp({ chartListUrl: undefined, deps: { fetch: spy } }))
    page = h.page
    const alice = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!
    const { account } = await addUserToken(h.app.core.handlers, 'local', alice.user_token)
    await h.call('sync:run', account.id, {})
    await page.reload()
  })
  afterAll(() => stop?.())

  it('without a list: charts show a short id and "unknown chart", and a banner offers the community list naming its host', async () => {
    await nav('Scores')
    const first = page.locator('tbody .chart-link').first()
    await expect.poll(() => first.textContent()).toMatch(/^[0-9a-f]{8}… unknown chart$/)
    const banner = page.getByTestId('chart-list-banner')
    await banner.getByRole('button', { name: 'Get song names from the community chart list (raw.githubusercontent.com)' }).waitFor()
    // Nothing was sent to the community's host: the player has not agreed.
    expect(asked.filter((host) => !host.startsWith('127.0.0.1'))).toEqual([])
    await banner.getByRole('button', { name: 'Import a chart list file…' }).click()
    await page.getByRole('heading', { name: 'Chart list' }).waitFor()
  })

  it('imports the song-keyed list: Scores, Bests, the chart history, Reality and the share image show titles', async () => {
    const id = (await h.accounts()).activeId!
    const rank = (await h.call('sync:load', id), h.events.latest('sync:changed', (d) => d.accountId === id)!.rank.data!)
    const records = [...rank.touch_ranks, ...rank.keyboard_ranks]
    const kept = (await h.call('sync:history', id)).records
    const ids = [...new Set([...records, ...kept].map((r) => r.chart_id))]
    // The first chart's list constant is off by 0.4 against what its record's Reality implies (a list older than the game).
    const best = [...rank.touch_ranks].sort((a, b) => b.reality - a.reality)[0]!
    const songs: Record<string, unknown> = {}
    ids.forEach((chartId, i) => {
      const original = i % 3 === 1 ? `雨の歌（${i}）` : `Song Number (${i})`
      const zh = `雨之歌（${i}）`
      titles.set(chartId, original)
      if (i === 1) chinese = { id: chartId, zh, original }
      const record = records.find((r) => r.chart_id === chartId && r.score >= 850_000)
      // Bands from 850,000: constant = reality − (score − 850,000) / 100,000, or reality − 1.5 from 1,000,000.
      const implied = record ? record.reality - (record.score >= 1_000_000 ? 1.5 : (record.score - 850_000) / 100_000) : 10
      const listed = chartId === best.chart_id ? Math.round((implied + 0.4) * 100) / 100 : Math.round(implied * 1000) / 1000
      if (chartId === best.chart_id) stale = { id: chartId, listed, reality: best.reality }
      songs[original] = {
        titleCulture: i % 3 === 1 ? 'ja' : 'en',
        latinTitle: `Ame no Uta (${i})`,
        Title_zh_Hans: zh,
        songid: `song-${i}`,
        difficulty: {
          Cloudburst: { chartid: chartId, difficultyValue: listed },
          Cloudburst_Story: { chartid: `story-${i}`, difficultyValue: 0 }
        }
      }
    })
    const file = join(mkdtempSync(join(tmpdir(), 'chart-list-')), 'resources.json')
    writeFileSync(file, JSON.stringify(songs))
    await page.getByTestId('chart-list-settings').locator('input[type=file]').setInputFiles(file)
    await expect
      .poll(() => page.getByTestId('chart-list-status').textContent())
      .toMatch(`${ids.length * 2} charts, imported from resources.json`)
    await expect.poll(() => page.getByTestId('chart-list-change').textContent()).toMatch(`${ids.length * 2} added, 0 removed, 0 constants`)

    // Scores, all three views: every title is one the list gave, none an id.
    await nav('Scores')
    for (const scope of [/^Bests/, /^All plays/, /^Recent/]) {
      await page.getByRole('radio', { name: scope }).click()
      await expect.poll(async () => (await page.locator('tbody .chart-link').allTextContents()).length).toBeGreaterThan(0)
      const shown = await page.locator('tbody .chart-link').allTextContents()
      expect(shown.filter((t) => SHORT_ID.test(t))).toEqual([])
      expect(shown.every((t) => [...titles.values()].includes(t))).toBe(true)
    }
    expect(await page.getByTestId('chart-list-banner').count()).toBe(0)

    // Filter by the Chinese title, and by the Latin title typed in full width: the same song.
    await page.getByRole('radio', { name: /^All plays/ }).click()
    const search = page.getByLabel('Filter by title')
    const plays = kept.filter((r) => r.chart_id === chinese.id).length
    for (const text of [chinese.zh, 'ＡＭＥ ＮＯ ＵＴＡ （１）', chinese.original]) {
      await search.fill(text)
      await expect.poll(async () => (await page.getByTestId('score-count').textContent())?.split(' of ')[0]).toBe(String(plays))
      expect(new Set(await page.locator('tbody .chart-link').allTextContents())).toEqual(new Set([chinese.original]))
    }
    await search.fill(chinese.zh)
    await expect.poll(() => page.locator('tbody .chart-link').first().textContent()).toBe(chinese.original)
    // The original title is Japanese: the cell says so for the right glyphs.
    expect(await page.locator('tbody .chart-link').first().getAttribute('lang')).toBe('ja')
    await page.locator('tbody .chart-link').first().click()
    await page.getByTestId('chart-history').getByRole('heading', { name: chinese.original }).waitFor()
    await page.keyboard.press('Escape')

    // Reality: titles in the best 20; the stale constant is marked, the record's own Reality unchanged.
    await nav('Reality')
    await page.getByRole('tab', { name: /^Touch/ }).click()
    const table = page.getByTestId('best-20')
    await expect.poll(() => table.locator('tbody .col-title').first().textContent()).toBe(titles.get(stale.id))
    const cells = await table.locator('tbody .col-title').allTextContents()
    expect(cells.filter((t) => SHORT_ID.test(t))).toEqual([])
    const staleRow = table.locator('tbody tr').first()
    expect(await staleRow.locator('.stale-mark').count()).toBe(1)
    expect(await staleRow.locator('.stale-constant').getAttribute('title')).toMatch(`The chart list says ${stale.listed.toFixed(1)}`)
    expect(await staleRow.locator('td').nth(6).textContent()).toBe(stale.reality.toFixed(3))
    await page.getByTestId('stale-list').getByText('The chart list looks older than the game: 1 chart').waitFor()

    // The share image draws titles, never ids (every text the canvas is given is recorded).
    await recordDrawnText(page)
    await saveInto(page, savedTo, () => page.getByRole('button', { name: 'Share image…' }).click())
    const drawn = await drawnText(page)
    // A card's title is cut to fit with an ellipsis: the first card's is the stale chart's title, or its start.
    const title = titles.get(stale.id)!
    expect(drawn.some((t) => t === title || (t.endsWith('…') && title.startsWith(t.slice(0, -1))))).toBe(true)
    expect(drawn).toContain('雨の歌（1）')
    expect(drawn.filter((t) => SHORT_ID.test(t))).toEqual([])
  })

  it('the share image in Russian, Spanish, Italian and Vietnamese: their words, decimal commas, Latin titles for kana', async () => {
    const WORDS = {
      ru: { best: 'Лучшие 20', app: 'Помощник игрового аккаунта' },
      es: { best: 'Mejores 20', app: 'Asistente de cuenta de juego' },
      it: { best: 'Migliori 20', app: 'Assistente account di gioco' },
      vi: { best: '20 tốt nhất', app: 'Trợ lý tài khoản game' }
    } as const
    for (const language of ['ru', 'es', 'it', 'vi'] as const) {
      await h.call('settings:update', { language })
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language)
      const { texts } = catalogue(language)
      await nav(texts.get('nav.reality')!)
      // Every text the canvas is given is recorded (once per page: the recorder stays installed).
      await recordDrawnText(page)
      await saveInto(page, savedTo, () => page.getByRole('button', { name: texts.get('reality.shareImage')! }).click())
      const drawn = await drawnText(page)
      expect(drawn, language).toContain(WORDS[language].best)
      expect(drawn, language).toContain(WORDS[language].app)
      // The kana title reads in the list's Latin form; no id, no kana.
      expect(drawn, language).toContain('Ame no Uta (1)')
      expect(
        drawn.filter((t) => /\p{Script=Hiragana}|\p{Script=Katakana}/u.test(t) || SHORT_ID.test(t)),
        language
      ).toEqual([])
      // Reality (two decimals, as in game), each chart's Reality (three) and its constant: a decimal comma, never a point.
      expect(
        drawn.some((t) => /^\d{1,2},\d{2}$/.test(t)),
        language
      ).toBe(true)
      expect(
        drawn.some((t) => /^\d{1,2},\d{3}$/.test(t)),
        language
      ).toBe(true)
      // (Spanish, Italian and Vietnamese group a score's thousands with a point: 1.010.000 is a score, 16.70 would not be.)
      expect(
        drawn.filter((t) => /^\d{1,2}\.\d{1,3}$|\s\d{1,2}\.\d$/.test(t)),
        language
      ).toEqual([])
      expect(
        drawn.some((t) => /^[A-Z]{2} \d{1,2},\d$/.test(t)),
        language
      ).toBe(true)
    }
    await h.call('settings:update', { language: 'en' })
  })

  it('in Chinese the Chinese title is shown where the list has one; the list can be updated from a URL on this computer', async () => {
    await h.call('settings:update', { language: 'zh-CN' })
    await nav('成绩')
    await page.getByRole('radio', { name: /^全部游玩/ }).click()
    await page.getByLabel('按标题筛选').fill(chinese.original)
    await expect.poll(() => page.locator('tbody .chart-link').first().textContent()).toBe(chinese.zh)
    await h.call('settings:update', { language: 'en' })

    await nav('Settings')
    const settings = page.getByTestId('chart-list-settings')
    await settings.getByLabel('Update from this address').fill(service.chartList.url)
    await settings.getByLabel('Update from this address').press('Enter')
    await settings.getByRole('button', { name: 'Update now' }).click()
    await expect.poll(() => page.getByTestId('chart-list-status').textContent()).toMatch(`from ${service.chartList.url}`)
    expect(asked.filter((host) => !host.startsWith('127.0.0.1'))).toEqual([])
    // The host fails: the list stays, and the screen says why and that it is unchanged.
    service.chartList.failNext(1, 502)
    await settings.getByRole('button', { name: 'Update now' }).click()
    await settings
      .getByText(/HTTP 502\. The chart list you have is unchanged/)
      .first()
      .waitFor()
    expect(await page.getByTestId('chart-list-status').textContent()).toMatch(`from ${service.chartList.url}`)
  })
})
