import { describe, expect, it, vi } from 'vitest'
import { mergeHandlers } from '../../../src/main/kernel/merge-handlers'
import { invokeChannels } from '../../../src/shared/ipc/contract'
import { testCore } from '../../support/core'

// One module (dialogs) is made to claim a channel of another (settings) as well as its own.
const planted = vi.hoisted(() => ({ on: false }))
vi.mock('../../../src/main/dialogs/module', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/main/dialogs/module')>()
  return {
    dialogsModule: (...args: Parameters<typeof real.dialogsModule>) => {
      const built = real.dialogsModule(...args)
      return planted.on ? { ...built, handlers: { ...built.handlers, 'settings:update': async () => null } } : built
    }
  }
})

const answer = async () => null

describe('the one handler map', () => {
  it('a channel two modules claim stops the start, naming both', () => {
    planted.on = true
    try {
      expect(() => testCore({ localBaseUrl: 'http://127.0.0.1:9/global/api' })).toThrow(
        'The channel "settings:update" is handled twice: by settings and by dialogs.'
      )
    } finally {
      planted.on = false
    }
  })

  it('without the planted one, every channel of the contract has exactly one module', () => {
    const { core } = testCore({ localBaseUrl: 'http://127.0.0.1:9/global/api' })
    expect(Object.keys(core.handlers).sort()).toEqual(Object.keys(invokeChannels).sort())
  })

  it('a channel nobody answers stops the start too', () => {
    expect(() => mergeHandlers([{ name: 'app', handlers: { 'app:bootstrap': answer as never } }])).toThrow(
      /No module handles .*settings:update/
    )
  })
})
