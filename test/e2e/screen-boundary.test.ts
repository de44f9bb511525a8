// A screen that fails to render stays a failed screen (issue #39): its error boundary says so and
// offers "Reload this screen"; the navigation and every other screen keep working. The failure is made
// in the test only: the bridge's answer to a public profile lookup is replaced, on its way to the
// page, by one without the profile, which the Profile screen cannot render.
import type { Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import { navButton, type Harness } from '../harness/app-harness'
import { startServiceAndApp } from '../harness/e2e-start'
import { addUserToken } from '../support/core'

describe('an error boundary per screen, in Chromium', () => {
  let service: ReferenceService
  let h: Harness
  let stop: (() => Promise<void>) | undefined
  let page: Page
  const pageErrors: string[] = []

  beforeAll(async () => {
    ;({ service, h, stop } = await startServiceAndApp({}, {}))
    page = h.page
    page.on('pageerror', (error) => pageErrors.push(error.message))
    const token = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!.user_token
    await addUserToken(h.app.core.handlers, 'local', token)
    await page.reload()
    await page.getByTestId('profile-uid').waitFor()
  })
  afterAll(() => stop?.())

  /** The bridge's answer to a lookup, replaced by one that has no profile in it. */
  const breakLookups = () =>
    page.route('**/__bridge/invoke', async (route: Route) => {
      const call = route.request().postDataJSON() as { channel: string }
      if (call.channel !== 'profile:lookup') return route.continue()
      return route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ok: true, value: { avatar: null } }) })
    })

  const lookUp = async (name: string) => {
    await page.getByLabel('Username or UID:<uid>').fill(name)
    await page.getByRole('button', { name: 'Look up', exact: true }).click()
  }

  it('the failing screen shows what happened and "Reload this screen"; nothing else is lost', async () => {
    await breakLookups()
    await lookUp('newbie')
    const failure = page.getByTestId('screen-error')
    await failure.waitFor()
    expect(await failure.getByRole('heading').textContent()).toBe('This screen ran into a problem')
    expect(await failure.textContent()).toContain('Something went wrong while showing Profile. Your data is safe')
    expect(await failure.textContent()).toMatch(/Details: Cannot read properties of undefined/)
    const reload = failure.getByRole('button', { name: 'Reload this screen' })
    await expect.poll(() => reload.evaluate((b) => b === document.activeElement)).toBe(true)
    // The rest of the app: the top bar, the navigation, the other screens.
    expect(await page.getByRole('navigation').isVisible()).toBe(true)
    await navButton(page, 'Settings').click()
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
    expect(await page.getByTestId('screen-error').count()).toBe(0)
    // Back on Profile: a fresh screen (the boundary is per visit, too).
    await navButton(page, 'Profile').click()
    await page.getByTestId('profile-uid').waitFor()
    expect(await page.getByTestId('screen-error').count()).toBe(0)
  })

  it('"Reload this screen" renders the screen again, working', async () => {
    await lookUp('newbie')
    await page.getByTestId('screen-error').waitFor()
    await page.unroute('**/__bridge/invoke')
    await page.getByRole('button', { name: 'Reload this screen' }).click()
    await page.getByTestId('profile-uid').waitFor()
    expect(await page.getByTestId('screen-error').count()).toBe(0)
    await lookUp('newbie')
    await page.getByTestId('lookup-result').waitFor()
    expect(await page.getByTestId('lookup-result').textContent()).toContain('@newbie')
    // A render error is caught by the boundary, never left to the page as an uncaught error.
    expect(pageErrors).toEqual([])
  })
})
