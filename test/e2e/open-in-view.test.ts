import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import { navButton, type Harness } from '../harness/app-harness'
import { startServiceAndApp } from '../harness/e2e-start'
import { addUserToken } from '../support/core'
import { writeSavesDb } from '../support/game-saves'

const SIZES = [
  [720, 480],
  [900, 600],
  [1280, 800]
] as const
const SCREENS = ['Profile', 'Scores', 'Sessions', 'Reality', 'Progress', 'Backups', 'Settings'] as const

/**
 * Whether an element shows whole: inside the window and inside every box that clips it (a scroller shows only what
 * is scrolled to), up to the modal dialog it is in (a dialog is drawn above the page, unclipped by it).
 */
function inView(el: Element): boolean {
  const r = el.getBoundingClientRect()
  if (r.height === 0 || r.top < -1 || r.bottom > innerHeight + 1) return false
  for (let box = el.parentElement; box; box = box.parentElement) {
    const style = getComputedStyle(box)
    if (style.overflowY !== 'visible') {
      const top = box.getBoundingClientRect().top + box.clientTop
      if (r.top < top - 1 || r.bottom > top + box.clientHeight + 1) return false
    }
    if (box.matches('dialog:modal')) break
  }
  return true
}

/** The content region scrolled to its bottom: how far it went (0 for a screen that fits the window). */
const scrollToBottom = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main')!
    main.scrollTop = main.scrollHeight
    return main.scrollTop
  })

/** Which of a dialog's (or form's) heading and buttons are out of view, named. */
async function outOfView(box: Locator, buttons: string): Promise<string[]> {
  return box.evaluate(
    (el, { buttons, check }) => {
      // The check is passed as text: functions do not cross into the page.
      const visible = new Function(`return (${check})`)() as (el: Element) => boolean
      const heading = el.querySelector('h2')
      const actions = [...el.querySelectorAll(buttons)]
      const out = actions.filter((b) => !visible(b)).map((b) => `button "${b.textContent}"`)
      if (!heading || !visible(heading)) out.unshift(`heading "${heading?.textContent ?? '(none)'}"`)
      if (actions.length === 0) out.push('no buttons found')
      return out
    },
    { buttons, check: inView.toString() }
  )
}

/** Screens and dialogs in Chromium, after the screen before was scrolled to its bottom, in the window sizes players use. */
describe('every screen and dialog opens with its heading, and its buttons, in view', () => {
  let service: ReferenceService
  let h: Harness
  let stop: (() => Promise<void>) | undefined
  let page: Page
  const home = mkdtempSync(join(tmpdir(), 'e2e-in-view-'))
  const game = join(home, '.config', 'unity3d', 'Morizero', 'Milthm', 'data')

  beforeAll(async () => {
    ;({ service, h, stop } = await startServiceAndApp({
      options: { gameFolder: { system: { platform: 'linux', home, env: {} }, pollMs: null }, sync: { retryAfterMs: null } }
    }))
    page = h.page
    const alice = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!
    const { account } = await addUserToken(h.app.core.handlers, 'local', alice.user_token)
    await h.call('sync:run', account.id, {})
    await h.call('backups:run', account.id, { force: false })
    // The game's save holds other charts than the cloud's: restoring the cloud backup lists dozens of them (a long preview).
    const charts = await h.call('chartList:charts')
    const played = new Set(service.controls.plays('global', 'alice').map((p) => p.chart_id))
    const others = charts.filter((c) => !played.has(c.chart_id)).slice(0, 20)
    writeSavesDb(join(game, 'saves.db'), {
      userId: account.uid!,
      lastSaveTime: '2026-11-28T23:06:41',
      charts: others.map((c) => ({ id: c.chart_id, score: 900_000 }))
    })
    await page.reload()
    await page.getByTestId('player-card').waitFor()
  })
  afterAll(async () => {
    await stop?.()
    rmSync(home, { recursive: true, force: true })
  })

  it('a screen opens at its top after another was scrolled to its bottom, "Add account" included', async () => {
    const found: string[] = []
    let scrolled = 0
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height })
      // Each screen in turn, the one before it left scrolled to its bottom; the welcome screen last.
      const opens = [
        ...SCREENS.map((name) => () => navButton(page, name).click()),
        () => page.getByRole('button', { name: 'Add account' }).click()
      ]
      const names = [...SCREENS, 'Add account']
      for (const [i, open] of opens.entries()) {
        await open()
        const heading = page.locator('main h1').first()
        await heading.waitFor()
        await page.waitForTimeout(100) // lazy screens settle
        if (!(await heading.evaluate(inView))) found.push(`${width}×${height} ${names[i]}: heading out of view`)
        if ((await scrollToBottom(page)) > 0) scrolled++
      }
    }
    // Most screens are taller than these windows: the check above followed a scrolled screen.
    expect(scrolled).toBeGreaterThanOrEqual(8)
    expect(found).toEqual([])
  })

  it('a dialog or a form opens with its heading and its buttons in view; only its middle scrolls', async () => {
    const found: string[] = []
    const dialog = page.locator('dialog[open]').last()
    const dialogButtons = ':scope > .row.end button, :scope > form > .row.end button'
    const check = async (where: string, box: Locator, buttons: string) => {
      await box.locator('h2').first().waitFor()
      found.push(...(await outOfView(box, buttons)).map((problem) => `${where}: ${problem}`))
    }
    const fromScrolled = async (screen: string) => {
      await navButton(page, screen).click()
      await page.locator('main h1').first().waitFor()
      await scrollToBottom(page)
    }
    // An actions menu shows every item in the window, with no scrollbar of its own, whichever row it belongs to.
    const menuShowsWhole = async (where: string) => {
      const menu = page.getByRole('menu')
      await menu.waitFor()
      const problems = await menu.evaluate((el) => {
        const out = [...el.querySelectorAll('[role="menuitem"]')].filter((item) => {
          const r = item.getBoundingClientRect()
          return r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth
        })
        return [
          ...(el.scrollHeight > el.clientHeight + 1 ? ['scrolls within itself'] : []),
          ...out.map((item) => `"${item.textContent}" out of the window`)
        ]
      })
      found.push(...problems.map((problem) => `${where} actions menu: ${problem}`))
    }
    const backupMenu = async (item: string) => {
      await page.getByTestId('backup-actions').first().click()
      await menuShowsWhole('first version')
      await page.getByRole('menuitem', { name: item }).click()
    }
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height })
      const at = `${width}×${height}`
      await fromScrolled('Profile')
      await page.getByRole('button', { name: 'Change nickname…' }).click()
      await check(`${at} nickname`, dialog, dialogButtons)
      await page.keyboard.press('Escape')

      await fromScrolled('Scores')
      await page.locator('tbody .chart-link').first().click()
      await check(`${at} chart history`, dialog, dialogButtons)
      await page.keyboard.press('Escape')

      await fromScrolled('Backups')
      await page.getByTestId('backup-actions').last().click()
      await menuShowsWhole(`${at} last version`)
      await page.keyboard.press('Escape')
      await backupMenu('Edit note…')
      await check(`${at} note`, dialog, dialogButtons)
      await page.keyboard.press('Escape')
      await backupMenu('Delete')
      await check(`${at} delete`, dialog, dialogButtons)
      await page.keyboard.press('Escape')
      await backupMenu('Restore to this computer…')
      await dialog.getByTestId('restore-preview').waitFor()
      await check(`${at} restore`, dialog, dialogButtons)
      // The preview is longer than the smaller window (something in it scrolls): the case this check is for.
      const long = await dialog.evaluate((el) =>
        [el, ...el.querySelectorAll('*')].some(
          (box) => box.scrollHeight > box.clientHeight + 1 && getComputedStyle(box).overflowY === 'auto'
        )
      )
      if (height === 600 && !long) found.push(`${at} restore: the preview fits the window`)
      await page.keyboard.press('Escape')
      await page.getByRole('button', { name: 'Choose…' }).first().click()
      await check(`${at} choose a folder`, dialog, dialogButtons)
      await page.keyboard.press('Escape')

      await fromScrolled('Progress')
      await page.getByRole('radio', { name: 'My folders' }).click()
      await page.getByRole('button', { name: 'New folder…' }).click()
      const folderEditor = page.getByTestId('folder-editor')
      await folderEditor.getByRole('radio', { name: 'A filter' }).click()
      await check(`${at} folder editor`, folderEditor, ':scope > .row:last-child button')
      await folderEditor.getByRole('button', { name: 'Cancel' }).click()
      await page.getByRole('tab', { name: /^Goals/ }).click()
      await page.getByRole('button', { name: 'New goal…' }).click()
      const goalEditor = page.getByTestId('goal-editor')
      await goalEditor.getByRole('radio', { name: 'A list of charts' }).click()
      await goalEditor.getByLabel('Search charts').fill('a')
      await check(`${at} goal editor`, goalEditor, ':scope > .row:last-child button')
      await goalEditor.getByRole('button', { name: 'Cancel' }).click()
      await page.getByRole('tab', { name: 'Folders' }).click()
    }
    expect(found).toEqual([])
  })
})
