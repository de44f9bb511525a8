import type { AppCommand, Language } from '../../shared/settings'
import { messagesFor } from '../i18n'

/** A menu entry: a standard role, a separator, an app command with its shortcut, or a link. */
export type MenuEntry =
  | { kind: 'role'; role: string }
  | { kind: 'separator' }
  | { kind: 'command'; label: string; accelerator?: string; command: AppCommand }
  | { kind: 'link'; label: string; url: string }
export interface MenuSection {
  label: string
  role?: string
  entries: MenuEntry[]
}

/** The screens in the navigation's order, each with its number. */
const SCREEN_KEYS = [
  ['profile', '1'],
  ['scores', '2'],
  ['sessions', '3'],
  ['reality', '4'],
  ['progress', '5'],
  ['backups', '6'],
  ['settings', '7']
] as const

/**
 * The application menu: the standard roles (Edit, so copy and paste work in fields; View; Window),
 * Go with the screens (Ctrl/Cmd+1…7), Refresh (Ctrl/Cmd+R, F5) and Settings (Ctrl/Cmd+,), and Help
 * with the README and the account pages. macOS gets its app menu first.
 */
// eslint-disable-next-line max-lines-per-function -- the menu as one template, in the order it is shown
export function appMenu(input: {
  platform: string
  language: Language
  appName: string
  links: { readme: string; account: string | null; tokens: string | null }
}): MenuSection[] {
  const text = messagesFor(input.language).menu
  const mac = input.platform === 'darwin'
  const settings: MenuEntry = {
    kind: 'command',
    label: text.settings,
    accelerator: 'CmdOrCtrl+,',
    command: { type: 'navigate', screen: 'settings' }
  }
  const sections: MenuSection[] = []
  if (mac)
    sections.push({
      label: input.appName,
      role: 'appMenu',
      entries: [
        { kind: 'role', role: 'about' },
        { kind: 'separator' },
        settings,
        { kind: 'separator' },
        { kind: 'role', role: 'hide' },
        { kind: 'role', role: 'hideOthers' },
        { kind: 'role', role: 'unhide' },
        { kind: 'separator' },
        { kind: 'role', role: 'quit' }
      ]
    })
  else sections.push({ label: text.file, entries: [settings, { kind: 'separator' }, { kind: 'role', role: 'quit' }] })
  sections.push(
    {
      label: text.edit,
      role: 'editMenu',
      entries: ['undo', 'redo', 'separator', 'cut', 'copy', 'paste', 'selectAll'].map((role) =>
        role === 'separator' ? { kind: 'separator' } : { kind: 'role', role }
      )
    },
    {
      label: text.view,
      entries: [
        { kind: 'command', label: text.refresh, accelerator: 'CmdOrCtrl+R', command: { type: 'refresh' } },
        { kind: 'separator' },
        { kind: 'role', role: 'resetZoom' },
        { kind: 'role', role: 'zoomIn' },
        { kind: 'role', role: 'zoomOut' },
        { kind: 'separator' },
        { kind: 'role', role: 'togglefullscreen' }
      ]
    },
    {
      label: text.go,
      entries: SCREEN_KEYS.map(([screen, key]) => ({
        kind: 'command',
        label: text[screen === 'settings' ? 'settings' : screen],
        accelerator: `CmdOrCtrl+${key}`,
        command: { type: 'navigate', screen }
      }))
    },
    {
      label: text.window,
      role: 'windowMenu',
      entries: [
        { kind: 'role', role: 'minimize' },
        { kind: 'role', role: 'zoom' },
        ...(mac ? [{ kind: 'role', role: 'front' } as const] : [{ kind: 'role', role: 'close' } as const])
      ]
    },
    {
      label: text.help,
      role: 'help',
      entries: [
        { kind: 'link', label: text.readme, url: input.links.readme },
        ...(input.links.account ? [{ kind: 'link', label: text.accountPage, url: input.links.account } as const] : []),
        ...(input.links.tokens ? [{ kind: 'link', label: text.tokensPage, url: input.links.tokens } as const] : [])
      ]
    }
  )
  return sections
}
