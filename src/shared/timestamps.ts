/** RFC 3339 date-time with an optional fraction and a `Z` or `±hh:mm` offset. */
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
const daysInMonth = (year: number, month: number) =>
  month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : DAYS_IN_MONTH[month - 1]!

/** The number written by `count` ASCII digits from `from`, or -1 when one of them is not a digit. */
function digitsAt(value: string, from: number, count: number): number {
  let n = 0
  for (let i = from; i < from + count; i++) {
    const digit = value.charCodeAt(i) - 48
    if (!(digit >= 0 && digit <= 9)) return -1
    n = n * 10 + digit
  }
  return n
}

/** Minutes east of UTC of a `Z` / `±hh:mm` offset, or NaN. */
function offsetMinutes(value: string, from: number): number {
  const rest = value.length - from
  const sign = value[from]
  if (rest === 1 && (sign === 'Z' || sign === 'z')) return 0
  if (rest !== 6 || (sign !== '+' && sign !== '-') || value[from + 3] !== ':') return Number.NaN
  const hours = digitsAt(value, from + 1, 2)
  const minutes = digitsAt(value, from + 4, 2)
  if (hours < 0 || minutes < 0) return Number.NaN
  return (sign === '-' ? -1 : 1) * (hours * 60 + minutes)
}

/**
 * Milliseconds since the epoch, or NaN. Fractions beyond milliseconds are truncated, not rounded.
 * Reads the grammar of `RFC3339` by hand: the expression and its captures cost several times more,
 * and importing the game's whole history parses about a million timestamps.
 */
export function parseRfc3339(value: string): number {
  if (value.length < 20 || value[4] !== '-' || value[7] !== '-' || value[13] !== ':' || value[16] !== ':') return Number.NaN
  const t = value[10]
  if (t !== 'T' && t !== 't' && t !== ' ') return Number.NaN
  const y = digitsAt(value, 0, 4)
  const month = digitsAt(value, 5, 2)
  const day = digitsAt(value, 8, 2)
  const h = digitsAt(value, 11, 2)
  const mi = digitsAt(value, 14, 2)
  const s = digitsAt(value, 17, 2)
  if (y < 0 || month < 1 || month > 12 || day < 1 || day > 31 || h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 60) return Number.NaN
  if (day > daysInMonth(y, month)) return Number.NaN
  let end = 19
  let ms = 0
  if (value[end] === '.') {
    const first = ++end
    while (end < value.length && digitsAt(value, end, 1) >= 0) end++
    if (end === first) return Number.NaN
    for (let i = first; i < first + 3; i++) ms = ms * 10 + (i < end ? value.charCodeAt(i) - 48 : 0)
  }
  const offset = offsetMinutes(value, end)
  if (Number.isNaN(offset)) return Number.NaN
  return utcOf(y, month - 1, day, h, mi, Math.min(s, 59), ms) - offset * 60_000
}

/** `Date.UTC`, except that years 0–99 are those years (`Date.UTC` reads them as 1900–1999). */
function utcOf(y: number, month: number, day: number, h: number, mi: number, s: number, ms: number): number {
  if (y >= 100) return Date.UTC(y, month, day, h, mi, s, ms)
  const at = new Date(0)
  at.setUTCFullYear(y, month, day)
  return at.setUTCHours(h, mi, s, ms)
}

/**
 * The instant of an RFC 3339 timestamp at full precision: whole seconds since the epoch (UTC) and
 * the fraction's digits without trailing zeros. `parseRfc3339` stops at milliseconds; this does not.
 */
function preciseInstant(value: string): { seconds: number; fraction: string } | null {
  const m = RFC3339.exec(value)
  const ms = parseRfc3339(value)
  if (!m || Number.isNaN(ms)) return null
  const fraction = (m[7] ?? '').slice(1).replace(/0+$/, '')
  return { seconds: Math.floor(ms / 1000), fraction }
}

/** Compares two RFC 3339 instants with every fractional digit: -1, 0 or 1; NaN when either is unreadable. */
export function compareInstants(a: string, b: string): number {
  const x = preciseInstant(a)
  const y = preciseInstant(b)
  if (!x || !y) return Number.NaN
  if (x.seconds !== y.seconds) return x.seconds < y.seconds ? -1 : 1
  const width = Math.max(x.fraction.length, y.fraction.length)
  const fx = x.fraction.padEnd(width, '0')
  const fy = y.fraction.padEnd(width, '0')
  return fx === fy ? 0 : fx < fy ? -1 : 1
}

/**
 * A time written without an offset (the game's `LastSaveTime`, a local time of data.db: "2026-11-28T23:06:41"), its wall
 * clock read as UTC milliseconds; NaN for anything else, a date that does not exist (31 April, month 13) included.
 */
export function wallClockMs(value: string): number {
  const parts = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(value.trim())
  if (!parts) return Number.NaN
  const [year, month, day, hour, minute, second] = parts.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number
  ]
  const at = Date.UTC(year, month - 1, day, hour, minute, second)
  // A date that does not exist comes back from Date.UTC as another one: not a time.
  const real = new Date(at).getUTCDate() === day && new Date(at).getUTCMonth() === month - 1 && hour < 24 && minute < 60
  return real ? at : Number.NaN
}
