import { join } from 'node:path'
import { vi } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import type { CoreDeps, CoreOptions } from '../../src/main/core/create-core'
import type { SecretCipher } from '../../src/main/ports'
import { addUserToken, mergeOptions, testCore } from './core'

/**
 * A test core on the reference service whose game folder is the Linux one under `home` (a fake home), with
 * a notification spy; `prepare` runs before the `username`'s User Token is added and synced once.
 */
export async function signedInGameCore(o: {
  service: ReferenceService
  home: string
  username: string
  deps?: Partial<CoreDeps>
  options?: CoreOptions
  prepare?: (t: ReturnType<typeof testCore>) => Promise<unknown>
  /** An app data folder (and the cipher of its secrets) to open again, as a restart does. */
  dataDir?: string
  cipher?: SecretCipher
}) {
  const game = join(o.home, '.config', 'unity3d', 'Morizero', 'Milthm', 'data')
  const notify = vi.fn()
  const t = testCore({
    localBaseUrl: o.service.deployments.global.base_url,
    dataDir: o.dataDir,
    cipher: o.cipher,
    tuning: { sleep: async () => {}, timeoutMs: 5_000, retryAfterMs: null },
    deps: { desktop: { documentsDir: join(o.home, 'Documents'), notify }, ...o.deps },
    options: mergeOptions({ gameFolder: { system: { platform: 'linux', home: o.home, env: {} }, pollMs: null } }, o.options ?? {})
  })
  await o.prepare?.(t)
  const token = o.service.accounts.find((a) => a.username === o.username && a.deployment === 'global')!.user_token
  const { account } = await addUserToken(t.core.handlers, 'local', token)
  await t.call('sync:run', account.id, {})
  return { ...t, id: account.id, uid: account.uid!, game, notify }
}
