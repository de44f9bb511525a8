import { readFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import { navButton, type Harness } from '../harness/app-harness'
import { catalogue, englishLeft } from '../harness/english-left'
import { startServiceAndApp } from '../harness/e2e-start'
import { addUserToken } from '../support/core'
import { allRows, inspect, saveJson, writeDataDb, writeSavesDb, type TestSave } from '../support/game-saves'

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const chart = (n: number) => `c0ffee00-0000-4000-8000-${String(n).padStart(12, '0')}`

/** Backups → a version → Restore to this computer, in Chromium against the real services, the game's files in a fake home. */
describe('restoring a save from the Backups screen', () => {
  let service: ReferenceService
  let h: Harness
  let stop: (() => Promise<void>) | undefined
  let page: Page
  let accountId: string
  let uid: string
  const home = mkdtempSync(join(tmpdir(), 'e2e-restore-'))
  const game = join(home, '.config', 'unity3d', 'Morizero', 'Milthm', 'data')
  const exportTo = join(home, 'phone')
  const save = (): TestSave => ({ userId: uid, lastSaveTime: '2026-11-01T10:00:00', charts: [{ id: chart(1), score: 1_000_000 }] })
  const later = (): TestSave => ({
    userId: uid,
    lastSaveTime: '2026-11-20T10:00:00',
    charts: [
      { id: chart(1), score: 950_000 },
      { id: chart(2), score: 800_000 }
    ]
  })

  beforeAll(async () => {
    ;({ service, h, stop } = await startServiceAndApp({
      chartListUrl: undefined,
      deps: { desktop: { documentsDir: join(home, 'Documents'), chooseFolder: async () => exportTo } },
      options: { gameFolder: { system: { platform: 'linux', home, env: {} }, pollMs: null }, sync: { retryAfterMs: null } }
    }))
    page = h.page
    const token = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!.user_token
    const { account } = await addUserToken(h.app.core.handlers, 'local', token)
    accountId = account.id
    uid = account.uid!
    // The version the player will want back: kept from the game folder, then the game saved something worse.
    writeSavesDb(join(game, 'saves.db'), save())
    writeDataDb(join(game, 'data.db'), [{ chart_id: chart(1), score: 1_000_000, played_at: '2026-11-01T09:00:00Z' }], {
      username: 'alice',
      user_id: uid
    })
    await h.call('gameFolder:backup', accountId)
    rmSync(join(game, 'saves.db'))
    writeSavesDb(join(game, 'saves.db'), later())
    await navButton(page, 'Backups').click()
    await page.getByTestId('local-versions').waitFor()
  })
  afterAll(async () => {
    await stop?.()
    rmSync(home, { recursive: true, force: true })
  })

  const versionMenu = () => page.getByTestId('local-section').getByTestId('local-actions').first()
  const dialog = () => page.getByTestId('restore-dialog')

  it('the preview: both players, what goes down, what is gone, Reality; Escape cancels and nothing changes', async () => {
    const before = readFileSync(join(game, 'saves.db'))
    await versionMenu().click()
    await page.getByRole('menuitem', { name: 'Restore to this computer…' }).click()
    await dialog().getByTestId('restore-preview').waitFor()
    // Both sides alike: the player, and when the game last saved in the language's date format (the game's own clock,
    // not shifted to this computer's zone); no id on either.
    const now = (await dialog().getByTestId('restore-side-now').textContent())!
    const after = (await dialog().getByTestId('restore-side-after').textContent())!
    expect(now).toMatch(/^On this computer nowAliceLast saved Nov 20, 2026, 10:00\sAM$/)
    expect(after).toMatch(/^After restoringAliceLast saved Nov 1, 2026, 10:00\sAM$/)
    expect(await dialog().getByTestId('restore-lost').textContent()).toContain('Gone after restoring (1)')
    expect(await dialog().getByTestId('restore-raised').textContent()).toContain('950,000 → 1,000,000')
    expect(await dialog().textContent()).toContain('This save was saved earlier than the one on this computer.')
    // The focus starts on Cancel and stays in the dialog; the page behind is inert.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel')
    for (let i = 0; i < 8; i++) await page.keyboard.press('Tab')
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="restore-dialog"]')))).toBe(true)
    await page.evaluate(AXE)
    const found = (await page.evaluate(
      "axe.run(document.querySelector('[data-testid=\"restore-dialog\"]'), { resultTypes: ['violations'] })" +
        '.then((r) => r.violations.map((v) => v.id))'
    )) as string[]
    expect(found).toEqual([])
    // Reality in one plain line; how it is computed, on demand.
    const rule = dialog().getByTestId('restore-reality-rule')
    expect(await rule.locator('summary').textContent()).toBe("Computed from the chart list's constants, the way the game computes Reality.")
    expect(await rule.getByText(/v3 and v2/).isVisible()).toBe(false)
    await rule.locator('summary').click()
    expect(await rule.getByText(/v3 and v2/).isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
    expect(Buffer.compare(readFileSync(join(game, 'saves.db')), before)).toBe(0)
  })

  it('restores after the downgrade is confirmed by name, shows the next step, then Undo puts the old save back', async () => {
    const before = allRows(join(game, 'saves.db'))
    // The keyboard alone: the menu opens with the arrow key, the item with Enter.
    await versionMenu().focus()
    await page.keyboard.press('ArrowDown')
    await page.getByRole('menuitem', { name: 'Restore to this computer…' }).focus()
    await page.keyboard.press('Enter')
    await dialog().getByTestId('restore-preview').waitFor()
    await dialog().getByTestId('restore-go').click()
    const confirm = page.getByTestId('confirm-dialog')
    await confirm.waitFor()
    // Escape answers the second question alone: the preview stays.
    await page.keyboard.press('Escape')
    await expect.poll(() => confirm.count()).toBe(0)
    expect(await dialog().getByTestId('restore-preview').count()).toBe(1)
    await dialog().getByTestId('restore-go').click()
    await confirm.waitFor()
    // It names what is lost: the chart that would be gone (no chart list here: its short id), and the older save.
    const named = await confirm.getByTestId('restore-downgrade').textContent()
    expect(named).toMatch(new RegExp(`${chart(2).slice(0, 8)}…\\s*unknown chart: 800,000 → gone`))
    expect(named).toContain('This save was saved earlier than the one on this computer.')
    await confirm.getByRole('button', { name: 'Restore anyway' }).click()
    const result = dialog().getByTestId('restore-result')
    await result.waitFor()
    expect(await result.getByTestId('restore-next-step').textContent()).toBe(
      'Open Milthm and check your save. The cloud still has the old one: upload from the game if you want the cloud to have this one.'
    )
    expect(JSON.parse(inspect(join(game, 'saves.db')).save!)).toEqual(JSON.parse(saveJson(save())))
    // The save that was there is a pinned version with its note, shown under This computer: the list is sent
    // again because the local-game feature follows the restore's signal (ctx.gameFolder.restored).
    const rows = page.getByTestId('local-versions').locator('tbody tr')
    await expect.poll(() => rows.count()).toBe(2)
    const state = await h.call('restore:undoPreview')
    expect(state.from?.id).toBeTruthy()
    // The comparison with the cloud now reads the restored save.
    const compared = await h.call('gameFolder:compare', accountId)
    expect([...compared.onlyLocal, ...compared.betterLocally].map((c) => c.chart_id)).toContain(chart(1))
    expect([...compared.onlyLocal, ...compared.betterLocally].map((c) => c.chart_id)).not.toContain(chart(2))

    await dialog().getByTestId('restore-undo').click()
    await dialog().getByTestId('restore-preview').waitFor()
    // The Undo preview says what undoing does, and what each side is after undoing, not after restoring.
    expect(await dialog().getByTestId('restore-undo-what').textContent()).toMatch(
      /^Undoing puts back the save this computer had before the last restore \(kept .+\)\.$/
    )
    expect(await dialog().getByTestId('restore-side-after').textContent()).toMatch(/^After undoingAliceLast saved Nov 20, 2026, 10:00\sAM$/)
    expect(await dialog().getByTestId('restore-preview').textContent()).not.toContain('restoring')
    await dialog().getByTestId('restore-go').click()
    await expect.poll(() => dialog().getByTestId('restore-result').textContent()).toContain('Undone')
    expect(allRows(join(game, 'saves.db'))).toEqual(before)
    await dialog().getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => dialog().count()).toBe(0)
  })

  it("Undo from the version's menu, after a restore made outside the dialog", async () => {
    expect((await h.call('restore:undoPreview')).reason).toBe('nothing-to-undo')
    await h.call('gameFolder:load', accountId)
    const local = h.events.latest('gameFolder:changed', (state) => state.accountId === accountId)!
    const oldest = local.library!.entries.filter((e) => !e.pinned).at(-1)!
    const options = { withPlays: false, allowDowngrade: true, allowOtherPlayer: false, expectCurrent: null }
    const rows = page.getByTestId('local-versions').locator('tbody tr')
    const before = await rows.count()
    expect((await h.call('restore:apply', oldest.id, options)).status).toBe('restored')
    // The newest row is the copy kept before that restore: once the window has heard of it, its menu offers Undo.
    await expect.poll(() => rows.count()).toBe(before + 1)
    const undoItem = page.getByRole('menuitem', { name: 'Undo the last restore…' })
    await expect
      .poll(async () => {
        await versionMenu().click()
        const offered = await undoItem.count()
        if (!offered) await page.keyboard.press('Escape')
        return offered
      })
      .toBe(1)
    await undoItem.click()
    await dialog().getByTestId('restore-preview').waitFor()
    await dialog().getByTestId('restore-go').click()
    await expect.poll(() => dialog().getByTestId('restore-result').textContent()).toContain('Undone')
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
    await versionMenu().click()
    await page.getByRole('menuitem', { name: 'Restore to this computer…' }).waitFor()
    expect(await page.getByRole('menuitem', { name: 'Undo the last restore…' }).count()).toBe(0)
    await page.keyboard.press('Escape')
  })

  for (const language of ['zh-CN', 'zh-TW', 'ja', 'ko'] as const)
    it(`the dialog in ${language}: no English left`, async () => {
      await h.call('settings:update', { language })
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language)
      await versionMenu().click()
      await page.getByRole('menuitem', { name: catalogue(language).texts.get('restore.restoreItem') }).click()
      try {
        await dialog().getByTestId('restore-preview').waitFor()
        // The page behind shows the library's folder (a path of the player's); the dialog's own texts are checked.
        const inDialog = (await dialog().textContent()) ?? ''
        expect((await englishLeft(page, language)).filter((text) => inDialog.includes(text))).toEqual([])
        expect(inDialog).toContain(catalogue(language).texts.get('restore.keptFirst'))
      } finally {
        await page.keyboard.press('Escape')
        await expect.poll(() => dialog().count()).toBe(0)
        await h.call('settings:update', { language: 'en' })
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en')
      }
    })

  it('export as saves.db writes into the chosen folder and leaves the game folder alone', async () => {
    const before = readFileSync(join(game, 'saves.db'))
    await versionMenu().click()
    await page.getByRole('menuitem', { name: 'Export as saves.db…' }).click()
    await dialog().getByTestId('restore-preview').waitFor()
    await dialog().getByRole('checkbox', { name: "Also replace the play history (data.db) with this version's" }).check()
    await dialog().getByTestId('restore-preview').waitFor()
    await dialog().getByTestId('restore-go').click()
    await dialog().getByTestId('restore-result').waitFor()
    expect(readdirSync(exportTo).sort()).toEqual(['data.db', 'saves.db'])
    expect(inspect(join(exportTo, 'saves.db')).integrity).toBe('ok')
    expect(Buffer.compare(readFileSync(join(game, 'saves.db')), before)).toBe(0)
  })
})
