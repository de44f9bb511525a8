import { describe, expect, it } from 'vitest'
import { appMenu } from '../../../src/main/desktop/app-menu'
import { HIDDEN_ARG, loginItemPlan } from '../../../src/main/desktop/login-item'
import { closeAction, trayMenu } from '../../../src/main/desktop/tray-menu'
import { clampBounds, DEFAULT_SIZE } from '../../../src/main/desktop/window-state'

describe('the tray', () => {
  it('says the last backup and the next check, in the UI language, and offers Back up now, Open, Quit', () => {
    const at = Date.UTC(2026, 10, 22, 8, 30)
    const en = trayMenu({ lastBackupAt: at, nextCheckAt: at + 6 * 3_600_000, running: false }, 'en')
    expect(en.items.filter((i) => i.type === 'status').map((i) => (i as { label: string }).label)).toEqual([
      expect.stringMatching(/^Last backup: Nov 22, 2026/),
      expect.stringMatching(/^Next automatic check: Nov 22, 2026/)
    ])
    expect(en.items.flatMap((i) => (i.type === 'action' ? [i.action] : []))).toEqual(['backup-now', 'open', 'quit'])
    const zh = trayMenu({ lastBackupAt: null, nextCheckAt: null, running: true }, 'zh-CN')
    expect(zh.items.map((i) => ('label' in i ? i.label : '-'))).toEqual([
      '还没有备份',
      '正在备份…',
      '-',
      '立即备份',
      '打开游戏账号助手',
      '-',
      '退出'
    ])
    expect(zh.items.find((i) => i.type === 'action' && i.action === 'backup-now')).toMatchObject({ enabled: false })
  })

  it('closing the window hides it only with automatic backup on and "keep running" chosen', () => {
    expect(closeAction({ keepRunningInTray: true, autoBackup: { enabled: true } }, 'win32')).toBe('hide')
    expect(closeAction({ keepRunningInTray: true, autoBackup: { enabled: false } }, 'linux')).toBe('quit')
    expect(closeAction({ keepRunningInTray: false, autoBackup: { enabled: true } }, 'linux')).toBe('quit')
    expect(closeAction({ keepRunningInTray: false, autoBackup: { enabled: true } }, 'darwin')).toBe('close-window')
  })
})

describe('start at login', () => {
  const base = {
    execPath: '/opt/Game Account Companion/game-account-companion',
    appName: 'Game Account Companion',
    configHome: '/home/p/.config'
  }
  it('Windows and macOS use the login items, starting hidden', () => {
    for (const platform of ['win32', 'darwin']) {
      expect(loginItemPlan({ ...base, platform, enabled: true })).toEqual({
        kind: 'login-item',
        settings: { openAtLogin: true, openAsHidden: true, path: base.execPath, args: [HIDDEN_ARG] }
      })
      expect(loginItemPlan({ ...base, platform, enabled: false })).toMatchObject({ settings: { openAtLogin: false, args: [] } })
    }
  })
  it('Linux writes an XDG autostart entry (quoted path, hidden), and removes it when turned off', () => {
    const on = loginItemPlan({ ...base, platform: 'linux', enabled: true })
    expect(on).toMatchObject({ kind: 'autostart-file', path: '/home/p/.config/autostart/game-account-companion.desktop' })
    const content = (on as { content: string }).content
    expect(content).toContain('[Desktop Entry]\nType=Application\nName=Game Account Companion\n')
    expect(content).toContain(`Exec="${base.execPath}" --hidden\n`)
    expect(loginItemPlan({ ...base, platform: 'linux', enabled: false })).toMatchObject({ content: null })
  })
})

describe('window state', () => {
  const primary = { x: 0, y: 0, width: 1920, height: 1040 }
  const second = { x: 1920, y: 0, width: 1280, height: 1000 }
  it('puts a saved window back where it was on a display that still exists', () => {
    expect(clampBounds({ x: 2000, y: 50, width: 1100, height: 700, maximized: false }, [primary, second])).toEqual({
      x: 2000,
      y: 50,
      width: 1100,
      height: 700,
      maximized: false
    })
  })
  it('brings a window from a display that is gone back onto one, no larger than it', () => {
    expect(clampBounds({ x: 4000, y: 300, width: 2500, height: 1400, maximized: true }, [primary])).toEqual({
      x: 0,
      y: 0,
      width: 1920,
      height: 1040,
      maximized: true
    })
    expect(clampBounds({ x: -500, y: -40, width: 1000, height: 700, maximized: false }, [primary])).toMatchObject({ x: 0, y: 0 })
  })
  it('a saved state that does not read gives the default size', () => {
    expect(clampBounds('garbage', [primary])).toEqual({ ...DEFAULT_SIZE, maximized: false })
    expect(clampBounds({ x: 1, y: 1, width: -5, height: 10, maximized: false }, [primary])).toEqual({ ...DEFAULT_SIZE, maximized: false })
  })
})

describe('the application menu', () => {
  const links = {
    readme: 'https://example.test/readme',
    account: 'https://accounts.example.test',
    tokens: 'https://accounts.example.test/settings/tokens'
  }
  const commands = (platform: string) =>
    appMenu({ platform, language: 'en', appName: 'Game Account Companion', links })
      .flatMap((s) => s.entries)
      .flatMap((e) => (e.kind === 'command' ? [[e.accelerator, e.command]] : []))
  it("has the shortcuts: refresh, settings, and the seven screens in the navigation's order", () => {
    expect(commands('linux')).toEqual([
      ['CmdOrCtrl+,', { type: 'navigate', screen: 'settings' }],
      ['CmdOrCtrl+R', { type: 'refresh' }],
      ['CmdOrCtrl+1', { type: 'navigate', screen: 'profile' }],
      ['CmdOrCtrl+2', { type: 'navigate', screen: 'scores' }],
      ['CmdOrCtrl+3', { type: 'navigate', screen: 'sessions' }],
      ['CmdOrCtrl+4', { type: 'navigate', screen: 'reality' }],
      ['CmdOrCtrl+5', { type: 'navigate', screen: 'progress' }],
      ['CmdOrCtrl+6', { type: 'navigate', screen: 'backups' }],
      ['CmdOrCtrl+7', { type: 'navigate', screen: 'settings' }]
    ])
  })
  it('keeps the standard Edit roles (copy and paste in fields), gives macOS its app menu, and links to help', () => {
    const mac = appMenu({ platform: 'darwin', language: 'zh-CN', appName: 'Game Account Companion', links })
    expect(mac[0]).toMatchObject({ role: 'appMenu', label: 'Game Account Companion' })
    const edit = mac.find((s) => s.role === 'editMenu')!
    expect(edit.label).toBe('编辑')
    expect(edit.entries.flatMap((e) => (e.kind === 'role' ? [e.role] : []))).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll'])
    const help = mac.find((s) => s.role === 'help')!
    expect(help.entries.map((e) => (e.kind === 'link' ? e.url : null))).toEqual([links.readme, links.account, links.tokens])
    expect(appMenu({ platform: 'win32', language: 'en', appName: 'x', links })[0]!.label).toBe('File')
  })
})
