import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import { seedDemoHistory } from '../../scripts/demo-seed'
import { navButton, type Harness } from '../harness/app-harness'
import { startServiceAndApp } from '../harness/e2e-start'
import { catalogue } from '../harness/english-left'
import { addUserToken } from '../support/core'

/** axe-core, the engine behind browser accessibility checkers, run inside the page. */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface Violation {
  id: string
  impact: string | null
  help: string
  targets: string[]
}

/**
 * The WCAG 2 A and AA rules and axe's best practices, on the whole page. A menu is portalled to the
 * end of the body, outside the landmarks, as popups are: `region` is left out only while one is open.
 */
async function violations(page: Page, options: { menuOpen?: boolean } = {}): Promise<Violation[]> {
  // Evaluated through the DevTools protocol: the app's CSP (no inline scripts) does not apply.
  await page.evaluate(AXE)
  const run = `axe.run(document, {
    resultTypes: ['violations'],
    rules: ${JSON.stringify(options.menuOpen ? { region: { enabled: false } } : {})}
  }).then((r) => r.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' '))
  })))`
  return (await page.evaluate(run)) as Violation[]
}

describe('accessibility: no axe violation on any screen or dialog, light and dark, in every language', () => {
  let service: ReferenceService
  let h: Harness
  let stop: (() => Promise<void>) | undefined

  beforeAll(async () => {
    ;({ service, h, stop } = await startServiceAndApp())
    await seedDemoHistory(service, h.dataDir)
  })
  afterAll(() => stop?.())

  const settle = () => h.page.waitForTimeout(300)
  const described = (where: string, found: Violation[]) => found.map((v) => `${where}: ${v.id} (${v.help}) at ${v.targets.join(', ')}`)
  /** Opens each screen by its navigation name and lists what axe found there. */
  const screensFound = async (screens: readonly string[]) => {
    const found: string[] = []
    for (const screen of screens) {
      await navButton(h.page, screen).click()
      await h.page.locator('main h1').first().waitFor()
      await settle()
      found.push(...described(screen, await violations(h.page)))
    }
    return found
  }

  it('the welcome screen, signed out', async () => {
    await h.page.getByRole('heading', { name: 'Welcome' }).waitFor()
    expect(await violations(h.page)).toEqual([])
  })

  for (const theme of ['light', 'dark'] as const) {
    it(`every screen, ${theme}`, async () => {
      if ((await h.accounts()).accounts.length === 0) {
        const alice = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!
        const { account } = await addUserToken(h.app.core.handlers, 'local', alice.user_token)
        await h.call('sync:run', account.id, {})
        await h.call('backups:run', account.id, { force: false })
      }
      await h.call('settings:update', { theme, language: 'en' })
      await h.page.reload()
      expect(await screensFound(['Profile', 'Scores', 'Sessions', 'Reality', 'Progress', 'Backups', 'Settings'])).toEqual([])
    })
  }

  it('dialogs, panels and menus', async () => {
    const { page } = h
    const found: string[] = []
    const check = async (where: string, options?: { menuOpen?: boolean }) => {
      await settle()
      found.push(...described(where, await violations(page, options)))
    }
    await navButton(page, 'Scores').click()
    await page.getByRole('radio', { name: /^All plays/ }).click()
    await check('all plays')
    await page.locator('tbody .chart-link').first().click()
    await page.getByTestId('chart-history').waitFor()
    await check('chart history')
    await page.keyboard.press('Escape')
    await navButton(page, 'Profile').click()
    await page.getByRole('button', { name: 'Change nickname' }).click()
    await check('nickname dialog')
    await page.keyboard.press('Escape')
    await navButton(page, 'Backups').click()
    await page.getByTestId('backup-actions').first().click()
    await check('backup menu', { menuOpen: true })
    await page.getByRole('menuitem', { name: 'Summary' }).click()
    await page.getByTestId('save-summary').waitFor()
    await check('save summary')
    await page.getByTestId('backup-actions').first().click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    await page.getByTestId('confirm-dialog').waitFor()
    await check('confirm dialog')
    await page.keyboard.press('Escape')
    await navButton(page, 'Progress').click()
    await page.getByTestId('at-least').first().getByRole('button').click()
    await page
      .getByTestId('folder-detail')
      .getByRole('heading', { name: /Not played/ })
      .waitFor()
    await check('a folder’s charts')
    await page.getByRole('tab', { name: /^Goals/ }).click()
    await page.getByRole('button', { name: 'New goal…' }).click()
    await check('goal editor')
    await page.getByRole('tab', { name: 'Folders' }).click()
    await page.getByRole('tab', { name: /^Goals/ }).click()
    await page.getByRole('button', { name: 'Import a goal pack…' }).click()
    await page.getByTestId('pack-import').getByRole('button', { name: 'Full Combos at one level' }).click()
    await page.getByTestId('pack-preview').waitFor()
    await check('goal pack import, previewed')
    await page.keyboard.press('Escape')
    await page.getByRole('tab', { name: 'Folders' }).click()
    await page.getByRole('radio', { name: 'My folders' }).click()
    await page.getByRole('button', { name: 'New folder…' }).click()
    await check('folder editor')
    await navButton(page, 'Sessions').click()
    await page.getByTestId('play-next').getByRole('button', { name: 'Pick at random' }).click()
    await page.getByTestId('play-next').locator('[data-testid=random-pick],[data-testid=random-none]').first().waitFor()
    await check('a random pick')
    await page.getByTestId('session-card').first().getByRole('button').click()
    await page.getByTestId('session-summary').waitFor()
    await check('session summary')
    expect(found).toEqual([])
  })

  it('every screen in Chinese', async () => {
    await h.call('settings:update', { language: 'zh-CN' })
    expect(await screensFound(['资料', '成绩', '游玩时段', '实力值', '进度', '备份', '设置'])).toEqual([])
  })

  // The other languages in light (the theme's colours are checked in English and Chinese above).
  for (const language of ['zh-TW', 'ja', 'ko'] as const)
    it(`every screen in ${language}`, async () => {
      await h.call('settings:update', { language, theme: 'light' })
      // The language's catalogue loads on first use: the page turns to it once the catalogue is here.
      await expect.poll(() => h.page.evaluate(() => document.documentElement.lang)).toBe(language)
      expect(await screensFound(catalogue(language).nav)).toEqual([])
    })

  // The languages whose texts run longest (Russian, Italian) or carry stacked marks (Vietnamese): at the smallest usual
  // window and the largest, light and dark, where a longer text could push a control out of reach or over another
  // (layout.test.ts checks 1280×800 too, in every language).
  const SIZES = [
    [900, 600],
    [1920, 1080]
  ] as const
  for (const language of ['ru', 'es', 'it', 'vi'] as const)
    it(`every screen in ${language} at 900×600 and 1920×1080`, async () => {
      const found: string[] = []
      for (const [index, [width, height]] of SIZES.entries()) {
        await h.call('settings:update', { language, theme: index % 2 ? 'dark' : 'light' })
        await h.page.setViewportSize({ width, height })
        await expect.poll(() => h.page.evaluate(() => document.documentElement.lang)).toBe(language)
        found.push(...(await screensFound(catalogue(language).nav)).map((v) => `${width}×${height}: ${v}`))
      }
      expect(found).toEqual([])
    })
})
