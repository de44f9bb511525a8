/**
 * Notices that a file of the game changed, and acts once it has stopped changing: polls a stamp
 * (size and change time) and calls `onSettled` when a changed stamp is seen unchanged at the next
 * poll. Polling, not file-system events: those are unreliable across systems and network folders.
 */
export class ChangeWatcher {
  #last: string | null | undefined = undefined
  #pending = false
  #running = false
  #timer: ReturnType<typeof setInterval> | null = null

  constructor(
    private readonly deps: {
      /** The file's stamp now; null when it is not there. */
      stamp: () => Promise<string | null>
      onSettled: () => Promise<void>
      pollMs: number
      onError?: (error: unknown) => void
    }
  ) {}

  start(): void {
    if (this.#timer) return
    this.#timer = setInterval(() => void this.poll(), this.deps.pollMs)
    this.#timer.unref?.()
    void this.poll()
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
  }

  /** One look at the file (the timer calls this; tests may too). */
  async poll(): Promise<void> {
    if (this.#running) return
    this.#running = true
    try {
      const stamp = await this.deps.stamp()
      if (this.#last === undefined) {
        this.#last = stamp
        return
      }
      if (stamp !== this.#last) {
        this.#last = stamp
        this.#pending = stamp !== null
        return
      }
      if (this.#pending) {
        this.#pending = false
        await this.deps.onSettled()
      }
    } catch (error) {
      this.deps.onError?.(error)
    } finally {
      this.#running = false
    }
  }
}
