import type { BackupResult } from '../../shared/backups'
import { AppError, toErrorData } from '../../shared/errors'
import type { Capability } from '../../shared/deployments'
import type { Messages } from '../notifications/messages'

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
  onRun?: (results: Record<string, BackupResult | { error: string }>) => void
}

/** The account has no cloud save yet: nothing to back up, and nothing to tell. */
export const isNoCloudSave = (error: unknown) => error instanceof AppError && error.code === 'not_found'

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
  /** Per account, the failure last notified: the same one again (offline for a week) is not told every day. */
  readonly #told = new Map<string, string>()

  constructor(private readonly deps: AutoBackupDeps) {}

  get lastRun(): number | null {
    return this.#lastRun
  }

  /** When the next automatic check is due, or null when automatic backup is off. */
  nextRun(now: number): number | null {
    const s = this.deps.settings()
    if (!s.enabled) return null
    return (this.#lastRun ?? now) + s.everyHours * 3_600_000
  }

  /** One round over the accounts; `evenWhenOff`: asked for by the user (the tray's "Back up now"). */
  async runOnce(options: { evenWhenOff?: boolean } = {}): Promise<Record<string, BackupResult | { error: string }>> {
    const results: Record<string, BackupResult | { error: string }> = {}
    if ((!this.deps.settings().enabled && !options.evenWhenOff) || this.deps.isRunning()) return results
    this.#lastRun = Date.now()
    const text = this.deps.messages()
    for (const account of this.deps.accounts().filter((a) => a.capabilities.includes('save') && a.status === 'active')) {
      const name = account.nickname ?? account.username ?? account.uid ?? account.id
      try {
        const result = await this.deps.run(account.id)
        results[account.id] = result
        this.#told.delete(account.id)
        if (result.status !== 'up-to-date') this.deps.notify(text.backupSavedTitle, text.backupSavedBody(name), account.id)
      } catch (error) {
        const data = toErrorData(error)
        results[account.id] = { error: data.message }
        if (isNoCloudSave(error)) this.#told.delete(account.id)
        const failure = `${data.code}:${data.serviceCode ?? ''}`
        // Busy (another run) and cancelled (by the user, or the app quitting) are not failures to tell.
        const quiet = error instanceof AppError && (error.code === 'busy' || error.code === 'cancelled')
        if (isNoCloudSave(error) || quiet || this.#told.get(account.id) === failure) continue
        this.#told.set(account.id, failure)
        this.deps.notify(text.backupFailedTitle, text.backupFailedBody(name, data.message), account.id)
      }
    }
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
