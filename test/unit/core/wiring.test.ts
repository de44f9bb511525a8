import { describe, expect, it } from 'vitest'
import { Disposables } from '../../../src/main/core/disposables'
import { Listeners } from '../../../src/main/core/listeners'
import { EventHub } from '../../../src/main/ipc/event-hub'

describe('the pieces the composition root wires with', () => {
  it('undoes everything newest first, keeps going past a failing undo, and waits for the slow ones', async () => {
    const disposables = new Disposables()
    const order: string[] = []
    let flushed = false
    disposables.add(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20))
      flushed = true
    })
    disposables.add(() => order.push('first'))
    disposables.add(() => {
      throw new Error('broken undo')
    })
    disposables.add(() => order.push('last'))
    await disposables.dispose()
    expect(order).toEqual(['last', 'first'])
    expect(flushed).toBe(true)
    // A second stop undoes nothing twice.
    await disposables.dispose()
    expect(order).toEqual(['last', 'first'])
  })

  it('a signal reaches every listener until it stops listening, and its raiser waits for them', async () => {
    const signal = new Listeners<string>()
    const heard: string[] = []
    const stop = signal.on(async (id) => {
      await new Promise((resolve) => setTimeout(resolve, 10))
      heard.push(`slow ${id}`)
    })
    signal.on((id) => heard.push(`fast ${id}`))
    await signal.fire('alice')
    expect(heard.sort()).toEqual(['fast alice', 'slow alice'])
    stop()
    await signal.fire('bob')
    expect(heard).toContain('fast bob')
    expect(heard).not.toContain('slow bob')
  })

  it('a feature following one event hears only that event, validated, and stops when asked', () => {
    const hub = new EventHub()
    const heard: unknown[] = []
    const stop = hub.on('app:notices', (notices) => heard.push(notices))
    hub.emit('app:notices', [])
    hub.emit('catalogue:changed', { count: 1, source: 'imported', updatedAt: null })
    expect(() => hub.emit('app:notices', [{ broken: true }] as never)).toThrow()
    stop()
    hub.emit('app:notices', [])
    expect(heard).toEqual([[]])
  })
})
