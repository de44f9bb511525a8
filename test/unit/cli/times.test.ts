import { describe, expect, it } from 'vitest'
import { timeCell, timeText } from '../../../src/cli/render'

describe("the CLI's times in tables and lines", () => {
  it('an instant is shown in the given time zone, in the language’s date format', () => {
    // 21:00 UTC is 06:00 the next day in Tokyo (UTC+9) and 16:00 the same day in New York (UTC−5 in November).
    expect(timeText('2026-11-20T21:00:00Z', 'en', 'Asia/Tokyo')).toBe('Nov 21, 2026, 6:00 AM')
    expect(timeText('2026-11-20T21:00:00.000Z', 'en', 'America/New_York')).toBe('Nov 20, 2026, 4:00 PM')
    expect(timeText('2026-11-21T06:00:00+09:00', 'ru', 'Asia/Tokyo')).toBe('21 нояб. 2026 г., 06:00')
    expect(timeText('2026-11-20T21:00:00Z', 'ja', 'Asia/Tokyo')).toBe('2026/11/21 6:00')
  })

  it('a time the game wrote without an offset keeps its wall clock whatever the zone; anything else stays as it is', () => {
    expect(timeText('2026-11-28T23:06:41', 'en', 'Asia/Tokyo')).toBe('Nov 28, 2026, 11:06 PM')
    expect(timeText('2026-11-28 23:06', 'en', 'America/New_York')).toBe('Nov 28, 2026, 11:06 PM')
    expect(timeText('2026-02-30T10:00:00', 'en')).toBe('2026-02-30T10:00:00')
    expect(timeText('yesterday', 'en')).toBe('yesterday')
  })

  it('--exact keeps UTC to the millisecond', () => {
    expect(timeCell('2026-11-21T06:00:00+09:00', { exact: true, language: 'ru', timeZone: 'Asia/Tokyo' })).toBe('2026-11-20T21:00:00.000Z')
  })
})
