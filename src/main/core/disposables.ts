/** Timers, listeners and subscriptions collected in one place, so a stop undoes every one of them. */
export class Disposables {
  readonly #items: (() => unknown)[] = []

  add(dispose: () => unknown): void {
    this.#items.push(dispose)
  }

  dispose(): void {
    for (const dispose of this.#items.splice(0).reverse()) {
      try {
        dispose()
      } catch {
        // One failing undo must not keep the others from running.
      }
    }
  }
}
