/** Timers, listeners and subscriptions collected in one place, so a stop undoes every one of them. */
export class Disposables {
  readonly #items: (() => unknown)[] = []

  add(dispose: () => unknown): void {
    this.#items.push(dispose)
  }

  /** Undoes everything, newest first, and waits for the undos that return a promise (e.g. a final cache write). */
  async dispose(): Promise<void> {
    const pending: unknown[] = []
    for (const dispose of this.#items.splice(0).reverse()) {
      try {
        pending.push(dispose())
      } catch {
        // One failing undo must not keep the others from running.
      }
    }
    await Promise.allSettled(pending)
  }
}
