import type { Browser, Page } from 'playwright-core'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { startHarness, type Harness } from '../harness/app-harness'
import { addUserToken } from '../support/core'
import { launchChromium } from '../harness/chromium'

describe('every screen in Chromium against the reference service', () => {
  let service: ReferenceService
  let browser: Browser
  let h: Harness
  let page: Page
  const revealed: string[] = []
  const nav = (name: string) => page.getByRole('navigation').getByRole('button', { name, exact: true }).click()

  beforeAll(async () => {
    service = await startReferenceService({ testControls: true, largeSaveBytes: 24 * 1024 * 1024 })
    browser = await launchChromium()
    h = await startHarness({
      browser,
      localBaseUrl: service.deployments.global.base_url,
      deps: { tuning: { retryAfterMs: null }, desktop: { revealInFolder: (path) => revealed.push(path) } }
    })
    page = h.page
    await h.call('settings:update', { backupFolder: `${h.dataDir}/backups` })
    service.controls.throttleDownloads(0)
  })
  afterAll(async () => {
    await h?.close()
    await browser?.close()
    await service?.close().catch(() => {})
  })

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

  it('scores: the kept history, filtered and sorted', async () => {
    await nav('Scores')
    await expect.poll(async () => Number((await page.getByTestId('score-count').textContent())?.split(' of ')[1])).toBeGreaterThan(20)
    const total = (await page.getByTestId('score-count').textContent())!.split(' of ')[1]
    await page.getByLabel('Grade').selectOption('R')
    const filtered = await page.getByTestId('score-count').textContent()
    expect(Number(filtered!.split(' of ')[0])).toBeLessThan(Number(total))
    expect(await page.locator('tbody .grade').allTextContents()).toEqual(expect.arrayContaining(['R']))
    expect(new Set(await page.locator('tbody .grade').allTextContents())).toEqual(new Set(['R']))
    await page.getByLabel('Grade').selectOption('')
    const scoreHeader = page.locator('thead').getByRole('button', { name: /^Score/ })
    const firstScores = async () =>
      (await page.locator('tbody tr td:nth-child(4)').allTextContents()).slice(0, 8).map((s) => Number(s.replace(/,/g, '')))
    await scoreHeader.click()
    expect(await page.locator('thead th').nth(3).getAttribute('aria-sort')).toBe('descending')
    const desc = await firstScores()
    expect([...desc].sort((a, b) => b - a)).toEqual(desc)
    await scoreHeader.click()
    expect(await page.locator('thead th').nth(3).getAttribute('aria-sort')).toBe('ascending')
    const asc = await firstScores()
    expect([...asc].sort((a, b) => a - b)).toEqual(asc)
    expect(asc[0]).toBeLessThan(desc[0]!)
  })

  it('records the service sends in an unknown shape are counted, the rest shown', async () => {
    service.controls.oddShapes({ brokenRecords: 2 })
    await h.call('data:sync', (await h.accounts()).activeId!, {})
    await nav('Scores')
    await page.getByTestId('skipped-records').getByText('2 records the service sent could not be read; they are not shown.').waitFor()
    expect(await page.getByTestId('panel-badge').textContent()).toMatch(/^Up to date/)
    service.controls.oddShapes({ brokenRecords: 0 })
    await h.call('data:sync', (await h.accounts()).activeId!, {})
    await page.getByTestId('skipped-records').waitFor({ state: 'detached' })
  })

  it('reality: best 20 with targets, touch and keyboard', async () => {
    await nav('Reality')
    await expect.poll(() => page.getByTestId('best-20').locator('tbody tr').count()).toBe(20)
    const touch = await page.getByTestId('reality-value').textContent()
    await page.getByRole('tab', { name: /Keyboard/ }).click()
    await expect.poll(() => page.getByTestId('reality-value').textContent()).not.toBe(touch)
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    expect((await download).suggestedFilename()).toMatch(/^reality-keyboard-bench\.csv$/)
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
    await expect
      .poll(() => page.getByTestId('backup-progress').evaluate((el) => (el as HTMLProgressElement).value), { timeout: 10_000 })
      .toBeGreaterThan(0)
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
    await page.getByRole('button', { name: 'Verify all' }).click()
    await expect.poll(() => page.getByTestId('library-message').textContent()).toBe('Checked 2: every file matches its checksum.')
    const rows = page.getByTestId('backup-list').locator('tbody tr')
    await expect.poll(() => rows.count()).toBe(2)
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
    await page.getByRole('navigation').getByRole('button', { name: '资料' }).waitFor()
    await page.getByLabel('语言').selectOption('en')
    await page.getByRole('navigation').getByRole('button', { name: 'Profile' }).waitFor()
  })

  it('a User Token that does not allow a panel points to adding one that does', async () => {
    const mainId = (await h.accounts()).activeId!
    const limited = await addUserToken(h.app.core.handlers, 'local', service.controls.createUserToken('global', 'tired', ['profile']))
    await h.call('accounts:setActive', limited.account.id)
    await h.call('data:sync', limited.account.id, {})
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
    await page.getByTestId('unreadable-plays').getByText('1 kept plays could not be read').waitFor()
    await banner.getByText(`1 kept plays in records-${safe}.jsonl could not be read.`, { exact: false }).waitFor()
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
    await h.call('data:sync', accountId, {})
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
