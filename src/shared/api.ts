import { z } from 'zod'
import { gradeNamed } from './reality'
import { parseRfc3339 } from './timestamps'
import { decimalOrSelf, isTouchPlay } from './records'
import { MAX_READ_SCORE, scoreProblem } from './play-marks'

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
  /** Above 1,010,000: the game's Overloaded result, kept as read (play-marks.ts); above 2,000,000 no play's. */
  score: z.number().int().min(0).max(MAX_READ_SCORE),
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
export const KeptRecord = ScoreRecordFields.extend({
  grade: z.string(),
  source: z.enum(['save-play', 'save-best']).optional(),
  /** From the save's `AchievedStatus` (a record from a backup, which carries no judgement counts). */
  full_combo: z.boolean().optional(),
  all_perfect: z.boolean().optional()
})
export type KeptRecord = z.infer<typeof KeptRecord>

/** A record the schema refused for a score above 2,000,000 (play-marks.ts), as the record wrote it (a number or its text). */
function scoreTooHigh(item: unknown): boolean {
  const score = isPlainObject(item) ? decimalOrSelf(item.score) : undefined
  return scoreProblem(score) === 'too_high'
}

/**
 * A list of records where one malformed record is skipped and counted, never a failed list; those skipped for a
 * score no play reaches are counted apart, so the player is told why.
 */
function tolerantRecords(list: readonly unknown[]): { records: ScoreRecord[]; skipped: number; scoreTooHigh: number } {
  const records: ScoreRecord[] = []
  let tooHigh = 0
  for (const item of list) {
    const parsed = ScoreRecord.safeParse(item)
    if (parsed.success) records.push(parsed.data)
    else if (scoreTooHigh(item)) tooHigh++
  }
  return { records, skipped: list.length - records.length, scoreTooHigh: tooHigh }
}

const skippedCount = z.number().int().min(0).default(0)

/** Recent plays as the app keeps them: what could be read, how many could not, and of those how many for a score above 2,000,000. */
export const RecentPlays = z.object({ data: z.array(ScoreRecord), skipped: skippedCount, scoreTooHigh: z.number().int().min(0).optional() })
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

/** The count of records skipped for a score too high, where there are any (absent otherwise, as before it was counted). */
const tooHighCount = (n: number) => (n > 0 ? { scoreTooHigh: n } : {})

export const RecentData = z.preprocess(recentList, recordList).transform((list): RecentPlays => {
  const { records, skipped, scoreTooHigh } = tolerantRecords(list)
  return { data: onePerPlay(records), skipped, ...tooHighCount(scoreTooHigh) }
})

/** Reality and best performances as the app keeps them (records that could not be read are counted). */
export const RankData = z.object({
  touch_reality: z.number().min(0),
  keyboard_reality: z.number().min(0),
  touch_ranks: z.array(ScoreRecord),
  keyboard_ranks: z.array(ScoreRecord),
  skipped: skippedCount,
  /** Of those, records with a score above 2,000,000, which no play reaches (absent: none). */
  scoreTooHigh: z.number().int().min(0).optional(),
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
      ...tooHighCount(touch.scoreTooHigh + keyboard.scoreTooHigh),
      listsReady: r.listsReady
    }
  })

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
