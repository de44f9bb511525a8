// The Electron entry point itself (src/main/electron/main.ts), booted against the `electron`
// stand-in: the tray, the close button, the menu, start at login and notifications do what the
// issue asks, through the same services and IPC the window uses, against the reference service.
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import type { Library } from '../../src/shared/backups'
import type { InvokeArgs, InvokeChannel, InvokeResult } from '../../src/shared/ipc/contract'
import { sealSecret } from '../../src/shared/seal'
import { APP_README_URL } from '../../src/main/desktop/desktop-shell'
import { emitAppEvent, fakeState, type BrowserWindow, type FakeMenu, type Tray } from '../support/electron-fake'

let service: ReferenceService
const configHome = mkdtempSync(join(tmpdir(), 'companion-xdg-'))
const autostartFile = join(configHome, 'autostart', 'game-account-companion.desktop')

beforeAll(async () => {
  service = await startReferenceService({ testControls: true })
  process.env.COMPANION_LOCAL_BASE_URL = service.deployments.global.base_url
  process.env.XDG_CONFIG_HOME = configHome
  await import('../../src/main/electron/main')
  // main.ts builds the window once `app.whenReady()` resolves (at once in the stand-in).
  for (let i = 0; i < 100 && fakeState.windows.length === 0; i++) await new Promise((r) => setTimeout(r, 20))
})
afterAll(async () => {
  delete process.env.COMPANION_LOCAL_BASE_URL
  delete process.env.XDG_CONFIG_HOME
  await service?.close()
})

const window = (): BrowserWindow => fakeState.windows.at(-1)!
/** Calls a channel as the window's page does: through ipcMain, from the window's own top frame. */
async function invoke<C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>): Promise<InvokeResult<C>> {
  const win = window()
  const handler = fakeState.handlers.get(channel)!
  const result = (await handler({ sender: win.webContents, senderFrame: win.webContents.mainFrame } as never, ...args)) as {
    ok: boolean
    value?: unknown
    error?: { message: string }
  }
  if (!result.ok) throw new Error(result.error!.message)
  return result.value as InvokeResult<C>
}
const sentToPage = (channel: string) =>
  fakeState.windows.flatMap((w) => w.webContents.sent.filter((m) => m.channel === channel).map((m) => m.payload))
const tray = (): Tray | undefined => fakeState.trays.filter((t) => !t.destroyed).at(-1)
const itemOf = (menu: FakeMenu | null, label: RegExp) => menu!.items().find((i) => typeof i.label === 'string' && label.test(i.label))
const click = (item: { click?: unknown } | undefined) => (item!.click as () => void)()
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

describe('the desktop shell, booted from main.ts against the electron stand-in', () => {
  let accountId = ''

  it('opens one hardened window and signs in through the same IPC the page uses', async () => {
    expect(fakeState.windows).toHaveLength(1)
    expect(window().options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      disableBlinkFeatures: 'Auxclick'
    })
    const token = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!.user_token
    const sealed = await sealSecret(await invoke('accounts:sealKey'), token)
    accountId = (await invoke('accounts:addUserToken', 'local', sealed)).account.id
    expect(accountId).not.toBe('')
    // The Help menu follows the sign-in at once, and its links go through the app's link policy.
    const accountPage = itemOf(fakeState.applicationMenu, /^Your account on the service$/)
    expect(accountPage).toBeDefined()
    click(accountPage)
    click(itemOf(fakeState.applicationMenu, /README/))
    await expect.poll(() => fakeState.opened).toEqual(expect.arrayContaining([new URL(service.deployments.global.base_url).origin + '/']))
    expect(fakeState.opened).toContain(APP_README_URL)
  })

  it('with "keep running in the tray" a tray appears; its Back up now saves the real save through the backup service', async () => {
    expect(tray()).toBeUndefined()
    await invoke('settings:update', { keepRunningInTray: true, autoBackup: { enabled: false, everyHours: 24 } })
    await expect.poll(() => tray()).toBeDefined()
    expect(tray()!.tooltip).toContain('No backup yet')
    click(itemOf(tray()!.menu, /^Back up now$/))
    await expect
      .poll(() => (sentToPage('backups:changed') as Library[]).some((l) => l.accountId === accountId && l.entries.length > 0), {
        timeout: 20_000
      })
      .toBe(true)
    const library = (sentToPage('backups:changed') as Library[]).filter((l) => l.accountId === accountId).at(-1)!
    const truth = await service.controls.saveFile('global', 'alice')
    const bytes = readFileSync(library.entries[0]!.path!)
    expect({ size: bytes.length, sha256: sha(bytes) }).toEqual({ size: truth.size, sha256: truth.sha256 })
    // The tray says so, and the player was told (a notification that opens the backups screen).
    await expect.poll(() => tray()!.tooltip).toMatch(/Last backup: /)
    const notification = fakeState.notifications.at(-1)!
    expect(notification.options.title).toBe('Backup saved')
    notification.listeners.get('click')!()
    expect(sentToPage('app:command').at(-1)).toEqual({ type: 'navigate', screen: 'backups', accountId })
  })

  it('closing the window with automatic backup on hides it and keeps the schedule; Open shows it again', async () => {
    await invoke('settings:update', { autoBackup: { enabled: true, everyHours: 6 } })
    await expect.poll(() => tray()!.tooltip).toMatch(/Next automatic check: /)
    window().close()
    expect(window().destroyed).toBe(false)
    expect(window().visible).toBe(false)
    expect(fakeState.quitRequests).toBe(0)
    expect(tray()!.tooltip).toMatch(/Next automatic check: /)
    click(itemOf(tray()!.menu, /^Open /))
    expect(window().visible).toBe(true)
    // The window's size and place were kept for the next start.
    expect(JSON.parse(readFileSync(join(fakeState.userData, 'window.json'), 'utf8'))).toMatchObject({
      state: { width: expect.any(Number), height: expect.any(Number), maximized: false }
    })
  })

  it('menu shortcuts reach the window as commands, and the menu follows the language', async () => {
    const menu = () => fakeState.applicationMenu
    expect(itemOf(menu(), /^Refresh data$/)?.accelerator).toBe('CmdOrCtrl+R')
    click(itemOf(menu(), /^Refresh data$/))
    expect(sentToPage('app:command').at(-1)).toEqual({ type: 'refresh' })
    const scores = menu()!
      .items()
      .find((i) => i.accelerator === 'CmdOrCtrl+2')
    click(scores)
    expect(sentToPage('app:command').at(-1)).toMatchObject({ type: 'navigate' })
    expect(
      menu()!
        .items()
        .some((i) => i.role === 'copy' || i.role === 'editMenu')
    ).toBe(true)
    await invoke('settings:update', { language: 'zh-CN' })
    expect(itemOf(menu(), /^刷新数据$/)?.accelerator).toBe('CmdOrCtrl+R')
    expect(tray()!.tooltip).toContain('上次备份')
    await invoke('settings:update', { language: 'en' })
  })

  it('start at login writes the Linux autostart entry (hidden start) and removes it when turned off', async () => {
    expect(existsSync(autostartFile)).toBe(false)
    await invoke('settings:update', { startAtLogin: true })
    expect(readFileSync(autostartFile, 'utf8')).toContain(`Exec="${process.execPath}" --hidden`)
    await invoke('settings:update', { startAtLogin: false })
    expect(existsSync(autostartFile)).toBe(false)
  })

  it('without "keep running", closing quits; the tray goes; Quit from the tray quits', async () => {
    await invoke('settings:update', { keepRunningInTray: false })
    await expect.poll(() => tray()).toBeUndefined()
    window().close()
    expect(window().destroyed).toBe(true)
    expect(fakeState.quitRequests).toBe(1)
    // Nothing left behind: a second quit request finds the app already stopping, and does not throw.
    expect(() => emitAppEvent('before-quit')).not.toThrow()
  })
})
