import { z } from 'zod'
import type { FileSystem } from '../ports'
import { readOwnedJson, type LocalDataHealth } from '../storage/local-data'
import type { Boundary } from './fold'
import type { LookMark } from './looking-back'

/**
 * What sessions keep per account beside the plays (`sessions-<id>.json`): the boundaries already shown
 * (under the gap they were drawn with), where the player last looked, which session was last notified,
 * and how many plays of the game's data.db had no usable time.
 */
const MarksFile = z.object({
  schemaVersion: z.literal(1),
  gapMs: z.number().int().positive(),
  /** [end of the earlier session, start of the later one], in order. */
  boundaries: z.array(z.tuple([z.number(), z.number()])).max(1_000_000),
  look: z.object({ at: z.number(), lookedAt: z.number() }).nullable(),
  /** Sessions that end after `after` may be notified; the last one notified started at `lastStart`. */
  notify: z.object({ after: z.number(), lastStart: z.number().nullable() }).nullable(),
  untimed: z.number().int().min(0)
})

export interface Marks {
  gapMs: number
  boundaries: Boundary[]
  look: LookMark | null
  notify: { after: number; lastStart: number | null } | null
  untimed: number
}

export function readMarks(path: string, health: LocalDataHealth, gapMs: number): { marks: Marks; writable: boolean } {
  const file = readOwnedJson(path, MarksFile, health)
  const value = file.value
  const marks: Marks = {
    gapMs,
    // Boundaries drawn with another gap are not the player's sessions any more: the new rule draws its own.
    boundaries: value && value.gapMs === gapMs ? value.boundaries.map(([end, start]) => ({ end, start })) : [],
    look: value?.look ?? null,
    notify: value?.notify ?? null,
    untimed: value?.untimed ?? 0
  }
  return { marks, writable: file.writable }
}

export function marksText(marks: Marks): string {
  return JSON.stringify({
    schemaVersion: 1,
    gapMs: marks.gapMs,
    boundaries: marks.boundaries.map((b) => [b.end, b.start]),
    look: marks.look,
    notify: marks.notify,
    untimed: marks.untimed
  })
}

/**
 * Writes a file atomically, one write at a time: a change asked for while one is being written is
 * written once after it, with the content as it is then. Failures go to `onError`; memory stays the truth.
 */
export class LatestWriter {
  readonly #pending = new Map<string, () => string | Uint8Array>()
  readonly #running = new Map<string, Promise<void>>()

  constructor(
    private readonly files: FileSystem,
    private readonly onError: (error: unknown) => void
  ) {}

  write(path: string, content: () => string | Uint8Array): void {
    this.#pending.set(path, content)
    if (this.#running.has(path)) return
    const run = async () => {
      for (let next = this.#pending.get(path); next; next = this.#pending.get(path)) {
        this.#pending.delete(path)
        await this.files.writeAtomic(path, next()).catch(this.onError)
      }
      this.#running.delete(path)
    }
    this.#running.set(path, run())
  }

  async flush(): Promise<void> {
    while (this.#running.size) await Promise.all(this.#running.values())
  }
}
