import type { Settings, SettingsPatch } from '../../shared/settings'
import type { FeatureHandlers } from '../ipc/dispatcher'

export interface SettingsHandlerDeps {
  settings: { get(): Settings; update(patch: SettingsPatch): Settings }
}

export function settingsHandlers(deps: SettingsHandlerDeps): FeatureHandlers<'settings'> {
  return {
    'settings:update': (patch) => (deps.settings.update(patch), null)
  }
}
