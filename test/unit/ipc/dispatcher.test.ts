import { describe, expect, it, vi } from 'vitest'
import { createDispatcher, type Handlers } from '../../../src/main/ipc/dispatcher'

const trusted = { url: 'app://bundle/index.html' }

function setup(overrides: Partial<Handlers> = {}) {
  const handlers = {
    'app:bootstrap': vi.fn(() => ({ name: 'x', version: '1.2.3', platform: 'linux', host: 'web' as const, systemLanguage: 'en' })),
    'chartList:charts': vi.fn(() => []),
    'settings:update': vi.fn(() => null),
    'shell:openExternal': vi.fn(() => null),
    ...overrides
  } as Handlers
  const dispatch = createDispatcher({ handlers, isTrustedSender: (s) => s.url.startsWith('app://bundle/') })
  return { handlers, dispatch }
}

describe('dispatcher', () => {
  it('runs a valid call and returns its value', async () => {
    const { dispatch } = setup()
    const result = await dispatch('app:bootstrap', [], trusted)
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
    expect(await dispatch('app:bootstrap', [1, 2], trusted)).toMatchObject({ ok: false, error: { code: 'invalid_payload' } })
  })

  it('refuses a call from an unknown sender', async () => {
    const { dispatch, handlers } = setup()
    for (const url of ['https://evil.example/', '', 'file:///etc/passwd', 'app://other/index.html']) {
      const result = await dispatch('app:bootstrap', [], { url })
      expect(result).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } })
    }
    expect(handlers['app:bootstrap']).not.toHaveBeenCalled()
  })

  it('refuses a channel that is not in the map, including prototype names', async () => {
    const { dispatch } = setup()
    for (const channel of ['app:nope', '__proto__', 'constructor', 'toString']) {
      expect(await dispatch(channel, [], trusted)).toMatchObject({ ok: false, error: { code: 'unknown_channel' } })
    }
  })

  it('turns a thrown error into error data without a stack', async () => {
    const { dispatch } = setup({
      'chartList:charts': () => {
        throw new Error('disk on fire')
      }
    })
    const result = await dispatch('chartList:charts', [], trusted)
    expect(result).toEqual({ ok: false, error: { code: 'internal', message: 'disk on fire' } })
  })

  it('passes every error through the redactor: a credential echoed by a service never leaves main', async () => {
    const { redactor } = await import('../../../src/main/logging/redact')
    redactor.add('Basic c2VjcmV0LXVzZXItdG9rZW4=')
    const { dispatch } = setup({
      'chartList:charts': () => {
        throw Object.assign(new Error('bad credential Basic c2VjcmV0LXVzZXItdG9rZW4= and access_token=abcdef123'), {})
      }
    })
    const result = await dispatch('chartList:charts', [], trusted)
    expect(JSON.stringify(result)).not.toContain('c2VjcmV0LXVzZXItdG9rZW4')
    expect(JSON.stringify(result)).not.toContain('abcdef123')
  })

  it('strips fields the result schema does not name', async () => {
    const { dispatch } = setup({
      'app:bootstrap': () => ({ name: 'x', version: '1', platform: 'p', host: 'web', systemLanguage: 'en', accessToken: 'secret' }) as never
    })
    const result = await dispatch('app:bootstrap', [], trusted)
    expect(JSON.stringify(result)).not.toContain('secret')
  })
})
