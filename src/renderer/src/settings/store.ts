import { create } from 'zustand'
import type { AppInfo, Settings, SettingsPatch, UpdateState } from '../../../shared/settings'
import { api, unwrap, type Unwrapped } from '../bridge'
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
  /** The accounts a new custom address would sign out (they use the old one). */
  leaving: Unwrapped<typeof api.accounts.leaving>
  // New versions: where things stand (it arrives as `updates:changed`), check, download, install, stop a download.
  loadUpdates: Unwrapped<typeof api.updates.load>
  checkUpdates: Unwrapped<typeof api.updates.check>
  downloadUpdate: Unwrapped<typeof api.updates.download>
  installUpdate: Unwrapped<typeof api.updates.install>
  cancelUpdate: Unwrapped<typeof api.updates.cancel>
}

const systemDark = window.matchMedia('(prefers-color-scheme: dark)')

/** The theme actually shown: "system" follows the OS, live. CSS only knows light and dark. */
export function effectiveTheme(theme: Settings['theme']): 'light' | 'dark' {
  return theme === 'system' ? (systemDark.matches ? 'dark' : 'light') : theme
}

/** The language asked for last: only it names the document once its texts are here. */
let languageAsked = 0

/** Settles once the language's texts are here (a language other than English loads on first use). */
async function applyToDocument(settings: Settings, info: AppInfo | null): Promise<void> {
  document.documentElement.dataset.theme = effectiveTheme(settings.theme)
  const language = resolveLanguage(settings.language, info?.systemLanguage ?? navigator.language)
  const turn = ++languageAsked
  if (i18n.language !== language) await i18n.changeLanguage(language).catch(() => {})
  if (turn === languageAsked) document.documentElement.lang = language
}

/** The settings main sent last (and how many it sent): only they are shown, once their language is ready. */
let settingsSent = 0
let latestSettings: Settings | null = null

export const useSettings = create<SettingsState>((set, get) => {
  // The settings main sent last, not the ones shown: those may still wait for a language, which this must not undo.
  systemDark.addEventListener('change', () => {
    if (latestSettings) void applyToDocument(latestSettings, get().info)
  })
  return {
    settings: null,
    info: null,
    updates: null,
    applyUpdates: (updates) => set({ updates }),
    apply(settings) {
      // Shown once its language is: never a first paint in English that turns into the player's language.
      const turn = ++settingsSent
      latestSettings = settings
      void applyToDocument(settings, get().info).then(() => turn === settingsSent && set({ settings }))
    },
    setInfo(info) {
      set({ info })
      if (latestSettings) void applyToDocument(latestSettings, info)
    },
    async update(patch) {
      await unwrap(api.settings.update(patch))
    },
    leaving: (...args) => unwrap(api.accounts.leaving(...args)),
    loadUpdates: () => unwrap(api.updates.load()),
    checkUpdates: () => unwrap(api.updates.check()),
    downloadUpdate: () => unwrap(api.updates.download()),
    installUpdate: () => unwrap(api.updates.install()),
    cancelUpdate: () => unwrap(api.updates.cancel())
  }
})
