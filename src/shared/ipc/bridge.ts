import type { Result } from '../result'
import type { EventChannel, EventPayload, InvokeArgs, InvokeChannel, InvokeResult } from './contract'

/** How a bridge reaches main: Electron IPC in the app, HTTP + SSE in the web host. */
export interface BridgeTransport {
  invoke(channel: InvokeChannel, args: unknown[]): Promise<Result<unknown>>
  subscribe(event: EventChannel, listener: (payload: unknown) => void): () => void
}

type GroupOf<C> = C extends `${infer G}:${string}` ? G : never
type MethodOf<C, G extends string> = C extends `${G}:${infer M}` ? M : never
type ChannelOf<G extends string, M extends string> = `${G}:${M}` & InvokeChannel

export type BridgeMethods = {
  [G in GroupOf<InvokeChannel>]: {
    [M in MethodOf<InvokeChannel, G>]: (...args: InvokeArgs<ChannelOf<G, M>>) => Promise<Result<InvokeResult<ChannelOf<G, M>>>>
  }
}

export interface BridgeEvents {
  on<E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void): () => void
}

/** The API the renderer sees as `window.companion`: narrow named functions, nothing generic. */
export type CompanionApi = BridgeMethods & { events: BridgeEvents }

export const BRIDGE_GLOBAL = 'companion'

/**
 * Builds the renderer API from the channel names. Only channels in the map become functions, and
 * event names are checked against the map, so no arbitrary channel can be reached through it.
 */
export function buildBridge(channels: readonly InvokeChannel[], events: readonly EventChannel[], transport: BridgeTransport): CompanionApi {
  const groups: Record<string, Record<string, (...args: unknown[]) => Promise<Result<unknown>>>> = {}
  for (const name of channels) {
    const [group, method] = name.split(':') as [string, string]
    groups[group] ??= {}
    groups[group][method] = (...args: unknown[]) => transport.invoke(name, args)
  }
  const known = new Set<string>(events)
  const on = (event: EventChannel, listener: (payload: unknown) => void): (() => void) => {
    if (!known.has(event)) throw new Error(`Unknown event channel: ${String(event)}`)
    return transport.subscribe(event, listener)
  }
  return Object.freeze({ ...groups, events: Object.freeze({ on }) }) as unknown as CompanionApi
}
