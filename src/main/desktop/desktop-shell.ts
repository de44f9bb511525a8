import type { Library } from '../../shared/backups'
import type { AppCommand, Language, Settings } from '../../shared/settings'
import type { EventHub } from '../ipc/event-hub'
import type { ExternalLinks } from '../shell/external-links'
import type { OpenExternal } from '../ports'
import type { AutoBackupNote } from '../backups/auto-backup'
import type { TrayState } from './tray-menu'

/** The app's own help page: the one link outside the deployments' hosts the app opens. */
export const APP_README_URL = 'https://github.com/game-account-companion/game-account-companion#readme'

export interface DesktopShellDeps {
  events: EventHub
  settings(): Settings
  language(): Language
  clock: { now(): number }
  /** Automatic backup: when it checks next, and one run of it (for "Back up now"). */
  autoBackup: {
    nextRun(now: number): number | null
    runOnce(options: { evenWhenOff: boolean }): Promise<unknown>
    notes?(): AutoBackupNote[]
  }
  backupRunning(): boolean
  /** This computer's save, backed up with the cloud's by "Back up now" (it decides whether it applies). */
  localBackup?(): Promise<void>
  /** The active account's pages (for the Help menu), null where there is none. */
  accountLinks(): { tokens: string | null; account: string | null }
  /** The link policy every other opened link goes through. */
  links: ExternalLinks
  openExternal: OpenExternal
}

/**
 * What the desktop shell (tray, menu, notifications) shows and does: a view over the same services
 * the window uses, and a change signal the shell redraws on. It holds no state of its own beyond
 * the newest backup it has seen.
 */
export function createDesktopShell(deps: DesktopShellDeps) {
  const listeners = new Set<() => void>()
  const changed = () => listeners.forEach((listener) => listener())
  let lastBackupAt: number | null = null
  let backingUp = false
  const unsubscribe = deps.events.addSink((event, payload) => {
    if (event === 'backups:changed') {
      const newest = (payload as Library).entries[0]?.backedUpAt
      if (newest && (lastBackupAt === null || Date.parse(newest) > lastBackupAt)) lastBackupAt = Date.parse(newest)
    } else if (event !== 'backups:progress' && event !== 'settings:changed' && event !== 'accounts:changed') return
    changed()
  })
  return {
    trayState: (): TrayState => ({
      lastBackupAt,
      nextCheckAt: deps.autoBackup.nextRun(deps.clock.now()),
      running: backingUp || deps.backupRunning(),
      notes: deps.autoBackup.notes?.() ?? []
    }),
    language: deps.language,
    settings: deps.settings,
    /** "Back up now" from the tray: every account that can read its save, as automatic backup does, then this computer's. */
    async backUpNow(): Promise<void> {
      backingUp = true
      changed()
      try {
        await deps.autoBackup.runOnce({ evenWhenOff: true })
        await deps.localBackup?.()
      } finally {
        backingUp = false
        changed()
      }
    },
    /** A menu entry, shortcut or notification: the window does it (navigate, refresh). */
    command: (command: AppCommand) => deps.events.emit('app:command', command),
    onChange(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    helpLinks: () => ({ readme: APP_README_URL, ...deps.accountLinks() }),
    /** A Help menu link: the README as it is, the account's pages through the link policy. */
    openLink: (url: string): Promise<unknown> => (url === APP_README_URL ? deps.openExternal(url) : deps.links.open(url)),
    dispose: unsubscribe
  }
}
