import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import { Language } from '../../src/shared/settings'
import { navButton, type Harness } from '../harness/app-harness'
import { startServiceAndApp } from '../harness/e2e-start'
import { catalogue } from '../harness/english-left'
import { addUserToken } from '../support/core'
import { saveInto } from '../harness/saved-file'

/** Titles as long as real songs' get, in every script the app's languages read, with and without spaces. */
const LONG_TITLES = [
  'The Unbelievably Long Journey of the Wandering Lantern Beneath the Electric Rain (Extended Version)',
  'ぼくらが夜明けの向こう側で見つけた終わらない物語のためのレクイエム',
  '끝나지 않는 전기 빗속을 헤매는 등불과 잊혀진 꿈들의 아주 긴 여행',
  'Hyperdimensionalsupercalifragilisticoverdrivewithoutanyspaces',
  '在無盡的電光雨夜裡徘徊的燈籠與那些被遺忘的夢'
]
const LONG_CHINESE = '在无尽的电光雨夜里徘徊的灯笼与那些被遗忘的梦的漫长旅程'

interface Run {
  text: string
  x: number
  y: number
  font: string
  align: CanvasTextAlign
  baseline: CanvasTextBaseline
}
interface Box {
  text: string
  left: number
  right: number
  top: number
  bottom: number
}

/** Every fillText call and every card drawn (a rounded rectangle the size of a chart card), recorded from now on. */
async function recordCanvas(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { runs: Run[]; cards: number[][]; recording?: boolean }
    w.runs = []
    w.cards = []
    if (w.recording) return
    w.recording = true
    const proto = CanvasRenderingContext2D.prototype
    const fillText = proto.fillText
    proto.fillText = function (text: string, x: number, y: number, max?: number) {
      w.runs.push({ text, x, y, font: this.font, align: this.textAlign, baseline: this.textBaseline })
      return max === undefined ? fillText.call(this, text, x, y) : fillText.call(this, text, x, y, max)
    }
    const roundRect = proto.roundRect
    proto.roundRect = function (
      x: number,
      y: number,
      width: number,
      height: number,
      radii?: number | DOMPointInit | (number | DOMPointInit)[]
    ) {
      if (width > 120 && height > 80 && height < 200) w.cards.push([x, y, width, height])
      return roundRect.call(this, x, y, width, height, radii)
    }
  })
}

/** The recorded runs as boxes, measured with the font each was drawn in (the same canvas text metrics). */
async function drawnBoxes(page: Page): Promise<{ boxes: Box[]; cards: number[][] }> {
  return page.evaluate(() => {
    const w = window as unknown as { runs: Run[]; cards: number[][] }
    const ctx = document.createElement('canvas').getContext('2d')!
    const boxes = w.runs.map((run) => {
      ctx.font = run.font
      ctx.textAlign = run.align
      ctx.textBaseline = run.baseline
      const m = ctx.measureText(run.text)
      return {
        text: run.text,
        left: run.x - m.actualBoundingBoxLeft,
        right: run.x + m.actualBoundingBoxRight,
        top: run.y - m.actualBoundingBoxAscent,
        bottom: run.y + m.actualBoundingBoxDescent
      }
    })
    return { boxes, cards: w.cards }
  })
}

/** Pairs of runs that overlap or come closer than `gap` pixels side by side (a score running into the Reality beside it). */
function collisions(boxes: Box[], gap: number): string[] {
  const found: string[] = []
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!]
      const across = Math.min(a.right, b.right) - Math.max(a.left, b.left) + gap
      const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)
      if (across > 0 && down > 0.5) found.push(`"${a.text}" and "${b.text}"`)
    }
  return found
}

const savedTo = mkdtempSync(join(tmpdir(), 'e2e-saved-'))

describe('the share image fits every text on its cards, in every language', () => {
  let service: ReferenceService
  let h: Harness
  let stop: (() => Promise<void>) | undefined

  beforeAll(async () => {
    ;({ service, h, stop } = await startServiceAndApp({ chartListUrl: undefined }))
    // The service's charts, as its community list names them: song, difficulty, chart id and constant.
    type Song = { difficulty: Record<string, { chartid: string; difficultyValue: number }> }
    const community = (await (await fetch(service.chartList.url)).json()) as Record<string, Song>
    const charts = Object.values(community).flatMap((song, songIndex) =>
      Object.entries(song.difficulty).map(([name, c]) => ({ songIndex, name, id: c.chartid, constant: c.difficultyValue }))
    )
    // A player whose best 30 are the 30 hardest charts, every one a seven-digit score.
    const hardest = charts.sort((a, b) => b.constant - a.constant).slice(0, 30)
    hardest.forEach((chart, i) => service.controls.addPlayOf('global', 'newbie', chart.id, 1_000_000 + i * 331, true))
    // Their songs, named with the longest titles (a song-keyed list, as the community's).
    const list: Record<string, unknown> = {}
    ;[...new Set(hardest.map((c) => c.songIndex))].forEach((songIndex, i) => {
      const title = `${LONG_TITLES[i % LONG_TITLES.length]} ${i}`
      list[title] = {
        titleCulture: i % LONG_TITLES.length === 1 ? 'ja' : 'en',
        latinTitle: `Latin ${title}`,
        ...(i % 2 === 0 && { Title_zh_Hans: `${LONG_CHINESE}${i}` }),
        difficulty: Object.values(community)[songIndex]!.difficulty
      }
    })
    await h.call('chartList:import', JSON.stringify(list), 'resources.json')
    const newbie = service.accounts.find((a) => a.username === 'newbie' && a.deployment === 'global')!
    const { account } = await addUserToken(h.app.core.handlers, 'local', newbie.user_token)
    await h.call('sync:run', account.id, {})
    await h.page.reload()
  })
  afterAll(() => stop?.())

  for (const language of Language.options) {
    it(`${language}: no two runs touch, every run stays on its card, and a title is cut only where the card is full`, async () => {
      const { page } = h
      const { screen, texts } = catalogue(language)
      await h.call('settings:update', { language })
      await navButton(page, screen.reality).click()
      await page.getByTestId('best-20').waitFor()
      await recordCanvas(page)
      const file = await saveInto(page, savedTo, () =>
        page.getByRole('button', { name: texts.get('reality.shareImage')!, exact: true }).click()
      )
      if (process.env.SHARE_SHOTS) {
        mkdirSync('.tmp', { recursive: true })
        copyFileSync(file, `.tmp/share-${language}.png`)
      }
      const { boxes, cards } = await drawnBoxes(page)
      expect(cards).toHaveLength(30)
      // The seven-digit scores and the Reality values were drawn.
      expect(boxes.filter((b) => /^1[,.\s\u202f\u00a0]?00\d[,.\s\u202f\u00a0]?\d{3}$/.test(b.text))).toHaveLength(30)
      expect(collisions(boxes, 6)).toEqual([])
      const outside: string[] = []
      const early: string[] = []
      for (const b of boxes) {
        const card = cards.find(([x, y, w, hh]) => b.left >= x! - 1 && b.left <= x! + w! && b.top >= y! - 1 && b.top <= y! + hh!)
        if (!card) continue
        const [x, y, w, hh] = card as [number, number, number, number]
        if (b.right > x + w - 8 || b.bottom > y + hh - 4) outside.push(b.text)
        // An ellipsis only when the line is full: within the width of a few letters of the card's edge.
        if (b.text.endsWith('…') && b.right < x + w - 14 - 40) early.push(b.text)
      }
      expect(outside).toEqual([])
      expect(early).toEqual([])
      // Every card was drawn with its rank, and long titles took a second line before any was cut.
      expect(boxes.filter((b) => /^#\d+$/.test(b.text)).map((b) => b.text)).toEqual(Array.from({ length: 30 }, (_, i) => `#${i + 1}`))
      const secondLines = cards.filter(([x, y]) => boxes.some((b) => b.left > x! + 30 && b.top > y! + 28 && b.bottom < y! + 60))
      expect(secondLines.length).toBeGreaterThan(10)
    })
  }
})
