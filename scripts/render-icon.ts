// Renders resources/icon.svg to the PNG electron-builder turns into .ico/.icns/Linux icons.
import { readFileSync } from 'node:fs'
import { launchChromium } from '../test/harness/chromium'

const svg = readFileSync('resources/icon.svg', 'utf8')
const browser = await launchChromium()
const page = await browser.newPage({ viewport: { width: 1024, height: 1024 } })
await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`)
await page.screenshot({ path: 'resources/icon.png', omitBackground: true })
await browser.close()
