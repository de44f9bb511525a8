import { z } from 'zod'
import { gradeNamed } from './reality'

/** RFC 3339 date-time with an optional fraction and a `Z` or `±hh:mm` offset. */
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
const daysInMonth = (year: number, month: number) =>
  month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : DAYS_IN_MONTH[month - 1]!

/** The number written by `count` ASCII digits from `from`, or -1 when one of them is not a digit. */
function digitsAt(value: string, from: number, count: number): number {
  let n = 0
  for (let i = from; i < from + count; i++) {
    const digit = value.charCodeAt(i) - 48
    if (!(digit >= 0 && digit <= 9)) return -1
    n = n * 10 + digit
  }
  return n
}

/** Minutes east of UTC of a `Z` / `±hh:mm` offset, or NaN. */
function offsetMinutes(value: string, from: number): number {
  const rest = value.length - from
  const sign = value[from]
  if (rest === 1 && (sign === 'Z' || sign === 'z')) return 0
  if (rest !== 6 || (sign !== '+' && sign !== '-') || value[from + 3] !== ':') return Number.NaN
  const hours = digitsAt(value, from + 1, 2)
  const minutes = digitsAt(value, from + 4, 2)
  if (hours < 0 || minutes < 0) return Number.NaN
  return (sign === '-' ? -1 : 1) * (hours * 60 + minutes)
}

/**
 * Milliseconds since the epoch, or NaN. Fractions beyond milliseconds are truncated, not rounded.
 * Reads the grammar of `RFC3339` by hand: the expression and its captures cost several times more,
 * and importing the game's whole history parses about a million timestamps.
 */
export function parseRfc3339(value: string): number {
  if (value.length < 20 || value[4] !== '-' || value[7] !== '-' || value[13] !== ':' || value[16] !== ':') return Number.NaN
  const t = value[10]
  if (t !== 'T' && t !== 't' && t !== ' ') return Number.NaN
  const y = digitsAt(value, 0, 4)
  const month = digitsAt(value, 5, 2)
  const day = digitsAt(value, 8, 2)
  const h = digitsAt(value, 11, 2)
  const mi = digitsAt(value, 14, 2)
  const s = digitsAt(value, 17, 2)
  if (y < 0 || month < 1 || month > 12 || day < 1 || day > 31 || h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 60) return Number.NaN
  if (day > daysInMonth(y, month)) return Number.NaN
  let end = 19
  let ms = 0
  if (value[end] === '.') {
    const first = ++end
    while (end < value.length && digitsAt(value, end, 1) >= 0) end++
    if (end === first) return Number.NaN
    for (let i = first; i < first + 3; i++) ms = ms * 10 + (i < end ? value.charCodeAt(i) - 48 : 0)
  }
  const offset = offsetMinutes(value, end)
  if (Number.isNaN(offset)) return Number.NaN
  return Date.UTC(y, month - 1, day, h, mi, Math.min(s, 59), ms) - offset * 60_000
}

/**
 * The instant of an RFC 3339 timestamp at full precision: whole seconds since the epoch (UTC) and
 * the fraction's digits without trailing zeros. `parseRfc3339` stops at milliseconds; this does not.
 */
function preciseInstant(value: string): { seconds: number; fraction: string } | null {
  const m = RFC3339.exec(value)
  const ms = parseRfc3339(value)
  if (!m || Number.isNaN(ms)) return null
  const fraction = (m[7] ?? '').slice(1).replace(/0+$/, '')
  return { seconds: Math.floor(ms / 1000), fraction }
}

/** Compares two RFC 3339 instants with every fractional digit: -1, 0 or 1; NaN when either is unreadable. */
export function compareInstants(a: string, b: string): number {
  const x = preciseInstant(a)
  const y = preciseInstant(b)
  if (!x || !y) return Number.NaN
  if (x.seconds !== y.seconds) return x.seconds < y.seconds ? -1 : 1
  const width = Math.max(x.fraction.length, y.fraction.length)
  const fx = x.fraction.padEnd(width, '0')
  const fy = y.fraction.padEnd(width, '0')
  return fx === fy ? 0 : fx < fy ? -1 : 1
}

export const Timestamp = z.string().refine((v) => !Number.isNaN(parseRfc3339(v)), 'not an RFC 3339 timestamp')

export const Envelope = z.object({
  code: z.string(),
  /** Null or absent reads as empty: only `code` decides what happened. */
  message: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  data: z.unknown().optional()
})
export type Envelope = z.infer<typeof Envelope>

/**
 * A profile field as the service may send it: a string, a number (a numeric `uid`), or null or
 * absent (`nickname: null`). Empty and absent both read as absent.
 */
const Field = z
  .union([z.string().max(2048), z.number().finite()])
  .nullish()
  .catch(undefined)
  .transform((v) => (v === null || v === undefined || v === '' ? undefined : String(v)))

export const CurrentUserProfile = z.object({
  uid: Field,
  zone: Field,
  username: Field,
  nickname: Field,
  avatar: Field,
  email: Field
})
export type CurrentUserProfile = z.infer<typeof CurrentUserProfile>

export const PublicUserProfile = z.object({
  username: Field,
  nickname: Field,
  avatar: Field
})
export type PublicUserProfile = z.infer<typeof PublicUserProfile>

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const DECIMAL = /^\s*-?\d+(\.\d+)?([eE][+-]?\d+)?\s*$/
/** A number some backends write as a string (decimal columns): `"14.2765"` is 14.2765; other text is left to the schema. */
const decimalOrSelf = (value: unknown): unknown => (typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value)

/** `"TouchMode"`, `"TouchMode,Auto"` or `'["TouchMode"]'`: a modifier list some backends send as text. */
function modifierList(text: string): unknown {
  if (text.trim().startsWith('[')) {
    try {
      return JSON.parse(text) as unknown
    } catch {
      return text
    }
  }
  return text.split(/[\s,]+/).filter(Boolean)
}

/**
 * A record as backends write it, read as the schema expects, in one pass per record: a key whose
 * value is JSON `null` is absent (a nil list, a nullable column), a number in a string is a number,
 * modifiers as text are a list. A required key that is null is then missing, and still refused.
 */
function asServiceRecord(value: unknown): unknown {
  if (!isPlainObject(value)) return value
  const kept: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) {
    if (v === null) continue
    kept[key] = typeof v !== 'string' ? v : NUMERIC_KEYS.has(key) ? decimalOrSelf(v) : key === 'modifiers' ? modifierList(v) : v
  }
  return kept
}

const count = z.number().int().min(0).optional()

const ScoreRecordFields = z.object({
  chart_id: z.string().min(1),
  score: z.number().int().min(0).max(1_010_000),
  score_accuracy: z.number().min(0).max(100),
  reality: z.number().min(0),
  /** Absent: the grade the score earns. */
  grade: z.string().optional(),
  score_exact_count: count,
  score_perfect_count: count,
  score_great_count: count,
  score_good_count: count,
  score_bad_count: count,
  score_miss_count: count,
  score_fracture_exact_count: count,
  score_fracture_miss_count: count,
  played_at: Timestamp,
  game_version: z.string().optional(),
  modifiers: z.array(z.string()).default([])
})

/** The record's number fields, read from its schema: in these, a decimal string is read as its number. */
const NUMERIC_KEYS = new Set(
  Object.entries(ScoreRecordFields.shape)
    .filter(([, field]) => (field instanceof z.ZodOptional ? field.unwrap() : field) instanceof z.ZodNumber)
    .map(([key]) => key)
)

/**
 * A grade from the published table, in its own case (`ss` is SS); a missing one, or one outside the
 * table, is the grade the score earns. Done on the object zod just built, so nothing else sees the change.
 */
function withGrade<T extends { score: number; grade?: string | undefined }>(record: T): T & { grade: string } {
  record.grade = gradeNamed(record.grade, record.score)
  return record as T & { grade: string }
}

/** A record from the service, read tolerantly (`asServiceRecord`). */
export const ScoreRecord = z.preprocess(asServiceRecord, ScoreRecordFields).transform(withGrade)
export type ScoreRecord = z.infer<typeof ScoreRecord>

/**
 * A play in the kept history: from the service, or added from a backup (a timed play, or a best
 * dated at the backup). Read back from this app's own file, which holds every record with its grade:
 * no null pass and no transform, for the thousands read at each open.
 */
export const KeptRecord = ScoreRecordFields.extend({ grade: z.string(), source: z.enum(['save-play', 'save-best']).optional() })
export type KeptRecord = z.infer<typeof KeptRecord>

export function isTouchPlay(record: Pick<ScoreRecord, 'modifiers'>): boolean {
  return record.modifiers.includes('TouchMode')
}

/** Accuracy as a percentage: the service sends a fraction (0–1); some saves use percent. */
export function accuracyPercent(value: number): number {
  return value <= 1 ? value * 100 : value
}

/** A list of records where one malformed record is skipped and counted, never a failed list. */
function tolerantRecords(list: readonly unknown[]): { records: ScoreRecord[]; skipped: number } {
  const records: ScoreRecord[] = []
  for (const item of list) {
    const parsed = ScoreRecord.safeParse(item)
    if (parsed.success) records.push(parsed.data)
  }
  return { records, skipped: list.length - records.length }
}

/** Recent plays as the app keeps them: what could be read, and how many could not. */
export const RecentPlays = z.object({ data: z.array(ScoreRecord), skipped: z.number().int().min(0).default(0) })
export type RecentPlays = z.infer<typeof RecentPlays>

const recordList = z.array(z.unknown()).max(1000)

/**
 * The list in a recent-plays answer: `data.data` (seen live), a bare list, the one list an object
 * holds under another name, or none at all (null, or an object with no keys, as `omitempty` writes
 * an empty list). Anything else is left for the schema to refuse.
 */
function recentList(value: unknown): unknown {
  if (value === null || value === undefined) return []
  if (!isPlainObject(value)) return value
  if ('data' in value) return value.data ?? []
  const lists = Object.values(value).filter(Array.isArray)
  if (lists.length === 1) return lists[0]
  return Object.keys(value).length === 0 ? [] : value
}

const newerPlay = (a: ScoreRecord, b: ScoreRecord) => {
  const [x, y] = [Date.parse(a.played_at), Date.parse(b.played_at)]
  return Number.isNaN(x) || Number.isNaN(y) ? a.played_at > b.played_at : x > y
}
const betterRecord = (a: ScoreRecord, b: ScoreRecord) => a.score > b.score || (a.score === b.score && newerPlay(a, b))

/** Keeps one record per key where a list holds more (the best score; on a tie, the newer play), in place of the first. */
function onePer(records: readonly ScoreRecord[], keyOf: (r: ScoreRecord) => string): ScoreRecord[] {
  const at = new Map<string, number>()
  const out: ScoreRecord[] = []
  for (const record of records) {
    const key = keyOf(record)
    const index = at.get(key)
    if (index === undefined) {
      at.set(key, out.length)
      out.push(record)
    } else if (betterRecord(record, out[index]!)) out[index] = record
  }
  return out
}

/** One record per chart and input mode: the live service's rank lists sometimes hold a chart twice. */
export const onePerChart = (records: readonly ScoreRecord[]) => onePer(records, (r) => `${r.chart_id}|${isTouchPlay(r)}`)

/** One record per play (same chart, same `played_at`), for a recent list that holds a play twice. */
export const onePerPlay = (records: readonly ScoreRecord[]) => onePer(records, (r) => `${r.chart_id}|${r.played_at}`)

export const RecentData = z.preprocess(recentList, recordList).transform((list): RecentPlays => {
  const { records, skipped } = tolerantRecords(list)
  return { data: onePerPlay(records), skipped }
})

/** Reality and best performances as the app keeps them (records that could not be read are counted). */
export const RankData = z.object({
  touch_reality: z.number().min(0),
  keyboard_reality: z.number().min(0),
  touch_ranks: z.array(ScoreRecord),
  keyboard_ranks: z.array(ScoreRecord),
  skipped: z.number().int().min(0).default(0),
  /**
   * False when the service answered before its lists were ready (the Reality values without either
   * list): the lists then are the last ones known, or none, and must not be read as "no plays".
   */
  listsReady: z.boolean().optional()
})
export type RankData = z.infer<typeof RankData>

/** A mode with no plays may come as null or not at all (`omitempty`): Reality 0, no records. */
const modeReality = z.preprocess(
  decimalOrSelf,
  z
    .number()
    .min(0)
    .nullish()
    .transform((v) => v ?? 0)
)
const modeRanks = z
  .array(z.unknown())
  .max(10_000)
  .nullish()
  .transform((v) => v ?? [])

const RANK_KEYS = ['touch_reality', 'keyboard_reality', 'touch_ranks', 'keyboard_ranks']

/** A Reality value without either list: the live service answers so before its lists are ready. */
const listsNotReady = (o: Record<string, unknown>) =>
  !('touch_ranks' in o) && !('keyboard_ranks' in o) && [o.touch_reality, o.keyboard_reality].some((v) => v !== undefined && v !== null)

/**
 * `GET …/rank`, read tolerantly into RankData. An answer with none of its keys is read as no plays
 * only when it is empty; one with other keys is another shape, refused rather than shown as Reality 0.
 */
export const RankResponse = z
  .record(z.string(), z.unknown())
  .refine((o) => Object.keys(o).length === 0 || RANK_KEYS.some((key) => key in o), `none of ${RANK_KEYS.join(', ')}`)
  .transform((o) => ({ ...o, listsReady: !listsNotReady(o) }))
  .pipe(
    z.object({
      touch_reality: modeReality,
      keyboard_reality: modeReality,
      touch_ranks: modeRanks,
      keyboard_ranks: modeRanks,
      listsReady: z.boolean()
    })
  )
  .transform((r): RankData => {
    const touch = tolerantRecords(r.touch_ranks)
    const keyboard = tolerantRecords(r.keyboard_ranks)
    return {
      touch_reality: r.touch_reality,
      keyboard_reality: r.keyboard_reality,
      touch_ranks: onePerChart(touch.records),
      keyboard_ranks: onePerChart(keyboard.records),
      skipped: touch.skipped + keyboard.skipped,
      listsReady: r.listsReady
    }
  })

/** A number in `meta`, as a number or a decimal string; anything else is absent. */
const metaNumber = z.preprocess(decimalOrSelf, z.number().finite().optional()).catch(undefined)

/** The facts of a save's `meta` the app shows (seen live); anything unreadable is absent, never a failure. */
export const SaveMeta = z.object({
  reality_value: metaNumber,
  ap_count: metaNumber,
  fc_count: metaNumber,
  date: z.string().optional().catch(undefined)
})
export type SaveMeta = z.infer<typeof SaveMeta>

export const saveMetaOf = (meta: Record<string, unknown> | undefined): SaveMeta => SaveMeta.parse(meta ?? {})

/** `meta` is an object on some accounts and a JSON string on others (both seen live). */
const MetaField = z.union([z.string(), z.record(z.string(), z.unknown())]).transform((value, ctx): Record<string, unknown> => {
  if (typeof value !== 'string') return value
  try {
    const parsed: unknown = JSON.parse(value)
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>
  } catch {
    // fall through
  }
  ctx.addIssue({ code: 'custom', message: 'meta is a string but not a JSON object' })
  return z.NEVER
})

export const SaveInfo = z.object({
  updated_at: Timestamp,
  /** Unreadable `meta` is left out rather than failing the whole answer. */
  meta: MetaField.optional().catch(undefined),
  /** Advisory: a size that is not a whole number of bytes is ignored. */
  size: z.number().int().min(0).optional().catch(undefined)
})
export type SaveInfo = z.infer<typeof SaveInfo>

export const SaveDownload = z.object({ file_url: z.string().url() })
