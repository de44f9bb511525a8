// Installed only by the development web host (npm run demo:web, e2e tests), never by the app:
// the same bridge as the preload's, carried over HTTP and server-sent events.
import { BRIDGE_GLOBAL, buildBridge } from '../shared/ipc/bridge'
import { eventChannelNames, invokeChannelNames } from '../shared/ipc/channels'
import type { Result } from '../shared/result'

const SECRET_KEY = 'companion-web-secret'
const fromHash = new URLSearchParams(location.hash.slice(1)).get('secret')
if (fromHash) sessionStorage.setItem(SECRET_KEY, fromHash)
const secret = fromHash ?? sessionStorage.getItem(SECRET_KEY) ?? ''

let source: EventSource | null = null
let opened: Promise<void> = Promise.resolve()
const listeners = new Map<string, Set<(payload: unknown) => void>>()

/**
 * The event stream is open before any call goes out: state arrives only as events, and an event
 * sent before the stream was listening would be lost.
 */
function ensureSource(): Promise<void> {
  if (source) return opened
  source = new EventSource(`/__bridge/events?secret=${encodeURIComponent(secret)}`)
  opened = new Promise((resolve) => source!.addEventListener('open', () => resolve(), { once: true }))
  for (const name of eventChannelNames) {
    source.addEventListener(name, (message) => {
      const payload: unknown = JSON.parse((message as MessageEvent<string>).data)
      for (const listener of listeners.get(name) ?? []) listener(payload)
    })
  }
  return opened
}

const api = buildBridge(invokeChannelNames, eventChannelNames, {
  async invoke(channel, args) {
    await ensureSource()
    try {
      const response = await fetch('/__bridge/invoke', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-companion-secret': secret },
        body: JSON.stringify({ channel, args })
      })
      return (await response.json()) as Result<unknown>
    } catch {
      return { ok: false, error: { code: 'network', message: 'The development host is not reachable.' } }
    }
  },
  subscribe(event, listener) {
    void ensureSource()
    const set = listeners.get(event) ?? new Set()
    set.add(listener)
    listeners.set(event, set)
    return () => set.delete(listener)
  }
})

Object.defineProperty(window, BRIDGE_GLOBAL, { value: api, writable: false, configurable: false })
// Opened now, while the app's own scripts load, so the first call rarely waits for it.
void ensureSource()
