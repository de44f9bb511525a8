import type { UpdateState } from '../../shared/settings'
import type { Logger } from '../logging/logger'

/** What the app needs from an updater (electron-updater in the app, a stand-in in tests). */
export interface UpdaterPort {
  /** The newer version the feed offers, or null when this is the latest. */
  check(): Promise<{ version: string; notes: string | null } | null>
  /** Downloads the offered version (its signature is checked by the updater); reports progress in percent; stops when `signal` aborts. */
  download(onProgress: (percent: number) => void, signal: AbortSignal): Promise<void>
  /** Quits and installs the downloaded version. */
  install(): void
}

export interface UpdateDeps {
  updater: UpdaterPort | null
  /** The user's choice: look for new versions at start. */
  enabled(): boolean
  emit(state: UpdateState): void
  clock: { now(): number }
  logger?: Logger
}

/**
 * New versions, only with the user's agreement: a check (at start when enabled, or when asked),
 * then a download only when the user says so, then an install only when the user says so.
 * Without an updater (development, the web host) everything is "disabled".
 */
export class UpdateService {
  #state: UpdateState
  #download: AbortController | null = null

  constructor(private readonly deps: UpdateDeps) {
    this.#state = deps.updater
      ? deps.enabled()
        ? { status: 'idle' }
        : { status: 'disabled', reason: 'turned_off' }
      : { status: 'disabled', reason: 'not_packaged' }
  }

  get state(): UpdateState {
    return this.#state
  }

  #set(state: UpdateState): void {
    this.#state = state
    this.deps.emit(state)
  }

  /** The setting changed: turned off stops nothing that runs, but no check starts by itself. */
  settingChanged(): void {
    if (!this.deps.updater) return
    if (!this.deps.enabled() && (this.#state.status === 'idle' || this.#state.status === 'latest' || this.#state.status === 'error'))
      this.#set({ status: 'disabled', reason: 'turned_off' })
    else if (this.deps.enabled() && this.#state.status === 'disabled') this.#set({ status: 'idle' })
  }

  /** At start: a check when the user has not turned checks off. */
  async checkAtStart(): Promise<void> {
    if (this.deps.updater && this.deps.enabled()) await this.check()
  }

  /** "Check for updates": asked by the user, so it runs even with automatic checks turned off. */
  async check(): Promise<void> {
    const updater = this.deps.updater
    if (!updater || this.#state.status === 'checking' || this.#state.status === 'downloading') return
    this.#set({ status: 'checking' })
    try {
      const offer = await updater.check()
      this.#set(
        offer ? { status: 'available', version: offer.version, notes: offer.notes } : { status: 'latest', checkedAt: this.deps.clock.now() }
      )
    } catch (error) {
      this.deps.logger?.warn({ error }, 'checking for updates failed')
      this.#set({ status: 'error', message: error instanceof Error ? error.message : String(error) })
    }
  }

  /** The user agreed to download the offered version. */
  async download(): Promise<void> {
    const updater = this.deps.updater
    if (!updater || this.#state.status !== 'available') return
    const offer = this.#state
    const version = offer.version
    const controller = (this.#download = new AbortController())
    this.#set({ status: 'downloading', version, percent: 0 })
    try {
      await updater.download((percent) => {
        if (!controller.signal.aborted) this.#set({ status: 'downloading', version, percent: Math.max(0, Math.min(100, percent)) })
      }, controller.signal)
      this.#set(controller.signal.aborted ? offer : { status: 'downloaded', version })
    } catch (error) {
      // Cancelled: the offer stands, to download later.
      if (controller.signal.aborted) return this.#set(offer)
      this.deps.logger?.warn({ error, version }, 'downloading an update failed')
      this.#set({ status: 'error', message: error instanceof Error ? error.message : String(error) })
    } finally {
      this.#download = null
    }
  }

  /** The user stopped the download: nothing is installed, the offer stays. */
  cancelDownload(): void {
    this.#download?.abort()
  }

  /** The user agreed to restart into the downloaded version. */
  install(): void {
    if (this.deps.updater && this.#state.status === 'downloaded') this.deps.updater.install()
  }
}

/** Release notes arrive as HTML from GitHub: shown as plain text (never as markup), bounded. */
export function releaseNotesText(html: string): string {
  const text = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|li|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text
}
