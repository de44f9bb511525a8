import { BEST_COUNT, chartValue } from '../../shared/reality'
import { ALL_PERFECT, FULL_COMBO, HIDDEN, TOUCH, type PlayColumns } from './play-table'

/**
 * A boundary once shown between two sessions: the earlier one's last play and the later one's first.
 * Plays found later (an import of older plays) never merge the two: see `cutBefore`.
 */
export interface Boundary {
  end: number
  start: number
}

export interface FoldOptions {
  gapMs: number
  /** Boundaries kept from earlier computations, in order of `start`. */
  boundaries: readonly Boundary[]
  /** A chart's constant from the chart list (undefined when unknown): values for plays whose record has no Reality. */
  constant: (chartId: string) => number | undefined
}

/** What a session gathers as its plays are folded. */
interface Gathered {
  first: number
  start: number
  /** Plays that count (the hidden ones are counted apart). */
  plays: number
  /** Plays the player hid: they keep the session's time, and count in no figure. */
  hidden: number
  charts: number
  touch: number
  keyboard: number
  newBests: number
  firstPlays: number
  fullCombos: number
  allPerfects: number
  before: [number, number]
}

/** One session as folded: its plays are the sorted columns' `first`…`last`; Reality per mode [touch, keyboard]. */
export interface FoldedSession extends Gathered {
  last: number
  end: number
  gradeRaises: number
  after: [number, number]
  entered: [number, number]
  left: [number, number]
}

/** A mode's best 20: chart-and-mode keys and their values, highest first. */
interface Top {
  keys: number[]
  values: number[]
}

/** What the open session has gathered so far, with what its end is measured against. */
interface Open extends Gathered {
  startTop: [number[], number[]]
  touched: number[]
}

/** Everything a fold holds, as plain data: it crosses from the worker to the main thread, which goes on from it. */
export interface FoldState {
  best: Int32Array
  bestGrade: Uint8Array
  value: Float64Array
  achieved: Uint8Array
  seenKey: Int32Array
  startBest: Int32Array
  startGrade: Uint8Array
  improved: Int32Array
  chartSeen: Int32Array
  constants: Float64Array
  tops: [Top, Top]
  sessionNo: number
  lastAt: number
  boundary: number
  open: Open | null
  closed: FoldedSession[]
}

/** Bits of `achieved`: a full combo, an all perfect reached on the chart and mode. */
export const ACHIEVED_FC = 1
export const ACHIEVED_AP = 2
export const modeIndex = (flags: number) => (flags & TOUCH ? 0 : 1)
export const keyOf = (chart: number, flags: number) => chart * 2 + modeIndex(flags)

const realityOf = (top: Top) => top.values.reduce((sum, v) => sum + v, 0) / BEST_COUNT

/** Raises a key's value in a best 20 (values only grow): it moves up, comes in over the 20th, or stays out. */
export function raiseInTop(top: Top, key: number, value: number): void {
  let at = top.keys.indexOf(key)
  if (at === -1) {
    if (top.keys.length >= BEST_COUNT && value <= top.values[top.keys.length - 1]!) return
    if (top.keys.length >= BEST_COUNT) {
      top.keys.pop()
      top.values.pop()
    }
    at = top.keys.push(key) - 1
    top.values.push(value)
  }
  top.values[at] = value
  while (at > 0 && top.values[at - 1]! < value) {
    top.keys[at] = top.keys[at - 1]!
    top.values[at] = top.values[at - 1]!
    at--
  }
  top.keys[at] = key
  top.values[at] = value
}

function grown<T extends Int32Array | Uint8Array | Float64Array>(array: T, size: number, fill: number): T {
  if (array.length >= size) return array
  const next = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2))
  next.set(array)
  next.fill(fill, array.length)
  return next
}

function emptyState(): FoldState {
  return {
    best: new Int32Array(0),
    bestGrade: new Uint8Array(0),
    value: new Float64Array(0),
    achieved: new Uint8Array(0),
    seenKey: new Int32Array(0),
    startBest: new Int32Array(0),
    startGrade: new Uint8Array(0),
    improved: new Int32Array(0),
    chartSeen: new Int32Array(0),
    constants: new Float64Array(0),
    tops: [
      { keys: [], values: [] },
      { keys: [], values: [] }
    ],
    sessionNo: 0,
    lastAt: Number.NEGATIVE_INFINITY,
    boundary: 0,
    open: null,
    closed: []
  }
}

/**
 * Plays folded into sessions in time order, one at a time: the gap rule, the bests and best 20 of
 * each chart and mode as they stood, and each session's headline figures. A fold can stop and go on
 * with later plays (`push` after more plays were appended to the columns): a new batch costs what it
 * holds, not the whole history.
 */
export class SessionFold {
  readonly state: FoldState

  constructor(
    private readonly columns: PlayColumns,
    private readonly options: FoldOptions,
    state?: FoldState
  ) {
    this.state = state ?? emptyState()
  }

  /** Folds the plays from `from` to the columns' end (they come after every play folded so far). */
  pushFrom(from: number): void {
    this.#size()
    for (let i = from; i < this.columns.count; i++) this.push(i)
  }

  #size(): void {
    const s = this.state
    const charts = this.columns.charts.length
    const keys = charts * 2
    if (s.best.length >= keys && s.constants.length >= charts) return
    s.best = grown(s.best, keys, -1)
    s.bestGrade = grown(s.bestGrade, keys, 255)
    s.value = grown(s.value, keys, -1)
    s.achieved = grown(s.achieved, keys, 0)
    s.seenKey = grown(s.seenKey, keys, -1)
    s.startBest = grown(s.startBest, keys, -1)
    s.startGrade = grown(s.startGrade, keys, 255)
    s.improved = grown(s.improved, keys, -1)
    s.chartSeen = grown(s.chartSeen, charts, -1)
    const known = s.constants.length
    s.constants = grown(s.constants, charts, Number.NaN)
    for (let c = known; c < s.constants.length && c < charts; c++)
      s.constants[c] = this.options.constant(this.columns.charts[c]!) ?? Number.NaN
  }

  /** Whether a session boundary falls between the play at `previous` and the next one at `at`. */
  #cutBefore(previous: number, at: number): boolean {
    const s = this.state
    const { boundaries, gapMs } = this.options
    const sessionStart = s.open?.start ?? Number.NEGATIVE_INFINITY
    let cut = at - previous > gapMs
    while (s.boundary < boundaries.length && boundaries[s.boundary]!.start <= at) {
      const b = boundaries[s.boundary++]!
      // A boundary once shown: the later session still starts here when nothing else separates the two.
      if (b.start > previous && sessionStart <= b.end) cut = true
    }
    return cut
  }

  /**
   * The value a play gives its chart: the record's own Reality, else the chart list's constant under the rules (an
   * Overloaded score rated as 1,010,000).
   */
  #valueOf(i: number): number {
    const c = this.columns
    if (c.reality[i]! > 0) return c.reality[i]!
    const constant = this.state.constants[c.chart[i]!]!
    return Number.isNaN(constant) ? 0 : chartValue({ constant, score: c.score[i]!, allPerfect: (c.flags[i]! & ALL_PERFECT) !== 0 })
  }

  push(i: number): void {
    const s = this.state
    const c = this.columns
    if (s.best.length < c.charts.length * 2) this.#size()
    const at = c.at[i]!
    if (!s.open || this.#cutBefore(s.lastAt, at)) this.#openAt(i)
    s.lastAt = at
    const open = s.open!
    const flags = c.flags[i]!
    if (flags & HIDDEN) {
      open.hidden++
      return
    }
    const chart = c.chart[i]!
    const key = chart * 2 + modeIndex(flags)
    open.plays++
    if (flags & TOUCH) open.touch++
    else open.keyboard++
    if (s.chartSeen[chart] !== s.sessionNo) {
      s.chartSeen[chart] = s.sessionNo
      open.charts++
    }
    if (s.seenKey[key] !== s.sessionNo) {
      s.seenKey[key] = s.sessionNo
      s.startBest[key] = s.best[key]!
      s.startGrade[key] = s.bestGrade[key]!
      open.touched.push(key)
      if (s.best[key] === -1) open.firstPlays++
    }
    const score = c.score[i]!
    if (score > s.best[key]!) {
      if (s.startBest[key]! >= 0 && s.improved[key] !== s.sessionNo) {
        s.improved[key] = s.sessionNo
        open.newBests++
      }
      s.best[key] = score
      s.bestGrade[key] = c.grade[i]!
    }
    if (flags & FULL_COMBO && !(s.achieved[key]! & ACHIEVED_FC)) {
      s.achieved[key]! |= ACHIEVED_FC
      open.fullCombos++
    }
    if (flags & ALL_PERFECT && !(s.achieved[key]! & ACHIEVED_AP)) {
      s.achieved[key]! |= ACHIEVED_AP
      open.allPerfects++
    }
    const value = this.#valueOf(i)
    if (value > s.value[key]!) {
      s.value[key] = value
      raiseInTop(s.tops[modeIndex(flags)], key, value)
    }
  }

  #openAt(i: number): void {
    const s = this.state
    if (s.open) s.closed.push(this.#folded(s.open, i - 1))
    s.sessionNo++
    s.open = {
      first: i,
      start: this.columns.at[i]!,
      plays: 0,
      hidden: 0,
      charts: 0,
      touch: 0,
      keyboard: 0,
      newBests: 0,
      firstPlays: 0,
      fullCombos: 0,
      allPerfects: 0,
      before: [realityOf(s.tops[0]), realityOf(s.tops[1])],
      startTop: [[...s.tops[0].keys], [...s.tops[1].keys]],
      touched: []
    }
  }

  /** A session's figures as the fold stands (the open one's so far). */
  #folded(open: Open, last: number): FoldedSession {
    const s = this.state
    let gradeRaises = 0
    for (const key of open.touched) if (s.startBest[key]! >= 0 && s.bestGrade[key]! < s.startGrade[key]!) gradeRaises++
    const moved = (mode: 0 | 1) => {
      const now = s.tops[mode].keys
      const then = open.startTop[mode]
      return { entered: now.filter((k) => !then.includes(k)).length, left: then.filter((k) => !now.includes(k)).length }
    }
    const touch = moved(0)
    const keyboard = moved(1)
    const { touched: _touched, startTop: _startTop, ...figures } = open
    return {
      ...figures,
      last,
      end: this.columns.at[last]!,
      gradeRaises,
      after: [realityOf(s.tops[0]), realityOf(s.tops[1])],
      entered: [touch.entered, keyboard.entered],
      left: [touch.left, keyboard.left]
    }
  }

  /** Every session, oldest first, the open one included as it stands. */
  sessions(): FoldedSession[] {
    const s = this.state
    return s.open ? [...s.closed, this.#folded(s.open, this.columns.count - 1)] : [...s.closed]
  }

  /** The boundaries between the sessions as they are now: what is kept, so a later import never merges them. */
  boundaries(): Boundary[] {
    const list = this.sessions()
    return list.slice(1).map((session, k) => ({ end: list[k]!.end, start: session.start }))
  }
}

const FIELDS = ['first', 'last', 'start', 'end', 'plays', 'hidden', 'charts', 'touch', 'keyboard', 'newBests', 'firstPlays'] as const
const MORE = ['gradeRaises', 'fullCombos', 'allPerfects'] as const
const PAIRS = ['before', 'after', 'entered', 'left'] as const
const WIDTH = FIELDS.length + MORE.length + PAIRS.length * 2

/** Sessions as one array of numbers: thousands cross between threads without an object each. */
export function packSessions(list: readonly FoldedSession[]): Float64Array {
  const packed = new Float64Array(list.length * WIDTH)
  list.forEach((s, k) => {
    let at = k * WIDTH
    for (const name of [...FIELDS, ...MORE]) packed[at++] = s[name]
    for (const name of PAIRS) {
      packed[at++] = s[name][0]
      packed[at++] = s[name][1]
    }
  })
  return packed
}

export function unpackSessions(packed: Float64Array): FoldedSession[] {
  const list: FoldedSession[] = []
  for (let at = 0; at + WIDTH <= packed.length;) {
    const s = {} as Record<string, number | [number, number]>
    for (const name of [...FIELDS, ...MORE]) s[name] = packed[at++]!
    for (const name of PAIRS) s[name] = [packed[at++]!, packed[at++]!]
    list.push(s as unknown as FoldedSession)
  }
  return list
}

/** Sessions of sorted plays, folded from the first. */
export function foldAll(columns: PlayColumns, options: FoldOptions): SessionFold {
  const fold = new SessionFold(columns, options)
  fold.pushFrom(0)
  return fold
}
