import { resolveLanguage } from '../../shared/i18n-language'
import type { Language } from '../../shared/settings'
import type { CoreContext } from '../core/context'
import { settingsHandlers } from './handlers'
import { SettingsService } from './settings-service'

/** Settings: one entry of the app store; every change goes out as `settings:changed`, which other features follow. */
export function settingsModule(ctx: CoreContext) {
  const settings = new SettingsService(ctx.store('app'), (next) => ctx.events.emit('settings:changed', next))
  const language = (): Language => resolveLanguage(settings.get().language, ctx.deps.identity.systemLanguage)
  return {
    settings,
    language,
    handlers: settingsHandlers({ settings }),
    replay: () => ctx.events.emit('settings:changed', settings.get())
  }
}

export type SettingsModule = ReturnType<typeof settingsModule>
