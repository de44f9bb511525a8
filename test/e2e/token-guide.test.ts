// Signing in where the app has no browser sign-in registered (Global and China today: the service has
// no public client id): the User Token comes first, step by step, against the reference service's own
// token page. The clipboard is read only when the player clicks "Paste from the clipboard", and only
// a token-shaped value is used.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import { systemBrowser, type Harness } from '../harness/app-harness'
import { startServiceAndApp } from '../harness/e2e-start'
import { ADDRESSES_AND_PATHS, midWordBreaks } from '../harness/wrap-check'

describe('the guided User Token path in Chromium', () => {
  let service: ReferenceService
  let browser: Browser
  let h: Harness
  let stop: (() => Promise<void>) | undefined
  const system = systemBrowser(() => browser)

  beforeAll(async () => {
    ;({ service, browser, h, stop } = await startServiceAndApp({ deps: { openExternal: system.open } }))
    // Every clipboard read the page makes is counted: none may happen before the player asks.
    await h.page.addInitScript(() => {
      const clipboard = navigator.clipboard
      const read = clipboard.readText.bind(clipboard)
      ;(window as unknown as { clipboardReads: number }).clipboardReads = 0
      clipboard.readText = () => {
        ;(window as unknown as { clipboardReads: number }).clipboardReads++
        return read()
      }
    })
    await h.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.app.origin })
    // A deployment with no client id anywhere (no Settings entry, no build id): the reference service's China side.
    await h.call('settings:update', { customBaseUrl: service.deployments.china.base_url, customScopeStyle: 'spec' })
    await h.page.reload()
  })
  afterAll(() => stop?.())

  const reads = () => h.page.evaluate(() => (window as unknown as { clipboardReads: number }).clipboardReads)

  it('text that is not a User Token is refused in the window; errors fit the screen and leave with the field', async () => {
    const { page } = h
    const china = () => service.controls.counters('china').requestsPerRoute
    const choose = async () => {
      await page.getByRole('radio', { name: /Custom/ }).check()
      await page.getByTestId('token-guide').waitFor()
    }
    await choose()
    const guide = page.getByTestId('token-guide')
    const field = guide.getByLabel(/User Token/)
    const check = guide.getByRole('button', { name: 'Check and add' })
    const alert = page.getByRole('alert')
    const before = china()
    for (const pasted of ['hello world', 'Basic hello world', 'helloworld']) {
      await field.fill(pasted)
      await check.click()
      await alert
        .getByText(
          'That is not a User Token. A User Token is one long word of letters and digits (it may end in =), usually with Basic ' +
            "in front. Create one on your account's token page and paste the Authorization header it gives."
        )
        .waitFor()
      // Said in the window: nothing reached the service.
      expect(china()).toEqual(before)
      // Another value in the field: what was said about the last one goes.
      await field.fill(`${pasted}!`)
      expect(await alert.count()).toBe(0)
    }

    // Token-shaped, but not one the service knows, then one that has expired: said for a token just pasted, not "sign in again".
    await field.fill(`Basic ${Buffer.from('0123456789ab:not-a-secret-the-service-knows').toString('base64')}`)
    await check.click()
    await alert
      .getByText(
        'The service did not accept this User Token. Copy the whole Authorization header again on the token page, or create a new token.'
      )
      .waitFor()
    const expired = service.controls.createUserToken('china', 'xiaoming', ['game:save:read', 'profile'])
    service.controls.expireUserTokens('china', 'xiaoming', expired)
    await field.fill(expired)
    expect(await alert.count()).toBe(0)
    await check.click()
    await alert.getByText("This User Token has expired. Create a new one on your account's token page and paste it here.").waitFor()
    expect(await alert.textContent()).not.toMatch(/sign in again/i)

    // The service out of reach: what to do, and nothing of cached data (the welcome screen shows none).
    await h.call('settings:update', { customBaseUrl: 'http://127.0.0.1:9' })
    try {
      await page.reload()
      await choose()
      await field.fill(expired)
      await check.click()
      await alert.getByText('Cannot reach the service. Check your connection and try again.').waitFor()
      expect(await alert.textContent()).not.toMatch(/cached/i)
      await field.fill('')
      expect(await alert.count()).toBe(0)
    } finally {
      await h.call('settings:update', { customBaseUrl: service.deployments.china.base_url, customScopeStyle: 'spec' })
      await page.reload()
    }
  })

  it('addresses wrap after a separator, never inside a name, in the smallest window', async () => {
    const { page } = h
    const long = 'https://account-service.example-deployment.milthm.cn/api/v1/companion'
    await h.call('settings:update', { customBaseUrl: long, customScopeStyle: 'spec' })
    try {
      await page.setViewportSize({ width: 720, height: 480 })
      await page.reload()
      await page.getByRole('radio', { name: /Custom/ }).check()
      await page.getByTestId('token-guide').waitFor()
      // The address is shown, and long enough to need more than one line in its card.
      const card = page.locator('.radio-card small', { hasText: 'example-deployment' })
      expect((await card.boundingBox())!.height).toBeGreaterThan(30)
      expect(await midWordBreaks(page, ADDRESSES_AND_PATHS)).toEqual([])
    } finally {
      await h.call('settings:update', { customBaseUrl: service.deployments.china.base_url, customScopeStyle: 'spec' })
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.reload()
    }
  })

  it('no browser sign-in registered: the User Token first, its steps, the token page, paste on request only', async () => {
    const { page } = h
    await page.getByRole('radio', { name: /Custom/ }).check()
    await page.getByTestId('no-registration').getByText('needs a client registered with Milkloud').waitFor()
    const tabs = page.getByRole('tablist', { name: 'Sign-in method' }).getByRole('tab')
    expect(await tabs.allTextContents()).toEqual(['User Token', 'Browser', 'Device code'])
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true')
    expect(await page.getByRole('tab', { name: 'Browser' }).isDisabled()).toBe(true)

    const guide = page.getByTestId('token-guide')
    // What to tick, in this deployment's scope names.
    expect(await guide.getByTestId('token-scopes').textContent()).toContain('game:save:read — back up your cloud save')
    await guide.getByRole('button', { name: 'Open the token page' }).click()
    await expect.poll(() => system.pages.length).toBe(1)
    const tokens = system.latest()!
    await tokens.waitForURL(service.deployments.china.tokens_page)
    await tokens.getByLabel('Username').fill('xiaoming')
    await tokens.getByLabel('Password').fill('milthm-demo')
    await tokens.getByRole('button', { name: 'Create Token' }).click()
    const header = (await tokens.locator('#header').textContent())!
    expect(header).toMatch(/^Basic /)
    expect(await reads()).toBe(0)

    // Something else on the clipboard: read on the click, not used.
    await page.evaluate(() => navigator.clipboard.writeText('shopping list: milk, eggs'))
    await guide.getByRole('button', { name: 'Paste from the clipboard' }).click()
    await guide.getByTestId('token-paste-note').getByText('The clipboard does not hold a User Token').waitFor()
    expect(await guide.getByLabel(/User Token/).inputValue()).toBe('')
    expect(await reads()).toBe(1)

    // The token page's header: used, then checked, and what it allows is said.
    await page.evaluate((value) => navigator.clipboard.writeText(value), header)
    await guide.getByRole('button', { name: 'Paste from the clipboard' }).click()
    await expect.poll(() => guide.getByLabel(/User Token/).inputValue()).toBe(header)
    await guide.getByRole('button', { name: 'Check and add' }).click()
    await page.getByText('Token accepted for 小明.').waitFor()
    await page.getByText(/^It allows: .*cloud save.*recent scores.*Reality and best performances/).waitFor()
    expect(await reads()).toBe(2)
  })

  it('Settings say which client id each deployment uses, and refuse one that is not an id', async () => {
    const { page } = h
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('navigation').getByRole('button', { name: 'Settings', exact: true }).click()
    await expect.poll(() => page.getByTestId('client-global-source').textContent()).toBe('None: sign in with a User Token.')
    const field = page.getByLabel('Global client id')
    await field.fill('my client id')
    await field.blur()
    await page.getByText(/global client id may hold only visible ASCII characters/).waitFor()
    await field.fill('2871@companion')
    await field.blur()
    await expect.poll(() => page.getByTestId('client-global-source').textContent()).toBe('In use: yours.')
    // Kept as typed (main's own record of the settings, asked afresh).
    await h.accounts()
    expect(h.events.latest('settings:changed')!.clientIds).toEqual({ global: '2871@companion' })
  })
})
