// `npm run screenshots`: every screen, light and dark, at 1280×800, into docs/screenshots/.
// Runs the built renderer in headless Chromium against the reference service with demo data.
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { startReferenceService } from '../reference-service/src/server'
import { startWebApp } from '../src/main/web-host/start-web-app'
import { launchChromium } from '../test/harness/chromium'

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

const shoot = async (name: string) => {
  for (const theme of ['light', 'dark'] as const) {
    app.core.settings.update({ theme })
    await page.waitForTimeout(250)
    await page.screenshot({ path: join(out, `${name}-${theme}.png`) })
  }
}

try {
  await page.goto(app.url)
  await page.getByRole('heading', { name: 'Welcome' }).waitFor()
  await shoot('welcome')

  const token = service.accounts.find((a) => a.username === 'night owl/夜猫')!.user_token
  const { account } = await app.core.auth.addUserToken('local', token)
  await app.core.sync.sync(account.id)
  service.controls.addPlays('global', 'night owl/夜猫', 6)
  await app.core.sync.sync(account.id)
  // Six months of kept Reality history, as weekly syncs would have recorded it.
  const cache = app.core.sync.cache(account.id)
  const history = cache.history()
  const latest = history.snapshots.at(-1)!
  const weeks = 26
  const past = Array.from({ length: weeks }, (_, i) => {
    const k = (weeks - i) / weeks
    return { ...latest, at: new Date(Date.now() - (weeks - i) * 7 * 86_400_000).toISOString(), touch: +(latest.touch - 1.1 * k + 0.05 * Math.sin(i)).toFixed(4), keyboard: +(latest.keyboard - 1.4 * k + 0.04 * Math.cos(i)).toFixed(4) }
  })
  cache.saveHistory({ ...history, snapshots: [...past, ...history.snapshots] })
  await app.core.backups.run(account.id)
  service.controls.advanceClock(1000)
  service.controls.updateSave('global', 'night owl/夜猫')
  await app.core.backups.run(account.id)
  await page.reload()
  for (const screen of ['Profile', 'Scores', 'Reality', 'Backups', 'Settings']) {
    await page.getByRole('button', { name: screen, exact: true }).click()
    await page.waitForTimeout(600)
    await shoot(screen.toLowerCase())
  }
  app.core.settings.update({ language: 'zh-CN', theme: 'light' })
  await page.getByRole('button', { name: '成绩', exact: true }).click()
  await page.waitForTimeout(500)
  await page.screenshot({ path: join(out, 'scores-zh-CN.png') })
  app.core.settings.update({ language: 'en' })
  console.log(`Screenshots written to ${out}`)
} finally {
  await browser.close()
  await app.close()
  await service.close()
}
