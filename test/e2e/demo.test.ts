// `npm run demo:web` as a test can run it: the demo's setup (service, seeded data, sample game folder,
// the app behind the web host) under a home folder of its own, then a player's first steps in Chromium.
// Nothing may appear in that home (no Documents, no backups, no logs): the demo keeps to its own folder.
// The sample game folder is what the game keeps, read here with SQLite itself and by the built CLI.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SAMPLE_PLAYER } from '../../scripts/demo-game-folder'
import { demoCli, startWebDemo, type WebDemo } from '../../scripts/demo-app'
import { launchChromium } from '../harness/chromium'
import { navButton } from '../harness/app-harness'
import { runCli } from '../support/cli-run'
import { addUserToken, bridge } from '../support/core'
import { filesUnder } from '../support/files'
import { allRows, inspect } from '../support/game-saves'

const work = mkdtempSync(join(tmpdir(), 'demo-'))
const home = join(work, 'home')
const realHome = process.env.HOME
let demo: WebDemo
let browser: Browser
let page: Page

beforeAll(async () => {
  // Chromium keeps the real home (its own profile files are not the demo's); the demo gets the fake one.
  browser = await launchChromium()
  process.env.HOME = home
  demo = await startWebDemo({ port: 0, rendererDir: resolve('out/renderer'), root: join(work, 'demo') })
  page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
})
afterAll(async () => {
  await demo?.close()
  await browser?.close()
  process.env.HOME = realHome
  rmSync(work, { recursive: true, force: true })
})

describe('the demo keeps to its own folder and brings a game folder', () => {
  it("the sample game folder is the real container: saves.db with the player's save, data.db with plays", () => {
    const { integrity, save } = inspect(join(demo.folders.game, 'saves.db'))
    expect(integrity).toBe('ok')
    const doc = JSON.parse(save!) as { UserID: number; Username: string; SongRecordsV3: { BeatmapID: string }[] }
    const uid = demo.service.accounts.find((a) => a.username === SAMPLE_PLAYER && a.deployment === 'global')!.uid
    expect([String(doc.UserID), doc.Username]).toEqual([uid, SAMPLE_PLAYER])
    expect(doc.SongRecordsV3.length).toBeGreaterThan(50)
    const rows = allRows(join(demo.folders.game, 'saves.db'))
    expect(rows.migrations!.map((m) => (m as { version: number }).version)).toEqual([1, 2])
    expect((rows.kv as { key: string }[]).map((r) => r.key)).toContain('PlayerFileV2')
    const plays = allRows(join(demo.folders.game, 'data.db')).scores as { user_id: string }[]
    expect(plays.length).toBeGreaterThan(10)
    expect(new Set(plays.map((p) => p.user_id))).toEqual(new Set([uid]))
  })

  it("the browser finds the app's icon (no 404 for a favicon)", async () => {
    const html = await (await fetch(demo.app.origin)).text()
    const href = /<link rel="icon"[^>]*href="([^"]+)"/.exec(html)?.[1]
    expect(href).toMatch(/^\.\/assets\/icon-.*\.svg$/)
    const icon = await fetch(new URL(href!, `${demo.app.origin}/`))
    expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/svg+xml'])
    expect(await icon.text()).toMatch(/^<svg/)
  })

  it('the built CLI finds the game in the sample folder (local status), and reads its plays', async () => {
    const env = { PATH: process.env.PATH, HOME: home }
    const status = await runCli(['local', 'status', '--game-dir', demo.folders.game, '--json'], env, 30_000)
    expect(status.code).toBe(0)
    expect(status.json).toMatchObject({ folder: demo.folders.game, chosen: true })
    expect((status.json as { files: { name: string }[] }).files.map((f) => f.name)).toEqual(['saves.db', 'data.db'])
    const plays = await runCli(['local', 'plays', '--game-dir', demo.folders.game, '--json'], env, 30_000)
    expect((plays.json as { plays: unknown[] }).plays.length).toBe(allRows(join(demo.folders.game, 'data.db')).scores!.length)
  })

  it('This computer in the browser: the sample folder is chosen, the folder dialog types or lists, every action works', async () => {
    const token = demo.service.accounts.find((a) => a.username === SAMPLE_PLAYER && a.deployment === 'global')!.user_token
    const { account } = await addUserToken(demo.app.core.handlers, 'local', token)
    await bridge(demo.app.core.handlers)('sync:run', account.id, {})
    await page.goto(demo.app.url)
    await navButton(page, 'Backups').click()
    const local = page.getByTestId('local-section')
    await expect.poll(() => local.getByTestId('game-folder').textContent()).toContain(demo.folders.game)

    // "Choose the game's folder…": a dialog of the page, with the sample folder and the usual place.
    await local.getByRole('button', { name: "Choose the game's folder…" }).click()
    const dialog = page.getByTestId('page-dialog')
    await dialog.getByText("The demo's sample game folder").waitFor()
    await expect.poll(() => dialog.getByText('Where the game keeps its data on this computer').count()).toBeGreaterThan(0)
    const typed = dialog.getByLabel('Folder (full path)')
    await typed.fill('Milthm/data')
    await dialog.getByRole('button', { name: 'Use this folder' }).click()
    await dialog
      .getByText(/full path/)
      .first()
      .waitFor()
    await typed.fill(join(work, 'nowhere'))
    await dialog.getByRole('button', { name: 'Use this folder' }).click()
    await dialog.getByText(/There is no folder/).waitFor()
    await dialog.getByText("The demo's sample game folder").click()
    await dialog.getByRole('button', { name: 'Use this folder' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => local.getByTestId('game-folder').textContent()).toContain(demo.folders.game)

    // The cloud backup first (Compare reads it), then everything "This computer" offers.
    await page.getByRole('button', { name: 'Back up now' }).click()
    await expect.poll(() => filesUnder(demo.folders.app).some((f) => f.includes('Game Account Companion Backups'))).toBe(true)
    await local.getByRole('button', { name: 'Back up this computer' }).click()
    await local
      .getByTestId('local-message')
      .getByText(/backed up/)
      .waitFor()
    await local.getByRole('button', { name: 'Compare with the cloud' }).click()
    await expect
      .poll(() => page.getByTestId('local-verdict').textContent())
      .toBe('Your cloud save is behind this computer: upload it in the game.')
    await local.getByRole('button', { name: 'Add plays from this computer' }).click()
    await expect.poll(() => local.getByTestId('local-message').textContent()).toMatch(/^6 plays added to your history/)

    // Nothing in the home folder: no Documents, no backups, no logs.
    expect(filesUnder(join(home, 'Documents'))).toEqual([])
    expect(filesUnder(home)).toEqual([])
    const written = filesUnder(demo.folders.root)
    expect(written.some((f) => f.startsWith(join(demo.folders.app, 'documents', 'Game Account Companion Backups')))).toBe(true)
    expect(written.some((f) => f.startsWith(join(demo.folders.app, 'logs')))).toBe(true)
  })
})

describe("the CLI on the demo's data (#52 item 11)", () => {
  it("with the flags the demo prints: local versions lists the app's versions, rank names the charts, tables in local time", async () => {
    const cli = demoCli(demo.service, demo.folders)
    const player = demo.service.accounts.find((a) => a.username === SAMPLE_PLAYER && a.deployment === 'global')!
    // The player's User Token (the CLI's only credential; a demo player makes one on the token page).
    const env = { PATH: process.env.PATH, HOME: home, TZ: 'Asia/Tokyo', COMPANION_USER_TOKEN: player.user_token }
    const run = (args: string[]) => runCli([...cli.global, ...args], env, 60_000)
    // "Back up this computer" in the app made a version of the sample folder (the test above): the CLI sees it.
    const [versions, versionsJson, rank, rankJson] = await Promise.all([
      run(['local', 'versions', '--dir', cli.dir]),
      run(['local', 'versions', '--dir', cli.dir, '--json']),
      run(['rank']),
      run(['rank', '--json'])
    ])
    const listed = versionsJson.json as { id: string; time: string; player: string }[]
    expect(listed.length).toBeGreaterThan(0)
    expect(listed.map((v) => [v.id.split('/')[0], v.player])).toContainEqual([`this-computer-${player.uid}`, SAMPLE_PLAYER])
    // The table: each version's id with its time in Tokyo's clock (UTC+9), written again here with Intl; --json keeps UTC.
    const tokyo = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' })
    for (const v of listed) {
      expect(v.time).toMatch(/Z$/)
      const row = versions.stdout.split('\n').find((line) => line.startsWith(v.id))
      expect(row, v.id).toContain(tokyo.format(Date.parse(v.time)))
    }
    // rank: every chart by its title from the demo's list, none unknown.
    const ranks = rankJson.json as { touch_ranks: { chart_id: string; title: string | null; played_at: string }[] }
    expect(ranks.touch_ranks.length).toBeGreaterThan(0)
    expect(ranks.touch_ranks.every((r) => r.title !== null)).toBe(true)
    expect(rank.stdout).not.toContain('(unknown chart)')
    const best = ranks.touch_ranks[0] as { title: string; played_at: string }
    expect(rank.stdout.split('\n').find((line) => line.includes(best.title))).toContain(tokyo.format(Date.parse(best.played_at)))
  })
})

describe('what the demo player sees first', () => {
  it('Push next says one thing per chart; the Profile says which Reality is which', async () => {
    await navButton(page, 'Reality').click()
    await page.getByTestId('best-20').waitFor()
    await page.getByRole('button', { name: /Show every chart/ }).click()
    const text = (id: string) => page.getByTestId(id).locator(':scope > li').allInnerTexts()
    const entering = await text('push-enter')
    expect(entering.length).toBeGreaterThan(0)
    for (const line of entering) expect(line).toMatch(/enters the best 20 · up to \+0\.00\d\d Reality \(from [\d,]+\)/)
    // A chart that can enter is never also one that stays outside, and nothing says "would enter" any more.
    const chartsOf = (selector: string) => page.locator(selector).evaluateAll((items) => items.map((li) => li.getAttribute('data-chart')))
    const enteringCharts = await chartsOf('[data-testid="push-enter"] > li')
    const staysOutside = await chartsOf('[data-testid="push-cannot"] > li[data-status="stays_outside"]')
    expect(staysOutside.length).toBeGreaterThan(0)
    for (const chart of enteringCharts) expect(staysOutside).not.toContain(chart)
    // Each chart that can enter says so once more, exactly, where 0.01 is not possible.
    const entersOnly = await chartsOf('[data-testid="push-cannot"] > li[data-status="enters_only"]')
    expect(entersOnly.sort()).toEqual([...enteringCharts].sort())
    expect(await page.getByTestId('push-next').innerText()).not.toMatch(/would enter/)

    await navButton(page, 'Profile').click()
    const line = page.getByTestId('reality-sources')
    await line.scrollIntoViewIfNeeded()
    // The service's own values, asked here without the app, cut to 2 decimals as the game shows them.
    const token = demo.service.accounts.find((a) => a.username === SAMPLE_PLAYER && a.deployment === 'global')!.user_token
    const answer = await fetch(`${demo.service.deployments.global.base_url}/v1/user/${SAMPLE_PLAYER}/rank`, {
      headers: { authorization: token }
    })
    const { touch_reality, keyboard_reality } = ((await answer.json()) as { data: { touch_reality: number; keyboard_reality: number } })
      .data
    const cut2 = (v: number) => v.toFixed(8).replace(/(\.\d\d)\d*$/, '$1')
    await expect
      .poll(() => line.textContent())
      .toContain(`the card shows the service's ranking, touch ${cut2(touch_reality)} and keyboard ${cut2(keyboard_reality)}`)
    // The six plays added from this computer came after the cloud save, which also holds both modes together.
    expect(await line.textContent()).toContain(
      'which is older (6 bests came after it) and counts touch and keyboard together, one best per chart.'
    )
  })
})
