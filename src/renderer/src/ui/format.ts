import { realityText, type RealityDigits } from '../../../shared/game-numbers'
import { realityChangeText, signedText } from '../../../shared/number-text'
import { accuracyPercent } from '../../../shared/records'
import { wallClockMs } from '../../../shared/timestamps'
import { i18n } from '../i18n'

const lang = () => i18n.language || 'en'

// Intl formatters are expensive to build (a table re-renders dozens of cells): one per language and options.
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>()
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  kind: string,
  options: object,
  make: (locale: string) => T
): T {
  const key = `${kind}|${lang()}|${JSON.stringify(options)}`
  let formatter = cache.get(key) as T | undefined
  if (!formatter) cache.set(key, (formatter = make(lang())))
  return formatter
}
const dateTime = (options: Intl.DateTimeFormatOptions) => cached('dt', options, (l) => new Intl.DateTimeFormat(l, options))
const number = (options: Intl.NumberFormatOptions) => cached('n', options, (l) => new Intl.NumberFormat(l, options))
const relative = () => cached('rt', {}, (l) => new Intl.RelativeTimeFormat(l, { numeric: 'auto' }))

/** Month and weekday names in the UI language, for a chart's time axis (uPlot's own are English). */
export function dateNames(): { MMMM: string[]; MMM: string[]; WWWW: string[]; WWW: string[] } {
  const months = (month: 'long' | 'short') =>
    Array.from({ length: 12 }, (_, m) => dateTime({ month, timeZone: 'UTC' }).format(Date.UTC(2000, m, 15)))
  // 2 January 2000 was a Sunday: uPlot counts weekdays from Sunday.
  const weekdays = (weekday: 'long' | 'short') =>
    Array.from({ length: 7 }, (_, d) => dateTime({ weekday, timeZone: 'UTC' }).format(Date.UTC(2000, 0, 2 + d)))
  return { MMMM: months('long'), MMM: months('short'), WWWW: weekdays('long'), WWW: weekdays('short') }
}

/** The parts of uPlot's time-axis templates, as what Intl writes for them in the UI language. */
const AXIS_PARTS: Record<string, Intl.DateTimeFormatOptions> = {
  '{YYYY}': { year: 'numeric' },
  '{MMM}': { month: 'short' },
  '{M}/{D}': { month: 'numeric', day: 'numeric' },
  '{M}/{D}/{YY}': { year: '2-digit', month: 'numeric', day: 'numeric' },
  '{h}{aa}': { hour: 'numeric' },
  '{h}:{mm}{aa}': { hour: 'numeric', minute: '2-digit' }
}

/**
 * A chart's time-axis label for one of uPlot's templates ("{M}/{D}", "{h}{aa}", a second line after "\n"), written
 * by Intl in the UI language (11/5, 11. 5., 下午3時 rather than uPlot's US order and "3pm"); null for a template
 * with parts Intl has no field for (seconds), which uPlot then writes with `dateNames`.
 */
export function axisDate(template: string): ((date: Date) => string) | null {
  const lines = template.split('\n').map((line) => (line ? line.split(' ').map((part) => AXIS_PARTS[part]) : []))
  if (lines.some((parts) => parts.some((options) => !options))) return null
  const formats = lines.map((parts) => (parts.length ? dateTime(Object.assign({}, ...parts) as Intl.DateTimeFormatOptions) : null))
  return (date) => formats.map((format) => format?.format(date) ?? '').join('\n')
}

export function formatDateTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '—'
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return String(value)
  return dateTime({ dateStyle: 'medium', timeStyle: 'short' }).format(date)
}

export function formatShortDateTime(value: string | number): string {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return String(value)
  return dateTime({ dateStyle: 'short', timeStyle: 'short' }).format(date)
}

export function formatRelative(value: string | number | null | undefined, now = Date.now()): string {
  if (value === null || value === undefined) return '—'
  const ms = new Date(value).getTime() - now
  const abs = Math.abs(ms)
  const rtf = relative()
  if (abs < 60_000) return rtf.format(Math.round(ms / 1000), 'second')
  if (abs < 3_600_000) return rtf.format(Math.round(ms / 60_000), 'minute')
  if (abs < 86_400_000) return rtf.format(Math.round(ms / 3_600_000), 'hour')
  if (abs < 30 * 86_400_000) return rtf.format(Math.round(ms / 86_400_000), 'day')
  if (abs < 365 * 86_400_000) return rtf.format(Math.round(ms / (30 * 86_400_000)), 'month')
  return rtf.format(Math.round(ms / (365 * 86_400_000)), 'year')
}

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '—'
  const units = ['B', 'KiB', 'MiB', 'GiB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${number({ maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`
}

export function formatNumber(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—'
  return number({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)
}

/** Accuracy arrives as a fraction (0–1) from the service; some saves use percent. */
export function formatAccuracy(value: number): string {
  return number({ style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(accuracyPercent(value) / 100)
}

/** A share of a whole given in percent (0–100), whole percents: 45%, 45 % in Russian and Spanish. */
export function formatPercent(percent: number): string {
  return number({ style: 'percent', maximumFractionDigits: 0 }).format(percent / 100)
}

/** A change with its sign (+0.012, −1,250); "±0" for none. */
export function formatSigned(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—'
  return signedText(value, lang(), digits)
}

/**
 * A player's Reality in the UI language: as the game writes it (two decimals, cut, never rounded) or exact (four),
 * as the "Reality digits" setting says; 12,87 in Spanish.
 */
export function formatReality(value: number | null | undefined, digits: RealityDigits): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—'
  return realityText(value, digits, lang())
}

/**
 * A player's Reality from `then` to `now`, signed, as the reader reads the two values: in game digits the difference of
 * the values as the game shows them (15.97 → 15.99 is +0,02), exact to four decimals otherwise.
 */
export function formatRealityChange(then: number | null, now: number | null, digits: RealityDigits): string {
  if (then === null || now === null) return '—'
  return realityChangeText(then, now, digits, lang())
}

/** One chart's Reality (a play's, a best's): three decimals, rounded, as the Reality tables list it. */
export function formatChartReality(value: number | null | undefined): string {
  return formatNumber(value, 3)
}

/** A chart constant: one decimal on badges and in lists (12,3), two where the exact value matters. */
export function formatConstant(value: number | null | undefined, digits: 1 | 2 = 1): string {
  return formatNumber(value, digits)
}

/** A calendar date in the UI language (no time). */
export function formatDate(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '—'
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return String(value)
  return dateTime({ dateStyle: 'medium' }).format(date)
}

/**
 * A time the game wrote in its save (`LastSaveTime`, "2026-11-28T23:06:41": a local time of unknown zone) in the UI
 * language's date format, as written: never shifted to this computer's zone. Anything else is shown as it is.
 */
export function formatSaveTime(value: string | null | undefined): string {
  if (value === null || value === undefined) return '—'
  const at = wallClockMs(value)
  if (Number.isNaN(at)) return value
  return dateTime({ dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(at)
}
