/** The service's clock: real time plus an offset the test controls can advance. */
export class ServiceClock {
  #offset = 0
  now(): number {
    return Date.now() + this.#offset
  }
  advance(ms: number): void {
    this.#offset += ms
  }
}
