import type { Language } from '../../shared/settings'
import type { AutoBackupNote } from '../backups/auto-backup'
import { formatWhen, messagesFor } from '../i18n'

export interface TrayState {
  /** The newest backup in any account's library this app knows of. */
  lastBackupAt: number | null
  /** When automatic backup checks next; null when it is off. */
  nextCheckAt: number | null
  running: boolean
  /** Quiet notes of automatic backup (no cloud save yet, downloads used up until tomorrow). */
  notes?: readonly AutoBackupNote[]
}

export type TrayAction = 'backup-now' | 'open' | 'quit'
export type TrayItem =
  { type: 'status'; label: string } | { type: 'action'; action: TrayAction; label: string; enabled: boolean } | { type: 'separator' }

/** The tray's tooltip and menu: status first (last backup, next check), then Back up now, Open, Quit. */
export function trayMenu(state: TrayState, language: Language): { tooltip: string; items: TrayItem[] } {
  const text = messagesFor(language).tray
  const last = state.lastBackupAt === null ? text.noBackupYet : text.lastBackup(formatWhen(state.lastBackupAt, language))
  const next = state.running
    ? text.running
    : state.nextCheckAt === null
      ? text.autoOff
      : text.nextCheck(formatWhen(state.nextCheckAt, language))
  return {
    tooltip: `${text.tooltip}\n${last}\n${next}`,
    items: [
      { type: 'status', label: last },
      { type: 'status', label: next },
      ...(state.notes ?? []).map((note): TrayItem => ({
        type: 'status',
        label: note.kind === 'no_cloud_save' ? text.noCloudSave(note.name) : text.quotaWait(note.name)
      })),
      { type: 'separator' },
      { type: 'action', action: 'backup-now', label: text.backUpNow, enabled: !state.running },
      { type: 'action', action: 'open', label: text.open, enabled: true },
      { type: 'separator' },
      { type: 'action', action: 'quit', label: text.quit, enabled: true }
    ]
  }
}

/**
 * What closing the window does: with automatic backup on and "keep running in the tray" chosen,
 * the window hides and the schedule goes on; otherwise the app quits (macOS keeps its usual
 * "closing the window is not quitting" either way).
 */
export function closeAction(
  settings: { keepRunningInTray: boolean; autoBackup: { enabled: boolean } },
  platform: string
): 'hide' | 'quit' | 'close-window' {
  if (settings.keepRunningInTray && settings.autoBackup.enabled) return 'hide'
  return platform === 'darwin' ? 'close-window' : 'quit'
}
