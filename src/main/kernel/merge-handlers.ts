import { invokeChannels, type InvokeChannel } from '../../shared/ipc/contract'
import type { Handlers } from '../ipc/dispatcher'

/** A feature module's part of the handler map: the channels it answers, under the names it answers them by. */
export interface HandlerSource {
  name: string
  handlers?: Partial<Handlers>
}

/**
 * The one handler map, from every module's own. A channel two modules both claim, or one nobody
 * answers, is a wiring mistake: it stops the start (a spread would let the later one win silently).
 */
export function mergeHandlers(sources: readonly HandlerSource[]): Handlers {
  const merged: Record<string, unknown> = {}
  const owner = new Map<string, string>()
  for (const { name, handlers } of sources) {
    for (const [channel, handler] of Object.entries(handlers ?? {})) {
      const first = owner.get(channel)
      if (first !== undefined) throw new Error(`The channel "${channel}" is handled twice: by ${first} and by ${name}.`)
      owner.set(channel, name)
      merged[channel] = handler
    }
  }
  const missing = (Object.keys(invokeChannels) as InvokeChannel[]).filter((channel) => !owner.has(channel))
  if (missing.length) throw new Error(`No module handles ${missing.join(', ')}.`)
  return merged as Handlers
}
