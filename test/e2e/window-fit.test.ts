import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import { seedDemoHistory } from '../../scripts/demo-seed'
import { Language } from '../../src/shared/settings'
import { navButton, startHarness, type Harness } from '../harness/app-harness'
import { startServiceAndApp } from '../harness/e2e-start'
import { catalogue } from '../harness/english-left'
import { fitProblemsScrolled } from '../harness/fit-checks'
import { addUserToken } from '../support/core'

// 1920×1080 is in layout.test.ts for every language: a wider window gives more room, never less.
const SIZES = [
  [900, 600],
  [1280, 800]
] as const
/**
 * Without a chart list only titles (an "unknown chart" name) and the skill profile's form change, not the words: the
 * longest language in its own script and a CJK one are enough there; with a list, every language.
 */
const languagesFor = (withList: boolean): readonly Language[] => (withList ? Language.options : ['ru', 'ja'])

/** Night Owl (6,000 plays, new bests: the widest score cells) and Alice (scores short of the maximum: targets, Push next). */
async function signIn(service: ReferenceService, h: Harness) {
  await seedDemoHistory(service, h.dataDir)
  await h.call('settings:update', { backupFolder: `${h.dataDir}/backups with a rather long folder name/and another level` })
  const ids: Record<'owl' | 'alice', string> = { owl: '', alice: '' }
  for (const [who, username] of [
    ['alice', 'alice'],
    ['owl', 'night owl/夜猫']
  ] as const) {
    const token = service.accounts.find((a) => a.username === username && a.deployment === 'global')!.user_token
    ids[who] = (await addUserToken(h.app.core.handlers, 'local', token)).account.id
    await h.call('sync:run', ids[who], {})
  }
  await h.call('backups:run', ids.owl, { force: false })
  await h.page.reload()
  return ids
}

/**
 * Every screen at the two usual window sizes in every language, with a chart list (and without one): the window never
 * scrolls as a whole (only the content region does), nothing overlaps, nothing is cut off without its whole text,
 * and no table header is cut or wraps. One app and one page for each run; the language and the size change in place.
 */
describe.each([
  ['with a chart list', true],
  ['without a chart list', false]
] as const)('every screen fits the window, %s', (_name, withList) => {
  let service: ReferenceService
  let h: Harness
  let stop: (() => Promise<void>) | undefined
  let ids: Awaited<ReturnType<typeof signIn>>

  beforeAll(async () => {
    ;({ service, h, stop } = await startServiceAndApp(withList ? {} : { chartListUrl: undefined }))
    ids = await signIn(service, h)
  })
  afterAll(() => stop?.())

  for (const language of languagesFor(withList)) {
    it(`${language}`, async () => {
      const { page } = h
      const { nav, screen: named, texts } = catalogue(language)
      await h.call('settings:update', { language })
      const found: string[] = []
      const check = async (where: string) => {
        await page.waitForTimeout(120) // lazy screens and the virtual table settle
        found.push(...(await fitProblemsScrolled(page)).map((p) => `${where}: ${p}`))
      }
      for (const [width, height] of SIZES) {
        await page.setViewportSize({ width, height })
        const at = `${width}×${height}`
        await h.call('accounts:setActive', ids.owl)
        for (const screen of nav) {
          await navButton(page, screen).click()
          await page.locator('main h1').first().waitFor()
          await check(`${at} ${screen}`)
        }
        // Scores: every view, and a chart's history.
        await navButton(page, named.scores).click()
        const scopes = page.locator('main [role="radiogroup"] [role="radio"]')
        for (let i = 0; i < 3; i++) {
          await scopes.nth(i).click()
          await page.locator('.scores-table tbody tr').first().waitFor()
          await check(`${at} ${await scopes.nth(i).textContent()}`)
        }
        await page.locator('tbody .chart-link').first().click()
        await page.getByTestId('chart-history').waitFor()
        await check(`${at} chart history`)
        await page.keyboard.press('Escape')
        await page.getByTestId('chart-history').waitFor({ state: 'detached' })
        // Alice's Reality: scores for +0.01 and Push next.
        await h.call('accounts:setActive', ids.alice)
        await navButton(page, named.reality).click()
        await page.getByTestId('best-20').waitFor()
        await check(`${at} Alice ${named.reality}`)
        await navButton(page, named.profile).click()
        // The skill profile (its table, where the chart list gives levels) and Play next are there before the fit is looked at.
        await page.getByTestId(withList ? 'skill-table' : 'skill-profile').waitFor()
        await page.getByTestId('play-next').waitFor()
        await check(`${at} Alice ${named.profile}`)
      }
      expect(texts.size).toBeGreaterThan(0)
      expect(found).toEqual([])
    })
  }
})

describe('the web host', () => {
  let h: Harness | undefined
  afterAll(() => h?.close())

  it('serves the app icon as the page icon: nothing the page asks for is missing', async () => {
    h = await startHarness()
    const missing: string[] = []
    h.page.on('response', (response) => response.status() >= 400 && missing.push(`${response.status()} ${response.url()}`))
    await h.page.reload()
    await h.page.getByRole('heading', { name: 'Welcome' }).waitFor()
    const icon = await h.page.locator('link[rel="icon"]').evaluate((link: HTMLLinkElement) => link.href)
    const answer = await h.page.request.get(icon)
    expect(answer.status()).toBe(200)
    expect(answer.headers()['content-type']).toBe('image/svg+xml')
    expect((await answer.text()).startsWith('<svg')).toBe(true)
    await h.page.waitForTimeout(300)
    expect(missing).toEqual([])
  })
})
