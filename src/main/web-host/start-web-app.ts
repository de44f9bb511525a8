import { createCore, type CoreDeps, type CoreOptions } from '../core/create-core'
import { createDispatcher } from '../ipc/dispatcher'
import { chmodSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { confStoreOpener } from '../platform-node/conf-store'
import { fileKeyCipher } from '../platform-node/node-cipher'
import type { SecretCipher } from '../ports'
import { fileLogger } from '../logging/logger'
import { startWebHost, type WebHostOptions } from './web-host'

export interface WebAppOptions {
  rendererDir: string
  dataDir: string
  port?: number
  version?: string
  /** `{base_url}` of the Local deployment (the reference service). */
  localBaseUrl?: string | null
  localDemoAccounts?: { username: string; password: string }[]
  /** The chart list's update URL (a loopback list host in development and tests). */
  chartListUrl?: string | null
  /** A sample game folder (the demo's), chosen until the player chooses another. */
  sampleGameFolder?: string | null
  cipher?: SecretCipher
  /** Replace any port, e.g. to record the URLs the app asks the system browser to open. */
  deps?: Partial<CoreDeps>
  /** Feature options beyond the ones above (tests: a fake game folder, short timeouts). */
  options?: CoreOptions
  tap?: WebHostOptions['tap']
}

/** The real main-process services behind the web host: what `npm run demo:web` and the e2e tests run. */
export async function startWebApp(options: WebAppOptions) {
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 })
  if (process.platform !== 'win32') chmodSync(options.dataDir, 0o700)
  const logger = fileLogger(join(options.dataDir, 'logs', 'main.log'))
  const o = options.options ?? {}
  const core = createCore(
    {
      identity: {
        name: 'Game Account Companion',
        version: options.version ?? '0.0.0-dev',
        platform: process.platform,
        host: 'web',
        systemLanguage: Intl.DateTimeFormat().resolvedOptions().locale
      },
      dataDir: options.dataDir,
      openRawStore: confStoreOpener(options.dataDir),
      openExternal: async () => {},
      secretCipher: options.cipher ?? fileKeyCipher(join(options.dataDir, 'dev-secret.key')),
      logger,
      ...options.deps,
      // Nothing is written outside the data folder unless asked: the default backup folder is inside it.
      desktop: { documentsDir: join(options.dataDir, 'documents'), ...options.deps?.desktop }
    },
    {
      ...o,
      accounts: { localBaseUrl: options.localBaseUrl ?? null, localDemoAccounts: options.localDemoAccounts, ...o.accounts },
      chartList: { url: options.chartListUrl, ...o.chartList },
      gameFolder: { sampleFolder: options.sampleGameFolder ?? null, ...o.gameFolder },
      // No native dialogs in a browser: the page is asked (typed folders, a list to choose from).
      dialogs: { page: true, ...o.dialogs }
    }
  )
  let origin = ''
  const dispatch = createDispatcher({
    handlers: core.handlers,
    isTrustedSender: (sender) => origin !== '' && sender.url.startsWith(`${origin}/`),
    onError: (channel, error) => logger.warn({ channel, error }, 'bridge call failed')
  })
  const host = await startWebHost({ rendererDir: options.rendererDir, dispatch, events: core.events, port: options.port, tap: options.tap })
  origin = host.origin
  return {
    core,
    url: host.url,
    origin: host.origin,
    close: async () => {
      await core.dispose()
      await host.close()
    }
  }
}

export type WebApp = Awaited<ReturnType<typeof startWebApp>>
