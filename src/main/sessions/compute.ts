import type { KeptRecord } from '../../shared/api'
import { scoreProblem } from '../../shared/play-marks'
import { playKey } from '../../shared/record-keys'
import { TimeSlices } from '../kernel/time-slices'
import { SessionFold, type Boundary, type FoldState } from './fold'
import { markState, type MarkState } from './looking-back'
import { ColumnsBuilder, emptyColumns, sortedByTime, type PlayColumns } from './play-table'

/** What a whole computation needs: plays already in columns, the log's lines not in them yet, and the rule. */
export interface ComputeRequest {
  base: PlayColumns
  /** Lines of the play log (one record a line) to add to `base`. */
  tail: Uint8Array | null
  gapMs: number
  boundaries: Boundary[]
  /** The chart list's constants by chart id. */
  constants: Record<string, number>
  /** Where the player last looked (the latest play they had seen): the fold's state there comes back as `then`. */
  markAt: number | null
  /** The keys of the plays the player hid (record-marks.ts): the tail's plays among them are marked hidden. */
  hidden: readonly string[]
}

export interface ComputeReply {
  /** Every play, in time order. */
  columns: PlayColumns
  state: FoldState
  /** Lines of the tail that were not plays (a torn or damaged line). */
  unreadable: number
  /** The bests and best 20 as they stood at `markAt` (null when no play came after it). */
  then: MarkState | null
}

const isCount = (v: unknown) => v === undefined || (Number.isInteger(v) && (v as number) >= 0)

/**
 * A log line read as far as sessions need it, checked field by field (the log is the app's own file,
 * and still read as untrusted): a record with a chart, a play's score, a time and its numbers; else null.
 */
export function playOfLine(line: string): KeptRecord | null {
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const r = value as Record<string, unknown>
  const ok =
    typeof r.chart_id === 'string' &&
    r.chart_id.length > 0 &&
    // An Overloaded score (above 1,010,000) is a play as any other: play-marks.ts says which scores are.
    scoreProblem(r.score) === null &&
    typeof r.played_at === 'string' &&
    typeof r.score_accuracy === 'number' &&
    typeof r.reality === 'number' &&
    (r.grade === undefined || typeof r.grade === 'string') &&
    (r.modifiers === undefined || (Array.isArray(r.modifiers) && r.modifiers.every((m) => typeof m === 'string'))) &&
    isCount(r.score_bad_count) &&
    isCount(r.score_miss_count)
  if (!ok) return null
  return { ...(r as unknown as KeptRecord), modifiers: (r.modifiers as string[] | undefined) ?? [] }
}

/** Between two of these many lines or plays, a computation on the main thread may let the event loop run. */
const STEP = 500

/** Adds the tail's lines to the builder, a step at a time; returns how many lines were not plays. */
function* addLines(builder: ColumnsBuilder, tail: Uint8Array, hidden: ReadonlySet<string>): Generator<void, number> {
  const text = Buffer.from(tail.buffer, tail.byteOffset, tail.length).toString('utf8')
  let unreadable = 0
  let start = 0
  for (let n = 1; start < text.length; n++) {
    let end = text.indexOf('\n', start)
    if (end === -1) end = text.length
    if (end > start) {
      const record = playOfLine(text.slice(start, end))
      if (!record || builder.add(record, hidden.size > 0 && hidden.has(playKey(record))) === 'untimed') unreadable++
    }
    start = end + 1
    if (n % STEP === 0) yield
  }
  return unreadable
}

/** The whole computation, as steps: every play in time order, folded into sessions from the first. */
function* steps(request: ComputeRequest): Generator<void, ComputeReply> {
  const builder = new ColumnsBuilder(emptyColumns(request.base.count + 1024))
  builder.append(request.base)
  const unreadable = request.tail ? yield* addLines(builder, request.tail, new Set(request.hidden)) : 0
  const columns = sortedByTime(builder.columns)
  yield
  const fold = new SessionFold(columns, { gapMs: request.gapMs, boundaries: request.boundaries, constant: (id) => request.constants[id] })
  const markAt = request.markAt ?? Number.POSITIVE_INFINITY
  let then: MarkState | null = null
  fold.pushFrom(columns.count)
  for (let i = 0; i < columns.count; i++) {
    if (then === null && columns.at[i]! > markAt) then = markState(fold.state)
    fold.push(i)
    if (i % STEP === STEP - 1) yield
  }
  return { columns, state: fold.state, unreadable, then }
}

/** The whole computation at once: on the sessions worker, whose thread is its own. */
export function computeSessions(request: ComputeRequest): ComputeReply {
  const run = steps(request)
  for (;;) {
    const step = run.next()
    if (step.done) return step.value
  }
}

/** The same on the main thread (no worker, or one that cannot run), in slices with the event loop free between them. */
export async function computeInSlices(request: ComputeRequest, slices = new TimeSlices()): Promise<ComputeReply> {
  const run = steps(request)
  for (;;) {
    const step = run.next()
    if (step.done) return step.value
    if (slices.due) await slices.next()
  }
}
