import { describe, expect, it, vi } from 'vitest'
import { createDispatcher, type Handlers } from '../../../src/main/ipc/dispatcher'
import { defaultSettings } from '../../../src/shared/settings'

const trusted = { url: 'app://bundle/index.html' }

function setup(overrides: Partial<Handlers> = {}) {
  const handlers = {
    'app:info': vi.fn(() => ({ name: 'x', version: '1.2.3', platform: 'linux', host: 'web' as const, systemLanguage: 'en' })),
    'settings:get': vi.fn(() => defaultSettings),
    'settings:update': vi.fn((patch) => ({ ...defaultSettings, ...patch })),
    'shell:openExternal': vi.fn(() => null),
    ...overrides
  } as Handlers
  const dispatch = createDispatcher({ handlers, isTrustedSender: (s) => s.url.startsWith('app://bundle/') })
  return { handlers, dispatch }
}

describe('dispatcher', () => {
  it('runs a valid call and returns its value', async () => {
    const { dispatch } = setup()
    const result = await dispatch('app:info', [], trusted)
    expect(result).toEqual({ ok: true, value: expect.objectContaining({ version: '1.2.3' }) })
  })

  it('rejects a malformed payload before the handler runs', async () => {
    const { dispatch, handlers } = setup()
    const result = await dispatch('settings:update', [{ theme: 'purple' }], trusted)
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_payload')
      expect(result.error.message).toContain('theme')
    }
    expect(handlers['settings:update']).not.toHaveBeenCalled()
  })

  it('rejects unknown keys in a settings patch', async () => {
    const { dispatch } = setup()
    const result = await dispatch('settings:update', [{ theme: 'dark', evil: true }], trusted)
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_payload' } })
  })

  it('rejects arguments that are not an array', async () => {
    const { dispatch } = setup()
    expect(await dispatch('settings:update', 'theme=dark', trusted)).toMatchObject({ ok: false, error: { code: 'invalid_payload' } })
    expect(await dispatch('app:info', [1, 2], trusted)).toMatchObject({ ok: false, error: { code: 'invalid_payload' } })
  })

  it('refuses a call from an unknown sender', async () => {
    const { dispatch, handlers } = setup()
    for (const url of ['https://evil.example/', '', 'file:///etc/passwd', 'app://other/index.html']) {
      const result = await dispatch('app:info', [], { url })
      expect(result).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } })
    }
    expect(handlers['app:info']).not.toHaveBeenCalled()
  })

  it('refuses a channel that is not in the map, including prototype names', async () => {
    const { dispatch } = setup()
    for (const channel of ['app:nope', '__proto__', 'constructor', 'toString']) {
      expect(await dispatch(channel, [], trusted)).toMatchObject({ ok: false, error: { code: 'unknown_channel' } })
    }
  })

  it('turns a thrown error into error data without a stack', async () => {
    const { dispatch } = setup({
      'settings:get': () => {
        throw new Error('disk on fire')
      }
    })
    const result = await dispatch('settings:get', [], trusted)
    expect(result).toEqual({ ok: false, error: { code: 'internal', message: 'disk on fire' } })
  })

  it('strips fields the result schema does not name', async () => {
    const { dispatch } = setup({
      'app:info': () => ({ name: 'x', version: '1', platform: 'p', host: 'web', systemLanguage: 'en', accessToken: 'secret' }) as never
    })
    const result = await dispatch('app:info', [], trusted)
    expect(JSON.stringify(result)).not.toContain('secret')
  })
})
