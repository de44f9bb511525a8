import type { KeptRecord } from '../../shared/api'
import type { Library } from '../../shared/backups'
import type { AccountData, ChartListInfo, PlayerStats } from '../../shared/data'
import type { LocalState } from '../../shared/game-folder'
import type { Settings } from '../../shared/settings'

/** A signal one feature raises and others follow (e.g. "an account signed in"): the raiser knows nothing of who listens. */
export class Signal<T> {
  readonly #listeners = new Set<(value: T) => unknown>()

  on(listener: (value: T) => unknown): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Calls every listener and waits for all of them. */
  async fire(value: T): Promise<void> {
    await Promise.all([...this.#listeners].map((listener) => listener(value)))
  }
}

/** A play the player hid (`hidden`) or showed again: its chart, instant (ms) and score. */
export interface HiddenChange {
  chart_id: string
  at: number
  score: number
  hidden: boolean
}

/**
 * A change of an account's play log, in order: plays added (as records, or as the log's own lines), the log rewritten
 * (compaction, an import taken back), or plays hidden or shown again (they stay in the log, and count nowhere).
 */
export type LogChange =
  | { kind: 'records'; records: readonly KeptRecord[]; logBytes: number }
  | { kind: 'lines'; text: Uint8Array; logBytes: number }
  | { kind: 'rewritten'; logBytes: number }
  | { kind: 'hidden'; plays: readonly HiddenChange[]; logBytes: number }

/** The game's folder holds another save: a restore (or its undo) put a library version there. */
export interface GameFolderRestored {
  folder: string
  backupId: string
  snapshotId: string
  status: 'restored' | 'undone'
  at: string
}

/**
 * Every signal between features, with its payload and its one raiser: the list the features share, as the
 * IPC contract is the list the window and main share. A feature follows a signal with `ctx.signals.<name>.on`
 * (its stop goes into `ctx.disposables`); only the feature named raises it. None of them is the renderer's
 * event stream: renaming an event the window receives changes nothing here.
 */
export interface SignalMap {
  /** settings: the settings after a change the player made (a replay of the state is no change). */
  settingsChanged: Settings
  /** accounts: an account signed in (its id); its first sync follows. */
  accountSignedIn: string
  /** accounts: an account is being forgotten (its id); each feature drops what it keeps of it, and the forget waits for them. */
  accountForgetting: string
  /** sync: an account's data as the window is sent it (also on a replay). */
  accountDataChanged: AccountData
  /** sync: an account's bests and plays were read again (plays added by a sync or an import; also on a replay). */
  playerChanged: PlayerStats
  /** sync: every change of an account's play log, in order. */
  playLogChanged: { accountId: string; change: LogChange }
  /** sync: the player's marks on an account's record changed (hidden plays, notes, stars, the list of imports). */
  recordMarksChanged: string
  /** chart-list: the chart list's state (also on a replay; a follower compares it with the one it knew). */
  chartListChanged: ChartListInfo
  /** backups: an account's library as it is now (after a backup, a change of a version, a verification). */
  libraryChanged: Library
  /** game-folder: an account's view of the game's folder and its "This computer" versions. */
  gameFolderChanged: LocalState
  /** restore: a restore or its undo put another save into the game's folder. */
  gameFolderRestored: GameFolderRestored
}

export type Signals = { readonly [K in keyof SignalMap]: Signal<SignalMap[K]> }

/** Every name once: a signal added to the map and not here is a compile error. */
const SIGNAL_NAMES: Record<keyof SignalMap, null> = {
  settingsChanged: null,
  accountSignedIn: null,
  accountForgetting: null,
  accountDataChanged: null,
  playerChanged: null,
  playLogChanged: null,
  recordMarksChanged: null,
  chartListChanged: null,
  libraryChanged: null,
  gameFolderChanged: null,
  gameFolderRestored: null
}

export function createSignals(): Signals {
  return Object.fromEntries(Object.keys(SIGNAL_NAMES).map((name) => [name, new Signal()])) as unknown as Signals
}
