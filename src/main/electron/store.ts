import ElectronStore from 'electron-store'
import type { OpenRawStore } from '../ports'

/** electron-store keeps one JSON file per name in the user-data folder, written atomically, readable by this user only. */
export const openElectronStore: OpenRawStore = (name) => {
  const store = new ElectronStore<Record<string, unknown>>({ name, clearInvalidConfig: false, configFileMode: 0o600 })
  return { get: (key) => store.get(key), set: (key, value) => store.set(key, value), delete: (key) => store.delete(key) }
}
