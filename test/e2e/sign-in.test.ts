import { readFileSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import { logInOnServicePage, navButton, systemBrowser, type Harness } from '../harness/app-harness'
import { startServiceAndApp } from '../harness/e2e-start'
import { filesUnder } from '../support/files'

describe('sign-in in Chromium against the reference service', () => {
  let service: ReferenceService
  let browser: Browser
  let h: Harness
  let stop: (() => Promise<void>) | undefined
  const system = systemBrowser(() => browser)
  const seenSecrets = new Set<string>()
  /** What the window showed on the error paths (its text; the password field's own value is the user's), for the same scan. */
  const screens: string[] = []
  let latestRefresh = ''

  /** Every token the token endpoint hands the app, seen from outside it. */
  const watchTokens: typeof fetch = async (input, init) => {
    const response = await fetch(input, init)
    const url = String(input instanceof Request ? input.url : input)
    if (url.endsWith('/oidc/oauth/token') && response.ok) {
      const body = (await response.clone().json()) as { access_token?: string; refresh_token?: string }
      for (const token of [body.access_token, body.refresh_token]) if (token) seenSecrets.add(token)
      if (body.refresh_token) latestRefresh = body.refresh_token
    }
    if (url.endsWith('/save/info') && response.ok) {
      // The signed download URL, and its signature alone.
      const fileUrl = ((await response.clone().json()) as { data?: { file_url?: string } }).data?.file_url
      if (fileUrl) for (const secret of [fileUrl, new URL(fileUrl).searchParams.get('sig')]) if (secret) seenSecrets.add(secret)
    }
    return response
  }

  beforeAll(async () => {
    ;({ service, browser, h, stop } = await startServiceAndApp({
      localDemoAccounts: [{ username: 'alice', password: 'milthm-demo' }],
      deps: { openExternal: system.open, fetch: watchTokens }
    }))
  })
  afterAll(() => stop?.())

  it('signs in with PKCE through the real login and consent pages, in the system browser', async () => {
    const { page } = h
    await page.getByRole('heading', { name: 'Welcome' }).waitFor()
    await expect.poll(() => page.getByTestId('demo-accounts').textContent()).toContain('alice')
    await page.getByRole('button', { name: 'Sign in with the browser' }).click()
    await expect.poll(() => system.pages.length).toBe(1)
    const login = system.latest()!
    await logInOnServicePage(login)
    await login.getByRole('button', { name: 'Allow' }).click()
    await login.getByText('You can close this tab').waitFor()
    expect(new URL(login.url()).hostname).toBe('127.0.0.1')
    // The app follows the system's theme (its setting says "system"), and so does the page: light in a light browser.
    expect(await login.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(244, 245, 249)')
    await page.getByTestId('profile-nickname').waitFor()
    expect(await page.getByTestId('profile-username').textContent()).toBe('alice')
    expect(seenSecrets.size).toBeGreaterThanOrEqual(2)
  })

  it('a panel the service refuses for this sign-in offers to ask for that permission in the browser', async () => {
    const { page } = h
    // A refusal in the service's own words (not the spec's code): still "this sign-in may not allow that".
    const id = (await h.accounts()).activeId!
    // The sync that follows sign-in first, so the refusal meets the sync made for it.
    await h.call('sync:run', id, {})
    service.controls.refuseNext('/recent', 403, 'AccessDenied')
    await h.call('sync:run', id, {})
    await navButton(page, 'Scores').click()
    const notice = page.getByTestId('panel-notice')
    await notice.getByText('This sign-in does not allow reading recent scores.').waitFor()
    const opened = system.pages.length
    // The app set to dark: the page the browser shows after signing in is dark too, whatever the browser prefers.
    await h.call('settings:update', { theme: 'dark' })
    await notice.getByRole('button', { name: 'Allow recent scores…' }).click()
    await expect.poll(() => system.pages.length).toBe(opened + 1)
    const login = system.latest()!
    expect(new URL(login.url()).pathname).not.toBe('/')
    await logInOnServicePage(login)
    await login.getByRole('button', { name: 'Allow' }).click()
    await login.getByText('You can close this tab').waitFor()
    expect(await login.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(16, 19, 26)')
    await h.call('settings:update', { theme: 'system' })
    await notice.waitFor({ state: 'detached' })
    expect((await h.accounts()).accounts).toHaveLength(1)
  })

  it('is still signed in after the app services restart from disk', async () => {
    await h.restart()
    await h.page.getByTestId('profile-username').waitFor()
    expect(await h.page.getByTestId('profile-username').textContent()).toBe('alice')
    service.controls.expireAccessTokens('global')
    const before = seenSecrets.size
    await h.call('sync:run', (await h.accounts()).activeId!, {})
    // The expired token was refreshed: new tokens, kept for the secret scan.
    expect(seenSecrets.size).toBeGreaterThan(before)
  })

  it('adds a second account with a pasted User Token and switches between them', async () => {
    const { page } = h
    await page.getByRole('button', { name: 'Add account' }).click()
    await page.getByRole('tab', { name: 'User Token' }).click()
    await expect.poll(() => page.getByText('Never share it').count()).toBeGreaterThan(0)
    const token = service.accounts.find((a) => a.username === 'tired')!.user_token
    seenSecrets.add(token.replace(/^Basic /, ''))
    await page.getByLabel('User Token').fill(token)
    await page.getByRole('button', { name: 'Check and add' }).click()
    await page.getByText('Token accepted for Tired').waitFor()
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect.poll(() => page.getByTestId('profile-username').textContent()).toBe('tired')
    await page.getByLabel('Active account').selectOption({ label: 'Alice · Local demo' })
    await expect.poll(() => page.getByTestId('profile-username').textContent()).toBe('alice')
  })

  it('error paths: a failing backup, a refused User Token and a failed refresh show what to do, and no credential', async () => {
    const { page } = h
    await page.getByLabel('Active account').selectOption({ label: 'Alice · Local demo' })
    await h.call('settings:update', { backupFolder: `${h.dataDir}/backups` })
    // A backup whose download is not the save.
    service.controls.wrongBodyNext('html', 5)
    await navButton(page, 'Backups').click()
    await page.getByRole('button', { name: 'Back up now' }).click()
    await page.locator('main').getByRole('alert').waitFor()
    screens.push(await page.locator('body').innerText())
    service.controls.resetFaults()
    // A User Token the service refuses.
    const refused = `Basic ${Buffer.from('refused-token-4f0c2a9e').toString('base64')}`
    seenSecrets.add(refused.replace(/^Basic /, ''))
    await page.getByRole('button', { name: 'Add account' }).click()
    await page.getByRole('tab', { name: 'User Token' }).click()
    await page.getByLabel('User Token').fill(refused)
    await page.getByRole('button', { name: 'Check and add' }).click()
    await page.getByRole('alert').waitFor()
    screens.push(await page.locator('body').innerText())
    // A refresh the issuer refuses: the account asks to sign in again, and stays listed.
    await fetch(`${service.deployments.global.issuer}/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: latestRefresh, client_id: 'companion-desktop' }).toString()
    })
    service.controls.expireAccessTokens('global')
    const alice = (await h.accounts()).accounts.find((a) => a.username === 'alice')!
    await h.call('sync:run', alice.id, {}).catch(() => {})
    await expect.poll(async () => (await h.accounts()).accounts.find((a) => a.id === alice.id)?.status).toBe('needs_sign_in')
    await navButton(page, 'Profile').click()
    await page
      .getByText(/sign in again/i)
      .first()
      .waitFor()
    screens.push(await page.locator('body').innerText())
  })

  it('signs out both accounts from Settings', async () => {
    const { page } = h
    await page.getByRole('button', { name: 'Settings' }).click()
    const list = page.locator('.account-list')
    await list.getByRole('button', { name: 'Sign out' }).first().click()
    // It asks first; Cancel keeps the account.
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel' }).click()
    expect(await list.getByRole('button', { name: 'Sign out' }).count()).toBe(2)
    await list.getByRole('button', { name: 'Sign out' }).first().click()
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Sign out' }).click()
    await expect.poll(() => list.getByRole('button', { name: 'Sign out' }).count()).toBe(1)
    await list.getByRole('button', { name: 'Sign out' }).click()
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Sign out' }).click()
    await page.getByText('No account is signed in.').waitFor()
    expect((await h.accounts()).accounts).toEqual([])
    // Signed out, the welcome screen is one click away from Settings.
    await navButton(page, 'Sign in').click()
    await page.getByRole('heading', { name: 'Welcome' }).waitFor()
  })

  it('left no raw token in the store files, the logs, or any IPC payload', () => {
    const files = filesUnder(h.dataDir)
    expect(files.some((f) => f.endsWith('main.log'))).toBe(true)
    const haystacks = [...files.map((f) => readFileSync(f, 'utf8')), ...h.traffic, ...screens]
    expect(screens.length).toBe(3)
    expect(h.traffic.length).toBeGreaterThan(10)
    for (const secret of seenSecrets) {
      for (const text of haystacks) expect(text.includes(secret)).toBe(false)
    }
  })
})
