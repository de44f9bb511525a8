import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { nodeCipher } from '../../src/main/platform-node/node-cipher'
import { logInOnServicePage, navButton, systemBrowser, type Harness } from '../harness/app-harness'
import { startServiceAndApp } from '../harness/e2e-start'

/** The UI flows not covered by the screen tour: each through the window, checked against disk and the service. */
describe('flows in Chromium against the reference service', () => {
  let service: ReferenceService
  let browser: Browser
  let h: Harness
  let page: Page
  const system = systemBrowser(() => browser)
  const revealed: string[] = []
  const exportTarget = join(mkdtempSync(join(tmpdir(), 'export-')), 'exported-save')
  const chosenFolder = mkdtempSync(join(tmpdir(), 'chosen-'))
  const nav = (name: string) => navButton(page, name).click()
  const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex')

  beforeAll(async () => {
    ;({ service, browser, h } = await startServiceAndApp(
      {
        deps: {
          openExternal: system.open,
          desktop: {
            revealInFolder: (path) => revealed.push(path),
            chooseSavePath: async () => exportTarget,
            chooseFolder: async () => chosenFolder
          }
        },
        options: { sync: { retryAfterMs: null } }
      },
      { deviceIntervalSeconds: 1 }
    ))
    page = h.page
  })
  afterAll(async () => {
    await h?.close()
    await browser?.close()
    await service?.close().catch(() => {})
  })

  it('signs in with a code on another device: the code, its QR code, then the account, which never flickers', async () => {
    await h.call('settings:update', { showEmail: true })
    await page.getByRole('tab', { name: 'Device code' }).click()
    await page.getByRole('button', { name: 'Get a code' }).click()
    const code = (await page.getByTestId('device-code').textContent())!
    expect(code).toMatch(/^\w{4}-\w{4}$/)
    const qr = page.getByRole('img', { name: 'QR code that opens the sign-in page with the code filled in' })
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    // "Another device": a separate browser, on the page the instructions name.
    const instructions = (await page.locator('.device-panel p').first().textContent())!
    const url = /open (\S+) and enter/.exec(instructions)![1]!
    await system.open(url)
    const other = system.latest()!
    await other.getByLabel('Code').fill(code)
    await other.getByRole('button', { name: 'Continue' }).click()
    await other.getByRole('button', { name: 'Yes, continue' }).click()
    await logInOnServicePage(other)
    // From here the profile appears: sample its fields on every frame, through the sign-in and two syncs.
    await page.evaluate(() => {
      const w = window as unknown as { samples: string[] }
      w.samples = []
      const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '<absent>'
      const tick = () => {
        w.samples.push(`${text('profile-username')} | ${text('profile-nickname')} | ${text('profile-email')}`)
        if (w.samples.length < 2_000) requestAnimationFrame(tick)
      }
      requestAnimationFrame(tick)
    })
    await other.getByRole('button', { name: 'Allow' }).click()
    await expect.poll(() => page.getByTestId('profile-username').textContent(), { timeout: 15_000 }).toBe('alice')
    await page.getByText('code on another device').waitFor()
    const id = (await h.accounts()).activeId!
    await h.call('sync:run', id, {})
    await h.call('sync:run', id, {})
    const count = await page.evaluate(() => (window as unknown as { samples: string[] }).samples.length)
    await page.waitForFunction((n) => (window as unknown as { samples: string[] }).samples.length >= n + 30, count)
    const samples = await page.evaluate(() => (window as unknown as { samples: string[] }).samples)
    // No flicker: once the full profile is shown, every later frame shows exactly it.
    const full = 'alice | Alice | alice@example.test'
    const first = samples.indexOf(full)
    expect(first).toBeGreaterThanOrEqual(0)
    expect(new Set(samples.slice(first))).toEqual(new Set([full]))
  })

  it('the library: pin, note, star, summary, verify one, export and show in folder', async () => {
    await h.call('settings:update', { backupFolder: join(h.dataDir, 'backups') })
    await nav('Backups')
    await page.getByRole('button', { name: 'Back up now' }).click()
    await page.getByTestId('backup-result').waitFor()
    const row = page.getByTestId('backup-list').locator('tbody tr').first()
    const actions = async (item: string) => {
      await row.getByTestId('backup-actions').click()
      await page.getByRole('menuitem', { name: item }).click()
    }
    const message = page.getByTestId('library-message')
    const manifest = async () => {
      const library = h.events.latest('backups:changed')!
      return JSON.parse(readFileSync(library.entries[0]!.path!.replace(/\.[a-z]+$/, '.manifest.json'), 'utf8')) as {
        pinned: boolean
        note: string
        starred?: boolean
      }
    }

    await actions('Pin')
    await message.getByText('Pinned: retention will always keep it.').waitFor()
    await row.getByText('pinned').waitFor()
    expect((await manifest()).pinned).toBe(true)

    await actions('Edit note…')
    const noteDialog = page.getByTestId('note-dialog')
    await noteDialog.getByRole('textbox').fill('before the big update')
    await noteDialog.getByRole('button', { name: 'Save' }).click()
    await message.getByText('Note saved.').waitFor()
    await expect.poll(() => row.getByTestId('backup-note').textContent()).toBe('before the big update')
    expect((await manifest()).note).toBe('before the big update')

    // A star, by its note, named for those who do not see it; the same menu takes it away again.
    await actions('Star')
    await message.getByText('Starred.').waitFor()
    const star = row.getByRole('img', { name: 'Starred', exact: true })
    await star.waitFor()
    expect(await star.textContent()).toBe('★')
    expect((await manifest()).starred).toBe(true)
    await actions('Remove star')
    await message.getByText('Star removed.').waitFor()
    await star.waitFor({ state: 'detached' })
    expect((await manifest()).starred).toBe(false)
    expect(await row.getByTestId('backup-note').textContent()).toBe('before the big update')

    await actions('Summary')
    const summary = page.getByTestId('save-summary')
    await summary.getByText(/Reality computed from the save/).waitFor()
    await summary.getByRole('button', { name: 'Close' }).click()
    await summary.waitFor({ state: 'detached' })

    await actions('Verify')
    await message.getByText('Checked 1: every file matches its checksum.').waitFor()

    const entry = h.events.latest('backups:changed')!.entries[0]!
    await actions('Export…')
    await message.getByText(`Exported to ${exportTarget}.`).waitFor()
    expect(sha(exportTarget)).toBe(entry.sha256)
    expect(sha(exportTarget)).toBe((await service.controls.saveFile('global', 'alice')).sha256)

    await actions('Show in folder')
    await message.getByText('Shown in the file manager.').waitFor()
    expect(revealed.at(-1)).toBe(entry.path)
  })

  it('retention preview names what would go, and choosing a folder moves where backups go', async () => {
    const id = (await h.accounts()).activeId!
    for (let i = 0; i < 2; i++) {
      service.controls.advanceClock(3_600_000)
      service.controls.updateSave('global', 'alice')
      await h.call('backups:run', id, { force: false })
    }
    const keepLast = page.getByLabel('Keep the last')
    await keepLast.fill('1')
    await keepLast.press('Tab')
    await expect.poll(async () => (await h.call('app:bootstrap'), h.events.latest('settings:changed')?.retention.keepLast)).toBe(1)
    await page.getByRole('button', { name: 'Preview' }).click()
    // Three backups, keep the last one, the first is pinned: one would go.
    await page
      .getByTestId('retention-preview')
      .getByText(/^Would remove 1:/)
      .waitFor()
    expect(await h.call('backups:retentionPreview', id)).toHaveLength(1)

    await page.getByRole('button', { name: 'Choose…' }).click()
    await expect.poll(() => page.getByRole('textbox', { name: 'Backup folder' }).getAttribute('title')).toBe(chosenFolder)
    expect(h.events.latest('settings:changed')?.backupFolder).toBe(chosenFolder)
  })

  it("Settings: a client id per deployment, and a chart list imported in the app's own shape", async () => {
    await nav('Settings')
    const clientId = page.getByLabel('Global client id')
    await clientId.fill('my-registered-client')
    await clientId.press('Tab')
    await expect
      .poll(async () => (await h.call('app:bootstrap'), h.events.latest('settings:changed')?.clientIds.global))
      .toBe('my-registered-client')

    const file = join(mkdtempSync(join(tmpdir(), 'catalogue-')), 'charts.json')
    const charts = [
      { chart_id: 'imported-1', title: 'Imported One', difficulty: 'IN', constant: 12.4 },
      { chart_id: 'imported-2', title: 'Imported Two', difficulty: 'AT', constant: 14.1 }
    ]
    writeFileSync(file, JSON.stringify({ charts }))
    const input = page.getByTestId('chart-list-settings').locator('input[type=file]')
    await input.setInputFiles(file)
    await page.getByText(/^2 charts, imported from charts\.json/).waitFor()
    writeFileSync(file, '{"charts": "not a list"}')
    await input.setInputFiles(file)
    await page
      .getByTestId('chart-list-settings')
      .locator('.error-box')
      .getByText(/not a chart list/)
      .waitFor()
    await page.getByText(/^2 charts, imported from charts\.json/).waitFor()
  })

  it('offline, "Try again" reaches the service once it is back', async () => {
    await nav('Profile')
    service.controls.failNext(3)
    const id = (await h.accounts()).activeId!
    await h.call('sync:run', id, {}).catch(() => {})
    const banner = page.getByTestId('offline-banner')
    // A 500 is not "offline"; a closed port is.
    service.controls.resetFaults()
    await service.close()
    await h.call('sync:run', id, {}).catch(() => {})
    await banner.waitFor()
    service = await startReferenceService({ testControls: true, port: Number(new URL(service.origin).port) })
    await banner.getByRole('button', { name: 'Try again' }).click()
    await banner.waitFor({ state: 'detached' })
  })
})

describe('a Linux without a keyring', () => {
  // Once in CI (2026-11-25) 'Continue' did not come within 30 s, and has not been reproduced since (14 runs, under CPU
  // load and beside the packaging tests). One more try, and a failed one says what the window showed (stderr).
  it('asks before storing sign-ins that would only be obfuscated, and keeps them in memory when told', { retry: 1 }, async () => {
    const { service, h, stop } = await startServiceAndApp({ cipher: nodeCipher(undefined, 'basic_text') })
    try {
      const token = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!.user_token
      await h.page.getByRole('tab', { name: 'User Token' }).click()
      await h.page.getByLabel('User Token').fill(token)
      await h.page.getByRole('button', { name: 'Check and add' }).click()
      const accepted = h.page.getByRole('button', { name: 'Continue' })
      // A refusal shows in the window: name it rather than wait for a button that will not come.
      await accepted
        .or(h.page.locator('.error-box'))
        .first()
        .waitFor({ timeout: 20_000 })
        .catch(async (error: unknown) => {
          console.error(`the window after 'Check and add': ${await h.page.locator('main').innerText()}`)
          throw error
        })
      if (!(await accepted.isVisible()))
        expect.fail(`the token was not accepted: ${await h.page.locator('.error-box').first().textContent()}`)
      await accepted.click()
      const banner = h.page.getByRole('alert').filter({ hasText: 'No keyring was found' })
      await banner.waitFor()
      expect((await h.accounts()).accounts[0]!.storage).toBe('memory')
      await banner.getByRole('button', { name: 'Keep sign-ins in memory only' }).click()
      await banner.waitFor({ state: 'detached' })
      expect(h.events.latest('settings:changed')?.insecureStorage).toBe('memory')
      expect(readFileSync(join(h.dataDir, 'secrets.json'), 'utf8')).not.toContain(token.replace(/^Basic /, ''))
    } finally {
      await stop()
    }
  })
})
