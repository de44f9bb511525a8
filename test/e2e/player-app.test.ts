import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { logInOnServicePage, navButton, systemBrowser, type Harness } from '../harness/app-harness'
import { startServiceAndApp } from '../harness/e2e-start'
import { addUserToken } from '../support/core'

/** The dead ends and wrong states a new player met, each walked through in the window. */
describe('no dead ends, true states', () => {
  let service: ReferenceService
  let browser: Browser
  let h: Harness
  let stop: (() => Promise<void>) | undefined
  let page: Page
  const system = systemBrowser(() => browser)
  let browserBroken = false
  const opened: string[] = []
  const nav = (name: string) => navButton(page, name).click()
  /** Syncs the window has asked for so far. */
  const syncs = () => h.traffic.filter((line) => line.startsWith('request sync:run')).length
  const tokenOf = (username: string) => service.accounts.find((a) => a.username === username && a.deployment === 'global')!.user_token

  beforeAll(async () => {
    ;({ service, browser, h, stop } = await startServiceAndApp(
      {
        options: { sync: { retryAfterMs: null } },
        deps: {
          // A system browser that, when told to, does not open (no display, a broken handler).
          openExternal: async (url) => {
            opened.push(url)
            if (browserBroken) throw new Error('xdg-open: no method available for opening')
            await system.open(url)
          }
        }
      },
      { deviceIntervalSeconds: 5 }
    ))
    page = h.page
    await h.call('settings:update', { backupFolder: `${h.dataDir}/backups` })
  })
  afterAll(async () => {
    await stop?.()
    // A test starts the service again on its port: that one too.
    await service?.close().catch(() => {})
  })

  it('signed out, Settings leads back to Welcome, and the deployment chosen there stays chosen', async () => {
    await page.getByRole('heading', { name: 'Welcome' }).waitFor()
    await page.getByRole('radio', { name: /Custom/ }).check()
    await nav('Settings')
    await page.getByRole('heading', { name: 'Settings' }).waitFor()
    await nav('Sign in')
    await page.getByRole('heading', { name: 'Welcome' }).waitFor()
    expect(await page.getByRole('radio', { name: /Custom/ }).isChecked()).toBe(true)
    await page.getByRole('radio', { name: /Local demo/ }).check()
  })

  it('when the browser does not open, the sign-in link is shown with Copy and Open again, and signing in still works', async () => {
    browserBroken = true
    await page.getByRole('button', { name: 'Sign in with the browser' }).click()
    const link = page.getByTestId('sign-in-link')
    await link.getByText('Your browser did not open.', { exact: false }).waitFor()
    const shown = (await link.locator('.link-text').textContent())!
    expect(shown).toBe(opened.at(-1))
    expect(new URL(shown).searchParams.get('code_challenge_method')).toBe('S256')
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.app.origin })
    await link.getByRole('button', { name: 'Copy link' }).click()
    await link.getByRole('button', { name: 'Copied' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown)
    browserBroken = false
    await link.getByRole('button', { name: 'Open again' }).click()
    await expect.poll(() => system.pages.length).toBe(1)
    const login = system.latest()!
    await logInOnServicePage(login)
    await login.getByRole('button', { name: 'Allow' }).click()
    await expect.poll(() => page.getByTestId('profile-username').textContent()).toBe('alice')
    expect(await page.getByTestId('profile-username').locator('..').locator('..').textContent()).toContain('browser sign-in')
  })

  it('nickname: a sign-in without the permission is offered the grant first, never the form', async () => {
    await nav('Profile')
    await page.getByRole('button', { name: 'Change nickname…' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Grant permission in the browser' }).waitFor()
    expect(await dialog.getByLabel('New nickname').count()).toBe(0)
    await dialog.getByRole('button', { name: 'Close' }).click()
  })

  it('nickname: after "no opportunity left", reopening says so; a refused token says which token is needed', async () => {
    const { account } = await addUserToken(h.app.core.handlers, 'local', tokenOf('tired'))
    await h.call('accounts:setActive', account.id)
    await h.call('sync:run', account.id, {})
    service.controls.setStamina('global', 'tired', 0)
    await nav('Profile')
    await page.getByRole('button', { name: 'Change nickname…' }).click()
    let dialog = page.getByRole('dialog')
    await dialog.getByLabel('New nickname').fill('Wide Awake')
    await dialog.getByRole('button', { name: 'Submit (uses one opportunity)' }).click()
    await dialog.getByText('No nickname change opportunity is left right now.').waitFor()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await page.getByRole('button', { name: 'Change nickname…' }).click()
    dialog = page.getByRole('dialog')
    await dialog.getByTestId('nickname-none-left').waitFor()
    await dialog.getByRole('button', { name: 'Close' }).click()
    // A token without the "user" scope: refused by the service, then known before anything is sent.
    const limited = await addUserToken(h.app.core.handlers, 'local', service.controls.createUserToken('global', 'newbie', ['profile']))
    await h.call('accounts:setActive', limited.account.id)
    await page.getByRole('button', { name: 'Change nickname…' }).click()
    dialog = page.getByRole('dialog')
    await dialog.getByLabel('New nickname').fill('Not Allowed')
    await dialog.getByRole('button', { name: 'Submit (uses one opportunity)' }).click()
    await dialog.locator('.error-box').waitFor()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await page.getByRole('button', { name: 'Change nickname…' }).click()
    dialog = page.getByRole('dialog')
    await dialog.getByText(/needs a token created with the "user" scope/).waitFor()
    expect(await dialog.getByLabel('New nickname').count()).toBe(0)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await h.call('accounts:signOut', limited.account.id, { forgetCache: true })
  })

  it('a player with no plays sees that said, with nothing to export', async () => {
    const { account } = await addUserToken(h.app.core.handlers, 'local', tokenOf('newbie'))
    await h.call('accounts:setActive', account.id)
    await h.call('sync:run', account.id, {})
    await nav('Reality')
    await page.getByTestId('no-plays').waitFor()
    expect(await page.getByRole('button', { name: 'Share image…' }).isDisabled()).toBe(true)
    await page.getByTestId('reality-export').click()
    expect(await page.getByRole('menuitem', { name: 'Export CSV' }).isDisabled()).toBe(true)
    await page.keyboard.press('Escape')
    expect(await page.getByTestId('best-20').count()).toBe(0)
  })

  it('backup results belong to their account: one account’s "saved" never shows on another', async () => {
    const accounts = (await h.accounts()).accounts
    const tired = accounts.find((a) => a.username === 'tired')!
    const newbie = accounts.find((a) => a.username === 'newbie')!
    await h.call('accounts:setActive', tired.id)
    await nav('Backups')
    await page.getByRole('button', { name: 'Back up now' }).click()
    await page.getByTestId('backup-result').waitFor()
    await page.getByLabel('Active account').selectOption({ label: 'Newbie · Local demo' })
    await expect.poll(async () => (await h.accounts()).activeId).toBe(newbie.id)
    await page.getByRole('heading', { name: 'Backups' }).waitFor()
    expect(await page.getByTestId('backup-result').count()).toBe(0)
    await page.getByLabel('Active account').selectOption({ label: 'Tired · Local demo' })
    await page.getByTestId('backup-result').waitFor()
  })

  it('retention numbers edit like text and save only valid values', async () => {
    const keepLast = page.getByLabel('Keep the last')
    const saved = () => h.call('app:bootstrap').then(() => h.events.latest('settings:changed')!.retention.keepLast)
    const before = await saved()
    await keepLast.fill('')
    await keepLast.press('Tab')
    expect(await keepLast.inputValue()).toBe('')
    expect(await keepLast.getAttribute('aria-invalid')).toBe('true')
    expect(await saved()).toBe(before)
    await keepLast.click()
    await keepLast.press('Control+A')
    await keepLast.pressSequentially('2')
    await keepLast.press('Enter')
    await expect.poll(saved).toBe(2)
    expect(await keepLast.inputValue()).toBe('2')
  })

  it('when the service dies, a failed backup shows offline at once; Refresh and F5 sync again once it is back', async () => {
    const port = Number(new URL(service.origin).port)
    await service.close()
    await page.getByRole('button', { name: 'Back up now' }).click()
    await page.getByTestId('offline-banner').waitFor()
    expect(await page.getByTestId('panel-badge').first().textContent()).not.toMatch(/^Up to date/)
    service = await startReferenceService({ testControls: true, port })
    const before = syncs()
    const refresh = page.getByRole('button', { name: 'Refresh', exact: true })
    // A refresh while one runs is the same refresh: each key waits for the button to be free again.
    const idle = () => expect.poll(() => refresh.isEnabled()).toBe(true)
    await refresh.click()
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' })
    expect(syncs()).toBe(before + 1)
    await idle()
    await page.keyboard.press('F5')
    await expect.poll(syncs).toBe(before + 2)
    await idle()
    await page.keyboard.press('Control+r')
    await expect.poll(syncs).toBe(before + 3)
    // The page was not reloaded by either key: the app is still on Backups.
    await page.getByRole('heading', { name: 'Backups' }).waitFor()
  })

  it('F5 pressed the instant a refresh ends starts the next one (the key never sees the old "busy")', async () => {
    // The last test's Ctrl+R refresh may still be running: start from an idle button.
    await expect.poll(() => page.getByRole('button', { name: 'Refresh', exact: true }).isEnabled()).toBe(true)
    const before = syncs()
    // Press F5 from inside the page the moment the button is enabled again: the same DOM change the player sees,
    // before React has run any later effect.
    await page.evaluate(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.getAttribute('aria-keyshortcuts')?.startsWith('F5'))!
      if (button.disabled) throw new Error('Refresh is still busy')
      const watch = new MutationObserver(() => {
        if (button.disabled) return
        watch.disconnect()
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'F5', bubbles: true, cancelable: true }))
      })
      watch.observe(button, { attributes: true, attributeFilter: ['disabled'] })
      button.click()
    })
    await expect.poll(syncs).toBe(before + 2)
  })

  it('a code on another device: the account says so, and Cancel stops at once', async () => {
    await page.getByRole('button', { name: 'Add account' }).click()
    await page.getByRole('radio', { name: /Local demo/ }).check()
    await page.getByRole('tab', { name: 'Device code' }).click()
    await page.getByRole('button', { name: 'Get a code' }).click()
    await page.getByTestId('device-code').waitFor()
    const started = Date.now()
    await page.locator('.device-panel').getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('button', { name: 'Get a code' }).waitFor()
    expect(Date.now() - started).toBeLessThan(1_500)
  })

  it('a screen left open keeps "synced … ago" true as time passes, with nothing else happening', async () => {
    await page.clock.install()
    await nav('Scores')
    const badge = page.getByTestId('panel-badge')
    await expect.poll(() => badge.textContent()).toMatch(/synced (now|\d+ seconds? ago)/)
    await page.clock.fastForward('10:00')
    await expect.poll(() => badge.textContent()).toMatch(/synced 10 minutes ago/)
  })
})
