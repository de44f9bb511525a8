import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { RealityPoint } from '../../../shared/data'
import { realityText, shownRealityChange, type RealityDigits } from '../../../shared/game-numbers'
import { realityThen, type PlayMode } from '../../../shared/player'
import { useSettings } from '../settings/store'
import { formatSigned } from './format'

/** How Reality is written here: the setting "Reality digits" (as in the game unless chosen otherwise). */
export function useRealityDigits(): RealityDigits {
  return useSettings((s) => s.settings?.realityDigits ?? 'game')
}

/**
 * A player's Reality as the game shows it (two decimals, truncated) or exact, as the setting says, with the UI
 * language's decimal separator; the exact value (four decimals, as the service sends it) shows on hover and while focused.
 */
export function RealityNumber({ value, className, testId }: { value: number; className?: string; testId?: string }) {
  const digits = useRealityDigits()
  const { i18n } = useTranslation()
  const [focused, setFocused] = useState(false)
  const exact = realityText(value, 'exact', i18n.language)
  return (
    <span
      className={className}
      data-testid={testId}
      data-exact={exact}
      title={exact}
      // Focusable only when it hides digits: the exact value is then read by keyboard too.
      tabIndex={digits === 'game' ? 0 : undefined}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      {focused ? exact : realityText(value, digits, i18n.language)}
    </span>
  )
}

/**
 * "+0.02 this week", in the digits the Reality beside it is written in (the setting), with the exact change on hover.
 * Without a snapshot from a week ago: a word saying so, or nothing (`quiet`).
 */
export function WeekChange({
  points,
  mode,
  now,
  quiet = false
}: {
  points: readonly RealityPoint[]
  mode: PlayMode
  now: number
  quiet?: boolean
}) {
  const { t } = useTranslation()
  const digits = useRealityDigits()
  const values = realityThen(points, mode, now)
  if (!values) return quiet ? null : <div className="muted">{t('profile.noWeekYet')}</div>
  const shown = shownRealityChange(values.then, values.now, digits)
  const exact = shownRealityChange(values.then, values.now, 'exact')
  return (
    <div
      className={shown.change > 0 ? 'gain' : shown.change < 0 ? 'loss' : 'muted'}
      title={digits === 'game' ? formatSigned(exact.change, exact.digits) : undefined}
      data-testid="week-change"
    >
      {t('profile.thisWeek', { change: formatSigned(shown.change, shown.digits) })}
    </div>
  )
}
