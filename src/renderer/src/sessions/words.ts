import type { TFunction } from 'i18next'
import { realityText, truncateDecimals, type RealityDigits } from '../../../shared/game-numbers'
import type { ModeMove, Peak, RealityAt, SessionCard } from '../../../shared/sessions'
import { formatDate, formatSigned } from '../ui/format'
import { dateFormat } from './date-format'

/** How a session is written, in a given language and Reality digits (the hooks in text.ts pass the UI's). */

/** Minutes as "2 h 5 min" or "45 min", in the language of `t`. */
export function durationText(t: TFunction, minutes: number): string {
  const whole = Math.max(0, Math.round(minutes))
  if (whole < 60) return t('sessions.durationMinutes', { minutes: whole })
  if (whole % 60 === 0) return t('sessions.durationWholeHours', { hours: whole / 60 })
  return t('sessions.durationHours', { hours: Math.floor(whole / 60), minutes: whole % 60 })
}

/**
 * How long a session lasted, from its first play to its last: "1 h 5 min", "45 min". A play's time is when it ended,
 * so a session of one play has no length of its own: it says "1 play"; plays within the same minute, "under 1 min".
 */
export function sessionLengthText(t: TFunction, card: Pick<SessionCard, 'start' | 'end' | 'plays'>): string {
  if (card.plays <= 1) return t('sessions.plays', { count: card.plays })
  const minutes = (card.end - card.start) / 60_000
  return Math.round(minutes) < 1 ? t('sessions.durationUnderMinute') : durationText(t, minutes)
}

/** A change of Reality as the reader reads Reality: in game digits, the difference of the values as the game shows them. */
export function realityChangeOf(before: number, after: number, digits: 'game' | 'exact'): number {
  return digits === 'game' ? Number(truncateDecimals(after, 2)) - Number(truncateDecimals(before, 2)) : after - before
}

/** A Reality value and a change of it, in `digits` and the language's own decimal separator (13,57 and +0,23 in Russian). */
export function realityWords(digits: RealityDigits, language: string) {
  const places = digits === 'game' ? 2 : 4
  return {
    digits,
    value: (at: RealityAt | number) => realityText(typeof at === 'number' ? at : at.value, digits, language),
    change: (move: Pick<ModeMove, 'before' | 'after'>) => formatSigned(realityChangeOf(move.before.value, move.after.value, digits), places)
  }
}

/** A session's when, in the player's time zone: "Sat, 21 Nov 2026, 20:00–22:30" (the end's date too when it is another day). */
export function sessionWhen(language: string, start: number, end: number): string {
  const day = dateFormat(language, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' })
  const time = dateFormat(language, { hour: 'numeric', minute: '2-digit' })
  const sameDay = day.format(start) === day.format(end)
  if (sameDay && time.format(start) === time.format(end)) return `${day.format(start)} ${time.format(start)}`
  return `${day.format(start)} ${time.format(start)}–${sameDay ? '' : `${day.format(end)} `}${time.format(end)}`
}

/** The peak as the Reality chart labels its ring: "Peak 13.45 on 3 Mar 2026". */
export function peakChartLabel(t: TFunction, digits: RealityDigits, language: string, peak: Peak): string {
  return t('sessions.peakChart', { value: realityWords(digits, language).value(peak.value), date: formatDate(peak.at) })
}
