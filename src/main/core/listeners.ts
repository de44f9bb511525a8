/** A signal one feature raises and others follow (e.g. "an account signed in"): the raiser knows nothing of who listens. */
export class Listeners<T> {
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
