import type { Browser } from 'playwright-core'
import { startReferenceService, type ReferenceService, type StartOptions } from '../../reference-service/src/server'
import { startHarness, type Harness, type HarnessOptions } from './app-harness'
import { launchChromium } from './chromium'

/**
 * What the e2e files start with: the reference service (test controls on), Chromium, and the app on its Local
 * deployment, its song names from the service's community-list host (`chartListUrl: undefined` for none); `stop`
 * ends all three.
 */
export async function startServiceAndApp(
  harness: Omit<HarnessOptions, 'browser' | 'localBaseUrl'> = {},
  serviceOptions: StartOptions = {}
): Promise<{ service: ReferenceService; browser: Browser; h: Harness; stop: () => Promise<void> }> {
  const service = await startReferenceService({ testControls: true, ...serviceOptions })
  const browser = await launchChromium()
  const h = await startHarness({
    chartListUrl: service.chartList.url,
    ...harness,
    browser,
    localBaseUrl: service.deployments.global.base_url
  })
  const stop = async () => {
    await h.close()
    await browser.close()
    await service.close().catch(() => {})
  }
  return { service, browser, h, stop }
}
