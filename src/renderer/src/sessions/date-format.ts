const formats = new Map<string, Intl.DateTimeFormat>()
/** A date-time format of the UI language, built once per language and options. */
export function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(language, options)))
  return format
}

/**
 * A month's short name for the calendar's head: the standalone form ("Nov", "нояб.", "11月"), or where that is a
 * phrase too wide for three weeks (Vietnamese "Tháng 11") the form dates use ("thg 11").
 */
export function calendarMonth(language: string, at: number): string {
  const standalone = dateFormat(language, { month: 'short' }).format(at)
  if (standalone.length <= 6) return standalone
  const inDate = dateFormat(language, { month: 'short', day: 'numeric' }).formatToParts(at)
  return inDate.find((part) => part.type === 'month')?.value ?? standalone
}
