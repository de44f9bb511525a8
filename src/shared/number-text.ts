import { shownRealityChange, type RealityDigits } from './game-numbers'

/**
 * Numbers put into a player's text, in the reader's language (1 010 000 and 13,80 in Russian, 1.010.000 and 13,80
 * in Spanish): the renderer (`ui/format.ts`), main's notifications and the CLI write numbers with these, so no
 * sentence mixes a language's separators with English ones. Reality itself is `realityText` (game-numbers.ts).
 */

const formats = new Map<string, Intl.NumberFormat>()

/** Intl's number format for `locale` with exactly `digits` decimals (built once: a table writes hundreds). */
function fixed(locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${digits}`
  let format = formats.get(key)
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits })))
  return format
}

/** `value` with `digits` decimals, grouped, in `locale`. */
export function numberText(value: number, locale: string, digits = 0): string {
  return fixed(locale, digits).format(value)
}

/** A change with its sign, rounded to `digits` decimals: +0,03, −1 250 (a true minus sign), ±0 for none. */
export function signedText(value: number, locale: string, digits = 0): string {
  const rounded = Number(value.toFixed(digits))
  if (rounded === 0) return `±${numberText(0, locale, digits)}`
  return `${rounded > 0 ? '+' : '−'}${numberText(Math.abs(rounded), locale, digits)}`
}

/**
 * A player's Reality from `then` to `now`, signed, as the reader reads the two values: in game digits the difference
 * of the values as the game shows them (15.97 → 15.99 is +0,02 in Spanish), exact to four decimals otherwise.
 */
export function realityChangeText(then: number, now: number, style: RealityDigits, locale: string): string {
  const shown = shownRealityChange(then, now, style)
  return signedText(shown.change, locale, shown.digits)
}
