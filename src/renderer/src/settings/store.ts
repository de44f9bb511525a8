import { create } from 'zustand'
import type { AppInfo, Settings, SettingsPatch, UpdateState } from '../../../shared/settings'
import { api, unwrap } from '../bridge'
import { i18n, resolveLanguage } from '../i18n'

interface SettingsState {
  settings: Settings | null
  info: AppInfo | null
  /** Where the check for a new version stands (main sends it). */
  updates: UpdateState | null
  applyUpdates(state: UpdateState): void
  /** Main sent new settings (the only way settings change here). */
  apply(settings: Settings): void
  setInfo(info: AppInfo): void
  /** Asks main to change settings; the result arrives as a `settings:changed` event. */
  update(patch: SettingsPatch): Promise<void>
}

const systemDark = window.matchMedia('(prefers-color-scheme: dark)')

/** The theme actually shown: "system" follows the OS, live. CSS only knows light and dark. */
export function effectiveTheme(theme: Settings['theme']): 'light' | 'dark' {
  return theme === 'system' ? (systemDark.matches ? 'dark' : 'light') : theme
}

function applyToDocument(settings: Settings, info: AppInfo | null): void {
  const language = resolveLanguage(settings.language, info?.systemLanguage ?? navigator.language)
  if (i18n.language !== language) void i18n.changeLanguage(language)
  document.documentElement.lang = language
  document.documentElement.dataset.theme = effectiveTheme(settings.theme)
}

export const useSettings = create<SettingsState>((set, get) => {
  systemDark.addEventListener('change', () => {
    const { settings, info } = get()
    if (settings) applyToDocument(settings, info)
  })
  return {
    settings: null,
    info: null,
    updates: null,
    applyUpdates: (updates) => set({ updates }),
    apply(settings) {
      applyToDocument(settings, get().info)
      set({ settings })
    },
    setInfo(info) {
      set({ info })
      const { settings } = get()
      if (settings) applyToDocument(settings, info)
    },
    async update(patch) {
      await unwrap(api.settings.update(patch))
    }
  }
})
