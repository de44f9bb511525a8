import { useAccounts } from '../accounts/store'
import { api, unwrap } from '../bridge'
import { useData } from '../data/store'
import { useSettings } from '../settings/store'

/** One bridge call fills every store the first paint needs (settings, accounts, the active account's cache). */
export async function bootstrap(): Promise<void> {
  const boot = await unwrap(api.app.bootstrap())
  useSettings.getState().hydrate(boot.settings, boot.info)
  useAccounts.getState().hydrate(boot.accounts, boot.deployments)
  if (boot.activeData) useData.getState().hydrate(boot.activeData, boot.activeInsights)
}
