import type { KeptRecord } from '../../shared/api'
import { AppError } from '../../shared/errors'
import type { ImportSource } from '../../shared/record'
import type { FoldedPlays } from '../cache/bests'
import type { RecordLines } from '../cache/record-log'
import { newPlays, type PlaysRead } from './plays'
import type { PlaysInWorker } from './plays-off-thread'

/** The signed-in account plays are added to. */
export interface ImportAccount {
  id: string
  uid: string | null
  username: string | null
}

/** The account's kept history (the play log), as the sync service offers it. */
export interface PlaysHistory {
  /** Every kept play (those the player hid too: a play is never added twice). */
  records(accountId: string): Promise<readonly Pick<KeptRecord, 'chart_id' | 'score' | 'played_at'>[]>
  /** Adds plays as one import (listed, so it can be taken back). */
  remember(accountId: string, records: readonly KeptRecord[], source: ImportSource): Promise<number>
  /** The kept plays as the log's lines, undecoded (a big import matches them on a worker). */
  keptLines(accountId: string): Promise<Uint8Array>
  /** As `remember`, for new plays given as the log's ready lines, with their bests folded apart. */
  rememberLines(accountId: string, lines: RecordLines, folded: FoldedPlays, source: ImportSource): Promise<number>
}

/** How an import was started: the player asked (`anyUser`: for this account, whoever the file names), or the game's files changed. */
export interface ImportOptions {
  anyUser?: boolean
  automatic?: boolean
}

const sourceOf = (read: object, options: ImportOptions): ImportSource => ({
  kind: 'data.db',
  label: 'file' in read && typeof read.file === 'string' ? read.file : 'data.db',
  automatic: options.automatic ?? false
})

export interface ImportOutcome {
  /** Plays new to the history. */
  added: number
  /** Plays the history already held (the service reported them, or an earlier import added them). */
  alreadyKept: number
  /** Plays of another user in the same file, left out. */
  otherUsers: number
  /** This account's plays the file holds without a usable time, left out. */
  untimed: number
  /** Rows of the file that are no play at all (no chart, a score or numbers no play has), whoever's: left out, counted. */
  unreadable: number
  /** Of those, rows whose score is above 2,000,000 (play-marks.ts). */
  scoreTooHigh: number
}

export const belongsTo = (account: ImportAccount) => (play: Pick<PlaysRead['plays'][number], 'userId' | 'username'>) =>
  (play.userId === null && play.username === null) ||
  (account.uid !== null && play.userId === account.uid) ||
  (play.userId === null && account.username !== null && play.username === account.username)

/** The account a data.db names, among the signed-in ones: the one whose uid (or username) the plays carry. */
export function ownerAmong<T extends ImportAccount>(read: Pick<PlaysRead, 'userIds' | 'usernames'>, accounts: readonly T[]): T | null {
  return (
    accounts.find((a) => a.uid !== null && read.userIds.includes(a.uid)) ??
    (read.userIds.length === 0 ? accounts.find((a) => a.username !== null && read.usernames.includes(a.username)) : undefined) ??
    null
  )
}

/**
 * Adds the plays a data.db kept to an account's history. A play the history already holds (same
 * chart and score, played within two seconds) is not added again. Plays that name another user are
 * never mixed in silently: when the file holds none of this account's plays the import is refused
 * (the caller asks which account they belong to), unless `anyUser` says the player chose this account.
 */
export async function importPlays(
  read: PlaysRead | PlaysInWorker,
  account: ImportAccount,
  history: PlaysHistory,
  options: ImportOptions = {}
): Promise<ImportOutcome> {
  if ('match' in read) return importInWorker(read, account, history, options)
  const mine = options.anyUser ? read.plays : read.plays.filter(belongsTo(account))
  refuseOtherPlayer(read, mine.length, read.plays.length, account)
  const kept = await history.records(account.id)
  const fresh = await newPlays(
    mine.map((p) => p.record),
    kept
  )
  // One batch: the history appends and syncs once and works in time slices itself (a slice per call
  // cost an fsync and an index merge each, and made a big import quadratic).
  const added = fresh.length ? await history.remember(account.id, fresh, sourceOf(read, options)) : 0
  return {
    added,
    alreadyKept: mine.length - added,
    otherUsers: read.plays.length - mine.length,
    untimed: untimedOf(read, account, options),
    ...unreadableOf(read)
  }
}

/** The rows that are no play (the skipped ones that are not untimed plays), and why where it is a score no play has. */
const unreadableOf = (read: Pick<PlaysRead, 'skipped' | 'untimed' | 'scoreTooHigh'>) => ({
  unreadable: read.skipped - read.untimed.length,
  scoreTooHigh: read.scoreTooHigh
})

/** The same steps with the plays held by a worker: it filters and matches them; only the new ones' lines come back. */
async function importInWorker(read: PlaysInWorker, account: ImportAccount, history: PlaysHistory, options: ImportOptions) {
  const mine = await read.mine(options.anyUser ? null : account)
  refuseOtherPlayer(read, mine, read.count, account)
  const fresh = await read.match(await history.keptLines(account.id))
  const added = fresh.lines.hashes.length ? await history.rememberLines(account.id, fresh.lines, fresh.folded, sourceOf(read, options)) : 0
  return {
    added,
    alreadyKept: mine - added,
    otherUsers: read.count - mine,
    untimed: untimedOf(read, account, options),
    ...unreadableOf(read)
  }
}

/** The rows without a usable time that are this account's (every one, when the player chose the account for all). */
function untimedOf(read: Pick<PlaysRead, 'untimed'>, account: ImportAccount, options: { anyUser?: boolean }): number {
  return options.anyUser ? read.untimed.length : read.untimed.filter(belongsTo(account)).length
}

function refuseOtherPlayer(read: Pick<PlaysRead, 'userIds' | 'usernames'>, mine: number, all: number, account: ImportAccount): void {
  if (mine > 0 || all === 0) return
  const names = [...new Set([...read.usernames, ...read.userIds])].slice(0, 3).join(', ')
  throw AppError.of(
    'invalid_input',
    `These plays belong to another player (${names}), not to ${account.username ?? account.uid ?? 'this account'}. ` +
      'Choose the account they belong to; nothing was added.',
    { details: { otherUser: read.userIds[0] ?? read.usernames[0] ?? null } }
  )
}

/** Ends a worker holding plays (nothing to end for plays read on the main thread). */
export async function donePlays(read: PlaysRead | PlaysInWorker): Promise<void> {
  if ('close' in read) await read.close()
}
