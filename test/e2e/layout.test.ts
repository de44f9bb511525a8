import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import { seedDemoHistory } from '../../scripts/demo-seed'
import { navButton, type Harness } from '../harness/app-harness'
import { startServiceAndApp } from '../harness/e2e-start'
import { catalogue, englishLeft } from '../harness/english-left'
import { Language } from '../../src/shared/settings'
import { addUserToken } from '../support/core'

const SIZES = [
  [720, 480], // the smallest window (900×600) zoomed to 125 % (View → Zoom In)
  [900, 600],
  [1280, 800],
  [1920, 1080]
] as const
/** English and Simplified Chinese at every size; the other languages at the three window sizes (not zoomed). */
const sizesFor = (language: Language) => (language === 'en' || language === 'zh-CN' ? SIZES : SIZES.slice(1))
/** Light and dark in turn, size after size: every language is seen in both (the themes change colours, not sizes). */
const themeAt = (index: number) => (index % 2 ? 'dark' : 'light')

/** What does not fit: the page scrolling sideways, a table cell whose text is cut with nothing to show it whole or runs into the next. */
async function problems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    const root = document.scrollingElement!
    if (root.scrollWidth > root.clientWidth + 1) found.push(`page scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`)
    const main = document.querySelector('main')!
    if (main.scrollWidth > main.clientWidth + 1) found.push(`main scrolls sideways (${main.scrollWidth} > ${main.clientWidth})`)
    // A table or panel that fits no better than the page did, only scrolling inside a box.
    for (const box of document.querySelectorAll<HTMLElement>('main *')) {
      if (box.scrollWidth <= box.clientWidth + 1 || !/auto|scroll/.test(getComputedStyle(box).overflowX)) continue
      found.push(`${box.tagName.toLowerCase()}.${[...box.classList].join('.')} scrolls sideways (${box.scrollWidth} > ${box.clientWidth})`)
    }
    // The top bar keeps one line: its controls share a centre line.
    const bar = [...document.querySelectorAll<HTMLElement>('.topbar .brand, .topbar button, .topbar select')].filter(
      (el) => el.offsetParent
    )
    const centres = bar.map((el) => el.getBoundingClientRect()).map((r) => r.top + r.height / 2)
    if (Math.max(...centres) - Math.min(...centres) > 4) found.push(`the top bar breaks onto several lines`)
    // A button is one line: text broken over two looks like two controls.
    for (const button of document.querySelectorAll<HTMLElement>('button')) {
      if (button.offsetParent === null || button.closest('.visually-hidden')) continue
      const style = getComputedStyle(button)
      const lines = (button.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)) / parseFloat(style.lineHeight)
      if (lines >= 1.8) found.push(`button "${button.textContent?.trim().slice(0, 40)}" wraps onto ${Math.round(lines)} lines`)
    }
    for (const cell of document.querySelectorAll<HTMLElement>('td, th')) {
      if (cell.offsetParent === null) continue // hidden by a narrower layout
      const shown = [cell, ...cell.querySelectorAll<HTMLElement>('*')].filter((el) => !el.closest('.visually-hidden'))
      // Clipped by an overflow setting or by paint containment (`contain: paint`, `content` or `strict`).
      const clips = (el: HTMLElement) => {
        const style = getComputedStyle(el)
        return style.overflow !== 'visible' || /paint|content|strict/.test(style.contain)
      }
      // Text wider than its cell that nothing clips runs into the next cell.
      if (cell.scrollWidth > cell.clientWidth + 1 && !clips(cell))
        found.push(`cell text spills into its neighbour: "${cell.textContent?.trim().slice(0, 60)}"`)
      const clipping = shown.filter((el) => el.scrollWidth > el.clientWidth + 1 && clips(el))
      if (clipping.length === 0) continue
      // Cut text must say so (an ellipsis) and offer the whole on hover; a score cut short says neither.
      const text = cell.textContent?.trim().slice(0, 60)
      if (clipping.some((el) => getComputedStyle(el).textOverflow !== 'ellipsis')) found.push(`cell cut without an ellipsis: "${text}"`)
      const whole = cell.title || cell.querySelector('[title]')?.getAttribute('title')
      if (!whole) found.push(`clipped cell without its full text: "${text}"`)
    }
    // Letters with marks stacked above and below (Vietnamese ặ, ỗ, ữ) drawn whole: every such text's glyphs, measured
    // in its own font, lie inside each box that clips them (overflow hidden or paint containment; a scroller only
    // hides what is scrolled away). Its line's box has the font's ascent and descent: the ink may go beyond them.
    const ink = document.createElement('canvas').getContext('2d')!
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const text = node.textContent!.trim()
      const parent = node.parentElement!
      if (
        !/[\u1ea0-\u1ef9]|\p{M}/u.test(text) ||
        !parent.checkVisibility({ visibilityProperty: true }) ||
        parent.closest('.visually-hidden')
      )
        continue
      ink.font = getComputedStyle(parent).font
      const m = ink.measureText(text)
      const range = document.createRange()
      range.selectNodeContents(node)
      for (const line of range.getClientRects()) {
        const inkTop = line.top + m.fontBoundingBoxAscent - m.actualBoundingBoxAscent
        const inkBottom = line.bottom - m.fontBoundingBoxDescent + m.actualBoundingBoxDescent
        for (let box: HTMLElement | null = parent; box && box !== document.body; box = box.parentElement) {
          const style = getComputedStyle(box)
          if (!/hidden|clip/.test(style.overflowY) && !/paint|content|strict/.test(style.contain)) continue
          const top = box.getBoundingClientRect().top + box.clientTop
          if (inkTop < top - 0.5 || inkBottom > top + box.clientHeight + 0.5)
            found.push(`marks of "${text.slice(0, 40)}" clipped by ${box.tagName.toLowerCase()}.${[...box.classList].join('.')}`)
        }
      }
    }
    // A section head's button sits on its heading's line, centred on the heading's text.
    for (const heading of document.querySelectorAll<HTMLElement>('main .screen-head > h2')) {
      const h = heading.getBoundingClientRect()
      for (const other of heading.parentElement!.children) {
        const o = other.getBoundingClientRect()
        if (other === heading || o.top >= h.bottom || o.height === 0) continue // wrapped to a line of its own
        const off = Math.abs(o.top + o.height / 2 - (h.top + h.height / 2))
        if (off > 3) found.push(`"${heading.textContent}" and its ${other.tagName.toLowerCase()} are ${Math.round(off)} px apart`)
      }
    }
    return found
  })
}

describe('every screen fits ordinary windows, in every language, with no English left in the others', () => {
  let service: ReferenceService
  let h: Harness
  let stop: (() => Promise<void>) | undefined

  beforeAll(async () => {
    ;({ service, h, stop } = await startServiceAndApp())
    await seedDemoHistory(service, h.dataDir)
    await h.call('settings:update', { backupFolder: `${h.dataDir}/backups with a rather long folder name/and another level` })
    const token = service.accounts.find((a) => a.username === 'night owl/夜猫' && a.deployment === 'global')!.user_token
    const { account } = await addUserToken(h.app.core.handlers, 'local', token)
    await h.call('sync:run', account.id, {})
    // A new personal best just played: its score cell, the score and its mark, is the widest a score gets.
    const kept = (await h.call('sync:history', account.id)).records.filter((r) => r.modifiers.includes('TouchMode'))
    const chart = kept.sort((a, b) => a.score - b.score)[0]!.chart_id
    const best = Math.max(...kept.filter((r) => r.chart_id === chart).map((r) => r.score))
    service.controls.addPlayOf('global', 'night owl/夜猫', chart, Math.min(1_010_000, best + 1_000), true)
    await h.call('sync:run', account.id, {})
    await h.call('backups:run', account.id, { force: false })
    service.controls.advanceClock(60_000)
    service.controls.updateSave('global', 'night owl/夜猫')
    await h.call('backups:run', account.id, { force: false })
    await h.page.reload()
  })
  afterAll(() => stop?.())

  for (const language of Language.options) {
    const { nav, screen: named, addAccount, texts } = catalogue(language)
    for (const [index, [width, height]] of sizesFor(language).entries()) {
      it(`${language} at ${width}×${height}, ${themeAt(index)}`, async () => {
        const { page } = h
        await h.call('settings:update', { language, theme: themeAt(index) })
        await page.setViewportSize({ width, height })
        const found: string[] = []
        const check = async (where: string) => {
          await page.waitForTimeout(150) // lazy screens and the virtual table settle
          const here = await problems(page)
          if (language !== 'en') here.push(...(await englishLeft(page, language)).map((text) => `English left: "${text}"`))
          // LAYOUT_SHOTS=1: a screenshot of each place with a problem; LAYOUT_SHOTS=all: of every place.
          if ((here.length || process.env.LAYOUT_SHOTS === 'all') && process.env.LAYOUT_SHOTS)
            await page.screenshot({ path: `.tmp/layout-${language}-${width}-${where}.png`, fullPage: true })
          found.push(...here.map((p) => `${where}: ${p}`))
        }
        // From 1280×800 up every column but the title shows its text whole.
        const whole = async (where: string) => {
          if (width < 1280) return
          const cut = await page
            .locator('tbody td:not(.col-title)')
            .evaluateAll((cells) =>
              cells
                .filter((td) => td.scrollWidth > td.clientWidth + 1)
                .map((td) => `${td.textContent}" (${td.scrollWidth} px in ${td.clientWidth})`)
            )
          found.push(...cut.map((text) => `${where}: cell cut at ${width}×${height}: "${text}`))
        }
        let newBests = 0
        for (const screen of nav) {
          await navButton(page, screen).click()
          await page.locator('main h1').first().waitFor()
          await check(screen)
          if (screen !== named.scores) continue
          await whole(screen)
          // Every other view of the scores: recent plays carry the widest score cells (the score and its "new best"
          // mark), and the judgement counts show there.
          const scopes = page.locator('main [role="radiogroup"] [role="radio"]')
          for (let i = 1; i < (await scopes.count()); i++) {
            const where = `${screen} ${await scopes.nth(i).textContent()}`
            await scopes.nth(i).click()
            // All plays are read when first shown: on a loaded machine that takes longer than the settling wait.
            // The previous view's rows stay until the new one is read, so wait for what this view shows.
            await page.locator('.scores-table tbody tr').first().waitFor()
            if (width >= 1280) {
              const judgements = page.locator('tbody td.col-judgements').first()
              const shown = await judgements.waitFor({ timeout: 15_000 }).then(
                () => true,
                () => false
              )
              if (!shown) found.push(`${where}: no judgement counts shown`)
            }
            await check(where)
            await whole(where)
            newBests += await page.locator('tbody td.new-best-score').count()
          }
        }
        // The widest case was on screen to be checked.
        expect(newBests).toBeGreaterThan(0)
        // The dialogs and the menu, whose buttons carry the longest labels: a chart's history, the nickname
        // dialog, a backup's menu and the confirmation that deletes it.
        await navButton(page, named.scores).click()
        await page.locator('tbody .chart-link').first().click()
        await page.getByTestId('chart-history').locator('h2').waitFor()
        await check('chart history')
        await page.keyboard.press('Escape')
        await navButton(page, named.profile).click()
        await page.getByRole('button', { name: texts.get('nickname.change')!, exact: true }).click()
        await check('nickname dialog')
        await page.keyboard.press('Escape')
        await navButton(page, named.backups).click()
        await page.getByTestId('backup-actions').first().click()
        await check('backup menu')
        await page.getByRole('menuitem', { name: texts.get('backups.delete')!, exact: true }).click()
        await page.getByTestId('confirm-dialog').waitFor()
        await check('delete dialog')
        await page.keyboard.press('Escape')
        // The welcome screen, reached with "Add account".
        await page.getByRole('button', { name: addAccount, exact: true }).click()
        await page.locator('main h1').first().waitFor()
        await check('welcome')
        expect(found).toEqual([])
      })
    }
  }

  it('a long backup folder shows its start and its last name, the middle cut, the whole path on hover and focus', async () => {
    const { page } = h
    await h.call('settings:update', { language: 'en', theme: 'light' })
    await page.setViewportSize({ width: 720, height: 480 })
    await navButton(page, 'Backups').click()
    const field = page.getByRole('textbox', { name: 'Backup folder' })
    const path = `${h.dataDir}/backups with a rather long folder name/and another level`
    await expect.poll(() => field.getAttribute('title')).toBe(path)
    const shown = await field.evaluate((el) => {
      const [head, tail] = [el.querySelector('.path-head')!, el.querySelector('.path-tail')!]
      const box = el.getBoundingClientRect()
      return {
        text: el.textContent,
        // The start: the head begins at the field's left and shows some of its characters; the middle is cut.
        headShows: head.getBoundingClientRect().width > 40 && head.scrollWidth > head.clientWidth,
        // The last name shows whole, inside the field.
        tailWhole: tail.scrollWidth <= tail.clientWidth && tail.getBoundingClientRect().right <= box.right
      }
    })
    expect(shown).toEqual({ text: path, headShows: true, tailWhole: true })
    await field.focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    await expect.poll(() => page.getByTestId('focus-tooltip').textContent()).toBe(path)
  })

  it("a chart's history in the smallest window zoomed in: heading and Close in view, only the plays scroll, drawn as lines", async () => {
    const { page } = h
    await h.call('settings:update', { language: 'en' })
    await page.setViewportSize({ width: 720, height: 480 })
    await navButton(page, 'Scores').click()
    await page.locator('tbody .chart-link').first().click()
    const dialog = page.getByTestId('chart-history')
    await dialog.locator('h2').waitFor()
    const seen = await dialog.evaluate((el) => {
      const heading = el.querySelector('h2')!.getBoundingClientRect()
      const close = [...el.querySelectorAll('button')].at(-1)!.getBoundingClientRect()
      const list = el.querySelector('.dialog-scroll')!
      return {
        headingInView: heading.top >= 0,
        closeInView: close.bottom <= innerHeight,
        dialogScrolled: el.scrollTop,
        listScrolls: list.scrollHeight > list.clientHeight,
        // A filled polyline paints a polygon under the score line.
        lineFills: [...new Set([...el.querySelectorAll('.score-chart polyline')].map((l) => getComputedStyle(l).fill))]
      }
    })
    expect(seen).toEqual({ headingInView: true, closeInView: true, dialogScrolled: 0, listScrolls: true, lineFills: ['none'] })
    await dialog.getByRole('button', { name: 'Close' }).click()
  })
})
