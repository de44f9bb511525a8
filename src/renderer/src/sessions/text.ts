import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { realityText, truncateDecimals } from '../../../shared/game-numbers'
import type { ModeMove, RealityAt, SessionCard } from '../../../shared/sessions'
import { useRealityDigits } from '../ui/RealityNumber'
import { formatSigned } from '../ui/format'
import { dateFormat } from './date-format'

/** Minutes as "2 h 5 min" or "45 min", in the UI language. */
export function useDuration(): (minutes: number) => string {
  const { t } = useTranslation()
  return useCallback(
    (minutes: number) => {
      const whole = Math.max(0, Math.round(minutes))
      if (whole < 60) return t('sessions.durationMinutes', { minutes: whole })
      if (whole % 60 === 0) return t('sessions.durationWholeHours', { hours: whole / 60 })
      return t('sessions.durationHours', { hours: Math.floor(whole / 60), minutes: whole % 60 })
    },
    [t]
  )
}

/**
 * How long a session lasted, from its first play to its last: "1 h 5 min", "45 min". A play's time is when it ended,
 * so a session of one play has no length of its own: it says "1 play"; plays within the same minute, "under 1 min".
 */
export function useSessionLength(): (card: Pick<SessionCard, 'start' | 'end' | 'plays'>) => string {
  const { t } = useTranslation()
  const duration = useDuration()
  return useCallback(
    (card) => {
      if (card.plays <= 1) return t('sessions.plays', { count: card.plays })
      const minutes = (card.end - card.start) / 60_000
      return Math.round(minutes) < 1 ? t('sessions.durationUnderMinute') : duration(minutes)
    },
    [t, duration]
  )
}

/** A change of Reality as the reader reads Reality: in game digits, the difference of the values as the game shows them. */
export function realityChangeOf(before: number, after: number, digits: 'game' | 'exact'): number {
  return digits === 'game' ? Number(truncateDecimals(after, 2)) - Number(truncateDecimals(before, 2)) : after - before
}

/** How Reality values and their changes are written here (the "Reality digits" setting). */
export function useRealityWords() {
  const digits = useRealityDigits()
  const places = digits === 'game' ? 2 : 4
  return {
    digits,
    value: (at: RealityAt | number) => realityText(typeof at === 'number' ? at : at.value, digits),
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
