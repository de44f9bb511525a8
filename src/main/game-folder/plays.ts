import type { KeptRecord } from '../../shared/api'
import { parseRfc3339 } from '../../shared/timestamps'
import { gradeNamed } from '../../shared/reality'
import { AppError } from '../../shared/errors'
import type { LocalPlay, LocalPlays } from '../../shared/game-folder'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { io } from '../platform-node/io'
import { loadSqlJs } from '../platform-node/sqljs'
import type { FileSystem } from '../ports'
import { TimeSlices } from '../kernel/time-slices'
import type { RowSource } from '../platform-node/sqlite'
import { numberIn } from '../../shared/game-numbers'
import { isOverloaded, scoreProblem } from '../../shared/play-marks'

/** One play the game kept, as the history keeps plays, with whom the game said it belonged to. */
export interface KeptPlay {
  record: KeptRecord
  username: string | null
  userId: string | null
  /** The time as data.db wrote it, when it had no offset (a local time `played_at` was read from): shown as written. */
  written?: string
}

/**
 * A row with a chart and a score but no usable time: left out of the history and counted. `previous` and
 * `next` are the timed plays around it in the file's own order (the game writes plays as they happen).
 */
export interface UntimedPlay {
  username: string | null
  userId: string | null
  previous?: KeptPlay | null
  next?: KeptPlay | null
}

export interface PlaysRead {
  plays: KeptPlay[]
  /** Rows that could not be read (the untimed ones among them). */
  skipped: number
  /** Of those, rows whose score is above 2,000,000, which no play reaches (play-marks.ts). */
  scoreTooHigh: number
  untimed: UntimedPlay[]
  usernames: string[]
  userIds: string[]
}

/** The tables data.db versions keep their plays in. */
const PLAY_TABLES = ['scores', 'score', '1']
/** A date-time without an offset: the game's local time, as its `LastSaveTime` (dashes or slashes in the date). */
const LOCAL_TIME = /^\d{4}([-/])\d{2}\1\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?$/

/**
 * A play time as data.db writes it: RFC 3339; a date-time without an offset (the game's local
 * time, as its `LastSaveTime`); or seconds / milliseconds since the epoch.
 */
export function playedAtOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
    // A number past any date (found by the fuzz suite: 1.2e160) is no play time, not a reason to refuse the file.
    const at = new Date(value > 1e12 ? value : value * 1000)
    return Number.isNaN(at.getTime()) ? null : at.toISOString()
  }
  if (typeof value !== 'string' || !value.trim()) return null
  const text = value.trim()
  if (!Number.isNaN(parseRfc3339(text))) return text
  if (LOCAL_TIME.test(text)) {
    const local = new Date(`${text.slice(0, 10).replaceAll('/', '-')}T${text.slice(11)}`)
    return Number.isNaN(local.getTime()) ? null : local.toISOString()
  }
  // Seconds (from 2001) or milliseconds, up to the last the Date reads (16 digits).
  if (/^\d{9,16}$/.test(text)) return playedAtOf(Number(text))
  return null
}

const COUNT_FIELDS = [
  'score_exact_count',
  'score_perfect_count',
  'score_great_count',
  'score_good_count',
  'score_bad_count',
  'score_miss_count',
  'score_fracture_exact_count',
  'score_fracture_miss_count'
] as const

const numberOf = numberIn
const textOf = (v: unknown): string | null => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null)

/**
 * The modifiers of a row: a JSON array (its strings), a JSON string (itself), else the words of the text
 * (a bare list, or an array cut off); other JSON (an object, a number) names none.
 */
function modifiersOf(v: unknown): string[] {
  if (typeof v !== 'string' || !v.trim()) return []
  let value: unknown
  try {
    value = JSON.parse(v)
  } catch {
    return v.match(/[A-Za-z_][\w.-]*/g) ?? []
  }
  if (Array.isArray(value)) return value.filter((m): m is string => typeof m === 'string')
  return typeof value === 'string' ? [value] : []
}

/** Reads rows of one table by column position (names in any case), with the service record's rules, without a schema pass per row. */
function rowReader(columns: string[]) {
  const at = (name: string) => columns.findIndex((c) => c.toLowerCase() === name)
  const col = {
    chart: at('chart_id'),
    score: at('score'),
    accuracy: at('score_accuracy'),
    reality: at('reality'),
    grade: at('grade'),
    playedAt: at('played_at'),
    version: at('game_version'),
    modifiers: at('modifiers'),
    username: at('username'),
    userId: at('user_id'),
    counts: COUNT_FIELDS.map((f) => [f, at(f)] as const).filter(([, i]) => i >= 0)
  }
  // One string per distinct chart or player, not one per row: 100,000 copies would all outlive the
  // young generation and lengthen the garbage collector's pauses.
  const interned = new Map<string, string>()
  const intern = (text: string | null) => {
    if (text === null) return null
    const known = interned.get(text)
    if (known !== undefined) return known
    interned.set(text, text)
    return text
  }
  const who = (row: unknown[]) => ({ username: intern(textOf(row[col.username])), userId: intern(textOf(row[col.userId])) })
  return (row: unknown[]): { play: KeptPlay; at: number } | { untimed: UntimedPlay } | { tooHigh: true } | null => {
    const chartId = intern(textOf(row[col.chart]))
    const score = numberOf(row[col.score])
    // An Overloaded score (above 1,010,000) is a play, kept as read; which scores are plays is play-marks.ts's rule.
    const problem = scoreProblem(score)
    if (problem === 'too_high') return { tooHigh: true }
    if (!chartId || score === null || problem !== null) return null
    const playedAt = playedAtOf(row[col.playedAt])
    if (!playedAt) return { untimed: who(row) }
    const accuracy = numberOf(row[col.accuracy]) ?? 0
    const reality = numberOf(row[col.reality]) ?? 0
    if (accuracy < 0 || accuracy > 100 || reality < 0) return null
    const record: KeptRecord = {
      chart_id: chartId,
      score,
      score_accuracy: accuracy,
      reality,
      grade: gradeNamed(textOf(row[col.grade]), score),
      played_at: playedAt,
      modifiers: modifiersOf(row[col.modifiers]),
      source: 'save-play'
    }
    const version = textOf(row[col.version])
    if (version) record.game_version = version
    for (const [field, i] of col.counts) {
      const n = numberOf(row[i])
      if (n !== null && Number.isInteger(n) && n >= 0) record[field] = n
    }
    const raw = row[col.playedAt]
    const play: KeptPlay = { record, ...who(row) }
    if (typeof raw === 'string' && LOCAL_TIME.test(raw.trim())) play.written = raw.trim()
    return { play, at: parseRfc3339(playedAt) }
  }
}

/** The runtime's own SQLite (much faster than sql.js on a big file), and where it may put a private copy to open. */
export interface NativeReader {
  open: (path: string) => RowSource
  files: FileSystem
  tempDir?: string
}

/** sql.js over the bytes, as a row source (every runtime has it). */
async function sqlJsSource(bytes: Uint8Array): Promise<RowSource> {
  const SQL = await loadSqlJs()
  const db = new SQL.Database(bytes)
  return {
    tables: () => (db.exec("SELECT name FROM sqlite_master WHERE type = 'table'")[0]?.values ?? []).map((r) => String(r[0])),
    rows: (table) => {
      const statement = db.prepare(`SELECT * FROM "${table.replace(/"/g, '""')}"`)
      function* rows() {
        try {
          while (statement.step()) yield statement.get() as unknown[]
        } finally {
          statement.free()
        }
      }
      return { columns: statement.getColumnNames(), rows: rows() }
    },
    close: () => db.close()
  }
}

/** The plays ordered by their instants, newest first; the game writes them oldest first, which is reversed without a sort. */
function newestFirst(plays: KeptPlay[], instants: number[]): KeptPlay[] {
  let ascending = true
  for (let i = 1; i < instants.length && ascending; i++) ascending = instants[i - 1]! <= instants[i]!
  if (ascending) return plays.reverse()
  const order = Array.from(plays.keys()).sort((a, b) => instants[b]! - instants[a]!)
  return order.map((i) => plays[i]!)
}

/**
 * The timed plays around each untimed row in the file's order, of the same player (the same user id or the same
 * name; a row naming no one is anyone's): with two players' plays interleaved, the other's are no neighbours.
 */
class Neighbours {
  readonly #last = { id: new Map<string, [KeptPlay, number]>(), name: new Map<string, [KeptPlay, number]>() }
  #lastAnyone: [KeptPlay, number] | null = null
  #lastNoOne: [KeptPlay, number] | null = null
  readonly #waiting = { id: new Map<string, UntimedPlay[]>(), name: new Map<string, UntimedPlay[]>(), anyone: [] as UntimedPlay[] }
  #plays = 0

  play(play: KeptPlay): void {
    const here: [KeptPlay, number] = [play, this.#plays++]
    this.#lastAnyone = here
    if (play.userId === null && play.username === null) this.#lastNoOne = here
    if (play.userId !== null) this.#last.id.set(play.userId, here)
    if (play.username !== null) this.#last.name.set(play.username, here)
    const ready = [this.#waiting.anyone]
    if (play.userId === null && play.username === null) ready.push(...this.#waiting.id.values(), ...this.#waiting.name.values())
    else ready.push(this.#take(this.#waiting.id, play.userId), this.#take(this.#waiting.name, play.username))
    for (const list of ready) for (const u of list) u.next ??= play
    this.#waiting.anyone = []
    if (play.userId === null && play.username === null) {
      this.#waiting.id.clear()
      this.#waiting.name.clear()
    }
  }

  untimed(who: Pick<UntimedPlay, 'userId' | 'username'>): UntimedPlay {
    const u: UntimedPlay = { ...who, previous: null, next: null }
    const anyone = who.userId === null && who.username === null
    const candidates = anyone
      ? [this.#lastAnyone]
      : [this.#lastNoOne, this.#at(this.#last.id, who.userId), this.#at(this.#last.name, who.username)]
    const latest = candidates.reduce<[KeptPlay, number] | null>((a, c) => (c && (!a || c[1] > a[1]) ? c : a), null)
    u.previous = latest?.[0] ?? null
    if (anyone) this.#waiting.anyone.push(u)
    else {
      if (who.userId !== null) this.#push(this.#waiting.id, who.userId, u)
      if (who.username !== null) this.#push(this.#waiting.name, who.username, u)
    }
    return u
  }

  #at(map: Map<string, [KeptPlay, number]>, key: string | null) {
    return key === null ? null : map.get(key)
  }
  #take(map: Map<string, UntimedPlay[]>, key: string | null): UntimedPlay[] {
    if (key === null) return []
    const list = map.get(key) ?? []
    map.delete(key)
    return list
  }
  #push(map: Map<string, UntimedPlay[]>, key: string, u: UntimedPlay): void {
    const list = map.get(key)
    if (list) list.push(u)
    else map.set(key, [u])
  }
}

/** Every play of a data.db opened as rows (`scores`, `score` or `1` table, columns in any case), newest first, read in slices. */
export async function playsFrom(source: RowSource): Promise<PlaysRead> {
  const tables = source.tables()
  const table = PLAY_TABLES.map((wanted) => tables.find((t) => t.toLowerCase() === wanted)).find(Boolean)
  if (!table) throw AppError.of('not_found', 'This data.db has no table of plays (scores, score or 1).')
  const { columns, rows } = source.rows(table)
  const readRow = rowReader(columns)
  // The plays and their instants side by side (an object per row to hold both would outlive the young generation too).
  const plays: KeptPlay[] = []
  const instants: number[] = []
  let skipped = 0
  let scoreTooHigh = 0
  const untimed: UntimedPlay[] = []
  const neighbours = new Neighbours()
  const usernames = new Set<string>()
  const userIds = new Set<string>()
  const slices = new TimeSlices()
  for (const values of rows) {
    const row = readRow(values)
    if (row && 'play' in row) {
      plays.push(row.play)
      instants.push(row.at)
      if (row.play.username) usernames.add(row.play.username)
      if (row.play.userId) userIds.add(row.play.userId)
      neighbours.play(row.play)
    } else {
      skipped++
      if (row && 'untimed' in row) untimed.push(neighbours.untimed(row.untimed))
      else if (row) scoreTooHigh++
    }
    if (slices.due) await slices.next()
  }
  return { plays: newestFirst(plays, instants), skipped, scoreTooHigh, untimed, usernames: [...usernames], userIds: [...userIds] }
}

/** What reading a data.db failed with, as the player is told it: SQLite's own words for a damaged file. */
export function readFailure(error: unknown): AppError {
  if (error instanceof AppError) return error
  return AppError.of('io', `This data.db cannot be read (${(error as Error).message}).`, { details: { cause: 'damaged' } })
}

/** A private copy of data.db's bytes for the runtime's SQLite to open (never the game's own file); removed by `drop`. */
export async function privateCopy(
  bytes: Uint8Array,
  native: Pick<NativeReader, 'files' | 'tempDir'>
): Promise<{ path: string; drop: () => Promise<void> }> {
  const path = join(native.tempDir ?? tmpdir(), `companion-plays-${process.pid}-${randomBytes(6).toString('hex')}.db`)
  const drop = () => native.files.rm(path, { force: true }).catch(() => {})
  await io('Reading data.db', () => native.files.writeAtomic(path, bytes, { mode: 0o600 })).catch(async (error: unknown) => {
    await drop()
    throw error
  })
  return { path, drop }
}

/**
 * Every play in a data.db (`scores`, `score` or `1` table, columns in any case), newest first.
 * Read in slices so a file of a hundred thousand plays never holds the thread for long; with the
 * runtime's SQLite where there is one (from a private copy of the bytes), else with sql.js.
 */
export async function readPlays(bytes: Uint8Array, native: NativeReader | null = null): Promise<PlaysRead> {
  let copy: Awaited<ReturnType<typeof privateCopy>> | null = null
  let source: RowSource | null = null
  try {
    if (native) {
      copy = await privateCopy(bytes, native)
      source = native.open(copy.path)
    } else source = await sqlJsSource(bytes)
    return await playsFrom(source)
  } catch (error) {
    // The runtime's SQLite refuses a whole table for one integer past 2^53; sql.js reads it (as no play).
    if (native && (error as { code?: unknown } | null)?.code === 'ERR_OUT_OF_RANGE') return await readPlays(bytes, null)
    throw readFailure(error)
  } finally {
    source?.close()
    await copy?.drop()
  }
}

/** Every play a data.db kept, as the CLI and the contract show them. */
export const localPlays = (read: PlaysRead & { file: string }): LocalPlays => ({
  file: read.file,
  plays: read.plays.map(localPlayOf),
  skipped: read.skipped,
  scoreTooHigh: read.scoreTooHigh,
  usernames: read.usernames,
  userIds: read.userIds
})

/** A play as the CLI and the contract show it. */
function localPlayOf(play: KeptPlay): LocalPlay {
  const r = play.record
  return {
    chart_id: r.chart_id,
    score: r.score,
    score_accuracy: r.score_accuracy,
    grade: r.grade,
    reality: r.reality,
    played_at: r.played_at,
    game_version: r.game_version ?? null,
    mode: r.modifiers.includes('TouchMode') ? 'touch' : 'keyboard',
    username: play.username,
    user_id: play.userId,
    overloaded: isOverloaded(r.score),
    modifiers: [...r.modifiers]
  }
}

/** Plays within this much of a kept play of the same chart and score are that play (clocks and roundings differ). */
export const SAME_PLAY_MS = 2_000
/** Scores are below this (a play's is at most 2,000,000: play-marks.ts), so chart × SCORE_SPAN + score names a chart and score. */
const SCORE_SPAN = 2 ** 21

/**
 * The plays not already in the history: a play matches a kept one of the same chart and score
 * played within `SAME_PLAY_MS`, so a play the service reported and the game kept counts once.
 * Works in slices, letting the event loop run between them.
 */
export async function newPlays(
  plays: readonly KeptRecord[],
  kept: readonly Pick<KeptRecord, 'chart_id' | 'score' | 'played_at'>[]
): Promise<KeptRecord[]> {
  // Chart and score as one number, with one time or a list of times: a key string and an array per
  // play would all outlive the young generation and lengthen the garbage collector's pauses.
  const charts = new Map<string, number>()
  const keyOf = (r: Pick<KeptRecord, 'chart_id' | 'score'>): number | string => {
    let chart = charts.get(r.chart_id)
    if (chart === undefined) charts.set(r.chart_id, (chart = charts.size))
    return Number.isInteger(r.score) && r.score >= 0 && r.score < SCORE_SPAN ? chart * SCORE_SPAN + r.score : `${r.chart_id}|${r.score}`
  }
  const times = new Map<number | string, number | number[]>()
  const remember = (key: number | string, at: number) => {
    const known = times.get(key)
    if (known === undefined) times.set(key, at)
    else if (typeof known === 'number') times.set(key, [known, at])
    else known.push(at)
  }
  const near = (known: number | number[] | undefined, at: number) =>
    known !== undefined &&
    (typeof known === 'number' ? Math.abs(known - at) <= SAME_PLAY_MS : known.some((t) => Math.abs(t - at) <= SAME_PLAY_MS))
  const slices = new TimeSlices()
  for (const record of kept) {
    remember(keyOf(record), parseRfc3339(record.played_at))
    if (slices.due) await slices.next()
  }
  const fresh: KeptRecord[] = []
  for (const play of plays) {
    const key = keyOf(play)
    const at = parseRfc3339(play.played_at)
    if (!near(times.get(key), at)) {
      remember(key, at)
      fresh.push(play)
    }
    if (slices.due) await slices.next()
  }
  return fresh
}
