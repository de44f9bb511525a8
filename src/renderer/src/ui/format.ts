import { i18n } from '../i18n'

const lang = () => i18n.language || 'en'

export function formatDateTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '—'
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return String(value)
  return new Intl.DateTimeFormat(lang(), { dateStyle: 'medium', timeStyle: 'short' }).format(date)
}

export function formatShortDateTime(value: string | number): string {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return String(value)
  return new Intl.DateTimeFormat(lang(), { dateStyle: 'short', timeStyle: 'short' }).format(date)
}

export function formatRelative(value: string | number | null | undefined, now = Date.now()): string {
  if (value === null || value === undefined) return '—'
  const ms = new Date(value).getTime() - now
  const abs = Math.abs(ms)
  const rtf = new Intl.RelativeTimeFormat(lang(), { numeric: 'auto' })
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
  return `${new Intl.NumberFormat(lang(), { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`
}

export function formatNumber(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—'
  return new Intl.NumberFormat(lang(), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)
}

/** Accuracy arrives as a fraction (0–1) from the service; some saves use percent. */
export function formatAccuracy(value: number): string {
  return `${formatNumber(value <= 1 ? value * 100 : value, 2)}%`
}
