import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fakeState } from '../../support/electron-fake'
import { electronSecretCipher } from '../../../src/main/electron/secret-cipher'
import { openElectronStore } from '../../../src/main/electron/store'
import { registerIpc } from '../../../src/main/electron/ipc'
import { createCore } from '../../../src/main/core/create-core'
import { createDispatcher } from '../../../src/main/ipc/dispatcher'

describe('electron adapter (against the fake electron module)', () => {
  it('stores JSON through electron-store in the userData folder, readable by this user only', () => {
    const store = openElectronStore('adapter-test')
    store.set('k', { a: 1 })
    const path = join(fakeState.userData, 'adapter-test.json')
    expect(existsSync(path)).toBe(true)
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ k: { a: 1 } })
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600)
  })

  it('reports the protection level and round-trips a secret', async () => {
    expect(await electronSecretCipher.protection()).toBe('protected')
    const cipherText = await electronSecretCipher.encrypt('s3cret')
    expect(cipherText).not.toContain('s3cret')
    expect(await electronSecretCipher.decrypt(cipherText)).toBe('s3cret')
  })

  it('registers every channel and refuses calls from a frame that is not the app window', async () => {
    const core = createCore({
      identity: { name: 'n', version: '9.9.9', platform: 'linux', host: 'electron', systemLanguage: 'en' },
      dataDir: fakeState.userData,
      openRawStore: openElectronStore,
      openExternal: async () => {},
      secretCipher: electronSecretCipher
    })
    const mainFrame = { url: 'app://bundle/index.html' }
    const webContents = { mainFrame, send: () => {} }
    const win = { webContents, isDestroyed: () => false }
    registerIpc(
      createDispatcher({ handlers: core.handlers, isTrustedSender: (s) => s.url.startsWith('app://bundle/') }),
      core.events,
      () => win as never
    )
    const registered = fakeState.handlers.get('app:bootstrap')!
    // Just the parts of an IPC event the sender check reads.
    const handler = (event: { sender: object; senderFrame: object }) => registered(event as never)
    expect(await handler({ sender: webContents, senderFrame: mainFrame })).toMatchObject({ ok: true, value: { version: '9.9.9' } })
    const otherFrame = { url: 'app://bundle/index.html' }
    expect(await handler({ sender: webContents, senderFrame: otherFrame })).toMatchObject({
      ok: false,
      error: { code: 'forbidden_sender' }
    })
    expect(await handler({ sender: {}, senderFrame: mainFrame })).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } })
  })
})
