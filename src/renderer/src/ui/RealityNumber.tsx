import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { realityText, type RealityDigits } from '../../../shared/game-numbers'
import { useSettings } from '../settings/store'

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
