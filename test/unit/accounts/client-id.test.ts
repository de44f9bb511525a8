import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildClientIds as fromBuildEnv } from '../../../electron.vite.config'
import { DeploymentCatalog, LOCAL_CLIENT_ID } from '../../../src/main/accounts/deployment-catalog'
import { SettingsService } from '../../../src/main/settings/settings-service'
import { buildClientIds, checkClientId, resolveClientId } from '../../../src/shared/client-id'
import { defaultSettings, type Settings } from '../../../src/shared/settings'
import { guardedTestStore } from '../../support/stores'

describe('client ids', () => {
  it('an id is visible ASCII without spaces, at most 200 characters; surrounding spaces are dropped', () => {
    expect(checkClientId('  2871@milthm-companion ')).toEqual({ ok: true, id: '2871@milthm-companion' })
    expect(checkClientId('companion-desktop')).toEqual({ ok: true, id: 'companion-desktop' })
    for (const bad of ['', '   ', 'two words', 'tab\tid', 'ü-client', 'x'.repeat(201), 'line\nbreak'])
      expect(checkClientId(bad).ok, JSON.stringify(bad)).toBe(false)
    expect(checkClientId('x'.repeat(200)).ok).toBe(true)
  })

  it('Settings over the build over the built-in one over none; an id that is not one is passed over', () => {
    const build = { global: 'build-global', china: 'build-china' }
    expect(resolveClientId('global', { global: 'mine' }, build)).toEqual({ id: 'mine', source: 'settings' })
    expect(resolveClientId('global', {}, build)).toEqual({ id: 'build-global', source: 'build' })
    expect(resolveClientId('global', { global: 'not an id' }, build)).toEqual({ id: 'build-global', source: 'build' })
    expect(resolveClientId('china', {}, {})).toBeNull()
    expect(resolveClientId('local', {}, {}, LOCAL_CLIENT_ID)).toEqual({ id: LOCAL_CLIENT_ID, source: 'builtin' })
    expect(resolveClientId('local', { local: 'mine' }, {}, LOCAL_CLIENT_ID)).toEqual({ id: 'mine', source: 'settings' })
  })

  it('the catalog shows each deployment with its id and where it comes from', () => {
    let settings: Settings = { ...defaultSettings }
    const catalog = new DeploymentCatalog(() => settings, 'http://127.0.0.1:8723/global/api', [], { china: 'build-china' })
    expect(catalog.view('global')).toMatchObject({ clientId: null, clientIdSource: null })
    expect(catalog.view('china')).toMatchObject({ clientId: 'build-china', clientIdSource: 'build' })
    expect(catalog.view('local')).toMatchObject({ clientId: LOCAL_CLIENT_ID, clientIdSource: 'builtin' })
    settings = { ...settings, clientIds: { global: 'player-global', china: 'player-china' } }
    expect(catalog.view('global')).toMatchObject({ clientId: 'player-global', clientIdSource: 'settings' })
    expect(catalog.view('china')).toMatchObject({ clientId: 'player-china', clientIdSource: 'settings' })
  })

  it('Settings refuse an id that is not one, saying which deployment; a kept one that is not one is dropped', () => {
    const { store } = guardedTestStore(mkdtempSync(join(tmpdir(), 'client-ids-')), 'app')
    const service = new SettingsService(store)
    expect(service.update({ clientIds: { global: ' 2871@milthm ' } }).clientIds).toEqual({ global: '2871@milthm' })
    expect(() => service.update({ clientIds: { china: 'has spaces in it' } })).toThrow(
      expect.objectContaining({ code: 'invalid_input', message: expect.stringMatching(/china client id may hold only visible ASCII/) })
    )
    expect(() => service.update({ clientIds: { mars: 'abc' } })).toThrow(expect.objectContaining({ code: 'invalid_input' }))
    expect(service.get().clientIds).toEqual({ global: '2871@milthm' })
    store.set('settings', { ...defaultSettings, clientIds: { global: 'ok-id', china: 'not ok', mars: 'x' } })
    expect(new SettingsService(store).get().clientIds).toEqual({ global: 'ok-id' })
  })

  it("at build time: COMPANION_CLIENT_ID_GLOBAL / _CHINA become the build's ids; one that is not an id stops the build", () => {
    expect(fromBuildEnv({ COMPANION_CLIENT_ID_GLOBAL: 'g-1', COMPANION_CLIENT_ID_CHINA: ' c-2 ' })).toEqual({ global: 'g-1', china: 'c-2' })
    expect(fromBuildEnv({})).toEqual({})
    expect(() => fromBuildEnv({ COMPANION_CLIENT_ID_CHINA: 'two words' })).toThrow(/COMPANION_CLIENT_ID_CHINA may hold only visible ASCII/)
    // What main reads back from the build: only known deployments and real ids.
    expect(buildClientIds({ global: 'g-1', mars: 'x', china: 'bad id', local: 7 })).toEqual({ global: 'g-1' })
    expect(buildClientIds(null)).toEqual({})
  })
})
