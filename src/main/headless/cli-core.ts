import { mkdirSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { Language } from '../../shared/settings'
import { defaultBackupFolder } from '../backups/library'
import type { DownloadLimits } from '../backups/download'
import { CHART_LIST_STORES } from '../chart-list/legacy-names'
import { createCore, type Core } from '../core/create-core'
import type { SystemFacts } from '../game-folder/locate'
import { DEFAULT_DOCUMENTS_DIR } from '../kernel/context'
import { confStoreOpener } from '../platform-node/conf-store'
import type { ListProcesses } from '../platform-node/processes'
import type { FileSystem, OpenRawStore } from '../ports'
import type { NicknameSubmissions } from '../profile/nickname'
import type { LibraryPlace } from '../settings/module'

/** The backup folder of the CLI's `--dir` when none is given: the app's default library. */
export const DEFAULT_BACKUP_DIR = defaultBackupFolder(DEFAULT_DOCUMENTS_DIR)

/** How long a CLI command waits for another program (the app, another run) holding a library folder's lock. */
const CLI_LOCK_WAIT_MS = 10 * 60_000

/** The CLI's own data (nickname submissions, the chart list): never the app's folder. */
export function defaultCliDataDir(): string {
  if (process.platform === 'win32') return join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Game Account Companion CLI')
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Game Account Companion CLI')
  return join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'game-account-companion-cli')
}

/** The stores the CLI keeps in its data folder; every other store (settings, its one account) lives for one command only. */
const KEPT_STORES = new Set<string>(Object.values(CHART_LIST_STORES))

const memoryStore = () => {
  const values = new Map<string, unknown>()
  return {
    get: (key: string) => values.get(key),
    set: (key: string, value: unknown) => void values.set(key, value),
    delete: (key: string) => void values.delete(key)
  }
}

/**
 * The CLI's stores: the chart list's are kept in its data folder, which is made (and the store opened) on the
 * first read or write, so a command that uses nothing of it writes nothing there; every other store is memory.
 */
function cliStores(dataDir: string): OpenRawStore {
  const kept = confStoreOpener(dataDir)
  return (name) => {
    if (!KEPT_STORES.has(name)) return memoryStore()
    let opened: ReturnType<typeof kept> | null = null
    const store = () => {
      if (opened) return opened
      mkdirSync(dataDir, { recursive: true, mode: 0o700 })
      return (opened = kept(name))
    }
    return { get: (key) => store().get(key), set: (key, value) => store().set(key, value), delete: (key) => store().delete(key) }
  }
}

const refuse = (what: string) => async () => {
  throw new Error(`The CLI has no ${what}.`)
}

export interface CliPorts {
  version: string
  language: Language
  dataDir: string
  files?: FileSystem
  fetch: typeof fetch
  /** Where nickname submissions are kept (a file per account in the data folder). */
  submissions: NicknameSubmissions
  /** The library and retention of the command being run (`--dir`, `--keep-*`). */
  library: () => LibraryPlace
  downloadLimits?: Partial<DownloadLimits>
  onDownloadRequest?: (method: string, urlWithoutQuery: string, status: number) => void
  /** Where the game is looked for, and what runs on this computer (tests give fakes); default: this computer's. */
  system?: SystemFacts
  processes?: ListProcesses
}

/**
 * The CLI's core: `createCore` with the CLI's ports (its stores, no browser, no keyring: a credential lives in
 * memory for the command) and options (its language, library and retention, its nickname file, a long wait for
 * a lock another program holds). Building it reads and writes nothing: each command uses what it needs.
 */
export function cliCore(o: CliPorts): Core {
  const lock = { lockWaitMs: CLI_LOCK_WAIT_MS }
  return createCore(
    {
      identity: {
        name: 'Game Account Companion CLI',
        version: o.version,
        platform: process.platform,
        host: 'web',
        systemLanguage: o.language,
        program: 'cli'
      },
      dataDir: o.dataDir,
      openRawStore: cliStores(o.dataDir),
      openExternal: refuse('browser'),
      secretCipher: { protection: async () => 'unavailable', encrypt: refuse('keyring'), decrypt: refuse('keyring') },
      files: o.files,
      fetch: o.fetch
    },
    {
      settings: { language: o.language, library: o.library },
      chartList: { url: process.env.COMPANION_CHART_LIST_URL || null },
      profile: { submissions: o.submissions },
      backups: { ...lock, downloadLimits: o.downloadLimits, onDownloadRequest: o.onDownloadRequest },
      gameFolder: { ...lock, system: o.system, pollMs: null },
      restore: { ...lock, processes: o.processes }
    }
  )
}
