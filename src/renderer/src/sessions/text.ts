import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useRealityDigits } from '../ui/RealityNumber'
import type { SessionCard } from '../../../shared/sessions'
import { durationText, realityWords, sessionLengthText } from './words'

export { sessionWhen } from './words'

/** Minutes as "2 h 5 min" or "45 min", in the UI language. */
export function useDuration(): (minutes: number) => string {
  const { t } = useTranslation()
  return useCallback((minutes: number) => durationText(t, minutes), [t])
}

/** How long a session lasted, in the UI language (see `sessionLengthText`). */
export function useSessionLength(): (card: Pick<SessionCard, 'start' | 'end' | 'plays'>) => string {
  const { t } = useTranslation()
  return useCallback((card: Pick<SessionCard, 'start' | 'end' | 'plays'>) => sessionLengthText(t, card), [t])
}

/** How Reality values and their changes are written here (the "Reality digits" setting, the UI language). */
export function useRealityWords() {
  const { i18n } = useTranslation()
  return realityWords(useRealityDigits(), i18n.language)
}
