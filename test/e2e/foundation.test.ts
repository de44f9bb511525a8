import { existsSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { navButton, startHarness, type Harness } from '../harness/app-harness'

describe('foundation round trip in Chromium', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(async () => {
    await h?.close()
  })

  it('built the three bundles, with a minified renderer', () => {
    expect(existsSync('out/main/index.js')).toBe(true)
    expect(existsSync('out/preload/index.cjs')).toBe(true)
    const html = readFileSync('out/renderer/index.html', 'utf8')
    expect(html).toContain('Content-Security-Policy')
    expect(html).not.toContain('web-bridge')
    const script = /src="\.\/(assets\/index-[^"]+\.js)"/.exec(html)?.[1]
    expect(script).toBeDefined()
    const code = readFileSync(`out/renderer/${script}`, 'utf8')
    expect(code.split('\n').length).toBeLessThan(50)
  })

  it("the first scripts carry no schema library: validation is main's, and zod loads only with a screen that needs it", () => {
    const html = readFileSync('out/renderer/index.html', 'utf8')
    const first = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
    expect(first.length).toBeGreaterThan(1)
    // Each script's modules, from its source map (rolldown's few-line runtime has none).
    const mapOf = (script: string) => `out/renderer/${script}.map`
    const sources = first
      .filter((script) => existsSync(mapOf(script)))
      .flatMap((script) => (JSON.parse(readFileSync(mapOf(script), 'utf8')) as { sources: string[] }).sources)
    expect(sources.some((s) => s.includes('node_modules/react-dom/'))).toBe(true)
    expect(sources.filter((s) => s.includes('node_modules/zod/'))).toEqual([])
  })

  it('shows the app version from the main-process services', async () => {
    await h.page.getByRole('button', { name: 'Settings' }).click()
    await h.page.getByText('Version 0.1.0-e2e').waitFor()
  })

  it('saves a setting that survives a reload and a service restart', async () => {
    await h.page.getByLabel('Theme').selectOption('dark')
    await expect.poll(() => h.page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    await h.page.reload()
    await h.page.getByRole('button', { name: 'Settings' }).click()
    await expect.poll(() => h.page.getByLabel('Theme').inputValue()).toBe('dark')
    await h.restart()
    await h.page.getByRole('button', { name: 'Settings' }).click()
    await expect.poll(() => h.page.getByLabel('Theme').inputValue()).toBe('dark')
    await h.call('app:bootstrap')
    expect(h.events.latest('settings:changed')?.theme).toBe('dark')
  })

  it('switches the UI language through the same bridge', async () => {
    await h.page.getByLabel('Language').selectOption('zh-CN')
    await h.page.getByText('设置', { exact: true }).first().waitFor()
    await h.page.getByLabel('语言').selectOption('en')
    await h.page.getByLabel('Theme').waitFor()
  })

  it("starts in the player's language: the first paint is Korean, and only English comes with the first scripts", async () => {
    await h.call('settings:update', { language: 'ko' })
    // Notes the text of the first navigation the page shows (installed before any of its scripts).
    await h.page.addInitScript(`new MutationObserver((_, observer) => {
      const nav = document.querySelector('nav')
      if (!nav) return
      window.__firstNav = nav.textContent
      observer.disconnect()
    }).observe(document, { childList: true, subtree: true })`)
    const scripts: string[] = []
    h.page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)))
    await h.page.reload()
    await h.page.getByRole('button', { name: '설정' }).waitFor()
    expect(await h.page.evaluate(() => (window as unknown as { __firstNav: string }).__firstNav)).toContain('설정')
    expect(scripts.some((path) => /\/assets\/ko-[^/]+\.js$/.test(path))).toBe(true)
    expect(scripts.some((path) => /\/assets\/(ja|zh-CN|zh-TW)-[^/]+\.js$/.test(path))).toBe(false)
    await h.call('settings:update', { language: 'en' })
    await h.page.getByRole('button', { name: 'Settings' }).waitFor()
  })

  it('a change of the system theme while a language loads does not undo the language', async () => {
    await h.call('settings:update', { language: 'en', theme: 'system' })
    await h.page.emulateMedia({ colorScheme: 'light' })
    await h.page.reload()
    await h.page.getByRole('button', { name: 'Settings' }).waitFor()
    // Japanese's catalogue is held back until the theme has changed (routing also turns the HTTP cache off).
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await h.page.route(/\/assets\/ja-[^/]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    const asked = h.page.waitForRequest(/\/assets\/ja-[^/]+\.js$/)
    await h.call('settings:update', { language: 'ja' })
    await asked
    await h.page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(() => h.page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    release()
    await h.page.getByRole('button', { name: '設定' }).waitFor()
    expect(await h.page.evaluate(() => document.documentElement.lang)).toBe('ja')
    await h.page.unroute(/\/assets\/ja-[^/]+\.js$/)
    await h.call('settings:update', { language: 'en' })
    await h.page.getByRole('button', { name: 'Settings' }).waitFor()
  })

  it('refuses bridge calls without the per-run secret', async () => {
    const response = await fetch(`${h.app.origin}/__bridge/invoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: h.app.origin },
      body: JSON.stringify({ channel: 'chartList:charts', args: [] })
    })
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } })
  })

  it('a custom address that would send credentials in clear is refused under the field, in plain words', async () => {
    await navButton(h.page, 'Sign in').click()
    await h.page.getByRole('radio', { name: /Custom/ }).check()
    const field = h.page.getByLabel('API base URL')
    await field.fill('http://remote-host/api')
    await h.page.getByRole('button', { name: 'Save', exact: true }).click()
    await h.page
      .getByRole('alert')
      .getByText('Use an https address (plain http only for this computer, 127.0.0.1), without a user name, query or fragment.')
      .waitFor()
    expect(await field.getAttribute('aria-invalid')).toBe('true')
    expect(await h.page.locator('main').textContent()).not.toMatch(/does not understand|customBaseUrl/)
    await h.call('app:bootstrap')
    expect(h.events.latest('settings:changed')?.customBaseUrl).toBeNull()
    await field.fill('https://accounts.example.test/api/')
    await h.page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect
      .poll(async () => (await h.call('app:bootstrap'), h.events.latest('settings:changed')?.customBaseUrl))
      .toBe('https://accounts.example.test/api')
    expect(await field.getAttribute('aria-invalid')).toBe('false')
  })
})
