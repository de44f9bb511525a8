import { eventChannels, type EventChannel, type EventPayload } from '../../shared/ipc/contract'

export type EventSink = (event: EventChannel, payload: unknown) => void

/** Main → renderer events: validated once against the channel map, fanned out to every transport. */
export class EventHub {
  readonly #sinks = new Set<EventSink>()

  addSink(sink: EventSink): () => void {
    this.#sinks.add(sink)
    return () => this.#sinks.delete(sink)
  }

  /** One event, typed, for a face that shows it (the CLI's progress bar); features follow signals, not these. */
  on<E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
    return this.addSink((name, payload) => {
      if (name === event) listener(payload as EventPayload<E>)
    })
  }

  /** How many sinks listen now (a test that runs for weeks checks none is left behind). */
  get sinkCount(): number {
    return this.#sinks.size
  }

  emit<E extends EventChannel>(event: E, payload: EventPayload<E>): void {
    const checked: unknown = eventChannels[event].parse(payload)
    for (const sink of this.#sinks) sink(event, checked)
  }
}
