import { app, BrowserWindow, Menu, nativeImage, screen, Tray, type MenuItemConstructorOptions } from 'electron'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Core } from '../core/create-core'
import { appMenu, type MenuSection } from '../desktop/app-menu'
import { loginItemPlan } from '../desktop/login-item'
import { trayMenu } from '../desktop/tray-menu'
import { clampBounds, type WindowState } from '../desktop/window-state'

type Shell = Core['desktop']

/** Calls `draw` with the model now, and again whenever the shell changes and the model with it. */
function redrawOnChange<T>(shell: Shell, model: () => T, draw: (model: T) => void): () => void {
  let last = ''
  const redraw = () => {
    const next = model()
    const key = JSON.stringify(next)
    if (key === last) return
    last = key
    draw(next)
  }
  redraw()
  return shell.onChange(redraw)
}

/** The application menu, rebuilt when the language or the active account changes. */
export function installAppMenu(shell: Shell, show: () => void): void {
  const build = (sections: MenuSection[]) =>
    Menu.buildFromTemplate(
      sections.map((section) => ({
        label: section.label,
        role: section.role as MenuItemConstructorOptions['role'],
        submenu: section.entries.map((entry): MenuItemConstructorOptions => {
          if (entry.kind === 'separator') return { type: 'separator' }
          if (entry.kind === 'role') return { role: entry.role as MenuItemConstructorOptions['role'] }
          if (entry.kind === 'link') return { label: entry.label, click: () => void shell.openLink(entry.url).catch(() => {}) }
          return {
            label: entry.label,
            accelerator: entry.accelerator,
            click: () => {
              show()
              shell.command(entry.command)
            }
          }
        })
      }))
    )
  redrawOnChange(
    shell,
    () => appMenu({ platform: process.platform, language: shell.language(), appName: app.getName(), links: shell.helpLinks() }),
    (sections) => Menu.setApplicationMenu(build(sections))
  )
}

/** The tray (menu-bar on macOS) icon: status, Back up now, Open, Quit. Returns what removes it. */
export function installTray(shell: Shell, iconPath: string, actions: { open(): void; quit(): void }): () => void {
  const image = nativeImage.createFromPath(iconPath).resize({ width: 18, height: 18 })
  const tray = new Tray(image)
  const stop = redrawOnChange(
    shell,
    () => trayMenu(shell.trayState(), shell.language()),
    ({ tooltip, items }) => {
      tray.setToolTip(tooltip)
      tray.setContextMenu(
        Menu.buildFromTemplate(
          items.map((item): MenuItemConstructorOptions => {
            if (item.type === 'separator') return { type: 'separator' }
            if (item.type === 'status') return { label: item.label, enabled: false }
            const click = item.action === 'backup-now' ? () => void shell.backUpNow() : item.action === 'open' ? actions.open : actions.quit
            return { label: item.label, enabled: item.enabled, click }
          })
        )
      )
    }
  )
  tray.on('click', actions.open)
  return () => {
    stop()
    tray.destroy()
  }
}

/** Start at login as the setting says (Windows/macOS login items, a Linux autostart entry). */
export function applyLoginItem(enabled: boolean, configHome: string): void {
  const plan = loginItemPlan({ platform: process.platform, enabled, execPath: process.execPath, appName: app.getName(), configHome })
  if (plan.kind === 'login-item') return app.setLoginItemSettings(plan.settings)
  if (plan.content === null) rmSync(plan.path, { force: true })
  else {
    mkdirSync(dirname(plan.path), { recursive: true })
    writeFileSync(plan.path, plan.content, { mode: 0o644 })
  }
}

/** The window's last size and place, fitted to the displays there are now. */
export function restoredBounds(saved: unknown) {
  return clampBounds(
    saved,
    screen.getAllDisplays().map((d) => d.workArea)
  )
}

export function currentWindowState(win: BrowserWindow): WindowState {
  const bounds = win.getNormalBounds()
  return { ...bounds, maximized: win.isMaximized() }
}
