import { mkdirSync } from 'node:fs'
import Conf from 'conf'
import type { OpenRawStore } from '../ports'

/**
 * The same JSON-file store as electron-store (it is built on conf), for the web host, the CLI and tests.
 * `lazy`: each store is opened, and the folder made (this user's only), on its first read or write.
 */
export function confStoreOpener(directory: string, options: { lazy?: boolean } = {}): OpenRawStore {
  const open = (name: string) => {
    if (options.lazy) mkdirSync(directory, { recursive: true, mode: 0o700 })
    return new Conf<Record<string, unknown>>({
      cwd: directory,
      configName: name,
      projectName: 'game-account-companion',
      clearInvalidConfig: false,
      configFileMode: 0o600
    })
  }
  return (name) => {
    let store = options.lazy ? null : open(name)
    const opened = () => (store ??= open(name))
    return { get: (key) => opened().get(key), set: (key, value) => opened().set(key, value), delete: (key) => opened().delete(key) }
  }
}
