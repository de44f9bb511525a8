import { describe, expect, it } from 'vitest'
import { calendarMonth } from '../../../src/renderer/src/sessions/date-format'

describe("the calendar's month names", () => {
  const november = new Date(2026, 10, 5).getTime()

  it('is the short month where it is a word', () => {
    expect(['en', 'ru', 'es', 'ja', 'zh-CN'].map((language) => calendarMonth(language, november))).toEqual([
      'Nov',
      'нояб.',
      'nov',
      '11月',
      '11月'
    ])
  })

  it('is the form dates use where the short month is a phrase (Vietnamese "Tháng 11" is wider than three weeks)', () => {
    expect(calendarMonth('vi', november)).toBe('thg 11')
  })
})
