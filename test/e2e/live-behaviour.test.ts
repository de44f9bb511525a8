// The renderer with the real services against the reference service answering as the live one does:
// no cloud save yet, Reality as the game shows it, rank lists not ready.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import { navButton, type Harness } from '../harness/app-harness'
import { addUserToken } from '../support/core'
import { startServiceAndApp } from '../harness/e2e-start'

describe('the app as a new player meets the live service', () => {
  let service: ReferenceService
  let h: Harness
  let stop: (() => Promise<void>) | undefined
  let page: Page
  const tokenOf = (username: string) => service.accounts.find((a) => a.username === username && a.deployment === 'global')!.user_token
  const nav = (name: string) => navButton(page, name).click()

  beforeAll(async () => {
    ;({ service, h, stop } = await startServiceAndApp({
      chartListUrl: undefined,
      deps: { sleep: async () => {} },
      options: { sync: { retryAfterMs: null } }
    }))
    page = h.page
    await h.call('settings:update', { backupFolder: `${h.dataDir}/backups` })
  })
  afterAll(() => stop?.())

  it('no cloud save yet: the profile and Backups say so and how to upload; Back up now shows no failure', async () => {
    await addUserToken(h.app.core.handlers, 'local', tokenOf('newbie'))
    await nav('Profile')
    await page.getByTestId('profile-no-cloud-save').waitFor()
    expect(await page.getByTestId('profile-no-cloud-save').textContent()).toBe(
      'No cloud save yet (in Milthm, upload your save to the cloud)'
    )
    await nav('Backups')
    const note = page.getByTestId('no-cloud-save')
    await note.waitFor()
    expect(await note.textContent()).toMatch(/^No cloud save yet\..*In Milthm, upload your save to the cloud/)
    await page.getByRole('button', { name: 'Back up now' }).click()
    await expect.poll(() => page.getByRole('button', { name: 'Back up now' }).isEnabled()).toBe(true)
    expect(await page.getByRole('alert').count()).toBe(0)
    await note.waitFor()
  })

  it('Reality as the game shows it (two decimals, cut), the exact value on hover, and exact when chosen', async () => {
    const { account } = await addUserToken(h.app.core.handlers, 'local', tokenOf('alice'))
    await h.call('accounts:setActive', account.id)
    const truth = (await (
      await fetch(`${service.deployments.global.base_url}/v1/user/alice/rank`, { headers: { authorization: tokenOf('alice') } })
    ).json()) as { data: { touch_reality: number } }
    // Independent truth: the service's value as text, cut to two decimals as text.
    const [whole, fraction = ''] = String(truth.data.touch_reality).split('.')
    const cut = `${whole}.${fraction.slice(0, 2).padEnd(2, '0')}`
    await nav('Reality')
    const value = page.getByTestId('reality-value')
    await expect.poll(() => value.textContent()).toBe(cut)
    expect(await value.getAttribute('title')).toBe(truth.data.touch_reality.toFixed(4))
    await value.focus()
    expect(await value.textContent()).toBe(truth.data.touch_reality.toFixed(4))
    await value.blur()
    await nav('Settings')
    await page.getByLabel('Reality digits').selectOption('exact')
    await nav('Reality')
    await expect.poll(() => page.getByTestId('reality-value').textContent()).toBe(truth.data.touch_reality.toFixed(4))
    await h.call('settings:update', { realityDigits: 'game' })
  })

  it('rank lists never ready: the best 20 stays as known, and the lists are said not to be ready', async () => {
    await nav('Reality')
    await expect.poll(() => page.getByTestId('best-20').locator('tbody tr').count()).toBe(20)
    service.controls.rankNotReady(10)
    await h.call('sync:run', (await h.accounts()).activeId!, {})
    await page.getByTestId('lists-not-ready').waitFor()
    expect(await page.getByTestId('best-20').locator('tbody tr').count()).toBe(20)
    service.controls.resetFaults()
  })
})
