import type { Page } from 'playwright-core'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import { navButton, type Harness } from '../harness/app-harness'
import { addUserToken } from '../support/core'
import { startServiceAndApp } from '../harness/e2e-start'
import { DIFFICULTY_COLOURS, difficultyTone, GRADE_COLOURS } from '../../src/renderer/src/ui/palette'
import { saveInto } from '../harness/saved-file'

/** `#rrggbb` as the browser reports a computed colour. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`

const savedTo = mkdtempSync(join(tmpdir(), 'e2e-saved-'))

describe('every screen in Chromium against the reference service', () => {
  let service: ReferenceService
  let h: Harness
  let stop: (() => Promise<void>) | undefined
  let page: Page
  const revealed: string[] = []
  const nav = (name: string) => navButton(page, name).click()

  beforeAll(async () => {
    ;({ service, h, stop } = await startServiceAndApp(
      { deps: { desktop: { revealInFolder: (path) => revealed.push(path) } }, options: { sync: { retryAfterMs: null } } },
      { largeSaveBytes: 24 * 1024 * 1024 }
    ))
    page = h.page
    await h.call('settings:update', { backupFolder: `${h.dataDir}/backups` })
    service.controls.throttleDownloads(0)
  })
  afterAll(() => stop?.())

  it('signs in with a pasted User Token and shows the synced profile', async () => {
    await page.getByRole('tab', { name: 'User Token' }).click()
    await page.getByLabel('User Token').fill(service.accounts.find((a) => a.username === 'bench')!.user_token)
    await page.getByRole('button', { name: 'Check and add' }).click()
    await page.getByText('It allows: account id, profile, email, cloud save, recent scores, Reality and best performances.').waitFor()
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect.poll(() => page.getByTestId('profile-uid').textContent()).toBe('10000006')
    await expect.poll(() => page.getByTestId('profile-email').textContent()).toBe('bench@example.test')
    await page.getByText('Up to date').first().waitFor()
    expect(await page.locator('img.avatar').count()).toBe(1)
  })

  it('opens each screen at the first click with no loading placeholder: the screen before stays until the code is here', async () => {
    // A fresh page: no screen's code but the profile's is loaded (the app loads the others a few seconds after the start).
    await page.reload()
    await page.getByTestId('player-card').waitFor()
    await page.evaluate(() => {
      const w = window as unknown as { placeholders: number }
      w.placeholders = 0
      new MutationObserver(() => void (document.querySelector('[data-testid="screen-loading"]') && w.placeholders++)).observe(
        document.body,
        {
          childList: true,
          subtree: true
        }
      )
    })
    for (const [name, screen] of [
      ['Sessions', 'sessions'],
      ['Scores', 'scores'],
      ['Reality', 'reality'],
      ['Progress', 'progress'],
      ['Backups', 'backups'],
      ['Settings', 'settings'],
      ['Profile', 'profile']
    ] as const) {
      await nav(name)
      await page.locator(`main[data-screen="${screen}"] > :not([data-testid="screen-loading"])`).first().waitFor()
    }
    expect(await page.evaluate(() => (window as unknown as { placeholders: number }).placeholders)).toBe(0)
  })

  it('scores: all kept plays, filtered and sorted; a filter that matches nothing says so and clears', async () => {
    await nav('Scores')
    await page.getByRole('radio', { name: /^All plays/ }).click()
    const kept = (await h.call('sync:history', (await h.accounts()).activeId!)).records
    await expect.poll(async () => (await page.getByTestId('score-count').textContent())?.split(' of ')[1]).toBe(String(kept.length))
    await page.getByLabel('Grade').selectOption('SS')
    const expected = kept.filter((r) => r.grade === 'SS').length
    await expect.poll(async () => (await page.getByTestId('score-count').textContent())?.split(' of ')[0]).toBe(String(expected))
    expect(new Set(await page.locator('tbody .grade-chip').allTextContents())).toEqual(new Set(['SS']))
    // Chips take their colours from the palette (by class, through the sheet written from it).
    const chipColours = (selector: string) =>
      page.locator(selector).evaluateAll((chips) => chips.map((c) => [c.getAttribute('title') ?? '', getComputedStyle(c).backgroundColor]))
    expect(new Set((await chipColours('tbody .grade-chip')).map(([, colour]) => colour))).toEqual(new Set([rgb(GRADE_COLOURS.SS!)]))
    const difficulties = await chipColours('tbody .difficulty-chip')
    expect(difficulties.length).toBeGreaterThan(0)
    for (const [name, colour] of difficulties) expect(colour, name).toBe(rgb(DIFFICULTY_COLOURS[difficultyTone(name)]))
    await page.getByLabel('Grade').selectOption('')
    const scoreHeader = page.locator('thead').getByRole('button', { name: /^Score/ })
    const firstScores = async () =>
      (await page.locator('tbody .score-cell').allTextContents()).slice(0, 8).map((s) => Number(/^[\d,]+/.exec(s)![0].replace(/,/g, '')))
    await scoreHeader.click()
    expect(await page.locator('thead th').nth(3).getAttribute('aria-sort')).toBe('descending')
    const desc = await firstScores()
    expect(desc).toEqual(
      kept
        .map((r) => r.score)
        .sort((x, y) => y - x)
        .slice(0, 8)
    )
    await scoreHeader.click()
    expect(await page.locator('thead th').nth(3).getAttribute('aria-sort')).toBe('ascending')
    expect(await firstScores()).toEqual(
      kept
        .map((r) => r.score)
        .sort((x, y) => x - y)
        .slice(0, 8)
    )
    // A custom range the wrong way round: said, swapped in one click, cleared in one more.
    await page.getByLabel('Played').selectOption('custom')
    await page.getByLabel('From').fill('2030-01-01')
    await page.getByLabel('To').fill('2020-01-01')
    await page.getByTestId('range-inverted').waitFor()
    expect(await page.locator('.empty').textContent()).toBe('No play matches these filters.')
    await page.getByRole('button', { name: 'Swap them' }).click()
    await page.getByTestId('range-inverted').waitFor({ state: 'detached' })
    const clear = page.getByRole('button', { name: 'Clear filters' })
    await clear.click()
    await expect.poll(async () => (await page.getByTestId('score-count').textContent())?.split(' of ')[0]).toBe(String(kept.length))
    // Nothing left to clear: the button stays in place (the toolbar does not shift) but is disabled.
    expect(await clear.isDisabled()).toBe(true)
  })

  it('scores: bests are one row per chart and mode, with the best score of the kept plays; a chart opens its history', async () => {
    const id = (await h.accounts()).activeId!
    const kept = (await h.call('sync:history', id)).records
    // Independent truth: the best per chart and mode, computed here from the kept plays.
    const best = new Map<string, number>()
    for (const r of kept) {
      const key = `${r.chart_id}|${r.modifiers.includes('TouchMode')}`
      best.set(key, Math.max(best.get(key) ?? 0, r.score))
    }
    await page.getByRole('radio', { name: /^Bests/ }).click()
    await expect.poll(async () => (await page.getByTestId('score-count').textContent())?.split(' of ')[1]).toBe(String(best.size))
    const scoreHeader = page.locator('thead').getByRole('button', { name: /^Score/ })
    await scoreHeader.click()
    const top = (await page.locator('tbody .score-cell').first().textContent())!.replace(/\D/g, '')
    expect(Number(top)).toBe(Math.max(...best.values()))
    // Keyboard focus on a chart shows its whole ring: the cell (which clips its content) has room for it.
    const roomAround = await page
      .locator('tbody .chart-link')
      .first()
      .evaluate((link) => {
        const ring = 3 + 2 // :focus-visible's outline and its offset (styles.css)
        const box = link.getBoundingClientRect()
        const cell = link.closest('td')!.getBoundingClientRect()
        return Math.min(box.top - cell.top, cell.bottom - box.bottom) - ring
      })
    expect(roomAround).toBeGreaterThanOrEqual(0)
    // The first chart's history: every kept play of it.
    const title = (await page.locator('tbody .chart-link').first().textContent())!
    await page.locator('tbody .chart-link').first().click()
    const dialog = page.getByTestId('chart-history')
    await dialog.getByRole('heading', { name: title }).waitFor()
    // The chart of the first row, by its row's key (several charts may share the top score).
    const chartId = (await page.locator('.scores-table tbody tr').first().getAttribute('data-key'))!.split('|')[0]!
    expect(kept.some((r) => r.chart_id === chartId && r.score === Number(top))).toBe(true)
    const plays = kept.filter((r) => r.chart_id === chartId).length
    await dialog.getByText(`${plays} ${plays === 1 ? 'play' : 'plays'} kept on this chart.`).waitFor()
    expect(await dialog.locator('tbody tr').count()).toBe(plays)
    // The dialog's own padding is the only space above its heading.
    const gap = await dialog.evaluate((el) => {
      const head = el.querySelector('h2')!.getBoundingClientRect().top - el.getBoundingClientRect().top
      const style = getComputedStyle(el)
      return head - parseFloat(style.paddingTop) - parseFloat(style.borderTopWidth)
    })
    expect(Math.abs(gap)).toBeLessThan(1)
    await dialog.getByRole('button', { name: 'Close' }).click()
  })

  it('recent plays mark a new personal best and the gain over the best before it', async () => {
    const id = (await h.accounts()).activeId!
    const kept = (await h.call('sync:history', id)).records
    const weakest = [...kept].filter((r) => r.modifiers.includes('TouchMode')).sort((a, b) => a.score - b.score)[0]!
    const before = Math.max(...kept.filter((r) => r.chart_id === weakest.chart_id && r.modifiers.includes('TouchMode')).map((r) => r.score))
    service.controls.addPlayOf('global', 'bench', weakest.chart_id, Math.min(1_010_000, before + 12_345), true)
    await h.call('sync:run', id, {})
    await page.getByRole('radio', { name: /^Recent/ }).click()
    // Newest first: the play just made is the first row.
    const played = page.locator('thead th').filter({ hasText: 'Played' })
    for (let i = 0; i < 3 && (await played.getAttribute('aria-sort')) !== 'descending'; i++) await played.getByRole('button').click()
    const row = page.locator('tbody tr').first()
    await expect.poll(() => row.getAttribute('class')).toBe('new-best')
    // The mark follows the score in the cell's text, both in the accent colour; the full words on hover.
    const cell = row.locator('td.new-best-score')
    const score = Math.min(1_010_000, before + 12_345)
    expect(await cell.textContent()).toBe(`${score.toLocaleString('en')} PB`)
    const accent = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim())
    expect(
      await cell.evaluate((td, accent) => {
        const probe = document.createElement('span')
        probe.style.color = accent
        document.body.append(probe)
        const expected = getComputedStyle(probe).color
        probe.remove()
        return getComputedStyle(td).color === expected
      }, accent)
    ).toBe(true)
    expect(await cell.getAttribute('title')).toBe('New best')
    expect(await row.locator('.gain').textContent()).toBe(`+${(Math.min(1_010_000, before + 12_345) - before).toLocaleString('en')}`)
  })

  it('records the service sends in an unknown shape are counted, the rest shown', async () => {
    service.controls.oddShapes({ brokenRecords: 2 })
    await h.call('sync:run', (await h.accounts()).activeId!, {})
    await nav('Scores')
    await page.getByTestId('skipped-records').getByText('2 records the service sent could not be read; they are not shown.').waitFor()
    expect(await page.getByTestId('panel-badge').textContent()).toMatch(/^Up to date/)
    service.controls.oddShapes({ brokenRecords: 0 })
    await h.call('sync:run', (await h.accounts()).activeId!, {})
    await page.getByTestId('skipped-records').waitFor({ state: 'detached' })
  })

  it('reality: best 20 with targets, push next, touch and keyboard, and the data as CSV', async () => {
    await nav('Reality')
    await expect.poll(() => page.getByTestId('best-20').locator('tbody tr').count()).toBe(20)
    const touch = await page.getByTestId('reality-value').textContent()
    expect((await page.getByTestId('push-next').locator('li').count()) > 0).toBe(true)
    await page.getByRole('tab', { name: /Keyboard/ }).click()
    await expect.poll(() => page.getByTestId('reality-value').textContent()).not.toBe(touch)
    const file = await saveInto(page, savedTo, async () => {
      await page.getByTestId('reality-export').click()
      await page.getByRole('menuitem', { name: 'Export CSV' }).click()
    })
    expect(file).toBe(join(savedTo, 'reality-keyboard-bench.csv'))
    // Where it went is said, and shown in the file manager on request.
    await page.getByTestId('saved-file').getByRole('button', { name: 'Show in folder' }).click()
    await expect.poll(() => revealed.at(-1)).toBe(file)
    const csv = readFileSync(file, 'utf8').trim().split('\n')
    const rank = (await h.call('app:bootstrap'), h.events.latest('sync:changed')!.rank.data!)
    expect(csv).toHaveLength(21)
    const realities = csv.slice(1).map((line) => Number(line.split(',')[8]))
    expect(realities).toEqual(rank.keyboard_ranks.slice(0, 20).map((r) => r.reality))
  })

  it('the share image: 2× of 1080 px wide, a header and twenty chart cards that are not blank', async () => {
    const file = await saveInto(page, savedTo, () => page.getByRole('button', { name: 'Share image…' }).click())
    expect(file).toBe(join(savedTo, 'reality-keyboard-bench.png'))
    const png = readFileSync(file)
    // The PNG header holds the size: width and height, big-endian, at bytes 16 and 20.
    const width = png.readUInt32BE(16)
    const height = png.readUInt32BE(20)
    expect(width).toBe(2160)
    expect(height).toBeGreaterThan(2000)
    // Decoded in the page: the header band and every card hold more than one colour.
    const regions = await page.evaluate(async (data) => {
      const image = new Image()
      image.src = `data:image/png;base64,${data}`
      await image.decode()
      const canvas = document.createElement('canvas')
      canvas.width = image.width
      canvas.height = image.height
      const ctx = canvas.getContext('2d')!
      ctx.drawImage(image, 0, 0)
      const colours = (x: number, y: number, w: number, h: number) => {
        const pixels = ctx.getImageData(x * 2, y * 2, w * 2, h * 2).data
        const seen = new Set<number>()
        for (let i = 0; i < pixels.length; i += 4 * 7) seen.add((pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!)
        return seen.size
      }
      const cardW = (1080 - 96 - 48) / 4
      const cards = Array.from({ length: 20 }, (_, i) =>
        colours(48 + (i % 4) * (cardW + 16), 48 + 200 + 60 + Math.floor(i / 4) * 152, cardW, 136)
      )
      return { header: colours(48, 48, 984, 200), cards }
    }, png.toString('base64'))
    expect(regions.header).toBeGreaterThan(20)
    for (const card of regions.cards) expect(card).toBeGreaterThan(8)
  })

  it('changes the nickname, then explains StaminaNotEnough with the next opportunity', async () => {
    service.controls.setStamina('global', 'bench', 1)
    await nav('Profile')
    await page.getByRole('button', { name: 'Change nickname…' }).click()
    await page.getByText('Every submission uses one change opportunity').waitFor()
    await page.getByLabel('New nickname').fill('  Bench Press  ')
    await page.getByRole('button', { name: 'Submit (uses one opportunity)' }).click()
    await page.getByText('Your nickname is now “Bench Press”.').waitFor()
    await page.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => page.getByTestId('profile-nickname').textContent()).toBe('Bench Press')
    await page.getByRole('button', { name: 'Change nickname…' }).click()
    await page.getByLabel('New nickname').fill('Bench Again')
    await page.getByRole('button', { name: 'Submit (uses one opportunity)' }).click()
    await page.getByText('No nickname change opportunity is left right now.').waitFor()
    await page.getByText(/The next opportunity is expected around/).waitFor()
    await page.getByRole('button', { name: 'Close' }).click()
  })

  it('looks up a public profile by a username with a space, a slash and CJK', async () => {
    await page.getByLabel('Username or UID:<uid>').fill('night owl/夜猫')
    await page.getByRole('button', { name: 'Look up' }).click()
    await expect.poll(() => page.getByTestId('lookup-result').textContent()).toContain('Night Owl')
    await page.getByLabel('Username or UID:<uid>').fill('nobody-here')
    await page.getByRole('button', { name: 'Look up' }).click()
    await page.getByText('No such player (or the account is no longer available).').waitFor()
  })

  it('backs up with a visible progress bar; a second backup is "up to date" and spends no download', async () => {
    await nav('Backups')
    service.controls.throttleDownloads(8 * 1024 * 1024)
    await page.getByRole('button', { name: 'Back up now' }).click()
    await page.getByTestId('backup-progress').waitFor()
    await expect.poll(() => page.getByTestId('backup-progress').evaluate((el) => (el as HTMLProgressElement).value)).toBeGreaterThan(0)
    await expect.poll(() => page.getByTestId('backup-result').textContent(), { timeout: 20_000 }).toContain('Backup saved and verified.')
    service.controls.throttleDownloads(0)
    await expect.poll(() => page.getByTestId('backup-list').locator('tbody tr').count()).toBe(1)
    const before = service.controls.counters('global').downloadUrlsIssued
    await page.getByRole('button', { name: 'Back up now' }).click()
    await expect.poll(() => page.getByTestId('backup-result').textContent()).toContain('Up to date')
    expect(service.controls.counters('global').downloadUrlsIssued).toBe(before)
    await page.getByTestId('backup-actions').first().click()
    await page.getByRole('menuitem', { name: 'Summary' }).click()
    await expect.poll(() => page.getByTestId('save-summary').textContent()).toMatch(/charts/)
    await page.getByTestId('save-summary').getByRole('button', { name: 'Close' }).click()
    // What the run did was said on this visit; a later visit starts without it.
    await nav('Profile')
    await nav('Backups')
    await page.getByTestId('backup-list').waitFor()
    expect(await page.getByTestId('backup-result').count()).toBe(0)
  })

  it('the library: verify says what it found, "what changed" after a new backup, delete asks first and uses the trash', async () => {
    // A second cloud save version, backed up: two backups of different content.
    service.controls.addPlays('global', 'bench', 30)
    service.controls.advanceClock(1000)
    service.controls.updateSave('global', 'bench')
    await page.getByRole('button', { name: 'Back up now' }).click()
    await expect.poll(() => page.getByTestId('backup-result').textContent(), { timeout: 30_000 }).toContain('The cloud save changed')
    await page.getByTestId('backup-result').getByRole('button', { name: 'What changed' }).click()
    await expect.poll(() => page.getByTestId('save-diff').textContent()).toMatch(/New charts|Improved|No chart changed/)
    await page.getByTestId('save-diff').getByRole('button', { name: 'Close' }).click()
    await page.getByRole('button', { name: 'Verify all' }).click()
    await expect.poll(() => page.getByTestId('library-message').textContent()).toBe('Checked 2: every file matches its checksum.')
    const rows = page.getByTestId('backup-list').locator('tbody tr')
    await expect.poll(() => rows.count()).toBe(2)
    // From a backup's menu, a panel opens below the library, out of view in a small window: it
    // scrolls into view and takes the focus; closing it gives the focus back to the menu button.
    await page.setViewportSize({ width: 900, height: 600 })
    await page.locator('main').evaluate((el) => el.scrollTo(0, 0))
    await page.getByTestId('backup-actions').first().click()
    await page.getByRole('menuitem', { name: 'What changed' }).click()
    const panel = page.getByTestId('save-diff')
    await expect.poll(() => panel.textContent()).toMatch(/New charts|Improved|No chart changed/)
    const inView = await panel.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().top < innerHeight - 60)
    expect(inView).toBe(true)
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('What changed')
    await panel.getByRole('button', { name: 'Close' }).click()
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('backup-actions')
    await page.setViewportSize({ width: 1280, height: 800 })
    // A scroll or resize event that arrives after the menu opened, for a move made before, leaves it
    // open (one came late after the window size changed above); a scroll that moves the button closes it.
    await page.getByTestId('backup-actions').nth(1).focus()
    await page.keyboard.press('ArrowDown')
    await page.evaluate(() => {
      window.dispatchEvent(new Event('resize'))
      document.querySelector('main')!.dispatchEvent(new Event('scroll'))
    })
    expect(await page.getByRole('menu').count()).toBe(1)
    await page.locator('main').evaluate((el) => el.scrollTo(0, el.scrollTop > 0 ? 0 : 40))
    await expect.poll(() => page.getByRole('menu').count()).toBe(0)
    // Delete: the keyboard opens the menu; Cancel keeps the backup.
    await page.getByTestId('backup-actions').nth(1).focus()
    await page.keyboard.press('ArrowDown')
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel' }).click()
    expect(await rows.count()).toBe(2)
    await page.getByTestId('backup-actions').nth(1).click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Move to trash' }).click()
    await expect.poll(() => rows.count()).toBe(1)
    await expect.poll(() => page.getByTestId('library-message').textContent()).toBe('Moved to the trash.')
  })

  it('switches the language to Simplified Chinese and back', async () => {
    await nav('Settings')
    await page.getByLabel('Language').selectOption('zh-CN')
    await navButton(page, '资料').waitFor()
    await page.getByLabel('语言').selectOption('en')
    await navButton(page, 'Profile').waitFor()
  })

  it('lists every language in its own name and script, and speaks the one chosen (Vietnamese, by its name)', async () => {
    await nav('Settings')
    const picker = page.getByLabel('Language')
    const options = await picker.locator('option').evaluateAll((all) => all.map((o) => [o.textContent, o.getAttribute('lang')]))
    expect(options).toEqual([
      ['Follow system', null],
      ['English', 'en'],
      ['简体中文', 'zh-CN'],
      ['繁體中文', 'zh-TW'],
      ['日本語', 'ja'],
      ['한국어', 'ko'],
      ['Русский', 'ru'],
      ['Español', 'es'],
      ['Italiano', 'it'],
      ['Tiếng Việt', 'vi']
    ])
    await picker.selectOption({ label: 'Tiếng Việt' })
    await navButton(page, 'Hồ sơ').waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('vi')
    await page.getByLabel('Ngôn ngữ').selectOption({ label: 'Русский' })
    await navButton(page, 'Профиль').waitFor()
    await page.getByLabel('Язык').selectOption('en')
    await navButton(page, 'Profile').waitFor()
  })

  it('a User Token that does not allow a panel points to adding one that does', async () => {
    const mainId = (await h.accounts()).activeId!
    const limited = await addUserToken(h.app.core.handlers, 'local', service.controls.createUserToken('global', 'tired', ['profile']))
    await h.call('accounts:setActive', limited.account.id)
    await h.call('sync:run', limited.account.id, {})
    await nav('Scores')
    const notice = page.getByTestId('panel-notice')
    await notice.getByText('This sign-in does not allow reading recent scores.').waitFor()
    expect(await notice.getByRole('button', { name: /Allow/ }).count()).toBe(0)
    await notice.getByRole('button', { name: 'Add a User Token that allows it' }).click()
    await page.getByRole('heading', { name: 'Add an account' }).waitFor()
    await h.call('accounts:signOut', limited.account.id, { forgetCache: true })
    await h.call('accounts:setActive', mainId)
    await nav('Profile')
    await expect.poll(() => page.getByTestId('profile-uid').textContent()).toBe('10000006')
  })

  it('damaged local files: the app starts, says what it moved aside and what it could not read, and shows the file', async () => {
    const accountId = (await h.accounts()).activeId!
    const safe = accountId.replace(/[^A-Za-z0-9_-]/g, '_')
    const log = join(h.dataDir, `records-${safe}.jsonl`)
    const lines = readFileSync(log, 'utf8').trimEnd().split('\n')
    lines[1] = 'not a play'
    writeFileSync(log, `${lines.join('\n')}\n`)
    writeFileSync(join(h.dataDir, 'catalogue.json'), '{"truncated')
    await h.restart()
    const banner = page.getByTestId('data-notices')
    await banner
      .getByText(
        /catalogue\.json was damaged, so the app started without it\. Nothing was deleted: it is kept as catalogue\.json\.corrupt-/
      )
      .waitFor()
    await nav('Scores')
    await page.getByRole('radio', { name: /^All plays/ }).click()
    await page.getByTestId('unreadable-plays').getByText('1 kept play could not be read (it stays in the file).').waitFor()
    await banner
      .getByText(`1 kept play in records-${safe}.jsonl could not be read. It stays in the file untouched`, { exact: false })
      .waitFor()
    await banner.getByRole('button', { name: 'Show file' }).first().click()
    await expect.poll(() => revealed.at(-1)).toMatch(/catalogue\.json\.corrupt-/)
    expect(readFileSync(join(h.dataDir, revealed.at(-1)!.split('/').at(-1)!), 'utf8')).toBe('{"truncated')
    await banner.getByRole('button', { name: 'Dismiss' }).click()
    await banner.waitFor({ state: 'detached' })
    // The renderer cannot ask to reveal a path the app did not report.
    await expect(h.call('app:revealDataFile', '../../etc/passwd')).rejects.toThrow()
  })

  it('goes offline when the service stops, and still shows everything from the cache', async () => {
    await service.close()
    await nav('Profile')
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    const accountId = (await h.accounts()).activeId!
    await h.call('sync:run', accountId, {})
    await page.getByTestId('offline-banner').waitFor()
    expect(await page.getByTestId('offline-banner').textContent()).toMatch(/Offline: showing data saved/)
    expect(await page.getByTestId('profile-nickname').textContent()).toBe('Bench Press')
    await nav('Scores')
    await expect.poll(async () => Number((await page.getByTestId('score-count').textContent())?.split(' of ')[1])).toBeGreaterThan(20)
    await nav('Reality')
    await expect.poll(() => page.getByTestId('best-20').locator('tbody tr').count()).toBe(20)
    await nav('Backups')
    await expect.poll(() => page.getByTestId('backup-list').locator('tbody tr').count()).toBe(1)
    await page.getByText('Offline').first().waitFor()
  })

  it('signs out, and says the User Token stays valid at the service', async () => {
    await nav('Settings')
    await page.locator('.account-list').getByRole('button', { name: 'Sign out' }).click()
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Sign out' }).click()
    await page.getByTestId('token-still-valid').waitFor()
    expect((await h.accounts()).accounts).toEqual([])
  })
})
