/**
 * Numbers as the game shows them (notes, "More observed behaviour"): Reality truncated to two
 * decimals, never rounded (13.0089 is 13.00 in game, 12.87996 is 12.87); Perfect = exact + perfect
 * and Good = great + good.
 */

/** A number's shortest round-trip decimal form, written out without an exponent ("1e-7" is "0.0000001"). */
function plainDecimal(value: number): string {
  const text = String(Math.abs(value))
  const exp = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text)
  if (!exp) return text
  const digits = `${exp[1]}${exp[2] ?? ''}`
  const point = 1 + Number(exp[3])
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`
  return point >= digits.length ? digits + '0'.repeat(point - digits.length) : `${digits.slice(0, point)}.${digits.slice(point)}`
}

/**
 * `value` cut (not rounded) to `digits` decimals, on its decimal digits rather than with a
 * floating-point multiply and floor (0.29 × 100 is 28.999…, which floor would make 0.28).
 */
export function truncateDecimals(value: number, digits = 2): string {
  if (!Number.isFinite(value)) return '—'
  const [whole = '0', fraction = ''] = plainDecimal(value).split('.')
  const cut = digits > 0 ? `${whole}.${fraction.slice(0, digits).padEnd(digits, '0')}` : whole
  return value < 0 && /[1-9]/.test(cut) ? `-${cut}` : cut
}

/** How Reality is written: as in the game (two decimals, truncated) or exact (four, as the service sends it). */
export type RealityDigits = 'game' | 'exact'

const separators = new Map<string, string>()

/** The decimal separator `locale` writes (a point in English, a comma in Russian, Spanish, Italian and Vietnamese). */
export function decimalSeparator(locale: string): string {
  let separator = separators.get(locale)
  if (separator === undefined) {
    const parts = new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(1.5)
    separators.set(locale, (separator = parts.find((p) => p.type === 'decimal')?.value ?? '.'))
  }
  return separator
}

/**
 * Reality in the reader's language: the same digits (truncated to two, as in game, or exact to four) with the
 * locale's decimal separator, so 12.87 reads 12,87 in Spanish and is still 12.87, never rounded up.
 */
export function realityText(value: number, style: RealityDigits, locale: string): string {
  const text = style === 'game' ? truncateDecimals(value, 2) : truncateDecimals(Math.round(value * 10_000) / 10_000, 4)
  return text.replace('.', decimalSeparator(locale))
}

/**
 * A change of Reality as the player reads it beside the value: the difference of the two values as shown, in the
 * same digits (as in the game, 15.97 → 15.99 is +0.02, and 15.971 → 15.979 is no change at all, never "±0.0000"
 * beside a two-decimal value). `digits` is how many decimals to write it with.
 */
export function shownRealityChange(then: number, now: number, style: RealityDigits): { change: number; digits: number } {
  const digits = style === 'game' ? 2 : 4
  const change = Number(realityText(now, style, 'en')) - Number(realityText(then, style, 'en'))
  return { change: Math.round(change * 10 ** digits) / 10 ** digits, digits }
}

/** The game's two judgement columns from the eight counts the service sends (a count it left out is 0). */
export function gameJudgements(r: {
  score_exact_count?: number
  score_perfect_count?: number
  score_great_count?: number
  score_good_count?: number
}): { perfect: number; good: number } {
  return {
    perfect: (r.score_exact_count ?? 0) + (r.score_perfect_count ?? 0),
    good: (r.score_great_count ?? 0) + (r.score_good_count ?? 0)
  }
}

/** A number as saves and the game's databases write it: a finite number, or a string holding one; otherwise null. */
export const numberIn = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : null
