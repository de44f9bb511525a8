import { join } from 'node:path'
import { confStoreOpener } from '../../src/main/platform-node/conf-store'
import { LocalDataHealth, openGuardedStore } from '../../src/main/storage/local-data'

/** A store as the app opens it (conf behind the damage guard), with the health report it writes to. */
export function guardedTestStore(dir: string, name: string, health = new LocalDataHealth()) {
  return { store: openGuardedStore(join(dir, `${name}.json`), () => confStoreOpener(dir)(name), health), health }
}
