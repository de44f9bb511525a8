// `npm run screenshots`: every screen, light and dark, at 1280×800, into docs/screenshots/.
// Runs the built renderer in headless Chromium against the reference service with demo data.
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { startReferenceService } from '../reference-service/src/server'
import { startWebApp } from '../src/main/web-host/start-web-app'
import { launchChromium } from '../test/harness/chromium'
import { addUserToken, bridge } from '../test/support/core'

const out = resolve('docs/screenshots')
mkdirSync(out, { recursive: true })
const service = await startReferenceService({ testControls: true })
const dataDir = mkdtempSync(join(tmpdir(), 'companion-shots-'))
const app = await startWebApp({
  rendererDir: resolve('out/renderer'),
  dataDir,
  localBaseUrl: service.deployments.global.base_url,
  localDemoAccounts: [{ username: 'alice', password: 'milthm-demo' }],
  version: '0.1.0',
  deps: { desktop: { documentsDir: join(dataDir, 'Documents') } }
})
const browser = await launchChromium()
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
await page.emulateMedia({ reducedMotion: 'reduce' })

const call = bridge(app.core.handlers)
const shoot = async (name: string) => {
  for (const theme of ['light', 'dark'] as const) {
    await call('settings:update', { theme })
    await page.waitForTimeout(250)
    await page.screenshot({ path: join(out, `${name}-${theme}.png`) })
  }
}

try {
  await page.goto(app.url)
  await page.getByRole('heading', { name: 'Welcome' }).waitFor()
  await shoot('welcome')

  const token = service.accounts.find((a) => a.username === 'night owl/夜猫')!.user_token
  const { account } = await addUserToken(app.core.handlers, 'local', token)
  await call('data:sync', account.id, {})
  service.controls.addPlays('global', 'night owl/夜猫', 6)
  await call('data:sync', account.id, {})
  await call('backups:run', account.id, { force: false })
  service.controls.advanceClock(1000)
  service.controls.updateSave('global', 'night owl/夜猫')
  await call('backups:run', account.id, { force: false })
  await page.reload()
  for (const screen of ['Profile', 'Scores', 'Reality', 'Backups', 'Settings']) {
    await page.getByRole('button', { name: screen, exact: true }).click()
    await page.waitForTimeout(600)
    await shoot(screen.toLowerCase())
  }
  await call('settings:update', { language: 'zh-CN', theme: 'light' })
  await page.getByRole('button', { name: '成绩', exact: true }).click()
  await page.waitForTimeout(500)
  await page.screenshot({ path: join(out, 'scores-zh-CN.png') })
  await call('settings:update', { language: 'en' })
  console.log(`Screenshots written to ${out}`)
} finally {
  await browser.close()
  await app.close()
  await service.close()
}
