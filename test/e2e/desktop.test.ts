import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import type { UpdaterPort } from '../../src/main/updates/update-service'
import { navButton, type Harness } from '../harness/app-harness'
import { startServiceAndApp } from '../harness/e2e-start'
import { addUserToken } from '../support/core'

/**
 * A stand-in updater the test steers: what the feed offers, and a download that advances only
 * when told. Everything else (state, events, the window) is the app's own.
 */
function scriptedUpdater() {
  const calls: string[] = []
  let offer: { version: string; notes: string | null } | null = { version: '0.2.0', notes: 'Faster backups\nA tray icon' }
  let feedFails = false
  let progress: ((percent: number) => void) | null = null
  let finish: (() => void) | null = null
  const port: UpdaterPort = {
    async check() {
      calls.push('check')
      if (feedFails) throw new Error('api.github.com could not be reached')
      return offer
    },
    download: (onProgress, signal) =>
      new Promise<void>((resolve, reject) => {
        calls.push('download')
        progress = onProgress
        finish = resolve
        signal.addEventListener('abort', () => reject(new Error('cancelled')))
      }),
    install: () => void calls.push('install')
  }
  return {
    port,
    calls,
    advance: (percent: number) => progress?.(percent),
    finish: () => finish?.(),
    set: (next: { offer?: typeof offer; feedFails?: boolean }) => {
      if (next.offer !== undefined) offer = next.offer
      if (next.feedFails !== undefined) feedFails = next.feedFails
    }
  }
}

describe('a desktop citizen, in the window', () => {
  let service: ReferenceService
  let h: Harness
  let stop: (() => Promise<void>) | undefined
  let page: Page
  const updater = scriptedUpdater()
  const nav = (name: string) => navButton(page, name).click()
  const status = () => page.getByTestId('update-status').textContent()

  beforeAll(async () => {
    ;({ service, h, stop } = await startServiceAndApp({
      options: { updates: { updater: updater.port } },
      deps: {
        identity: { name: 'Game Account Companion', version: '0.1.0', platform: 'linux', host: 'electron', systemLanguage: 'en-US' }
      }
    }))
    page = h.page
    const token = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!.user_token
    await addUserToken(h.app.core.handlers, 'local', token)
    await nav('Profile')
    await page.getByTestId('profile-username').getByText('alice').waitFor({ timeout: 15_000 })
  })
  afterAll(() => stop?.())

  it('menu entries and shortcuts from the shell open their screen and sync, as the window’s own controls do', async () => {
    h.app.core.events.emit('app:command', { type: 'navigate', screen: 'backups' })
    await page.getByRole('heading', { name: 'Backups', level: 1 }).waitFor()
    h.app.core.events.emit('app:command', { type: 'navigate', screen: 'settings' })
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
    const syncsBefore = h.traffic.filter((t) => t.startsWith('request sync:run')).length
    h.app.core.events.emit('app:command', { type: 'refresh' })
    await expect.poll(() => h.traffic.filter((t) => t.startsWith('request sync:run')).length).toBe(syncsBefore + 1)
  })

  it('tray and start at login are two switches that take effect at once', async () => {
    await page.getByRole('heading', { name: 'On this computer' }).waitFor()
    const keepRunning = page.getByRole('checkbox', { name: /Keep running in the tray/ })
    const startAtLogin = page.getByRole('checkbox', { name: /Start when I sign in/ })
    await keepRunning.click()
    await page.getByText('Turn on automatic backup').waitFor()
    await startAtLogin.click()
    await expect.poll(() => h.events.latest('settings:changed')).toMatchObject({ keepRunningInTray: true, startAtLogin: true })
    expect(await keepRunning.isChecked()).toBe(true)
    await startAtLogin.click()
    await expect.poll(() => startAtLogin.isChecked()).toBe(false)
    expect(h.events.latest('settings:changed')?.startAtLogin).toBe(false)
  })

  it('a new version: offered with its notes, downloaded only when asked, with progress and Cancel, installed only when asked', async () => {
    await page.getByRole('button', { name: 'Check for updates' }).click()
    await expect.poll(status).toBe('Version 0.2.0 is available. Nothing is downloaded until you say so.')
    await page.getByText('A tray icon').waitFor()
    expect(updater.calls).toEqual(['check'])
    // Downloading: a progress bar and Cancel; cancelling keeps the offer.
    await page.getByRole('button', { name: 'Download 0.2.0' }).click()
    // The click reaches the updater through the bridge: steer the download only once it has begun.
    await expect.poll(() => updater.calls).toEqual(['check', 'download'])
    updater.advance(30)
    await expect.poll(() => page.getByRole('progressbar', { name: 'Update download progress' }).getAttribute('value')).toBe('30')
    await page.getByRole('button', { name: 'Cancel download' }).click()
    await expect.poll(status).toMatch(/^Version 0.2.0 is available/)
    expect(updater.calls).toEqual(['check', 'download'])
    // Agreed again, and finished: install waits for the user too.
    await page.getByRole('button', { name: 'Download 0.2.0' }).click()
    await expect.poll(() => updater.calls).toEqual(['check', 'download', 'download'])
    updater.advance(100)
    updater.finish()
    await expect.poll(status).toBe('Version 0.2.0 is ready. Restart to install it.')
    expect(updater.calls).toEqual(['check', 'download', 'download'])
    await page.getByRole('button', { name: 'Restart and install' }).click()
    await expect.poll(() => updater.calls.at(-1)).toBe('install')
  })

  it('the feed failing says so; turned off, no check runs by itself but Check for updates still works', async () => {
    updater.set({ feedFails: true })
    await page.getByRole('button', { name: 'Check for updates' }).click()
    await expect.poll(status).toBe('The check for a new version failed: api.github.com could not be reached')
    await page.getByRole('checkbox', { name: 'Look for new versions when the app starts' }).click()
    await expect.poll(status).toBe('Automatic checks are off. You can still check now.')
    updater.set({ feedFails: false, offer: null })
    const checks = updater.calls.filter((c) => c === 'check').length
    await h.restart()
    h.app.core.start()
    await nav('Settings')
    await expect.poll(status).toBe('Automatic checks are off. You can still check now.')
    expect(updater.calls.filter((c) => c === 'check').length).toBe(checks)
    await page.getByRole('button', { name: 'Check for updates' }).click()
    await expect.poll(status).toMatch(/^This is the latest version \(checked /)
  })
})
