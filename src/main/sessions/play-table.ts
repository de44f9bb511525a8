import type { KeptRecord } from '../../shared/api'
import { accuracyPercent } from '../../shared/records'
import { gradeNamed, SCORE_GRADES } from '../../shared/reality'
import { isAutoPlay, TOUCH_MODE } from '../../shared/play-marks'
import { parseRfc3339 } from '../../shared/timestamps'

/** Bits of `flags`: a touch play; bad and miss counts known; a full combo; an all perfect; hidden by the player. */
export const TOUCH = 1
export const COMBO_KNOWN = 2
export const FULL_COMBO = 4
export const ALL_PERFECT = 8
/** A play the player hid (record-marks.ts): it keeps its place in its session, and counts in no figure. */
export const HIDDEN = 16

/**
 * The facts of plays that sessions need, as columns of typed arrays: a hundred thousand plays are a
 * few megabytes that sort, fold, cross to a worker and back, and persist without an object per play.
 */
export interface PlayColumns {
  count: number
  /** AutoPlay plays left out (play-marks.ts: counted nowhere), counted so sessions can say how many. */
  autoplay: number
  /** The play's instant (ms). */
  at: Float64Array
  score: Int32Array
  /** Index into `charts`. */
  chart: Int32Array
  /** The record's own Reality (0 when the record has none). */
  reality: Float64Array
  /** Accuracy in percent. */
  accuracy: Float32Array
  flags: Uint8Array
  /** Index into SCORE_GRADES (0 is Overloaded, 1 is R): lower is better. */
  grade: Uint8Array
  charts: string[]
}

const COLUMNS = ['at', 'score', 'chart', 'reality', 'accuracy', 'flags', 'grade'] as const
type ColumnName = (typeof COLUMNS)[number]
const MAKERS: Record<ColumnName, (n: number) => PlayColumns[ColumnName]> = {
  at: (n) => new Float64Array(n),
  score: (n) => new Int32Array(n),
  chart: (n) => new Int32Array(n),
  reality: (n) => new Float64Array(n),
  accuracy: (n) => new Float32Array(n),
  flags: (n) => new Uint8Array(n),
  grade: (n) => new Uint8Array(n)
}

export function emptyColumns(capacity = 0): PlayColumns {
  const columns = { count: 0, autoplay: 0, charts: [] } as unknown as PlayColumns
  for (const name of COLUMNS) (columns as unknown as Record<string, unknown>)[name] = MAKERS[name](capacity)
  return columns
}

/** The flags a record says: its mode, and a full combo / all perfect where its counts and accuracy say. */
export function flagsOf(r: Pick<KeptRecord, 'modifiers' | 'score_accuracy' | 'score_bad_count' | 'score_miss_count'>): number {
  const allPerfect = accuracyPercent(r.score_accuracy) >= 100
  const known = r.score_bad_count !== undefined && r.score_miss_count !== undefined
  const fullCombo = allPerfect || (known && r.score_bad_count === 0 && r.score_miss_count === 0)
  return (
    (r.modifiers.includes(TOUCH_MODE) ? TOUCH : 0) |
    (known || allPerfect ? COMBO_KNOWN : 0) |
    (fullCombo ? FULL_COMBO : 0) |
    (allPerfect ? ALL_PERFECT : 0)
  )
}

/** Plays added to columns one at a time, growing them as needed; chart ids interned once. */
export class ColumnsBuilder {
  #columns: PlayColumns
  readonly #chartIndex = new Map<string, number>()

  constructor(start: PlayColumns = emptyColumns(1024)) {
    this.#columns = start
    start.charts.forEach((id, i) => this.#chartIndex.set(id, i))
  }

  chartIndex(id: string): number {
    let index = this.#chartIndex.get(id)
    if (index === undefined) {
      index = this.#columns.charts.push(id) - 1
      this.#chartIndex.set(id, index)
    }
    return index
  }

  #room(): void {
    const c = this.#columns
    if (c.count < c.at.length) return
    const capacity = Math.max(1024, c.at.length * 2)
    for (const name of COLUMNS) {
      const grown = MAKERS[name](capacity)
      grown.set(c[name] as never)
      ;(c as unknown as Record<string, unknown>)[name] = grown
    }
  }

  /**
   * Adds a record: `added`; `untimed` (nothing added) when its time cannot be read; `autoplay` (nothing added, counted)
   * for a play AutoPlay made, which sessions count nowhere.
   */
  add(r: KeptRecord, hidden = false): 'added' | 'untimed' | 'autoplay' {
    const at = parseRfc3339(r.played_at)
    if (!Number.isFinite(at)) return 'untimed'
    if (isAutoPlay(r.modifiers)) {
      this.#columns.autoplay++
      return 'autoplay'
    }
    this.#room()
    const c = this.#columns
    const i = c.count++
    c.at[i] = at
    c.score[i] = r.score
    c.chart[i] = this.chartIndex(r.chart_id)
    c.reality[i] = Number.isFinite(r.reality) ? r.reality : 0
    c.accuracy[i] = accuracyPercent(r.score_accuracy)
    c.flags[i] = flagsOf(r) | (hidden ? HIDDEN : 0)
    c.grade[i] = SCORE_GRADES.indexOf(gradeNamed(r.grade, r.score))
    return 'added'
  }

  /** Appends every play of `other` (its chart ids mapped to these). */
  append(other: PlayColumns): void {
    if (this.#columns.count === 0 && this.#columns.charts.length === 0) return this.#adopt(other)
    this.#columns.autoplay += other.autoplay
    const map = other.charts.map((id) => this.chartIndex(id))
    for (let j = 0; j < other.count; j++) {
      this.#room()
      const c = this.#columns
      const i = c.count++
      c.at[i] = other.at[j]!
      c.score[i] = other.score[j]!
      c.chart[i] = map[other.chart[j]!]!
      c.reality[i] = other.reality[j]!
      c.accuracy[i] = other.accuracy[j]!
      c.flags[i] = other.flags[j]!
      c.grade[i] = other.grade[j]!
    }
  }

  /** Into empty columns, `other` is copied whole: its chart ids are these. */
  #adopt(other: PlayColumns): void {
    const c = this.#columns
    for (const name of COLUMNS) {
      if (c[name].length < other.count) (c as unknown as Record<string, unknown>)[name] = MAKERS[name](other.count + 1024)
      c[name].set(other[name].subarray(0, other.count) as never)
    }
    c.count = other.count
    c.autoplay += other.autoplay
    for (const id of other.charts) this.chartIndex(id)
  }

  get columns(): PlayColumns {
    return this.#columns
  }
}

export function columnsOf(records: readonly KeptRecord[], isHidden: (r: KeptRecord) => boolean = () => false): PlayColumns {
  const builder = new ColumnsBuilder(emptyColumns(records.length))
  for (const r of records) builder.add(r, isHidden(r))
  return builder.columns
}

/** The key of the play at `i` (the play log's: chart, instant, score). */
export const keyAt = (c: PlayColumns, i: number) => `${c.charts[c.chart[i]!]}|${c.at[i]}|${c.score[i]}`

/** Sets or clears the hidden flag of the plays named (by chart, instant and score), in one pass; returns how many it changed. */
export function markHidden(c: PlayColumns, plays: readonly { chart_id: string; at: number; score: number; hidden: boolean }[]): number {
  const chartIndex = new Map(c.charts.map((id, i) => [id, i]))
  const charts = new Set<number>()
  const wanted = new Map<string, boolean>()
  for (const play of plays) {
    const chart = chartIndex.get(play.chart_id)
    if (chart === undefined) continue
    charts.add(chart)
    wanted.set(`${play.chart_id}|${play.at}|${play.score}`, play.hidden)
  }
  let changed = 0
  for (let i = 0; i < c.count; i++) {
    if (!charts.has(c.chart[i]!)) continue
    const hidden = wanted.get(keyAt(c, i))
    if (hidden === undefined) continue
    const flags = hidden ? c.flags[i]! | HIDDEN : c.flags[i]! & ~HIDDEN
    if (flags !== c.flags[i]) changed++
    c.flags[i] = flags
  }
  return changed
}

/** Sets every play's hidden flag from the set of hidden keys; returns how many it changed. */
export function markAllHidden(c: PlayColumns, hidden: ReadonlySet<string>): number {
  let changed = 0
  for (let i = 0; i < c.count; i++) {
    const flags = hidden.has(keyAt(c, i)) ? c.flags[i]! | HIDDEN : c.flags[i]! & ~HIDDEN
    if (flags !== c.flags[i]) changed++
    c.flags[i] = flags
  }
  return changed
}

/** How many plays are hidden. */
export function hiddenCount(c: PlayColumns): number {
  let n = 0
  for (let i = 0; i < c.count; i++) if (c.flags[i]! & HIDDEN) n++
  return n
}

/** The columns cut to their count, each in a buffer of its own (for a transfer to or from a worker, or a file). */
export function compact(c: PlayColumns): PlayColumns {
  const out = { count: c.count, autoplay: c.autoplay, charts: [...c.charts] } as unknown as PlayColumns
  for (const name of COLUMNS) (out as unknown as Record<string, unknown>)[name] = c[name].slice(0, c.count)
  return out
}

export function transferList(c: PlayColumns): ArrayBuffer[] {
  return COLUMNS.map((name) => c[name].buffer as ArrayBuffer)
}

/**
 * The plays in time order (equal instants keep their order): a permutation applied to every column.
 * A stable sort of indices by instant; the history is nearly sorted (newest first or oldest first), which the sort runs through.
 */
export function sortedByTime(c: PlayColumns): PlayColumns {
  const order = new Uint32Array(c.count)
  for (let i = 0; i < c.count; i++) order[i] = i
  let ascending = true
  for (let i = 1; i < c.count && ascending; i++) ascending = c.at[i - 1]! <= c.at[i]!
  // Already in order (the kept columns are): they are the answer as they are.
  if (ascending) return c
  const at = c.at
  order.sort((a, b) => at[a]! - at[b]! || a - b)
  const out = emptyColumns(c.count)
  out.count = c.count
  out.autoplay = c.autoplay
  out.charts = [...c.charts]
  for (const name of COLUMNS) {
    const from = c[name]
    const to = out[name]
    for (let i = 0; i < c.count; i++) to[i] = from[order[i]!]!
  }
  return out
}

/** The ISO text of a play's instant. */
export const isoAt = (c: PlayColumns, i: number) => new Date(c.at[i]!).toISOString()

/** Version 2: grades index SCORE_GRADES (Overloaded first), AutoPlay plays are counted apart; a version 1 file is rebuilt from the log. */
const MAGIC = 'GACPLAY2'

/**
 * The columns as one file: a magic, a JSON header (count, charts, what the caller keeps with them) and the columns,
 * each at an offset aligned to 8 bytes.
 */
export function encodeColumns(c: PlayColumns, extra: Record<string, unknown>): Buffer {
  const header = Buffer.from(JSON.stringify({ ...extra, count: c.count, autoplay: c.autoplay, charts: c.charts }))
  const align = (n: number) => Math.ceil(n / 8) * 8
  let size = align(MAGIC.length + 4 + header.length)
  const starts = COLUMNS.map((name) => {
    const start = size
    size = align(size + c.count * c[name].BYTES_PER_ELEMENT)
    return start
  })
  const out = Buffer.alloc(size)
  out.write(MAGIC, 0, 'latin1')
  out.writeUInt32LE(header.length, MAGIC.length)
  header.copy(out, MAGIC.length + 4)
  COLUMNS.forEach((name, k) => {
    const column = c[name]
    out.set(new Uint8Array(column.buffer, column.byteOffset, c.count * column.BYTES_PER_ELEMENT), starts[k])
  })
  return out
}

/** The columns of a file written by `encodeColumns`, checked; null when it is not one (damaged, cut short, another format). */
export function decodeColumns(bytes: Uint8Array): { columns: PlayColumns; header: Record<string, unknown> } | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
  if (buffer.length < MAGIC.length + 4 || buffer.toString('latin1', 0, MAGIC.length) !== MAGIC) return null
  const headerLength = buffer.readUInt32LE(MAGIC.length)
  let header: Record<string, unknown>
  try {
    header = JSON.parse(buffer.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + headerLength)) as Record<string, unknown>
  } catch {
    return null
  }
  const count = header.count
  const charts = header.charts
  if (!Number.isInteger(count) || (count as number) < 0 || !Array.isArray(charts) || !charts.every((id) => typeof id === 'string'))
    return null
  const autoplay = header.autoplay
  if (!Number.isInteger(autoplay) || (autoplay as number) < 0) return null
  const columns = emptyColumns(count as number)
  columns.count = count as number
  columns.autoplay = autoplay as number
  columns.charts = charts as string[]
  const align = (n: number) => Math.ceil(n / 8) * 8
  let at = align(MAGIC.length + 4 + headerLength)
  for (const name of COLUMNS) {
    const column = columns[name]
    const length = columns.count * column.BYTES_PER_ELEMENT
    if (at + length > buffer.length) return null
    new Uint8Array(column.buffer).set(buffer.subarray(at, at + length))
    at = align(at + length)
  }
  for (let i = 0; i < columns.count; i++) {
    const chart = columns.chart[i]!
    if (chart < 0 || chart >= charts.length || columns.grade[i]! >= SCORE_GRADES.length || !Number.isFinite(columns.at[i]!)) return null
  }
  return { columns, header }
}
