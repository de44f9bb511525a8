import type { SessionCard, SessionMode } from '../../../shared/sessions'

/** One day of the calendar (local time): how much was played, and the Reality the sessions that started then gained. */
export interface DayFigures {
  /** Local midnight of the day (ms). */
  day: number
  sessions: number
  plays: number
  gain: number
}

/** Local midnight of the day `ms` falls on. */
export function dayOf(ms: number): number {
  const d = new Date(ms)
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()
}

/** `days` later (by calendar days, through changes of the clock). */
export function addDays(day: number, days: number): number {
  const d = new Date(day)
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days).getTime()
}

/** The plays a card counts in a mode filter (all of them without one). */
export const playsIn = (card: SessionCard, mode: SessionMode | null) => (mode === null ? card.plays : card[mode])

/** What a card gained in a mode (the larger of the two without a filter: the mode it was played in). */
export function gainIn(card: SessionCard, mode: SessionMode | null): number {
  const gain = (m: SessionMode) => {
    const move = m === 'touch' ? card.touchMove : card.keyboardMove
    return move.after.value - move.before.value
  }
  if (mode) return gain(mode)
  return card.touch >= card.keyboard ? gain('touch') : gain('keyboard')
}

/** Per day, in time order: the sessions that started that day (those with plays in `mode`). */
export function dayFigures(cards: readonly SessionCard[], mode: SessionMode | null): Map<number, DayFigures> {
  const days = new Map<number, DayFigures>()
  for (const card of cards) {
    const plays = playsIn(card, mode)
    if (plays === 0) continue
    const day = dayOf(card.start)
    const figures = days.get(day) ?? { day, sessions: 0, plays: 0, gain: 0 }
    figures.sessions++
    figures.plays += plays
    figures.gain += gainIn(card, mode)
    days.set(day, figures)
  }
  return days
}

/** The calendar's weeks: columns of 7 days (Monday first), from the week holding `from` to the one holding `to`. */
export function weeksBetween(from: number, to: number): number[][] {
  const monday = (day: number) => addDays(day, -((new Date(day).getDay() + 6) % 7))
  const weeks: number[][] = []
  for (let start = monday(dayOf(from)); start <= to; start = addDays(start, 7))
    weeks.push(Array.from({ length: 7 }, (_, d) => addDays(start, d)))
  return weeks
}

/** A cell's shade, 0 (nothing) to 4, by its share of the busiest day. */
export function shade(value: number, max: number): number {
  if (value <= 0 || max <= 0) return 0
  return Math.min(4, Math.max(1, Math.ceil((value / max) * 4)))
}

/** The day a key moves to in the calendar grid (rows are weekdays, columns weeks), or null for a key that does not move. */
export function dayAfterKey(key: string, day: number, first: number, last: number): number | null {
  const step: Record<string, number> = { ArrowUp: -1, ArrowDown: 1, ArrowLeft: -7, ArrowRight: 7, PageUp: -28, PageDown: 28 }
  let next: number
  if (key in step) next = addDays(day, step[key]!)
  else if (key === 'Home') next = first
  else if (key === 'End') next = last
  else return null
  return Math.min(last, Math.max(first, next))
}
