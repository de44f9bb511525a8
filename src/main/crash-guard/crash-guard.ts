import type { DataNotice } from '../../shared/data'
import { describeFailure } from '../../shared/errors'
import type { Messages } from '../i18n'
import type { Clock } from '../ports'

/** An exception nobody caught within this long of the last one that relaunched the app: no second relaunch. */
export const RELAUNCH_WINDOW_MS = 10 * 60_000
/** Unhandled rejections are all logged, but the player is told at most once in this long. */
export const NOTIFY_EVERY_MS = 10 * 60_000

/** What the last relaunch left for the next start: when, what failed, and whether the player was told. */
interface CrashMarker {
  crashedAt: number
  what: string
  announced: boolean
}

export interface CrashGuardPorts {
  clock: Clock
  /** The marker file beside the app's data (text; null when there is none or it cannot be read). Writes throw on failure. */
  marker: { read(): string | null; write(text: string): void }
  /** Logs the failure with its stack (the logger redacts). */
  log(kind: 'uncaught exception' | 'unhandled rejection', error: unknown): void
  notify(title: string, body: string): void
  /** The texts in the player's language. */
  messages(): Messages
  /** Starts the app again and ends this process. */
  relaunch(): void
  /** Ends this process without starting again. */
  quit(): void
  /** The log file, as the player can find it. */
  logPath: string
  /** The log file's name relative to the data folder, for the start-up notice's "Show file". */
  logFileInDataDir: string
}

export type CrashOutcome = 'kept running' | 'relaunched' | 'stopped' | 'already ending'

function parseMarker(text: string | null): CrashMarker | null {
  if (!text) return null
  try {
    const value = JSON.parse(text) as Partial<CrashMarker>
    if (typeof value.crashedAt !== 'number' || !Number.isFinite(value.crashedAt)) return null
    return { crashedAt: value.crashedAt, what: typeof value.what === 'string' ? value.what : '', announced: value.announced === true }
  } catch {
    return null
  }
}

/** Runs a port that must not fail the guard itself: a notification that cannot be shown is no reason to stay broken. */
function quietly(work: () => void): void {
  try {
    work()
  } catch {
    // The next step still runs.
  }
}

/**
 * The main process's last line of defence. An unhandled rejection leaves Node able to go on: it is
 * logged, the player is told (at most every NOTIFY_EVERY_MS) that a background task failed and
 * their data is safe, and the app keeps running. An uncaught exception leaves the process in an
 * unknown state: the app relaunches itself once, and says so at the next start; a second one within
 * RELAUNCH_WINDOW_MS of that relaunch (or when the marker that guards the loop cannot be written)
 * stops it instead, with a notification that says where the log is.
 */
export class CrashGuard {
  #lastNotified = Number.NEGATIVE_INFINITY
  #ending = false

  constructor(private readonly ports: CrashGuardPorts) {}

  /** At start: the notice of a relaunch the player has not been told about yet (told once). */
  startupNotice(): DataNotice | null {
    const marker = parseMarker(this.ports.marker.read())
    if (!marker || marker.announced) return null
    quietly(() => this.ports.marker.write(JSON.stringify({ ...marker, announced: true })))
    return { file: this.ports.logFileInDataDir, problem: 'restarted', movedTo: null, detail: marker.what }
  }

  #texts(): Messages['crash'] | null {
    try {
      return this.ports.messages().crash
    } catch {
      return null
    }
  }

  unhandledRejection(reason: unknown): CrashOutcome {
    quietly(() => this.ports.log('unhandled rejection', reason))
    const now = this.ports.clock.now()
    if (!this.#ending && now - this.#lastNotified >= NOTIFY_EVERY_MS) {
      this.#lastNotified = now
      const text = this.#texts()
      quietly(() => text && this.ports.notify(text.backgroundFailedTitle, text.backgroundFailedBody))
    }
    return this.#ending ? 'already ending' : 'kept running'
  }

  uncaughtException(error: unknown): CrashOutcome {
    quietly(() => this.ports.log('uncaught exception', error))
    if (this.#ending) return 'already ending'
    this.#ending = true
    const now = this.ports.clock.now()
    const last = parseMarker(this.ports.marker.read())
    // A marker from the future (the clock was set back) counts as recent: never a loop.
    const relaunchedLately = last !== null && (last.crashedAt > now || now - last.crashedAt < RELAUNCH_WINDOW_MS)
    let marked = false
    if (!relaunchedLately) {
      try {
        this.ports.marker.write(JSON.stringify({ crashedAt: now, what: describeFailure(error), announced: false } satisfies CrashMarker))
        marked = true
      } catch {
        // Without the marker the next start could not tell it relaunched: no relaunch.
      }
    }
    const text = this.#texts()
    if (marked) {
      quietly(() => text && this.ports.notify(text.restartingTitle, text.restartingBody))
      this.ports.relaunch()
      return 'relaunched'
    }
    quietly(() => text && this.ports.notify(text.stoppedTitle, text.stoppedBody(this.ports.logPath)))
    this.ports.quit()
    return 'stopped'
  }
}
