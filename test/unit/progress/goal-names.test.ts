import { afterEach, describe, expect, it } from 'vitest'
import type { ChartInfo } from '../../../src/shared/data'
import type { Goal } from '../../../src/shared/progress'
import { Language } from '../../../src/shared/settings'
import { goalNameIn, withGeneratedMark, type GoalContext } from '../../../src/main/progress/goal-names'
import { i18n } from '../../../src/renderer/src/i18n'
import { folderName, goalText, packName } from '../../../src/renderer/src/progress/goal-text'
import { chartLabel, chartName } from '../../../src/renderer/src/chart-list/names'

const charts = new Map<string, ChartInfo>([['a', { chart_id: 'a', title: 'Rainfall', difficulty: 'Cloudburst', constant: 12.4 }]])
const folders = [
  { folder: 'level:12', kind: 'level', label: '12' },
  { folder: 'pack:chapter1', kind: 'pack', label: 'chapter1' },
  { folder: 'pack:Side_Story_Pack', kind: 'pack', label: 'Side_Story_Pack' },
  { folder: 'difficulty:Cloudburst_Story', kind: 'difficulty', label: 'Cloudburst_Story' }
] as const
const context: GoalContext = { folders, charts }

const goal = (shape: Pick<Goal, 'criterion' | 'scope' | 'target' | 'mode'>, name = 'x'): Goal => ({
  ...shape,
  id: 'g',
  name,
  createdAt: '2026-11-01T00:00:00.000Z',
  metAt: null,
  lostAt: null,
  lostReason: null,
  metTotal: null,
  notified: false
})

const GOALS = {
  reality: goal({
    criterion: { kind: 'reality', min: 12.5 },
    mode: 'touch',
    scope: { kind: 'folder', folder: 'level:12' },
    target: { kind: 'all' }
  }),
  share: goal({
    criterion: { kind: 'fullCombo' },
    mode: 'any',
    scope: { kind: 'folder', folder: 'pack:chapter1' },
    target: { kind: 'percent', percent: 95.5 }
  }),
  story: goal({
    criterion: { kind: 'grade', grade: 'SS' },
    mode: 'any',
    scope: { kind: 'folder', folder: 'difficulty:Cloudburst_Story' },
    target: { kind: 'count', count: 2 }
  }),
  chart: goal({
    criterion: { kind: 'score', min: 1_000_000 },
    mode: 'keyboard',
    scope: { kind: 'chart', chart: 'a' },
    target: { kind: 'all' }
  }),
  list: goal({
    criterion: { kind: 'allPerfect' },
    mode: 'any',
    scope: { kind: 'charts', charts: ['a', 'b', 'c'] },
    target: { kind: 'all' }
  }),
  overall: goal({
    criterion: { kind: 'reality', min: 13.5 },
    mode: 'keyboard',
    scope: { kind: 'best' },
    target: { kind: 'all' }
  }),
  gone: goal({
    criterion: { kind: 'allPerfect' },
    mode: 'any',
    scope: { kind: 'folder', folder: 'custom:6f1c0d52' },
    target: { kind: 'all' }
  })
}

describe("the app's words for a goal", () => {
  afterEach(() => i18n.changeLanguage('en'))

  it("are the reader's language's, numbers written its way, folders by the names players know: never a key or an id", () => {
    // Written out by hand from each language's texts.
    expect(goalNameIn('ru', GOALS.reality, context)).toBe('Reality от 12,50 на всех чартах — Уровень 12 (Сенсор)')
    expect(goalNameIn('ru', GOALS.share, context)).toBe('Full Combo на 95,5\u00a0% чартов — Глава 1 (Любой ввод)')
    expect(goalNameIn('ru', GOALS.story, context)).toBe('SS и выше на 2 чартах — Cloudburst (Story) (Любой ввод)')
    expect(goalNameIn('es', GOALS.chart, context)).toBe('puntuación de 1.000.000 o más en Rainfall (Cloudburst) (Teclado)')
    expect(goalNameIn('es', GOALS.share, context)).toBe('Full Combo en el 95,5 % de Capítulo 1 (Cualquier entrada)')
    expect(goalNameIn('vi', GOALS.reality, context)).toBe('Reality từ 12,50 trở lên trên mọi chart thuộc Cấp 12 (Cảm ứng)')
    expect(goalNameIn('vi', GOALS.list, context)).toBe('All Perfect trên mọi chart thuộc danh sách 3 chart (Mọi kiểu nhập)')
    expect(goalNameIn('en', GOALS.gone, context)).toBe('All Perfect on every chart of a folder that is no longer there (Any input)')
    expect(goalNameIn('en', GOALS.story, context)).toBe('SS or better on 2 charts of Cloudburst (Story) (Any input)')
    // The player's own Reality, not a chart's.
    expect(goalNameIn('en', GOALS.overall, context)).toBe('your Reality 13.50 or more (Keyboard)')
    expect(goalNameIn('ru', GOALS.overall, context)).toBe('ваш Reality от 13,50 (Клавиатура)')
  })

  it("are the same words on the screens and in main's notifications, in every language", async () => {
    for (const language of Language.options) {
      await i18n.changeLanguage(language)
      const t = i18n.getFixedT(language)
      const folder = (id: string) => folderName(t, folders.find((f) => f.folder === id) ?? { kind: 'custom', label: '' })
      const chart = (id: string) => chartLabel(chartName(charts, id, language), t('charts.unknown'))
      for (const [what, g] of Object.entries(GOALS).filter(([what]) => what !== 'gone'))
        expect(goalNameIn(language, g, context), `${language} ${what}`).toBe(goalText(t, g, folder, chart))
    }
  })

  it('name a pack in words: a chapter by its number, any other pack with spaces for underscores', async () => {
    await i18n.changeLanguage('it')
    const t = i18n.getFixedT('it')
    expect(packName(t, 'chapter1')).toBe('Capitolo 1')
    expect(packName(t, 'Chapter_02')).toBe('Capitolo 2')
    expect(packName(t, 'Side_Story_Pack')).toBe('Side Story Pack')
    expect(folderName(t, { kind: 'difficulty', label: 'Drizzle_Story' })).toBe('Drizzle (Story)')
  })
})

describe('a goal kept before names were worded when shown', () => {
  it("is marked the app's when its name is the app's words for it in some language, whatever its folder was called then", () => {
    const fc = (name: string) =>
      goal(
        {
          criterion: { kind: 'fullCombo' },
          mode: 'any',
          scope: { kind: 'folder', folder: 'level:12' },
          target: { kind: 'count', count: 10 }
        },
        name
      )
    expect(withGeneratedMark(fc('Full Combo on 10 charts of Level 12 (Any input)')).generated).toBe(true)
    expect(withGeneratedMark(fc('Full Combo trên 10 chart thuộc Cấp 12 (Mọi kiểu nhập)')).generated).toBe(true)
    // The folder under the name the list gave it then.
    const pack = goal(
      {
        criterion: { kind: 'fullCombo' },
        mode: 'any',
        scope: { kind: 'folder', folder: 'pack:chapter1' },
        target: { kind: 'percent', percent: 80 }
      },
      'Full Combo on 80 % of chapter1 (Any input)'
    )
    expect(withGeneratedMark(pack).generated).toBe(true)
    // The player's own words stay theirs; so does a name the app would have written for another goal.
    expect(withGeneratedMark(fc('My FC run')).generated).toBeUndefined()
    expect(withGeneratedMark(fc('Full Combo on 12 charts of Level 12 (Any input)')).generated).toBeUndefined()
    expect(withGeneratedMark(fc('All Perfect on 10 charts of Level 12 (Any input)')).generated).toBeUndefined()
    // Marked once either way: a goal the player named after the mark existed is left alone.
    expect(withGeneratedMark({ ...fc('Full Combo on 10 charts of Level 12 (Any input)'), generated: false }).generated).toBe(false)
  })
})
