/** Long work on the main thread runs in slices of about this long, with the event loop free between them. */
export const SLICE_MS = 12

/**
 * Time slices for a long loop on the main thread: `if (slices.due) await slices.next()` between
 * items lets the event loop run (timers, IPC, the window's requests) once the current slice has
 * lasted `sliceMs`, and costs one look at the clock before that (an await per item would cost more
 * than the work of a small item).
 */
export class TimeSlices {
  #start = performance.now()

  constructor(private readonly sliceMs = SLICE_MS) {}

  get due(): boolean {
    return performance.now() - this.#start >= this.sliceMs
  }

  async next(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve))
    this.#start = performance.now()
  }
}
