/** What a number field accepts: a value from `min` to `max` with at most `decimals` decimal places (0: whole numbers). */
export interface NumberRange {
  min: number
  max: number
  decimals?: number
}

/** Digits in groups of three ("1,010,000", "1 010 000", "1.010.000"): in a whole-number field a separator can only be grouping. */
const GROUPED = /^\d{1,3}(?:([,.'\u0020\u00a0\u202f])\d{3})(?:\1\d{3})*$/

/**
 * A number as the player types it, or NaN when it is not one of the range: digits, the language's decimal comma or a
 * point where decimals are allowed (12.5, 12,5, .5), thousands separators in a whole number. Nothing else (no sign,
 * no exponent: `Number` alone would read "1e3" and " ").
 */
export function readNumber(text: string, { min, max, decimals = 0 }: NumberRange): number {
  const typed = text.trim()
  let value = Number.NaN
  if (decimals === 0) {
    if (/^\d+$/.test(typed)) value = Number(typed)
    else if (GROUPED.test(typed)) value = Number(typed.replace(/\D/g, ''))
  } else if (new RegExp(`^(?=[.,]?\\d)\\d*(?:[.,]\\d{0,${decimals}})?$`).test(typed)) {
    value = Number(typed.replace(',', '.'))
  }
  return value >= min && value <= max ? value : Number.NaN
}
