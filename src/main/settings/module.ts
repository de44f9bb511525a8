import { resolveLanguage } from '../../shared/i18n-language'
import type { Language, RetentionPolicy } from '../../shared/settings'
import type { CoreContext } from '../kernel/context'
import { settingsHandlers } from './handlers'
import { SettingsService } from './settings-service'

/** Where the backup library is (null: the default folder) and what retention applies after a run (null: none). */
export interface LibraryPlace {
  folder: string | null
  retention: RetentionPolicy | null
}

export interface SettingsOptions {
  /** The face's own language instead of the player's setting (the CLI's --lang). */
  language?: Language
  /** The face's own library and retention instead of the player's settings (the CLI's --dir and --keep-*). */
  library?: () => LibraryPlace
}

/**
 * Settings: one entry of the app store. A change goes to the renderer as `settings:changed` and to
 * the features that follow it as the `settingsChanged` signal; a replay of the state is an event only, not a change.
 */
export function settingsModule(ctx: CoreContext, options: SettingsOptions = {}) {
  const settings = new SettingsService(ctx.store('app'), (next) => {
    ctx.events.emit('settings:changed', next)
    void ctx.signals.settingsChanged.fire(next)
  })
  const language = (): Language => options.language ?? resolveLanguage(settings.get().language, ctx.identity.systemLanguage)
  const library = (): LibraryPlace => {
    if (options.library) return options.library()
    const { backupFolder, retention } = settings.get()
    return { folder: backupFolder, retention }
  }
  return {
    settings,
    language,
    library,
    handlers: settingsHandlers({ settings }),
    replay: () => ctx.events.emit('settings:changed', settings.get())
  }
}

export type SettingsModule = ReturnType<typeof settingsModule>
