import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import type { ModeMove, RealityAt } from '../../../shared/sessions'
import { useRealityDigits } from '../ui/RealityNumber'
import { formatReality, formatRealityChange } from '../ui/format'
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

/** How Reality values and their changes are written here (the "Reality digits" setting). */
export function useRealityWords() {
  const digits = useRealityDigits()
  return {
    digits,
    value: (at: RealityAt | number) => formatReality(typeof at === 'number' ? at : at.value, digits),
    change: (move: Pick<ModeMove, 'before' | 'after'>) => formatRealityChange(move.before.value, move.after.value, digits)
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
