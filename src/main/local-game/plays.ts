import { KeptRecord, parseRfc3339, ScoreRecord } from '../../shared/api'
import { AppError } from '../../shared/errors'
import type { LocalPlay } from '../../shared/local-game'
import { loadSqlJs } from '../platform-node/sqljs'

/** One play the game kept, as the history keeps plays, with whom the game said it belonged to. */
export interface KeptPlay {
  record: KeptRecord
  username: string | null
  userId: string | null
}

export interface PlaysRead {
  plays: KeptPlay[]
  skipped: number
  usernames: string[]
  userIds: string[]
}

/** The tables data.db versions keep their plays in. */
const PLAY_TABLES = ['scores', 'score', '1']
/** Work in slices of this long before letting the event loop run (the app's main thread must stay responsive). */
const SLICE_MS = 12

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * A play time as data.db writes it: RFC 3339; a date-time without an offset (the game's local
 * time, as its `LastSaveTime`); or seconds / milliseconds since the epoch.
 */
export function playedAtOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return new Date(value > 1e12 ? value : value * 1000).toISOString()
  if (typeof value !== 'string' || !value.trim()) return null
  const text = value.trim()
  if (!Number.isNaN(parseRfc3339(text))) return text
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?$/.test(text)) {
    const local = new Date(text.replace(' ', 'T'))
    return Number.isNaN(local.getTime()) ? null : local.toISOString()
  }
  if (/^\d{9,13}$/.test(text)) return playedAtOf(Number(text))
  return null
}

const lowerKeys = (row: Record<string, unknown>) => {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(row)) out[key.toLowerCase()] = value
  return out
}

/** One row of a play table, read as the service's record (the same field names), or null when it is not a play. */
function playOf(raw: Record<string, unknown>): KeptPlay | null {
  const row = lowerKeys(raw)
  const playedAt = playedAtOf(row.played_at)
  if (!playedAt) return null
  const parsed = ScoreRecord.safeParse({ reality: 0, score_accuracy: 0, ...row, played_at: playedAt })
  if (!parsed.success) return null
  const text = (v: unknown) => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null)
  return { record: { ...parsed.data, source: 'save-play' }, username: text(row.username), userId: text(row.user_id) }
}

/**
 * Every play in a data.db (`scores`, `score` or `1` table, columns in any case), newest first.
 * Read in slices so a file of a hundred thousand plays never holds the thread for long.
 */
export async function readPlays(bytes: Uint8Array): Promise<PlaysRead> {
  const SQL = await loadSqlJs()
  let db
  try {
    db = new SQL.Database(bytes)
  } catch (error) {
    throw AppError.of('io', `This data.db cannot be read (${(error as Error).message}).`, { details: { cause: 'damaged' } })
  }
  try {
    const tables = (db.exec("SELECT name FROM sqlite_master WHERE type = 'table'")[0]?.values ?? []).map((r) => String(r[0]))
    const table = PLAY_TABLES.map((wanted) => tables.find((t) => t.toLowerCase() === wanted)).find(Boolean)
    if (!table) throw AppError.of('not_found', 'This data.db has no table of plays (scores, score or 1).')
    const statement = db.prepare(`SELECT * FROM "${table.replace(/"/g, '""')}"`)
    const plays: KeptPlay[] = []
    let skipped = 0
    const usernames = new Set<string>()
    const userIds = new Set<string>()
    try {
      let sliceStart = performance.now()
      for (let n = 0; statement.step(); n++) {
        const play = playOf(statement.getAsObject() as Record<string, unknown>)
        if (play) {
          plays.push(play)
          if (play.username) usernames.add(play.username)
          if (play.userId) userIds.add(play.userId)
        } else skipped++
        if ((n & 255) === 255 && performance.now() - sliceStart > SLICE_MS) {
          await yieldToLoop()
          sliceStart = performance.now()
        }
      }
    } finally {
      statement.free()
    }
    plays.sort((a, b) => parseRfc3339(b.record.played_at) - parseRfc3339(a.record.played_at))
    return { plays, skipped, usernames: [...usernames], userIds: [...userIds] }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw AppError.of('io', `This data.db cannot be read (${(error as Error).message}).`, { details: { cause: 'damaged' } })
  } finally {
    db.close()
  }
}

/** A play as the CLI and the contract show it. */
export function localPlayOf(play: KeptPlay): LocalPlay {
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
    user_id: play.userId
  }
}

/** Plays within this much of a kept play of the same chart and score are that play (clocks and roundings differ). */
export const SAME_PLAY_MS = 2_000

/**
 * The plays not already in the history: a play matches a kept one of the same chart and score
 * played within `SAME_PLAY_MS`, so a play the service reported and the game kept counts once.
 */
export function newPlays(
  plays: readonly KeptRecord[],
  kept: readonly Pick<KeptRecord, 'chart_id' | 'score' | 'played_at'>[]
): KeptRecord[] {
  const times = new Map<string, number[]>()
  for (const k of kept) {
    const key = `${k.chart_id}|${k.score}`
    const list = times.get(key) ?? []
    list.push(parseRfc3339(k.played_at))
    times.set(key, list)
  }
  const fresh: KeptRecord[] = []
  for (const play of plays) {
    const key = `${play.chart_id}|${play.score}`
    const at = parseRfc3339(play.played_at)
    const list = times.get(key) ?? []
    if (list.some((t) => Math.abs(t - at) <= SAME_PLAY_MS)) continue
    list.push(at)
    times.set(key, list)
    fresh.push(play)
  }
  return fresh
}
