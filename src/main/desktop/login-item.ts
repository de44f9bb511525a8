import { join } from 'node:path'

/** The argument a start at login passes: the app starts hidden, in the tray. */
export const HIDDEN_ARG = '--hidden'

export type LoginItemPlan =
  | { kind: 'login-item'; settings: { openAtLogin: boolean; openAsHidden: boolean; path: string; args: string[] } }
  | { kind: 'autostart-file'; path: string; content: string | null }

/**
 * How "start at login" is done on each platform: Windows and macOS through the login items
 * (`app.setLoginItemSettings`), Linux (and the other Unix desktops) through an XDG autostart entry.
 * `content: null` means the entry is removed.
 */
export function loginItemPlan(input: {
  platform: string
  enabled: boolean
  execPath: string
  appName: string
  configHome: string
}): LoginItemPlan {
  if (input.platform === 'win32' || input.platform === 'darwin') {
    return {
      kind: 'login-item',
      settings: { openAtLogin: input.enabled, openAsHidden: input.enabled, path: input.execPath, args: input.enabled ? [HIDDEN_ARG] : [] }
    }
  }
  const path = join(input.configHome, 'autostart', 'game-account-companion.desktop')
  if (!input.enabled) return { kind: 'autostart-file', path, content: null }
  // Desktop entry Exec: quote the path (spaces) and escape what the spec reserves.
  const exec = `"${input.execPath.replace(/(["`$\\])/g, '\\$1')}" ${HIDDEN_ARG}`
  const content = [
    '[Desktop Entry]',
    'Type=Application',
    `Name=${input.appName}`,
    `Exec=${exec}`,
    'X-GNOME-Autostart-enabled=true',
    'NoDisplay=false',
    'Terminal=false',
    ''
  ].join('\n')
  return { kind: 'autostart-file', path, content }
}
