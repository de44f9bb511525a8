import { create } from 'zustand'
import type { AppInfo, Settings, SettingsPatch } from '../../../shared/settings'
import { api, unwrap } from '../bridge'
import { i18n, resolveLanguage } from '../i18n'

interface SettingsState {
  settings: Settings | null
  info: AppInfo | null
  hydrate(settings: Settings, info: AppInfo): void
  update(patch: SettingsPatch): Promise<void>
}

let subscribed = false

const systemDark = window.matchMedia('(prefers-color-scheme: dark)')

/** The theme actually shown: "system" follows the OS, live. CSS only knows light and dark. */
export function effectiveTheme(theme: Settings['theme']): 'light' | 'dark' {
  return theme === 'system' ? (systemDark.matches ? 'dark' : 'light') : theme
}

function applyToDocument(settings: Settings, info: AppInfo): void {
  const language = resolveLanguage(settings.language, info.systemLanguage)
  void i18n.changeLanguage(language)
  document.documentElement.lang = language
  document.documentElement.dataset.theme = effectiveTheme(settings.theme)
}

export const useSettings = create<SettingsState>((set, get) => ({
  settings: null,
  info: null,
  hydrate(settings, info) {
    applyToDocument(settings, info)
    set({ settings, info })
    if (subscribed) return
    subscribed = true
    systemDark.addEventListener('change', () => {
      const { settings: current, info: currentInfo } = get()
      if (current && currentInfo) applyToDocument(current, currentInfo)
    })
    api.events.on('settings:changed', (next) => {
      const current = get().info
      if (current) applyToDocument(next, current)
      set({ settings: next })
    })
  },
  async update(patch) {
    const settings = await unwrap(api.settings.update(patch))
    const info = get().info
    if (info) applyToDocument(settings, info)
    set({ settings })
  }
}))
