import ElectronStore from 'electron-store'
import type { KeyValueStore, OpenStore } from '../ports'

/** electron-store keeps one JSON file per name in the user-data folder, written atomically. */
export const openElectronStore: OpenStore = (name) => {
  const store = new ElectronStore<Record<string, unknown>>({ name, clearInvalidConfig: false })
  const adapter: KeyValueStore = {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
    path: store.path
  }
  return adapter
}
