import type { BackupResult } from '../../shared/backups'
import { AppError, toErrorData } from '../../shared/errors'
import type { Capability } from '../../shared/deployments'
import type { Messages } from '../i18n'

export interface AutoBackupDeps {
  run(accountId: string): Promise<BackupResult>
  isRunning(): boolean
  accounts(): {
    id: string
    nickname: string | null
    username: string | null
    uid: string | null
    capabilities: readonly Capability[]
    status: string
  }[]
  settings(): { enabled: boolean; everyHours: number }
  messages(): Messages
  /** A system notification; `accountId` tells which account it is about (clicking it opens its backups). */
  notify(title: string, body: string, accountId: string): void
  onRun?: (results: Record<string, AutoBackupOutcome>) => void
  /** Told when the quiet notes change (the tray shows them). */
  onNotes?: () => void
  now?: () => number
}

/** One account's outcome of a round: a result, a failure, or a state that is nothing to do. */
export type AutoBackupOutcome = BackupResult | { error: string; code?: string }

/** Something the tray says quietly (no notification): an account with no cloud save, or one waiting for tomorrow's downloads. */
export interface AutoBackupNote {
  kind: 'no_cloud_save' | 'quota_exceeded'
  name: string
}

/** The start of the next UTC day: when the service gives new downloads. */
export function nextUtcDay(now: number): number {
  const day = new Date(now)
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1)
}

/** The account has no cloud save yet: nothing to back up, and nothing to tell. */
export const isNoCloudSave = (error: unknown) => error instanceof AppError && error.code === 'no_cloud_save'

/**
 * Optional automatic backups: at start and every few hours, each account that can read its save
 * is checked; a download happens only when the cloud save changed. New backups and failures raise
 * a notification in the UI language; a failure already told is not told again until a run succeeds
 * or fails otherwise, and an account without a cloud save is not a failure. A change of the settings applies at once (`reschedule`).
 */
export class AutoBackup {
  #timer: ReturnType<typeof setInterval> | null = null
  #hours = 0
  #lastRun: number | null = null
  /** Accounts whose day's downloads are spent, with when the next UTC day starts. */
  readonly #waitUntil = new Map<string, number>()
  readonly #notes = new Map<string, AutoBackupNote>()
  /** Per account, the failure last notified: the same one again (offline for a week) is not told every day. */
  readonly #told = new Map<string, string>()

  constructor(private readonly deps: AutoBackupDeps) {}

  get lastRun(): number | null {
    return this.#lastRun
  }

  /** What the tray says quietly about accounts (no cloud save yet, downloads used up until tomorrow). */
  notes(): AutoBackupNote[] {
    return [...this.#notes.values()]
  }

  #now(): number {
    return this.deps.now?.() ?? Date.now()
  }

  /** When the next automatic check is due, or null when automatic backup is off. */
  nextRun(now: number): number | null {
    const s = this.deps.settings()
    if (!s.enabled) return null
    return (this.#lastRun ?? now) + s.everyHours * 3_600_000
  }

  /** One round over the accounts; `evenWhenOff`: asked for by the user (the tray's "Back up now"). */
  async runOnce(options: { evenWhenOff?: boolean } = {}): Promise<Record<string, AutoBackupOutcome>> {
    const results: Record<string, AutoBackupOutcome> = {}
    if ((!this.deps.settings().enabled && !options.evenWhenOff) || this.deps.isRunning()) return results
    const now = this.#now()
    this.#lastRun = now
    const text = this.deps.messages()
    const notesBefore = JSON.stringify(this.notes())
    for (const account of this.deps.accounts().filter((a) => a.capabilities.includes('save') && a.status === 'active')) {
      const name = account.nickname ?? account.username ?? account.uid ?? account.id
      // The schedule does not ask again before the service gives new downloads (the user's "Back up now" does).
      if (!options.evenWhenOff && (this.#waitUntil.get(account.id) ?? 0) > now) continue
      try {
        const result = await this.deps.run(account.id)
        results[account.id] = result
        this.#waitUntil.delete(account.id)
        this.#notes.delete(account.id)
        this.#told.delete(account.id)
        if (result.status !== 'up-to-date') this.deps.notify(text.backupSavedTitle, text.backupSavedBody(name), account.id)
      } catch (error) {
        const data = toErrorData(error)
        results[account.id] = { error: data.message, code: data.code }
        if (isNoCloudSave(error)) {
          // Nothing to do until the player uploads one in the game: said quietly in the tray, never as a failure.
          this.#notes.set(account.id, { kind: 'no_cloud_save', name })
          this.#told.delete(account.id)
          continue
        }
        if (data.code === 'quota_exceeded') {
          this.#waitUntil.set(account.id, nextUtcDay(now))
          this.#notes.set(account.id, { kind: 'quota_exceeded', name })
        } else this.#notes.delete(account.id)
        const failure = `${data.code}:${data.serviceCode ?? ''}`
        // Busy (another run) and cancelled (by the user, or the app quitting) are not failures to tell.
        const quiet = error instanceof AppError && (error.code === 'busy' || error.code === 'cancelled')
        if (quiet || this.#told.get(account.id) === failure) continue
        this.#told.set(account.id, failure)
        // Worded by its code in the UI language: the error's own message is English, for the log.
        const reason = data.code === 'quota_exceeded' ? text.quotaExceeded : text.errors[data.code]
        this.deps.notify(text.backupFailedTitle, text.backupFailedBody(name, reason), account.id)
      }
    }
    if (JSON.stringify(this.notes()) !== notesBefore) this.deps.onNotes?.()
    this.deps.onRun?.(results)
    return results
  }

  /** Starts, stops or re-times the schedule to match the settings (a run starts now when switched on). */
  reschedule(): void {
    const { enabled, everyHours } = this.deps.settings()
    if (!enabled) return this.stop()
    if (this.#timer && this.#hours === everyHours) return
    const wasRunning = this.#timer !== null
    this.stop()
    this.#hours = everyHours
    if (!wasRunning) void this.runOnce()
    this.#timer = setInterval(() => void this.runOnce(), everyHours * 3_600_000)
    this.#timer.unref?.()
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
  }
}
