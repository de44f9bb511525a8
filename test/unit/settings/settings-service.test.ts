import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { confStoreOpener } from '../../../src/main/platform-node/conf-store'
import { SettingsService } from '../../../src/main/settings/settings-service'
import { defaultSettings } from '../../../src/shared/settings'

const openStore = () => confStoreOpener(mkdtempSync(join(tmpdir(), 'settings-')))('app')

describe('SettingsService', () => {
  it('returns defaults on a fresh store and persists updates', () => {
    const store = openStore()
    const onChange = vi.fn()
    const service = new SettingsService(store, onChange)
    expect(service.get()).toEqual(defaultSettings)
    service.update({ theme: 'dark', language: 'zh-CN' })
    expect(new SettingsService(store).get()).toMatchObject({ theme: 'dark', language: 'zh-CN' })
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ theme: 'dark' }))
  })

  it('falls back to defaults when the stored value is corrupt, and refuses invalid updates', () => {
    const store = openStore()
    store.set('settings', { theme: 42 })
    const service = new SettingsService(store)
    expect(service.get()).toEqual(defaultSettings)
    expect(() => service.update({ retention: { keepLast: 0, dailyForDays: 1, weeklyForWeeks: 1 } })).toThrow()
    expect(store.get('settings')).toEqual({ theme: 42 })
  })
})
