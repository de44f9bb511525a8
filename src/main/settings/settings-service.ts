import { defaultSettings, Settings, type SettingsPatch } from '../../shared/settings'
import type { KeyValueStore } from '../ports'

const KEY = 'settings'

/** Settings live in one store entry; anything unreadable falls back to defaults key by key. */
export class SettingsService {
  readonly #store: KeyValueStore
  readonly #onChange: (settings: Settings) => void

  constructor(store: KeyValueStore, onChange: (settings: Settings) => void = () => {}) {
    this.#store = store
    this.#onChange = onChange
  }

  get(): Settings {
    const stored = this.#store.get(KEY)
    const merged = { ...defaultSettings, ...(typeof stored === 'object' && stored !== null ? stored : {}) }
    const parsed = Settings.safeParse(merged)
    return parsed.success ? parsed.data : defaultSettings
  }

  update(patch: SettingsPatch): Settings {
    const next = Settings.parse({ ...this.get(), ...patch })
    this.#store.set(KEY, next)
    this.#onChange(next)
    return next
  }
}
