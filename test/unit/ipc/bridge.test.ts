import { describe, expect, it, vi } from 'vitest'
import { buildBridge } from '../../../src/shared/ipc/bridge'
import { eventChannelNames, invokeChannelNames } from '../../../src/shared/ipc/channels'
import { eventChannels, invokeChannels } from '../../../src/shared/ipc/contract'

describe('buildBridge', () => {
  const transport = { invoke: vi.fn(async () => ({ ok: true as const, value: 1 })), subscribe: vi.fn(() => () => {}) }
  const api = buildBridge(invokeChannelNames, eventChannelNames, transport)

  it('exposes exactly one named function per channel and nothing generic', () => {
    const names = Object.entries(api)
      .filter(([group]) => group !== 'events')
      .flatMap(([group, methods]) => Object.keys(methods as object).map((m) => `${group}:${m}`))
    expect(names.sort()).toEqual([...invokeChannelNames].sort())
    expect(Object.keys(api.events)).toEqual(['on'])
    expect(Object.isFrozen(api)).toBe(true)
  })

  it("the preload's name lists are exactly the contract's channels", () => {
    expect([...invokeChannelNames].sort()).toEqual(Object.keys(invokeChannels).sort())
    expect([...eventChannelNames].sort()).toEqual(Object.keys(eventChannels).sort())
  })

  it('forwards arguments to the transport under the channel name', async () => {
    await api.settings.update({ theme: 'dark' })
    expect(transport.invoke).toHaveBeenCalledWith('settings:update', [{ theme: 'dark' }])
  })

  it('refuses to subscribe to an event that is not in the map', () => {
    expect(() => api.events.on('nope:event' as never, () => {})).toThrow(/Unknown event/)
    api.events.on('settings:changed', () => {})
    expect(transport.subscribe).toHaveBeenCalledWith('settings:changed', expect.any(Function))
  })
})
