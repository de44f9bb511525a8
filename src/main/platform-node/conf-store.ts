import Conf from 'conf'
import type { OpenRawStore } from '../ports'

/** The same JSON-file store as electron-store (it is built on conf), for the web host, the CLI and tests. */
export function confStoreOpener(directory: string): OpenRawStore {
  return (name) => {
    const store = new Conf<Record<string, unknown>>({
      cwd: directory,
      configName: name,
      projectName: 'game-account-companion',
      clearInvalidConfig: false,
      configFileMode: 0o600
    })
    return { get: (key) => store.get(key), set: (key, value) => store.set(key, value), delete: (key) => store.delete(key) }
  }
}
