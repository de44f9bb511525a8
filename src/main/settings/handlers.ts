import type { Settings, SettingsPatch } from '../../shared/settings'
import type { FeatureHandlers } from '../ipc/dispatcher'
import type { ExternalLinks } from '../shell/external-links'

export interface SettingsHandlerDeps {
  settings: { get(): Settings; update(patch: SettingsPatch): Settings }
  /** Accounts of the custom deployment stop sending anything once its address changed. */
  customAddressChanged(baseUrl: string | null): void
  links: ExternalLinks
}

export function settingsHandlers(deps: SettingsHandlerDeps): FeatureHandlers<'settings' | 'shell'> {
  return {
    'settings:update': (patch) => {
      const before = deps.settings.get().customBaseUrl
      const next = deps.settings.update(patch)
      if (next.customBaseUrl !== before) deps.customAddressChanged(next.customBaseUrl)
      return null
    },
    'shell:openExternal': (url) => deps.links.open(url)
  }
}
