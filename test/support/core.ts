import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCore, type CoreDeps } from '../../src/main/core/create-core'
import { confStoreOpener } from '../../src/main/platform-node/conf-store'
import { nodeCipher } from '../../src/main/platform-node/node-cipher'
import type { Clock, SecretCipher } from '../../src/main/ports'
import { ScriptedBrowser } from '../../reference-service/test/browser'
import { AppError } from '../../src/shared/errors'
import type { InvokeArgs, InvokeChannel, InvokeResult } from '../../src/shared/ipc/contract'
import { createDispatcher, type Handlers } from '../../src/main/ipc/dispatcher'
import type { DeploymentId } from '../../src/shared/deployments'
import { sealSecret } from '../../src/shared/seal'

/** A clock the test moves: real time plus an offset. */
export class TestClock implements Clock {
  offset = 0
  now(): number {
    return Date.now() + this.offset
  }
}

export interface TestCoreOptions {
  localBaseUrl: string
  dataDir?: string
  cipher?: SecretCipher
  clock?: Clock
  /** What the "system browser" does with a sign-in URL. Default: log in as alice and allow. */
  browser?: (url: string) => Promise<void>
  deps?: Partial<CoreDeps>
}

/** Logs in through the reference service's real pages and follows the loopback redirect. */
export function browserAs(username: string, decision: 'allow' | 'deny' = 'allow', password = 'milthm-demo') {
  const pages: string[] = []
  const open = async (url: string) => {
    const landed = await new ScriptedBrowser().authorize(url, { username, password, decision })
    pages.push(await (await fetch(landed)).text())
  }
  return Object.assign(open, { pages })
}

/** The real main-process services on a fresh (or given) data folder, for integration tests. */
export function testCore(options: TestCoreOptions) {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'companion-core-'))
  const cipher = options.cipher ?? nodeCipher()
  const opened: string[] = []
  const browser = options.browser ?? browserAs('alice')
  const core = createCore({
    identity: { name: 'Game Account Companion', version: '0.1.0-test', platform: 'linux', host: 'web', systemLanguage: 'en-US' },
    openStore: confStoreOpener(dataDir),
    openExternal: async (url) => {
      opened.push(url)
      // The browser runs beside the app, as a real one would.
      void browser(url).catch(() => {})
    },
    secretCipher: cipher,
    clock: options.clock,
    localBaseUrl: options.localBaseUrl,
    tuning: { sleep: async () => {}, timeoutMs: 5_000 },
    ...options.deps
  })
  return { core, dataDir, cipher, opened }
}

/**
 * Calls a channel the way the renderer does: through the dispatcher (arguments validated, result
 * schema-parsed), unwrapping the result; a failure is thrown as the AppError the renderer would see.
 */
export function bridge(handlers: Handlers) {
  const dispatch = createDispatcher({ handlers, isTrustedSender: () => true })
  return async <C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>): Promise<InvokeResult<C>> => {
    const result = await dispatch(channel, args, { url: 'test://app/' })
    if (!result.ok) throw new AppError(result.error)
    return result.value as InvokeResult<C>
  }
}

/** Adds a User Token the way the welcome screen does: sealed with main's one-time key. */
export async function addUserToken(handlers: Handlers, deploymentId: DeploymentId, token: string) {
  const call = bridge(handlers)
  return call('auth:addUserToken', deploymentId, await sealSecret(await call('auth:sealKey'), token))
}
