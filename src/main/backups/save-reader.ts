import type { Database } from 'sql.js'
import { accuracyPercent } from '../../shared/records'
import type { SaveContainer, SaveLayout } from '../../shared/backups'
import { AppError } from '../../shared/errors'
import { gradeNamed, gradeOf, gradeOfLevel, letterGradeOf, type ScoreGrade } from '../../shared/reality'
import { scoreProblem } from '../../shared/play-marks'
import { loadSqlJs } from '../platform-node/sqljs'
import { detectFormat, saveJsonText } from './format'
import { numberIn } from '../../shared/game-numbers'

/** One chart's best (or, from a legacy score table, one play) read from a save file. */
export interface SaveBest {
  chartId: string
  /** As the save holds it: above 1,010,000 an Overloaded best (play-marks.ts), kept as read. */
  score: number
  /** 0–1, when the save has it. */
  accuracy: number | null
  grade: ScoreGrade
  /** From `AchievedStatus` (4 = full combo); null when the save does not say. */
  fullCombo: boolean | null
  allPerfect: boolean
  playedAt: string | null
  mode: 'touch' | 'keyboard' | null
  gameVersion: string | null
  /** From the pre-4.0 `SongRecords` array: rated with the legacy rules. */
  legacy: boolean
  /** The save's `BestLevel` named another grade than the score's. */
  levelDisagrees?: boolean
  /** The record's own Reality (legacy score tables carry it); null otherwise. */
  reality: number | null
}

export interface SaveContents {
  container: SaveContainer
  layout: SaveLayout
  username: string | null
  nickname: string | null
  userId: string | null
  /** One per chart (and input mode where the save knows it). */
  bests: SaveBest[]
  /** Individual plays with a play time (legacy score tables only). */
  plays: SaveBest[]
  /** Records that could not be read (missing id or score, or a score no play has). */
  skipped: number
  /** Of those, records whose score is above 2,000,000 (play-marks.ts: no play the app can use). */
  scoreTooHigh?: number
  /** Records whose `BestLevel` names another grade than their score (see `songRecord`). */
  levelDisagreements?: number
  /** `LastSaveTime` exactly as written (the game writes a local time without an offset). */
  lastSaveTime?: string | null
}

/** Saves are small (a few MiB at most); anything far larger is not summarized. */
export const MAX_SUMMARY_BYTES = 64 * 1024 * 1024

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown): string | null =>
  typeof v === 'string' && v.length > 0 ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null
const num = numberIn

/** A key as saves spell it in any version: `UserName`, `Username` and `user_name` are one key. */
const keyOf = (name: string) => name.replace(/[_-]/g, '').toLowerCase()

/** The first of `names` that `obj` has, matched as `keyOf` does. */
function field(obj: Json, ...names: string[]): unknown {
  for (const name of names) if (name in obj) return obj[name]
  const wanted = new Set(names.map(keyOf))
  for (const [key, value] of Object.entries(obj)) if (wanted.has(keyOf(key))) return value
  return undefined
}

/**
 * A value some writers store as JSON text instead of JSON (a list or object inside a string, or a
 * whole document encoded twice in a database cell): parsed, a few levels deep; anything else as is.
 */
function unwrap(value: unknown, depth = 0): unknown {
  if (typeof value !== 'string' || depth > 2) return value
  const text = value.replace(/^\uFEFF/, '').trim()
  if (!/^[[{"]/.test(text)) return value
  const parsed = parseJson(text)
  return parsed === undefined ? value : unwrap(parsed, depth + 1)
}

/** A list of records as a save holds it: an array, or an object keyed by chart id. */
function entriesOf(value: unknown, idKey: string): unknown[] | null {
  const list = unwrap(value)
  if (Array.isArray(list)) return list
  if (!isObject(list)) return null
  return Object.entries(list).map(([key, item]) => (isObject(item) && field(item, idKey) === undefined ? { ...item, [idKey]: key } : item))
}

/**
 * A score as a save writes it, rounded to a whole number (some writers store it as a float): null when it is no
 * play's score (play-marks.ts); a best above 1,010,000 is kept as it is, never cut to 1,010,000.
 */
function scoreOf(value: unknown): number | null {
  const n = num(value)
  if (n === null) return null
  const score = Math.round(n)
  return scoreProblem(score) === null ? score : null
}

const isTooHigh = (raw: unknown, key: string) => {
  if (!isObject(raw)) return false
  const n = num(field(raw, key))
  return n !== null && scoreProblem(Math.round(n)) === 'too_high'
}

const isAllPerfect = (accuracy: number | null) => accuracy !== null && accuracyPercent(accuracy) >= 99.9995

/**
 * `{ BeatmapID, BestScore, BestAccuracy, BestLevel, AchievedStatus }`, the per-chart best of a JSON save.
 * The grade comes from the score: `BestLevel` numbered the grades without SS in older saves
 * (0 R, 1 M, 2 S, 3 A…), so a level that names another grade is only counted. `AchievedStatus`
 * (community reading): 4 full combo, 5 all perfect.
 */
function songRecord(raw: unknown, legacy: boolean): SaveBest | null {
  if (!isObject(raw)) return null
  const chartId = str(field(raw, 'BeatmapID'))
  const score = scoreOf(field(raw, 'BestScore'))
  if (!chartId || score === null) return null
  const accuracy = num(field(raw, 'BestAccuracy'))
  const level = num(field(raw, 'BestLevel'))
  const achieved = unwrap(field(raw, 'AchievedStatus'))
  const status = Array.isArray(achieved) ? achieved.map(Number) : null
  return {
    chartId,
    score,
    accuracy,
    grade: gradeOf(score),
    fullCombo: status ? status.includes(4) || status.includes(5) : null,
    allPerfect: isAllPerfect(accuracy) || (status?.includes(5) ?? false),
    playedAt: null,
    mode: null,
    gameVersion: null,
    legacy,
    reality: null,
    // An Overloaded best has no level of its own to disagree with: its level is compared with the grade it is rated at.
    levelDisagrees: level !== null && gradeOfLevel(level) !== letterGradeOf(score)
  }
}

/** A record shaped like the API's (`chart_id`, `score`, …), as legacy score tables hold them. */
function apiLikeRecord(raw: Json): SaveBest | null {
  const chartId = str(field(raw, 'chart_id'))
  const score = scoreOf(field(raw, 'score'))
  if (!chartId || score === null) return null
  const accuracy = num(field(raw, 'score_accuracy', 'accuracy'))
  let modifiers = unwrap(field(raw, 'modifiers'))
  if (typeof modifiers === 'string') modifiers = modifiers.split(/[,\s]+/)
  const mode = field(raw, 'mode')
  const touch = Array.isArray(modifiers) ? modifiers.includes('TouchMode') : mode === 'touch' ? true : mode === 'keyboard' ? false : null
  const grade = str(field(raw, 'grade'))
  const misses = num(field(raw, 'score_miss_count'))
  return {
    chartId,
    score,
    accuracy,
    grade: gradeNamed(grade, score),
    fullCombo: misses === null ? null : misses === 0 && (num(field(raw, 'score_bad_count')) ?? 0) === 0,
    allPerfect: isAllPerfect(accuracy),
    playedAt: str(field(raw, 'played_at')),
    mode: touch === null ? null : touch ? 'touch' : 'keyboard',
    gameVersion: str(field(raw, 'game_version')),
    legacy: false,
    reality: num(field(raw, 'reality'))
  }
}

/** The records of a list that can be read; the others counted, and among them those whose score (`scoreKey`) is too high. */
function readList<T>(
  list: unknown[] | null,
  read: (raw: unknown) => T | null,
  scoreKey: string
): { items: T[]; skipped: number; scoreTooHigh: number } {
  if (!list) return { items: [], skipped: 0, scoreTooHigh: 0 }
  const items: T[] = []
  let scoreTooHigh = 0
  for (const raw of list) {
    const item = read(raw)
    if (item) items.push(item)
    else if (isTooHigh(raw, scoreKey)) scoreTooHigh++
  }
  return { items, skipped: list.length - items.length, scoreTooHigh }
}

/** The best of each chart (and mode): the highest score. */
export function bestPerChart(records: readonly SaveBest[]): SaveBest[] {
  const best = new Map<string, SaveBest>()
  for (const r of records) {
    const key = `${r.chartId}|${r.mode ?? ''}`
    const current = best.get(key)
    if (!current || r.score > current.score) best.set(key, r)
  }
  return [...best.values()]
}

const SAVE_KEYS = new Set(['songrecordsv3', 'songrecords'])

/**
 * Finds the object that holds the save (`SongRecordsV3` / `SongRecords`, however spelt), at the
 * top or nested a little, also inside a string holding JSON.
 */
function findSaveObject(doc: unknown, depth = 0): Json | null {
  if (!isObject(doc) || depth > 3) return null
  if (Object.keys(doc).some((key) => SAVE_KEYS.has(keyOf(key)))) return doc
  for (const value of Object.values(doc)) {
    const found = findSaveObject(unwrap(value), depth + 1)
    if (found) return found
  }
  return null
}

/** An array of API-like records anywhere in the document (older exports and this app's first reference layout). */
function findRecordArray(doc: unknown, depth = 0): unknown[] | null {
  if (depth > 3 || typeof doc !== 'object' || doc === null) return null
  if (Array.isArray(doc)) return doc.some((r) => isObject(r) && typeof r.chart_id === 'string') ? doc : null
  for (const value of Object.values(doc)) {
    const found = findRecordArray(value, depth + 1)
    if (found) return found
  }
  return null
}

/**
 * Reads the JSON document of a save. Newer clients prefer `SongRecordsV3` (game 4.0 and later) and
 * fall back to the legacy `SongRecords` when V3 is absent or empty.
 */
export function contentsOfDocument(doc: unknown, container: SaveContainer): SaveContents {
  const save = findSaveObject(doc)
  const holder = save ?? (isObject(doc) ? doc : {})
  const identity = {
    username: str(field(holder, 'Username')),
    nickname: str(field(holder, 'Nickname')),
    userId: str(field(holder, 'UserID')),
    lastSaveTime: str(field(holder, 'LastSaveTime'))
  }
  if (save) {
    const v3 = readList(entriesOf(field(save, 'SongRecordsV3'), 'BeatmapID'), (r) => songRecord(r, false), 'BestScore')
    const legacy = entriesOf(field(save, 'SongRecords'), 'BeatmapID')
    const useV3 = v3.items.length > 0 || !legacy || legacy.length === 0
    const chosen = useV3 ? v3 : readList(legacy, (r) => songRecord(r, true), 'BestScore')
    return {
      container,
      layout: useV3 ? 'SongRecordsV3' : 'SongRecords',
      ...identity,
      bests: bestPerChart(chosen.items),
      plays: [],
      skipped: chosen.skipped,
      scoreTooHigh: chosen.scoreTooHigh,
      levelDisagreements: chosen.items.filter((r) => r.levelDisagrees).length
    }
  }
  const records = findRecordArray(doc)
  if (records) {
    const read = readList(records, (r) => (isObject(r) ? apiLikeRecord(r) : null), 'score')
    return {
      container,
      layout: 'records',
      ...identity,
      bests: bestPerChart(read.items),
      plays: read.items.filter((r) => r.playedAt),
      skipped: read.skipped,
      scoreTooHigh: read.scoreTooHigh
    }
  }
  return { container, layout: 'none', ...identity, bests: [], plays: [], skipped: 0 }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch {
    return undefined
  }
}

function rows(db: Database, sql: string): Json[] {
  const result = db.exec(sql)[0]
  if (!result) return []
  return result.values.map((values) => Object.fromEntries(result.columns.map((c, i) => [c, values[i]])))
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8')
  return null
}

/**
 * The rows the game reads its save from, in its order: `PlayerFileV2` where there is one (migration 2 made
 * it from `PlayerFile`, and the older row can remain beside it), then `PlayerFile`, then any other.
 */
const SAVE_ROW_KEYS = ['PlayerFileV2', 'PlayerFile']
function saveRowRank(row: Json): number {
  const at = SAVE_ROW_KEYS.indexOf(textOf(field(row, 'key')) ?? '')
  return at < 0 ? SAVE_ROW_KEYS.length : at
}

const LEGACY_TABLES = ['score', '1', 'scores']
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`

/**
 * An SQLite save: the JSON save in some cell (every row of every table is scanned, `kv(key, value)`
 * first; neither a key nor a column name is relied on), or a legacy `data.db` with a `score`, `1`
 * or `scores` table of API-like rows.
 */
async function contentsOfSqlite(bytes: Uint8Array): Promise<SaveContents> {
  const SQL = await loadSqlJs()
  const db = new SQL.Database(bytes)
  try {
    const tables = rows(db, "SELECT name FROM sqlite_master WHERE type = 'table'").map((r) => String(r.name))
    const isKv = (name: string) => name.toLowerCase() === 'kv'
    let fallback: unknown
    for (const table of [...tables.filter(isKv), ...tables.filter((t) => !isKv(t))]) {
      const all = rows(db, `SELECT * FROM ${quoted(table)}`)
      for (const row of isKv(table) ? all.sort((a, b) => saveRowRank(a) - saveRowRank(b)) : all) {
        for (const cell of Object.values(row)) {
          const doc = unwrap(textOf(cell))
          if (!isObject(doc)) continue
          if (findSaveObject(doc)) return contentsOfDocument(doc, 'sqlite')
          if (fallback === undefined && findRecordArray(doc)) fallback = doc
        }
      }
    }
    if (fallback !== undefined) return contentsOfDocument(fallback, 'sqlite')
    const table = tables.find((name) => LEGACY_TABLES.includes(name.toLowerCase()))
    if (table) {
      const all = rows(db, `SELECT * FROM ${quoted(table)}`)
      const read = readList(all, (r) => (isObject(r) ? apiLikeRecord(r) : null), 'score')
      const first = all[0] ?? {}
      return {
        container: 'sqlite',
        layout: 'score-table',
        username: str(field(first, 'username')),
        nickname: null,
        userId: str(field(first, 'user_id')),
        bests: bestPerChart(read.items),
        plays: read.items.filter((r) => r.playedAt),
        skipped: read.skipped,
        scoreTooHigh: read.scoreTooHigh
      }
    }
    return { container: 'sqlite', layout: 'none', username: null, nickname: null, userId: null, bests: [], plays: [], skipped: 0 }
  } finally {
    db.close()
  }
}

/** What a save file holds, whatever its shape; a file that is neither JSON nor SQLite is refused. */
export async function readSaveContents(bytes: Uint8Array): Promise<SaveContents> {
  if (bytes.length > MAX_SUMMARY_BYTES) {
    throw AppError.of(
      'invalid_input',
      `This save is too large to read here (${Math.round(bytes.length / 1024 / 1024)} MiB; saves are normally a few MiB).`
    )
  }
  const sqlite = detectFormat(Buffer.from(bytes.subarray(0, 64))) === 'sqlite'
  try {
    if (sqlite) return await contentsOfSqlite(bytes)
    const text = saveJsonText(bytes)
    if (text.startsWith('{')) {
      const doc = parseJson(text)
      if (doc === undefined) throw new Error('the JSON is damaged or incomplete')
      return contentsOfDocument(doc, 'json')
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw AppError.of('invalid_input', `This backup could not be read as a save (${(error as Error).message}).`)
  }
  throw AppError.of('invalid_input', 'This backup is neither a JSON save nor an SQLite save.')
}
