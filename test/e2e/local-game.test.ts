import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import { navButton, type Harness } from '../harness/app-harness'
import { startServiceAndApp } from '../harness/e2e-start'
import { addUserToken } from '../support/core'
import { writeDataDb, writeSavesDb, type TestPlay } from '../support/game-saves'

/** Backups → This computer, in Chromium against the real services, with the game's files in a fake home. */
describe('the game on this computer, in the window', () => {
  let service: ReferenceService
  let h: Harness
  let stop: (() => Promise<void>) | undefined
  let page: Page
  let accountId: string
  const home = mkdtempSync(join(tmpdir(), 'e2e-home-'))
  const game = join(home, '.config', 'unity3d', 'Morizero', 'Milthm', 'data')
  const nav = (name: string) => navButton(page, name).click()
  /** Plays from long before the app was installed: the first on 2023-03-04. */
  const oldPlays: TestPlay[] = Array.from({ length: 12 }, (_, i) => ({
    chart_id: `c0ffee00-0000-4000-8000-${String(i % 4).padStart(12, '0')}`,
    score: 850_000 + i * 1_000,
    played_at: new Date(Date.UTC(2023, 2, 4, 12) + i * 7 * 86_400_000).toISOString()
  }))

  beforeAll(async () => {
    ;({ service, h, stop } = await startServiceAndApp({
      chartListUrl: undefined,
      deps: { desktop: { documentsDir: join(home, 'Documents') } },
      options: { gameFolder: { system: { platform: 'linux', home, env: {} }, pollMs: null }, sync: { retryAfterMs: null } }
    }))
    page = h.page
    const token = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!.user_token
    const { account } = await addUserToken(h.app.core.handlers, 'local', token)
    accountId = account.id
    writeSavesDb(join(game, 'saves.db'), {
      userId: account.uid!,
      charts: [
        { id: 'c0ffee00-0000-4000-8000-000000000001', score: 1_000_000 },
        { id: 'c0ffee00-0000-4000-8000-000000000002', score: 900_000 }
      ]
    })
    writeDataDb(join(game, 'data.db'), oldPlays, { username: 'alice', user_id: account.uid! })
    await nav('Profile')
    await page.getByTestId('profile-username').getByText('alice').waitFor({ timeout: 15_000 })
  })
  afterAll(() => stop?.())

  it('Backups shows "This computer": the game folder, then its versions', async () => {
    await nav('Backups')
    const section = page.getByTestId('local-section')
    await section.getByRole('heading', { name: 'This computer' }).waitFor()
    await section.getByTestId('game-folder').getByText(game).waitFor()
    expect(await section.getByTestId('game-folder').textContent()).toContain('saves.db')
    await section.getByText('No version of the save on this computer is in the library yet.').waitFor()
    await section.getByRole('button', { name: 'Back up this computer' }).click()
    await section.getByTestId('local-message').getByText('The save on this computer is backed up (saves.db with its data.db).').waitFor()
    const rows = section.getByTestId('local-versions').locator('tbody tr')
    await expect.poll(() => rows.count()).toBe(1)
    expect(await rows.first().textContent()).toContain('saves.db + data.db')
    await section.getByRole('button', { name: 'Back up this computer' }).click()
    await section
      .getByTestId('local-message')
      .getByText(/^Up to date/)
      .waitFor()
    expect(await rows.count()).toBe(1)
  })

  it('the comparison panel: the verdict and the charts on each side', async () => {
    await page.getByRole('button', { name: 'Back up now' }).click()
    await page.getByTestId('backup-result').waitFor()
    const section = page.getByTestId('local-section')
    await section.getByRole('button', { name: 'Compare with the cloud' }).click()
    const panel = page.getByTestId('local-comparison')
    await panel.waitFor()
    // Alice's cloud save holds none of the two charts the local save has: each is only on this computer, and the cloud has its own.
    const expected = await h.call('gameFolder:compare', accountId)
    expect(expected.onlyLocal.map((c) => c.chart_id).sort()).toEqual([
      'c0ffee00-0000-4000-8000-000000000001',
      'c0ffee00-0000-4000-8000-000000000002'
    ])
    const verdicts = {
      diverged:
        'This computer and your cloud save each hold better scores on some charts: uploading or downloading in the game ' +
        "replaces the other side's, so play those charts again on the side that is behind first.",
      'cloud-behind': 'Your cloud save is behind this computer: upload it in the game.'
    } as Record<string, string>
    expect(await panel.getByTestId('local-verdict').textContent()).toBe(verdicts[expected.verdict])
    await panel.getByRole('heading', { name: 'Only on this computer (2)' }).waitFor()
    await panel.getByRole('heading', { name: `Only in the cloud (${expected.onlyInCloud.length})` }).waitFor()
  })

  it('"All plays" reaches back to the first play the game kept', async () => {
    const section = page.getByTestId('local-section')
    await section.getByRole('button', { name: 'Add plays from this computer' }).click()
    await section.getByTestId('local-message').getByText('12 plays added to your history (0 already kept).').waitFor()
    await nav('Scores')
    await page.getByRole('radio', { name: /^All plays/ }).click()
    const kept = (await h.call('sync:history', accountId)).records
    await expect.poll(async () => (await page.getByTestId('score-count').textContent())?.split(' of ')[1]).toBe(String(kept.length))
    const played = page.locator('thead th').filter({ hasText: 'Played' })
    for (let i = 0; i < 3 && (await played.getAttribute('aria-sort')) !== 'ascending'; i++) await played.getByRole('button').click()
    expect(await played.getAttribute('aria-sort')).toBe('ascending')
    const first = page.locator('.scores-table tbody tr').first()
    const firstLocal = new Intl.DateTimeFormat('en', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(oldPlays[0]!.played_at))
    expect(await first.textContent()).toContain(firstLocal)
    expect(Math.min(...kept.map((r) => Date.parse(r.played_at)))).toBe(Date.parse(oldPlays[0]!.played_at))
  })

  it('a folder without the game files: the dialog says what is missing and where Milthm keeps them, in the player language', async () => {
    await nav('Backups')
    const section = page.getByTestId('local-section')
    const wrong = join(home, 'Downloads')
    mkdirSync(wrong, { recursive: true })
    writeFileSync(join(wrong, 'notes.txt'), 'not the game')
    const status = () => section.getByTestId('game-folder').textContent()
    const before = await status()
    const history = (await h.call('sync:history', accountId)).records.length
    const dialog = page.getByTestId('page-dialog')
    /** Types `folder` in the dialog a button opens, and reads what the dialog says about it (it stays open), then cancels. */
    const refusal = async (button: string, folder: string) => {
      await section.getByRole('button', { name: button }).click()
      await dialog.getByRole('textbox').fill(folder)
      await dialog.locator('button[type=submit]').click()
      // All the alert says: the sentence, with no English detail beside it.
      const said = dialog.getByRole('alert')
      await said.waitFor()
      const text = await said.textContent()
      await dialog.getByRole('button', { name: /Cancel|取消/ }).click()
      await dialog.waitFor({ state: 'detached' })
      return text
    }
    expect(await refusal("Choose the game's folder…", wrong)).toBe(
      `${wrong} holds neither saves.db nor data.db, so it is not Milthm's data folder. On this computer Milthm keeps them in ${game}. ` +
        'Nothing was changed.'
    )
    expect(await refusal('Add plays from a data folder…', wrong)).toBe(
      `There is no data.db in ${wrong}. Choose the folder that holds it: on this computer Milthm keeps it in ${game}. Nothing was added.`
    )
    // The same facts in the player's language, with no English detail under them.
    await h.call('settings:update', { language: 'zh-CN' })
    try {
      expect(await refusal('选择游戏文件夹…', wrong)).toBe(
        `${wrong} 中既没有 saves.db 也没有 data.db，因此不是 Milthm 的数据文件夹。在这台电脑上，Milthm 把它们保存在 ${game}。没有做任何更改。`
      )
    } finally {
      await h.call('settings:update', { language: 'en' })
    }
    expect(await status()).toBe(before)
    expect((await h.call('sync:history', accountId)).records.length).toBe(history)
  })
})
