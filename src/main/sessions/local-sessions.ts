import { AppError } from '../../shared/errors'
import type { LocalSession } from '../../shared/sessions'
import type { KeptPlay, PlaysRead } from '../game-folder/plays'
import { foldAll, keyOf, type FoldedSession } from './fold'
import { ColumnsBuilder, emptyColumns, sortedByTime } from './play-table'

type Who = Pick<KeptPlay, 'userId' | 'username'>

/**
 * A player of a data.db: its user id, else the user id other rows give its name, else its name; null for rows
 * that name no one (they go with any player).
 */
function identities(read: Pick<PlaysRead, 'plays' | 'untimed'>): (who: Who) => string | null {
  const idOfName = new Map<string, string>()
  for (const list of [read.plays, read.untimed])
    for (const p of list) if (p.userId !== null && p.username !== null && !idOfName.has(p.username)) idOfName.set(p.username, p.userId)
  return (who) => who.userId ?? (who.username === null ? null : (idOfName.get(who.username) ?? who.username))
}

/** The players a data.db names (rows that name no one are not a player of their own). */
export function playersOf(read: Pick<PlaysRead, 'plays' | 'untimed'>): { id: string; username: string | null }[] {
  const identityOf = identities(read)
  const players = new Map<string, string | null>()
  for (const list of [read.plays, read.untimed])
    for (const p of list) {
      const id = identityOf(p)
      if (id !== null && !players.get(id)) players.set(id, p.username)
    }
  return [...players].map(([id, username]) => ({ id, username }))
}

/**
 * The player whose sessions are wanted: `player` (a user id or name), or the only one the file names.
 * Plays of two players are never mixed: with more than one and none chosen, this asks which.
 */
export function choosePlayer(read: Pick<PlaysRead, 'plays' | 'untimed'>, player: string | null): string | null {
  const players = playersOf(read)
  if (player !== null) {
    const found = players.find((p) => p.id === player || p.username === player)
    if (!found) throw AppError.of('invalid_input', `No play in this data.db is ${player}'s (players: ${listOf(players)}).`)
    return found.id
  }
  if (players.length > 1)
    throw AppError.of(
      'invalid_input',
      `This data.db holds the plays of ${players.length} players (${listOf(players)}): choose one with --player.`
    )
  return players[0]?.id ?? null
}

const listOf = (players: { id: string; username: string | null }[]) =>
  players.map((p) => (p.username && p.username !== p.id ? `${p.username} (${p.id})` : p.id)).join(', ') || 'none'

export interface LocalSessionsOptions {
  gapMinutes: number
  player: string | null
  /** The chart list's title and difficulty of a chart, when it has one. */
  chart(chartId: string): { title: string; difficulty: string | null } | undefined
}

/**
 * Sessions of one player's plays in a data.db, oldest first, with the gap rule (no boundary kept: the
 * file is read whole each time). Times are as data.db wrote them; plays without a usable time are
 * counted in the session their place in the file puts them in (after the play before them).
 */
export function localSessions(
  read: Pick<PlaysRead, 'plays' | 'untimed'>,
  options: LocalSessionsOptions
): { sessions: LocalSession[]; untimed: number } {
  const owner = choosePlayer(read, options.player)
  const identityOf = identities(read)
  const mine = (p: Who) => {
    const id = identityOf(p)
    return id === null || id === owner
  }
  const plays = read.plays.filter(mine)
  const builder = new ColumnsBuilder(emptyColumns(plays.length))
  // Each column row keeps its play: the text data.db wrote is what is shown.
  const written = plays.map((p) => p.written ?? p.record.played_at)
  for (const p of plays) builder.add(p.record)
  const order = sortedOrder(builder.columns.at, plays.length)
  const columns = sortedByTime(builder.columns)
  const text = (i: number) => written[order[i]!]!
  const sessions = foldAll(columns, { gapMs: options.gapMinutes * 60_000, boundaries: [], constant: () => undefined }).sessions()
  const skipped = untimedPerSession(read, mine, plays, order, sessions)
  const best = new Map<number, { score: number; at: number }>()
  const list = sessions.map((s, k): LocalSession => {
    const before = new Map<number, number>()
    for (let i = s.first; i <= s.last; i++) {
      const key = keyOf(columns.chart[i]!, columns.flags[i]!)
      const known = best.get(key)
      if (!before.has(key)) before.set(key, known?.score ?? -1)
      if (!known || columns.score[i]! > known.score) best.set(key, { score: columns.score[i]!, at: i })
    }
    const newBests = [...before]
      .filter(([key, then]) => then >= 0 && best.get(key)!.score > then)
      .map(([key, then]) => {
        const chartId = columns.charts[key >> 1]!
        const chart = options.chart(chartId)
        const now = best.get(key)!
        const mode = key % 2 === 0 ? ('touch' as const) : ('keyboard' as const)
        const title = chart?.title ?? null
        return {
          chart_id: chartId,
          title,
          difficulty: chart?.difficulty ?? null,
          mode,
          before: then,
          after: now.score,
          played_at: text(now.at)
        }
      })
    return {
      start: text(s.first),
      end: text(s.last),
      plays: s.plays,
      charts: s.charts,
      touch: s.touch,
      keyboard: s.keyboard,
      newBests,
      gradeRaises: s.gradeRaises,
      skipped: skipped[k]!
    }
  })
  return { sessions: list, untimed: read.untimed.filter(mine).length }
}

/** The stable time order of plays as indices (the order `sortedByTime` puts the columns in). */
function sortedOrder(at: Float64Array, count: number): Uint32Array {
  const order = new Uint32Array(count)
  for (let i = 0; i < count; i++) order[i] = i
  return order.sort((a, b) => at[a]! - at[b]! || a - b)
}

/** Per session, the player's plays without a usable time that their place in the file puts in it. */
function untimedPerSession(
  read: Pick<PlaysRead, 'untimed'>,
  mine: (p: Who) => boolean,
  plays: readonly KeptPlay[],
  order: Uint32Array,
  sessions: readonly FoldedSession[]
): number[] {
  const counts = sessions.map(() => 0)
  const sortedIndex = new Map<KeptPlay, number>()
  order.forEach((original, sorted) => sortedIndex.set(plays[original]!, sorted))
  for (const u of read.untimed) {
    if (!mine(u)) continue
    const near = [u.previous, u.next].find((p) => p && sortedIndex.has(p))
    if (!near) continue
    const i = sortedIndex.get(near)!
    const k = sessionHolding(sessions, i)
    if (k >= 0) counts[k]!++
  }
  return counts
}

/** The session (in time order, each a run of sorted plays) that holds sorted play `i`, by halving: a search per untimed row. */
function sessionHolding(sessions: readonly FoldedSession[], i: number): number {
  let low = 0
  let high = sessions.length - 1
  while (low <= high) {
    const mid = (low + high) >> 1
    const s = sessions[mid]!
    if (i < s.first) high = mid - 1
    else if (i > s.last) low = mid + 1
    else return mid
  }
  return -1
}
