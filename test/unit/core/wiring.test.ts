import { describe, expect, it } from 'vitest'
import { Disposables } from '../../../src/main/kernel/disposables'
import { Signal } from '../../../src/main/kernel/signals'
import { testCore } from '../../support/core'

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
    const signal = new Signal<string>()
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

  it('a bootstrap replays each state once, settings first, and a replay is not a change the features act on', async () => {
    const { call, events } = testCore({ localBaseUrl: 'http://127.0.0.1:9/global/api' })
    // Automatic backup on: a settings change reschedules it and a first schedule runs a round at once.
    await call('settings:update', { autoBackup: { enabled: true, everyHours: 6 } })
    await call('settings:update', { autoBackup: { enabled: false, everyHours: 6 } })
    const before = events.log.length
    await call('app:bootstrap')
    await new Promise((resolve) => setTimeout(resolve, 20))
    const replayed = events.log.slice(before).map((e) => e.event)
    expect(replayed[0]).toBe('settings:changed')
    for (const event of [
      'settings:changed',
      'accounts:deploymentsChanged',
      'accounts:changed',
      'chartList:changed',
      'app:notices'
    ] as const)
      expect(
        replayed.filter((e) => e === event),
        event
      ).toHaveLength(1)
  })
})
