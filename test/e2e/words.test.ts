import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import { writeSampleGameFolder } from '../../scripts/demo-game-folder'
import { seedDemoHistory } from '../../scripts/demo-seed'
import type { Language } from '../../src/shared/settings'
import { navButton, type Harness } from '../harness/app-harness'
import { startServiceAndApp } from '../harness/e2e-start'
import { catalogue } from '../harness/english-left'
import { wordProblems } from '../harness/words-check'
import { ADDRESSES_AND_PATHS, midWordBreaks } from '../harness/wrap-check'
import { addUserToken } from '../support/core'

/** The languages that write a decimal comma, and English for the internal names (every language shares that check). */
const LANGUAGES: Language[] = ['ru', 'es', 'it', 'vi', 'en']
const SIZES = [
  [900, 600],
  [1280, 800]
] as const

/**
 * Every screen, and the dialogs and panels a player opens from them, in the languages that write numbers otherwise
 * than English: no number written another way than the language's, no library id, time stem, file stem or
 * snake_case name in running text (only in a field marked for copying). The data is the demo's: months of history,
 * two cloud backups, this computer's versions, a restore (so a pinned "before restoring" version), goals named by the
 * app (made in English, read in each language), folders by pack and difficulty.
 */
describe('numbers and names in the language of the screen', () => {
  let service: ReferenceService
  let h: Harness
  let page: Page
  let stop: (() => Promise<void>) | undefined
  const home = mkdtempSync(join(tmpdir(), 'e2e-words-'))

  /** A goal made in the editor as a player makes one: the name left for the app to write. */
  async function makeGoal(
    texts: Map<string, string>,
    pick: { criterion: string; value?: string; mode?: string; folder: RegExp; target?: 'count' | 'percent'; amount?: string }
  ) {
    const editor = page.getByTestId('goal-editor')
    await page.getByRole('button', { name: texts.get('progress.newGoal')!, exact: true }).click()
    await editor.getByLabel(texts.get('progress.goalCriterion')!).selectOption(pick.criterion)
    if (pick.value) await editor.getByLabel(texts.get('progress.critValue')!).fill(pick.value)
    if (pick.mode) await editor.getByLabel(texts.get('progress.goalMode')!).selectOption(pick.mode)
    const folders = editor.getByTestId('goal-folder')
    const values = await folders.locator('option').evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value))
    await folders.selectOption(values.find((value) => pick.folder.test(value))!)
    if (pick.target) {
      await editor.getByRole('radio', { name: texts.get(`progress.target_${pick.target}`)!, exact: true }).click()
      await editor.getByLabel(texts.get(pick.target === 'count' ? 'progress.targetCount' : 'progress.targetPercent')!).fill(pick.amount!)
    }
    await editor.getByTestId('goal-preview').filter({ hasText: /\d/ }).waitFor()
    await editor.getByRole('button', { name: texts.get('progress.createGoal')!, exact: true }).click()
    await editor.waitFor({ state: 'detached', timeout: 5000 }).catch(async (e) => {
      const invalid = await editor.evaluate((f) =>
        [...(f as HTMLFormElement).elements]
          .filter((x) => !(x as HTMLInputElement).checkValidity())
          .map((x) => `${x.outerHTML} ${(x as HTMLInputElement).validationMessage}`)
      )
      throw new Error(`${(e as Error).message}\n${await editor.innerText()}\n${invalid.join('\n')}`)
    })
  }

  beforeAll(async () => {
    ;({ service, h, stop } = await startServiceAndApp({
      options: { gameFolder: { system: { platform: 'linux', home, env: {} }, pollMs: null }, sync: { retryAfterMs: null } }
    }))
    page = h.page
    await writeSampleGameFolder(service, join(home, '.config', 'unity3d', 'Morizero', 'Milthm', 'data'))
    await seedDemoHistory(service, h.dataDir)
    const alice = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!
    const { account } = await addUserToken(h.app.core.handlers, 'local', alice.user_token)
    await h.call('sync:run', account.id, {})
    await h.call('backups:run', account.id, { force: false })
    service.controls.advanceClock(60_000)
    service.controls.updateSave('global', 'alice')
    await h.call('backups:run', account.id, { force: false })
    await h.call('gameFolder:backup', account.id)
    // The older cloud backup put back into the game's folder: the save there is kept first, pinned, with a note.
    const library = h.events.latest('backups:changed', (l) => l.accountId === account.id)!
    const older = library.entries.filter((e) => e.source !== 'computer').sort((a, b) => a.backedUpAt.localeCompare(b.backedUpAt))[0]!
    const report = await h.call('restore:apply', older.id, {
      withPlays: false,
      allowDowngrade: true,
      allowOtherPlayer: true,
      expectCurrent: null
    })
    expect(report.status).toBe('restored')
    await page.reload()
    // Goals made in English and named by the app: a Reality with decimals, a share with decimals, a pack, a story difficulty.
    const { texts, screen } = catalogue('en')
    await navButton(page, screen.progress).click()
    await page.getByRole('tab', { name: new RegExp(`^${texts.get('progress.tab_goals')}`) }).click()
    await makeGoal(texts, { criterion: 'reality', value: '12.5', mode: 'touch', folder: /^level:/ })
    await makeGoal(texts, { criterion: 'fullCombo', folder: /^pack:/, target: 'percent', amount: '95.5' })
    await makeGoal(texts, { criterion: 'grade', folder: /^difficulty:.*_Story$/, target: 'count', amount: '2' })
  })
  afterAll(async () => {
    await stop?.()
    rmSync(home, { recursive: true, force: true })
  })

  for (const language of LANGUAGES) {
    for (const [width, height] of SIZES) {
      it(`${language} at ${width}×${height}`, async () => {
        const { texts, screen, addAccount } = catalogue(language)
        const text = (key: string) => texts.get(key)!
        await h.call('settings:update', { language })
        await page.setViewportSize({ width, height })
        const found: string[] = []
        const check = async (where: string) => {
          await page.waitForTimeout(100) // lazy screens and the virtual table settle
          found.push(...(await wordProblems(page, language)).map((p) => `${where}: ${p}`))
          found.push(...(await midWordBreaks(page, ADDRESSES_AND_PATHS)).map((p) => `${where}: ${p}`))
          // WORDS_SHOTS=1: a screenshot of every place checked, to look at.
          if (process.env.WORDS_SHOTS) await page.screenshot({ path: `.tmp/words-${language}-${width}-${where.replace(/\W+/g, '-')}.png` })
        }
        const nav = async (name: string) => {
          await navButton(page, name).click()
          await page.locator('main h1').first().waitFor()
        }
        const radio = (name: string) => page.locator('main').getByRole('radio', { name, exact: true })
        const menuItem = (key: string) => page.getByRole('menuitem', { name: text(key), exact: true })

        await nav(screen.profile)
        await page.getByTestId('player-card').waitFor()
        await check('profile')
        await page.getByRole('button', { name: text('nickname.change'), exact: true }).click()
        await check('nickname dialog')
        await page.keyboard.press('Escape')

        await nav(screen.scores)
        const views = page.locator('main [role="radiogroup"] [role="radio"]')
        for (let i = 0; i < (await views.count()); i++) {
          await views.nth(i).click()
          await page.locator('.scores-table tbody tr').first().waitFor()
          await check(`scores, view ${i + 1}`)
        }
        await page.locator('tbody .chart-link').first().click()
        await page.getByTestId('chart-history').locator('h2').waitFor()
        await check('chart history')
        await page.keyboard.press('Escape')

        await nav(screen.sessions)
        await page.getByTestId('session-card').first().waitFor()
        await check('sessions')
        await page.getByTestId('session-card').first().getByRole('button').first().click()
        await page.getByTestId('session-summary').waitFor()
        await check('session summary')

        await nav(screen.reality)
        await page.getByTestId('best-20').waitFor()
        await page.getByTestId('reality-chart').focus()
        await page.keyboard.press('ArrowLeft')
        await check('reality')

        await nav(screen.progress)
        await page.getByRole('tab', { name: new RegExp(`^${text('progress.tab_folders')}`) }).click()
        for (const kind of ['level', 'difficulty', 'pack', 'custom']) {
          await radio(text(`progress.kind_${kind}`)).click()
          await check(`progress, folders by ${kind}`)
        }
        await page.getByRole('button', { name: text('progress.newFolder'), exact: true }).click()
        await page
          .getByTestId('folder-editor')
          .getByRole('radio', { name: text('progress.folderFrom_filter'), exact: true })
          .click()
        await check('new folder')
        await page
          .getByTestId('folder-editor')
          .getByRole('button', { name: text('common.cancel'), exact: true })
          .click()
        await radio(text('progress.kind_pack')).click()
        await page.getByTestId('at-least').first().getByRole('button').click()
        await page.getByTestId('folder-detail').waitFor()
        await check('folder detail')
        await page.getByRole('tab', { name: new RegExp(`^${text('progress.tab_goals')}`) }).click()
        await page.getByTestId('goal').first().waitFor()
        for (const goal of await page.getByTestId('goal').all())
          await goal.getByRole('button', { name: text('progress.showCharts'), exact: true }).click()
        await page.getByTestId('goal-charts').first().waitFor()
        await check('goals')
        await page.getByRole('button', { name: text('progress.newGoal'), exact: true }).click()
        await check('new goal')
        await page
          .getByTestId('goal-editor')
          .getByRole('button', { name: text('common.cancel'), exact: true })
          .click()

        await nav(screen.backups)
        await page.getByTestId('backup-list').waitFor()
        await page.getByTestId('local-versions').waitFor()
        await check('backups')
        await page.getByTestId('backup-actions').first().click()
        await check('backup menu')
        await menuItem('backups.summary').click()
        await page.getByTestId('save-summary').waitFor()
        await check('backup summary')
        await page.getByTestId('backup-actions').first().click()
        await menuItem('backups.whatChanged').click()
        await page.getByTestId('save-diff').waitFor()
        await check('what changed')
        await page.getByTestId('backup-actions').first().click()
        await menuItem('backups.editNote').click()
        await check('note dialog')
        await page.keyboard.press('Escape')
        // The pinned version kept before the restore: its note, its menu and what restoring it would do.
        const row = page
          .getByTestId('local-versions')
          .locator('tbody tr')
          .filter({ has: page.locator('.badge', { hasText: text('backups.pinned') }) })
          .first()
        await row.getByTestId('local-actions').click()
        await check('this computer menu')
        await menuItem('restore.restoreItem').click()
        await page.getByTestId('restore-preview').waitFor()
        await check('restore preview')
        await page
          .getByTestId('restore-dialog')
          .getByRole('button', { name: text('common.cancel'), exact: true })
          .click()
        await row.getByTestId('local-actions').click()
        await menuItem('backups.delete').click()
        await page.getByTestId('confirm-dialog').waitFor()
        await check('delete dialog')
        await page.keyboard.press('Escape')

        await nav(screen.settings)
        await check('settings')
        await page.getByRole('button', { name: addAccount, exact: true }).click()
        await page.locator('main h1').first().waitFor()
        await check('welcome')
        expect(found).toEqual([])
      })
    }
  }
})
