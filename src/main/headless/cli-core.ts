import { homedir } from 'node:os'
import { join } from 'node:path'
import { defaultBackupFolder } from '../backups/library'
import { CHART_LIST_STORES } from '../chart-list/legacy-names'
import { DEFAULT_DOCUMENTS_DIR } from '../kernel/context'
import { confStoreOpener } from '../platform-node/conf-store'
import type { OpenRawStore } from '../ports'
import { memoryStore } from '../storage/local-data'

/** The backup folder of the CLI's `--dir` when none is given: the app's default library. */
export const DEFAULT_BACKUP_DIR = defaultBackupFolder(DEFAULT_DOCUMENTS_DIR)

/** How long a CLI command waits for another program (the app, another run) holding a library folder's lock. */
export const CLI_LOCK_WAIT_MS = 10 * 60_000

/** The CLI's own data folder (its nickname submissions, its chart list): never the app's. */
export function defaultCliDataDir(): string {
  if (process.platform === 'win32') return join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Game Account Companion CLI')
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Game Account Companion CLI')
  return join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'game-account-companion-cli')
}

/**
 * The CLI's stores: the chart list's in its data folder, made on first use (a command that uses nothing of it writes
 * nothing there); every other one (its settings, its one account, its credential) in memory, for one command.
 */
export function cliStores(dataDir: string): OpenRawStore {
  const kept = new Set<string>(Object.values(CHART_LIST_STORES))
  const onDisk = confStoreOpener(dataDir, { lazy: true })
  return (name) => (kept.has(name) ? onDisk(name) : memoryStore())
}

/** What the CLI has none of: a system browser, a keyring (a credential lives in memory for the command). */
export const refuse = (what: string) => async () => {
  throw new Error(`The CLI has no ${what}.`)
}
