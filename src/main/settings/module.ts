import { resolveLanguage } from '../../shared/i18n-language'
import type { Language, Settings } from '../../shared/settings'
import type { CoreContext } from '../core/context'
import { Listeners } from '../core/listeners'
import { settingsHandlers } from './handlers'
import { SettingsService } from './settings-service'

/**
 * Settings: one entry of the app store. A change goes to the renderer as `settings:changed` and to
 * the features that follow it through `changed`; a replay of the state is an event only, not a change.
 */
export function settingsModule(ctx: CoreContext) {
  const changed = new Listeners<Settings>()
  const settings = new SettingsService(ctx.store('app'), (next) => {
    ctx.events.emit('settings:changed', next)
    void changed.fire(next)
  })
  const language = (): Language => resolveLanguage(settings.get().language, ctx.deps.identity.systemLanguage)
  return {
    settings,
    language,
    changed,
    handlers: settingsHandlers({ settings }),
    replay: () => ctx.events.emit('settings:changed', settings.get())
  }
}

export type SettingsModule = ReturnType<typeof settingsModule>
/** What a feature that follows the settings and the language needs of them. */
export type SettingsFollower = Pick<SettingsModule, 'settings' | 'language' | 'changed'>
