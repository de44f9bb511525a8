import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ScriptedBrowser } from '../../reference-service/test/browser'
import { createCore, type CoreDeps, type CoreOptions } from '../../src/main/core/create-core'
import { createDispatcher, type Handlers } from '../../src/main/ipc/dispatcher'
import { confStoreOpener } from '../../src/main/platform-node/conf-store'
import { nodeCipher } from '../../src/main/platform-node/node-cipher'
import type { Clock, SecretCipher } from '../../src/main/ports'
import type { AccountData } from '../../src/shared/data'
import type { DeploymentId } from '../../src/shared/deployments'
import { AppError } from '../../src/shared/errors'
import type { EventChannel, EventPayload, InvokeArgs, InvokeChannel, InvokeResult } from '../../src/shared/ipc/contract'
import { sealSecret } from '../../src/shared/seal'

/** A clock the test moves: real time plus an offset. */
export class TestClock implements Clock {
  offset = 0
  now(): number {
    return Date.now() + this.offset
  }
}

/** The timings tests give as one object: the sleep port and several features' options (kernel/context.ts, core/options.ts). */
export interface TestTuning {
  sleep?: (ms: number) => Promise<void>
  timeoutMs?: number
  retryAfterMs?: number | null
  lockWaitMs?: number
  downloadLimits?: NonNullable<CoreOptions['backups']>['downloadLimits']
  loopbackPort?: number
  loopbackTimeoutMs?: number
}

/** Feature options laid over each other slice by slice (a later slice's fields win). */
export function mergeOptions(...all: CoreOptions[]): CoreOptions {
  const merged: Record<string, object> = {}
  for (const options of all) for (const [name, slice] of Object.entries(options)) merged[name] = { ...merged[name], ...(slice as object) }
  return merged as CoreOptions
}

/** A test's tuning as the core takes it: `sleep` a port, the rest each feature's option. */
export function tuningOptions(t: TestTuning): { sleep: TestTuning['sleep']; options: CoreOptions } {
  return {
    sleep: t.sleep,
    options: {
      accounts: { timeoutMs: t.timeoutMs, loopbackPort: t.loopbackPort, loopbackTimeoutMs: t.loopbackTimeoutMs },
      chartList: { timeoutMs: t.timeoutMs },
      sync: { retryAfterMs: t.retryAfterMs },
      backups: { lockWaitMs: t.lockWaitMs, downloadLimits: t.downloadLimits },
      gameFolder: { lockWaitMs: t.lockWaitMs },
      restore: { lockWaitMs: t.lockWaitMs }
    }
  }
}

export interface TestCoreOptions {
  localBaseUrl: string
  dataDir?: string
  cipher?: SecretCipher
  clock?: Clock
  /** What the "system browser" does with a sign-in URL. Default: log in as alice and allow. */
  browser?: (url: string) => Promise<void>
  /** Timings in place of the test's own (no waiting, 5 s per request): given, it replaces them whole. */
  tuning?: TestTuning
  /** Ports in place of the test's own. */
  deps?: Partial<CoreDeps>
  /** Feature options: each slice is laid over the test's defaults for that feature. */
  options?: CoreOptions
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
  return call('accounts:addUserToken', deploymentId, await sealSecret(await call('accounts:sealKey'), token))
}

/** Every event main sent, in order, with helpers to read the latest state the renderer would hold. */
export function recordEvents(core: { events: { addSink(sink: (event: EventChannel, payload: unknown) => void): () => void } }) {
  const log: { event: EventChannel; payload: unknown }[] = []
  core.events.addSink((event, payload) => log.push({ event, payload }))
  return {
    log,
    latest<E extends EventChannel>(event: E, where: (payload: EventPayload<E>) => boolean = () => true): EventPayload<E> | undefined {
      for (let i = log.length - 1; i >= 0; i--) {
        const entry = log[i]!
        if (entry.event === event && where(entry.payload as EventPayload<E>)) return entry.payload as EventPayload<E>
      }
      return undefined
    }
  }
}

/** The real main-process services on a fresh (or given) data folder, for integration tests. */
export function testCore(options: TestCoreOptions) {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'companion-core-'))
  const cipher = options.cipher ?? nodeCipher()
  const opened: string[] = []
  const browser = options.browser ?? browserAs('alice')
  const tuning = tuningOptions(options.tuning ?? { sleep: async () => {}, timeoutMs: 5_000 })
  const core = createCore(
    {
      identity: { name: 'Game Account Companion', version: '0.1.0-test', platform: 'linux', host: 'web', systemLanguage: 'en-US' },
      dataDir,
      openRawStore: confStoreOpener(dataDir),
      openExternal: async (url) => {
        opened.push(url)
        // The browser runs beside the app, as a real one would.
        void browser(url).catch(() => {})
      },
      secretCipher: cipher,
      clock: options.clock,
      sleep: tuning.sleep,
      ...options.deps
    },
    mergeOptions(tuning.options, { accounts: { localBaseUrl: options.localBaseUrl } }, options.options ?? {})
  )
  const events = recordEvents(core)
  const call = bridge(core.handlers)
  return {
    core,
    call,
    events,
    dataDir,
    cipher,
    opened,
    /** The account's data as the renderer would hold it after asking for it. */
    async data(accountId: string): Promise<AccountData> {
      await call('sync:load', accountId)
      return events.latest('sync:changed', (d) => d.accountId === accountId)!
    },
    /** Syncs, then returns the account's data as the renderer would hold it. */
    async sync(accountId: string): Promise<AccountData> {
      await call('sync:run', accountId, {})
      return this.data(accountId)
    },
    settings() {
      return events.latest('settings:changed')
    },
    async accounts() {
      await call('app:bootstrap')
      return events.latest('accounts:changed')!
    }
  }
}
