import { afterEach, describe, expect, it } from 'vitest'
import { i18n } from '../../../src/renderer/src/i18n'
import {
  axisDate,
  dateNames,
  formatAccuracy,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPercent,
  formatRelative,
  formatSaveTime
} from '../../../src/renderer/src/ui/format'

describe("the Reality chart's time axis names", () => {
  afterEach(() => i18n.changeLanguage('en'))

  it('are English in English, January and Sunday first as uPlot counts them', () => {
    const names = dateNames()
    expect(names.MMM).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'])
    expect(names.MMMM[8]).toBe('September')
    expect(names.WWW).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'])
    expect(names.WWWW[6]).toBe('Saturday')
  })

  it('are Chinese in Chinese: no English month or weekday left on the axis', async () => {
    await i18n.changeLanguage('zh-CN')
    const names = dateNames()
    expect(names.MMM).toEqual(['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'])
    expect(names.MMMM[10]).toBe('十一月')
    expect(names.WWW).toEqual(['周日', '周一', '周二', '周三', '周四', '周五', '周六'])
    expect(names.WWWW[0]).toBe('星期日')
  })
})

describe('dates, times, counts and percentages in every new language come from Intl in that language', () => {
  afterEach(() => i18n.changeLanguage('en'))
  const at = new Date(2026, 10, 5, 15, 7)

  it('the time axis writes its labels the way each language does, not in uPlot’s US order with "pm"', async () => {
    expect(axisDate('{M}/{D}')!(at)).toBe('11/5')
    expect(axisDate('{h}{aa}')!(at)).toBe('3 PM')
    await i18n.changeLanguage('ko')
    expect(axisDate('{M}/{D}')!(at)).toBe('11. 5.')
    expect(axisDate('{h}{aa}')!(at)).toBe('오후 3시')
    expect(axisDate('{MMM}\n{YYYY}')!(at)).toBe('11월\n2026년')
    expect(dateNames().WWW).toEqual(['일', '월', '화', '수', '목', '금', '토'])
    await i18n.changeLanguage('zh-TW')
    expect(axisDate('{h}:{mm}{aa}')!(at)).toBe('下午3:07')
    expect(dateNames().WWW).toEqual(['週日', '週一', '週二', '週三', '週四', '週五', '週六'])
    await i18n.changeLanguage('ja')
    expect(axisDate('{h}{aa}')!(at)).toBe('15時')
    expect(dateNames().MMM[0]).toBe('1月')
    expect(dateNames().WWW).toEqual(['日', '月', '火', '水', '木', '金', '土'])
    // Seconds have no Intl field of their own: uPlot writes them.
    expect(axisDate(':{ss}')).toBeNull()
  })

  it('relative times and percentages', async () => {
    const now = Date.UTC(2026, 10, 25, 12)
    const threeDaysAgo = now - 3 * 86_400_000
    await i18n.changeLanguage('ja')
    expect(formatRelative(threeDaysAgo, now)).toBe('3 日前')
    expect(formatAccuracy(0.98765)).toBe('98.77%')
    await i18n.changeLanguage('ko')
    expect(formatRelative(threeDaysAgo, now)).toBe('3일 전')
    await i18n.changeLanguage('zh-TW')
    expect(formatRelative(threeDaysAgo, now)).toBe('3 天前')
    expect(formatNumber(1010000)).toBe('1,010,000')
  })
})

describe('Russian, Spanish, Italian and Vietnamese: numbers, dates, percentages and relative times as Intl writes them', () => {
  afterEach(() => i18n.changeLanguage('en'))
  const at = new Date(2026, 10, 5, 15, 7)
  const now = at.getTime() + 3 * 86_400_000

  it.each(['ru', 'es', 'it', 'vi'])('%s', async (language) => {
    await i18n.changeLanguage(language)
    expect(formatNumber(1010000)).toBe(new Intl.NumberFormat(language).format(1010000))
    expect(formatNumber(12.875, 3)).toBe(new Intl.NumberFormat(language, { minimumFractionDigits: 3 }).format(12.875))
    expect(formatDate(at.getTime())).toBe(new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(at))
    expect(formatDateTime(at.getTime())).toBe(new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(at))
    expect(formatAccuracy(0.98765)).toBe(new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 2 }).format(0.9877))
    expect(formatPercent(45)).toBe(new Intl.NumberFormat(language, { style: 'percent' }).format(0.45))
    expect(formatRelative(at.getTime(), now)).toBe(new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-3, 'day'))
  })

  it('each says it its own way: decimal commas, Vietnamese day before month with the time first', async () => {
    await i18n.changeLanguage('es')
    expect(formatNumber(12.875, 3)).toBe('12,875')
    expect(formatAccuracy(0.98765)).toBe('98,77\u00a0%')
    expect(formatNumber(1010000)).toBe('1.010.000')
    await i18n.changeLanguage('it')
    expect(formatAccuracy(0.98765)).toBe('98,77%')
    expect(formatRelative(at.getTime(), now)).toBe('3 giorni fa')
    await i18n.changeLanguage('ru')
    expect(formatNumber(1010000)).toBe('1\u00a0010\u00a0000')
    expect(formatDate(at.getTime())).toBe('5 нояб. 2026 г.')
    expect(formatRelative(at.getTime(), now)).toBe('3 дня назад')
    await i18n.changeLanguage('vi')
    expect(formatDate(at.getTime())).toBe('5 thg 11, 2026')
    expect(formatDateTime(at.getTime())).toBe('15:07 5 thg 11, 2026')
    expect(dateNames().MMM[10]).toBe('Tháng 11')
  })
})

describe("the game's own save time (LastSaveTime: a local time without a zone)", () => {
  afterEach(() => i18n.changeLanguage('en'))

  it("is written in the language's date format with the clock time as written, never shifted to this computer's zone", async () => {
    expect(formatSaveTime('2026-11-28T23:06:41')).toBe('Nov 28, 2026, 11:06 PM')
    expect(formatSaveTime('2026-11-28 23:06:41')).toBe('Nov 28, 2026, 11:06 PM')
    expect(formatSaveTime('2025-02-26T13:53')).toBe('Feb 26, 2025, 1:53 PM')
    await i18n.changeLanguage('ru')
    expect(formatSaveTime('2026-11-28T23:06:41')).toBe('28 нояб. 2026 г., 23:06')
    await i18n.changeLanguage('vi')
    expect(formatSaveTime('2026-11-28T23:06:41')).toBe('23:06 28 thg 11, 2026')
  })

  it('shows as it is what is not such a time (a day that does not exist, another format), and a dash for none', () => {
    for (const text of ['2026-02-30T10:00:00', '2026-13-01T10:00:00', '2026-11-28T24:30:00', 'yesterday', '28/11/2026 23:06'])
      expect(formatSaveTime(text)).toBe(text)
    expect(formatSaveTime(null)).toBe('—')
  })
})
