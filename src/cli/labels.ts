import type { Language } from '../shared/settings'
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
 * Numbers in the CLI's tables as the --lang language writes them: the same digits (rounded as `toFixed` rounds,
 * never grouped, so a column stays one word) with that language's decimal separator and percent sign
 * (12.345 and 98.77% in English; 12,345 and 98,77 % in Russian and Spanish).
 */
export function cliNumbers(language: Language) {
  const decimal = (value: number, digits: number) => {
    const key = `${language}|${digits}`
    let format = decimals.get(key)
    if (!format)
      decimals.set(
        key,
        (format = new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }))
      )
    return format.format(value)
  }
  // The language's percent pattern (sign before or after, with or without a space) around our own digits.
  const pattern = new Intl.NumberFormat(language, { style: 'percent' }).formatToParts(0.5)
  return {
    decimal,
    /** A number as it is, up to three decimals (a chart constant: 12.35 → 12,35 in Spanish). */
    plain: (value: number) => {
      let format = decimals.get(`${language}|plain`)
      if (!format)
        decimals.set(`${language}|plain`, (format = new Intl.NumberFormat(language, { maximumFractionDigits: 3, useGrouping: false })))
      return format.format(value)
    },
    /** A percentage already in percent (98.765 → 98.77%), two decimals. */
    percent: (value: number) => pattern.map((part) => (part.type === 'integer' ? decimal(value, 2) : part.value)).join('')
  }
}
