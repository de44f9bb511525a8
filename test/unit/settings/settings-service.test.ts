import { BASE_URL_CASES } from '../../support/base-url-cases'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { SettingsService } from '../../../src/main/settings/settings-service'
import { defaultSettings } from '../../../src/shared/settings'
import { guardedTestStore } from '../../support/stores'

const openStore = () => guardedTestStore(mkdtempSync(join(tmpdir(), 'settings-')), 'app').store

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

  it('a stored setting that does not read falls back to its default, the file kept aside first; invalid updates are refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'settings-'))
    const { store, health } = guardedTestStore(dir, 'app')
    store.set('settings', { theme: 42, language: 'zh-CN' })
    const service = new SettingsService(store)
    expect(service.get()).toEqual({ ...defaultSettings, language: 'zh-CN' })
    expect(health.notices()).toMatchObject([{ file: 'app.json', problem: 'damaged' }])
    const aside = readdirSync(dir).find((f) => f.startsWith('app.json.corrupt-'))!
    expect(JSON.parse(readFileSync(join(dir, aside), 'utf8'))).toEqual({ settings: { theme: 42, language: 'zh-CN' } })
    expect(() => service.update({ retention: { keepLast: 0, dailyForDays: 1, weeklyForWeeks: 1 } })).toThrow()
    expect(store.get('settings')).toEqual({ theme: 42, language: 'zh-CN' })
  })

  it.each(BASE_URL_CASES)('the custom address %s is %s', (url, expected) => {
    const service = new SettingsService(openStore())
    if (expected === false)
      expect(() => service.update({ customBaseUrl: url })).toThrow(expect.objectContaining({ code: 'invalid_base_url' }))
    else expect(service.update({ customBaseUrl: url }).customBaseUrl).toBe(expected)
  })
})
