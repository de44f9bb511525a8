import type { BackupResult } from '../../shared/backups'
import { AppError } from '../../shared/errors'
import type { AccountRegistry } from '../auth/account-registry'
import type { BackupService } from './backup-service'

/**
 * Optional automatic backups: on launch and every few hours while running, each account that can
 * read its save is checked; a download happens only when the cloud save changed. New backups and
 * failures raise a system notification.
 */
export class AutoBackup {
  #timer: ReturnType<typeof setInterval> | null = null

  constructor(
    private readonly deps: {
      backups: BackupService
      registry: AccountRegistry
      enabled: () => { enabled: boolean; everyHours: number }
      notify: (title: string, body: string) => void
    }
  ) {}

  async runOnce(): Promise<Record<string, BackupResult | { error: string }>> {
    const results: Record<string, BackupResult | { error: string }> = {}
    if (!this.deps.enabled().enabled || this.deps.backups.isRunning()) return results
    for (const account of this.deps.registry.list().filter((a) => a.capabilities.includes('save') && a.status === 'active')) {
      const name = account.nickname ?? account.username ?? account.uid ?? account.id
      try {
        const result = await this.deps.backups.run(account.id)
        results[account.id] = result
        if (result.status !== 'up-to-date') this.deps.notify('Backup saved', `A new backup of ${name}'s cloud save is in your library.`)
      } catch (error) {
        const message = error instanceof AppError ? error.message : 'Unexpected failure.'
        results[account.id] = { error: message }
        if (!(error instanceof AppError && error.code === 'busy')) this.deps.notify('Backup failed', `${name}: ${message}`)
      }
    }
    return results
  }

  start(): void {
    this.stop()
    void this.runOnce()
    const hours = this.deps.enabled().everyHours
    this.#timer = setInterval(() => void this.runOnce(), hours * 3_600_000)
    this.#timer.unref?.()
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
  }
}
