import type { Language } from '../shared/settings'
import { realityText } from '../shared/game-numbers'
import { realityChangeText } from '../shared/number-text'
import { cliTextsFor, type CliTexts } from '../main/headless/headless'

/**
 * The words of the CLI's tables and messages in each UI language (`--lang`), from the app's one set of texts
 * (src/main/i18n). `--json` is a public interface and never translated: its field names and values stay as the
 * service sends them.
 */
export type CliLabels = CliTexts
export type RestoreLabels = CliTexts['restore']

export const cliLabels = (language: Language): CliLabels => cliTextsFor(language)
export const restoreLabels = (language: Language): RestoreLabels => cliTextsFor(language).restore

const decimals = new Map<string, Intl.NumberFormat>()

/**
 * Numbers in the CLI's tables and lines as the --lang language writes them: the same digits (rounded as Intl rounds,
 * never grouped, so a column stays one word) with that language's decimal separator and percent sign
 * (12.345 and 98.77% in English; 12,345 and 98,77 % in Russian and Spanish). Reality goes through `reality`
 * (game-numbers.ts: cut, never rounded), its change through `realityChange` (number-text.ts).
 */
export function cliNumbers(language: Language) {
  const format = (key: string, options: Intl.NumberFormatOptions) => {
    let found = decimals.get(`${language}|${key}`)
    if (!found) decimals.set(`${language}|${key}`, (found = new Intl.NumberFormat(language, { useGrouping: false, ...options })))
    return found
  }
  const decimal = (value: number, digits: number) =>
    format(String(digits), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)
  // The language's percent pattern (sign before or after, with or without a space) around our own digits.
  const pattern = new Intl.NumberFormat(language, { style: 'percent' }).formatToParts(0.5)
  return {
    decimal,
    /** A number as it is, up to three decimals (a chart constant: 12.35 → 12,35 in Spanish). */
    plain: (value: number) => format('plain', { maximumFractionDigits: 3 }).format(value),
    /** A percentage already in percent (98.765 → 98.77%), two decimals unless told. */
    percent: (value: number, digits = 2) => pattern.map((part) => (part.type === 'integer' ? decimal(value, digits) : part.value)).join(''),
    /** A player's Reality exact to four decimals (`backups diff`, `summary`, a restore's preview): 13,8057 in Russian. */
    reality: (value: number) => realityText(value, 'exact', language),
    /** A change of Reality, signed, as the two values read: +0,0123, −0,5000, ±0,0000. */
    realityChange: (before: number, after: number) => realityChangeText(before, after, 'exact', language),
    /** Bytes in MiB with `digits` decimals (1,5 in Russian), the unit beside it. */
    mib: (bytes: number, digits: number) => `${decimal(bytes / 1024 / 1024, digits)} MiB`
  }
}

export type CliNumbers = ReturnType<typeof cliNumbers>
