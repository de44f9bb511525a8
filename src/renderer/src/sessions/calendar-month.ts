/**
 * A month's short name for the calendar's head: the standalone form ("Nov", "нояб.", "11月"), or where that is a
 * phrase too wide for three weeks (Vietnamese "Tháng 11") the form dates use ("thg 11").
 */
export function calendarMonth(language: string, at: number): string {
  const standalone = new Intl.DateTimeFormat(language, { month: 'short' }).format(at)
  if (standalone.length <= 6) return standalone
  const inDate = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric' }).formatToParts(at)
  return inDate.find((part) => part.type === 'month')?.value ?? standalone
}
