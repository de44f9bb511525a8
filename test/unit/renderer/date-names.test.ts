import { afterEach, describe, expect, it } from 'vitest'
import { i18n } from '../../../src/renderer/src/i18n'
import { dateNames } from '../../../src/renderer/src/ui/format'

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
