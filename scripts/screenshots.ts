// `npm run screenshots`: every screen, light and dark, at 1280×800, the pictures (the best 20's share image and the
// session card) in every language, and a few views in Chinese (Simplified and Traditional), Japanese and Korean, and
// one screen each in Russian, Spanish, Italian and Vietnamese, into docs/screenshots/ (or SCREENSHOTS_DIR). The built
// renderer in headless Chromium against the reference service, with the demo accounts' history seeded as `npm run demo` does.
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { startReferenceService } from '../reference-service/src/server'
import { startWebApp } from '../src/main/web-host/start-web-app'
import { launchChromium } from '../test/harness/chromium'
import { addUserToken, bridge } from '../test/support/core'
import { seedDemoHistory } from './demo-seed'
import { navButton } from '../test/harness/app-harness'
import { catalogue } from '../test/harness/english-left'
import { saveInto } from '../test/harness/saved-file'
import type { ProgressState } from '../src/shared/progress'
import { LANGUAGES } from '../src/shared/setting-choices'

const out = resolve(process.env.SCREENSHOTS_DIR ?? 'docs/screenshots')
mkdirSync(out, { recursive: true })
const service = await startReferenceService({ testControls: true })
// The service's clock runs an hour behind this computer's, so the plays the script adds as it goes ("just played",
// 20 minutes later) are in the past for the app, which reads this computer's clock: never "last played in 19 minutes".
service.controls.advanceClock(-60 * 60_000)
const dataDir = mkdtempSync(join(tmpdir(), 'companion-shots-'))
await seedDemoHistory(service, dataDir)
const app = await startWebApp({
  rendererDir: resolve('out/renderer'),
  dataDir,
  localBaseUrl: service.deployments.global.base_url,
  localDemoAccounts: [{ username: 'alice', password: 'milthm-demo' }],
  // Song names the way a player gets them: the community's song-keyed list, from its own host.
  chartListUrl: service.chartList.url,
  version: '0.1.0',
  deps: { desktop: { documentsDir: join(dataDir, 'Documents') } }
})
const browser = await launchChromium()
const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true, reducedMotion: 'reduce' })
const page = await context.newPage()
const call = bridge(app.core.handlers)
// What the app does at start with a list host on this computer (no agreement needed): fetch the list.
await call('chartList:update')
const settle = (page: Page, ms = 500) => page.waitForTimeout(ms)
const shoot = async (name: string, themes: readonly ('light' | 'dark')[] = ['light', 'dark']) => {
  for (const theme of themes) {
    await call('settings:update', { theme })
    await settle(page, 300)
    await page.screenshot({ path: join(out, `${name}-${theme}.png`) })
  }
}
const nav = (name: string) => navButton(page, name).click()
/** Clicks a button that saves a picture (the page's own save dialog answered), and keeps the picture as `name`.png. */
const saved = mkdtempSync(join(tmpdir(), 'screenshots-saved-'))
const keepPicture = async (button: Locator, name: string) => {
  copyFileSync(await saveInto(page, saved, () => button.click()), join(out, `${name}.png`))
  await page.getByTestId('saved-file').getByRole('button').last().click()
}

/**
 * The pictures a player posts, looked at in every language: the shown account's best 20 (`share-<language>`) and its
 * newest session richest in new personal bests (`session-share-<language>`, and in English `session-share-light`/`-dark`).
 */
async function pictures(accountId: string, username: string) {
  // A sitting of a dozen plays just now: the demo's older sessions are a play or two each.
  service.controls.addPlays('global', username, 12)
  await call('sync:run', accountId, {})
  await nav('Sessions')
  const cards = page.getByTestId('session-card')
  await cards.first().waitFor()
  // Of the newest 100 sessions (as the list shows them; main sends them oldest first), the one with the most new
  // personal bests, scrolled to and opened.
  const newest = (await call('sessions:list', accountId))
    .reverse()
    .slice(0, 100)
    .map((card) => card.newBests)
  const richest = newest.indexOf(Math.max(...newest))
  const openSession = async () => {
    await page.getByTestId('session-list').evaluate((el, top) => (el.scrollTop = top), richest * 132)
    await page
      .locator(`li[aria-posinset="${richest + 1}"]`)
      .getByRole('button')
      .first()
      .click()
    await page.getByTestId('session-summary').waitFor()
    await settle(page)
  }
  await openSession()
  for (const theme of ['light', 'dark'] as const) {
    await call('settings:update', { theme })
    await settle(page, 300)
    await keepPicture(page.getByTestId('session-summary').getByRole('button', { name: 'Share image…' }), `session-share-${theme}`)
  }
  for (const language of LANGUAGES) {
    await call('settings:update', { language, theme: 'light' })
    const { screen, texts } = catalogue(language)
    await nav(screen.reality)
    await page.getByTestId('best-20').waitFor()
    await settle(page)
    await keepPicture(page.getByRole('button', { name: texts.get('reality.shareImage')!, exact: true }), `share-${language}`)
    await nav(screen.sessions)
    await cards.first().waitFor()
    await openSession()
    await keepPicture(
      page.getByTestId('session-summary').getByRole('button', { name: texts.get('sessions.share')! }),
      `session-share-${language}`
    )
  }
  await call('settings:update', { language: 'en' })
}

try {
  await page.goto(app.url)
  await page.getByRole('heading', { name: 'Welcome' }).waitFor()
  await shoot('welcome')
  // Global: no browser sign-in registered, so the User Token comes first, step by step.
  await page.getByRole('radio', { name: /^Global/ }).check()
  await page.getByTestId('token-guide').waitFor()
  await settle(page)
  await shoot('welcome-token-guide', ['light'])
  await page.getByRole('radio', { name: /^Local demo/ }).check()

  const owl = service.accounts.find((a) => a.username === 'night owl/夜猫' && a.deployment === 'global')!
  const { account } = await addUserToken(app.core.handlers, 'local', owl.user_token)
  service.controls.addPlays('global', owl.username, 6)
  await call('sync:run', account.id, {})
  await call('backups:run', account.id, { force: false })
  service.controls.advanceClock(1000)
  service.controls.updateSave('global', owl.username)
  await call('backups:run', account.id, { force: false })
  await page.reload()

  await nav('Profile')
  await page
    .getByTestId('card-reality-touch')
    .locator('.reality-big')
    .getByText(/\d\.\d{2}/)
    .waitFor()
  await settle(page)
  await shoot('profile')
  // Scrolled to the bottom: only the content region moves, the header and navigation stay.
  await page.locator('main').evaluate((el) => (el.scrollTop = el.scrollHeight))
  await settle(page, 300)
  await shoot('profile-bottom', ['light'])
  await page.locator('main').evaluate((el) => (el.scrollTop = 0))
  // "Since last time": plays after the ones the app had seen when the account came in, as the Profile shows them.
  service.controls.advanceClock(20 * 60_000)
  service.controls.addPlays('global', owl.username, 4)
  await call('sync:run', account.id, {})
  await page.reload()
  await page.getByTestId('since-last-time').waitFor()
  await settle(page)
  await shoot('since-last-time')

  await nav('Scores')
  await settle(page)
  await shoot('scores')
  await page.getByRole('radio', { name: /^Recent/ }).click()
  await settle(page)
  await shoot('scores-recent', ['light'])
  // The history of a recent chart with several plays, so the score-over-time chart shows (a first play has none).
  const history = page.getByTestId('chart-history')
  for (let row = 0; row < 10; row++) {
    await page.locator('tbody .chart-link').nth(row).click()
    await history.waitFor()
    if (Number(/\d+/.exec((await history.locator('p').first().textContent()) ?? '')?.[0]) >= 4) break
    await history.getByRole('button', { name: 'Close' }).click()
  }
  await settle(page)
  await shoot('chart-history', ['dark'])
  await page.getByTestId('chart-history').getByRole('button', { name: 'Close' }).click()

  await nav('Reality')
  await page.getByTestId('best-20').waitFor()
  await settle(page, 800)
  await shoot('reality')
  for (const theme of ['light', 'dark'] as const) {
    await call('settings:update', { theme })
    await settle(page, 300)
    await keepPicture(page.getByRole('button', { name: 'Share image…' }), `share-${theme}`)
  }

  // Sessions: the list with its calendar, then the newest session's summary (its share image: `pictures`).
  await nav('Sessions')
  await page.getByTestId('session-card').first().waitFor()
  await settle(page)
  await shoot('sessions')
  await page.getByTestId('session-card').first().getByRole('button').click()
  await page.getByTestId('session-summary').waitFor()
  await settle(page)
  await shoot('session-summary')

  await nav('Backups')
  await page.getByTestId('backup-list').waitFor()
  await settle(page)
  await shoot('backups')
  await nav('Settings')
  await settle(page)
  await shoot('settings', ['light'])

  // Push next on Alice: Night Owl's bests are all maxed out, so her list would be empty.
  const alice = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!
  const added = await addUserToken(app.core.handlers, 'local', alice.user_token)
  await call('sync:run', added.account.id, {})
  await page.reload()
  await page.getByRole('banner').getByRole('combobox').selectOption({ label: 'Alice · Local demo' })
  await nav('Reality')
  await page.getByTestId('best-20').waitFor()
  await page.getByRole('heading', { name: 'Push next' }).scrollIntoViewIfNeeded()
  await settle(page)
  await shoot('reality-push-next', ['light'])
  // Her Reality over time, all of it, read by keyboard at the latest point where a chart entered her best 20.
  await page.getByRole('radio', { name: 'All', exact: true }).click()
  const chart = page.getByTestId('reality-chart')
  await chart.scrollIntoViewIfNeeded()
  await page.mouse.wheel(0, 200)
  await chart.focus()
  for (let i = 0; i < 60 && !(await page.getByTestId('chart-tip').innerText()).includes('Entered'); i++)
    await page.keyboard.press('ArrowLeft')
  await settle(page)
  await shoot('reality-over-time', ['light'])
  // Progress on Alice: her folders by level, one folder's charts, and a goal under way (shown on her Profile too).
  await nav('Progress')
  await page.getByTestId('folder-table').waitFor()
  await settle(page)
  await shoot('progress')
  await page.getByTestId('at-least').nth(10).getByRole('button').click()
  await page
    .getByTestId('folder-detail')
    .getByRole('heading', { name: /^Not played/ })
    .waitFor()
  await page.getByTestId('folder-detail').scrollIntoViewIfNeeded()
  await settle(page)
  await shoot('progress-folder', ['light'])
  const latest = await new Promise<ProgressState>((resolve) => {
    const stop = app.core.events.addSink((event, payload) => {
      if (event !== 'progress:changed') return
      stop()
      resolve(payload as ProgressState)
    })
    void call('progress:load', added.account.id)
  })
  const open = latest.rows.find((r) => r.kind === 'level' && r.mode === 'any' && r.played > 0 && r.atLeast.SS < r.charts)!
  // Named by the app, as a goal the player leaves unnamed: its words follow the language shown.
  await call('progress:createGoal', added.account.id, {
    criterion: { kind: 'grade', grade: 'SS' },
    mode: 'any',
    scope: { kind: 'folder', folder: open.folder },
    target: { kind: 'all' }
  })
  await page.getByRole('tab', { name: /^Goals/ }).click()
  await page.getByTestId('goal').first().getByRole('button', { name: 'Show charts' }).click()
  await page.getByTestId('goal-charts').waitFor()
  await settle(page)
  await shoot('progress-goal')
  await nav('Profile')
  await page.getByTestId('profile-goals').scrollIntoViewIfNeeded()
  await settle(page)
  await shoot('profile-goals', ['light'])
  await pictures(added.account.id, alice.username)
  await page.getByRole('banner').getByRole('combobox').selectOption({ label: 'Night Owl · Local demo' })

  await call('settings:update', { language: 'zh-CN', theme: 'light' })
  for (const [screen, name] of [
    ['资料', 'profile'],
    ['成绩', 'scores'],
    ['实力值', 'reality']
  ] as const) {
    await nav(screen)
    await settle(page, 700)
    await page.screenshot({ path: join(out, `${name}-zh-CN.png`) })
  }
  // Traditional Chinese, Japanese and Korean: each screen by its name in that language.
  for (const language of ['zh-TW', 'ja', 'ko'] as const) {
    await call('settings:update', { language })
    const { nav: names } = catalogue(language)
    for (const [screen, name] of [
      [names[0]!, 'profile'],
      [names[1]!, 'scores'],
      [names[2]!, 'reality']
    ] as const) {
      await nav(screen)
      await settle(page, 700)
      await page.screenshot({ path: join(out, `${name}-${language}.png`) })
    }
  }
  // Russian, Spanish, Italian and Vietnamese: one screen each, where each is tested hardest (Russian's long words in
  // the scores table, Spanish decimal commas in Reality, Italian's player card, Vietnamese marks in Backups).
  for (const [language, screen] of [
    ['ru', 'scores'],
    ['es', 'reality'],
    ['it', 'profile'],
    ['vi', 'backups']
  ] as const) {
    await call('settings:update', { language })
    await nav(catalogue(language).screen[screen])
    await settle(page, 700)
    await page.screenshot({ path: join(out, `${screen}-${language}.png`) })
  }
  await call('settings:update', { language: 'en' })
  console.log(`Screenshots written to ${out}`)
} catch (error) {
  await page.screenshot({ path: join(out, 'FAILED.png') })
  throw error
} finally {
  await browser.close()
  await app.close()
  await service.close()
}
