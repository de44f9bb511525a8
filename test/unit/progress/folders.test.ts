import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { foldPlays } from '../../../src/shared/player'
import type { PersonalBest } from '../../../src/shared/data'
import type { KeptRecord } from '../../../src/shared/api'
import { ProgressModel } from '../../../src/main/progress/model'
import { GRADE_MIN } from '../../../src/shared/progress'
import { gradeOf } from '../../../src/shared/reality'
import { chart, gradeByNotes, levelCharts, NOTES_GRADES, play, saveBest, truthOf, type Mode } from '../../support/progress-truth'

const DIFFS = ['Drizzle', 'Sprinkle', 'Cloudburst', 'Clear', 'Special', 'Cloudburst_Story'] as const

const bestsOf = (plays: readonly KeptRecord[]): PersonalBest[] => {
  const map = new Map<string, PersonalBest>()
  foldPlays(map, plays)
  return [...map.values()]
}

/** Scores near the grade lines as often as anywhere. */
const score = fc.oneof(
  fc.integer({ min: 0, max: 1_010_000 }),
  fc
    .constantFrom(...NOTES_GRADES.map(([, min]) => min))
    .chain((min) => fc.integer({ min: Math.max(0, min - 2), max: Math.min(1_010_000, min + 1) }))
)
const chartIds = Array.from({ length: 24 }, (_, i) => `chart-${i}`)
const listArb = fc.uniqueArray(
  fc.record({
    id: fc.constantFrom(...chartIds.slice(0, 20)),
    constant: fc.option(fc.oneof(fc.constant(0), fc.double({ min: 0.5, max: 15.9, noNaN: true })), { nil: undefined }),
    difficulty: fc.constantFrom(...DIFFS),
    plus: fc.boolean(),
    pack: fc.option(fc.constantFrom('chapter1', 'chapter2'), { nil: undefined })
  }),
  { selector: (c) => c.id, minLength: 1, maxLength: 20 }
)
const playArb = fc.record({
  chart: fc.constantFrom(...chartIds),
  mode: fc.constantFrom('touch' as const, 'keyboard' as const),
  score,
  ap: fc.boolean(),
  clean: fc.boolean(),
  at: fc.integer({ min: 0, max: 1_000 })
})
const saveArb = fc.uniqueArray(fc.record({ chart: fc.constantFrom(...chartIds), score, fc: fc.boolean(), ap: fc.boolean() }), {
  selector: (s) => s.chart,
  maxLength: 20
})

type RawList = typeof listArb extends fc.Arbitrary<infer T> ? T : never
const toList = (list: RawList) =>
  list.map((c) =>
    chart(c.id, c.constant, c.difficulty, {
      ...(c.pack ? { pack: c.pack } : {}),
      ...(c.plus && c.constant !== undefined ? { level: `${Math.floor(c.constant)}+` } : {})
    })
  )

describe('folder tables against a count by hand over the same bests', () => {
  it('every folder, every mode: charts, played, each grade, at least each grade, clear, FC, AP, missing', () => {
    fc.assert(
      fc.property(listArb, fc.array(playArb, { maxLength: 60 }), saveArb, (rawList, rawPlays, rawSave) => {
        const list = toList(rawList)
        const plays = rawPlays.map((p) =>
          play(p.chart, p.mode, p.score, {
            at: p.at,
            score_accuracy: p.ap ? 1 : 0.9,
            score_bad_count: p.clean ? 0 : 2,
            score_miss_count: 0
          })
        )
        const save = rawSave.map((s) => saveBest(s.chart, s.score, { fc: s.fc, ap: s.ap }))
        const model = new ProgressModel()
        model.setList(new Map(list.map((c) => [c.chart_id, c])))
        model.setHistory(bestsOf(plays))
        model.setSave(save)
        const tables = model.tables()
        const modes: Mode[] = plays.length ? ['touch', 'keyboard', 'any'] : ['any']
        expect(new Set(tables.map((t) => t.mode))).toEqual(new Set(modes))

        const expected = new Map<string, string[]>()
        for (const c of list) {
          if (c.constant !== undefined && c.constant >= 0.001) {
            const key = c.level === `${Math.floor(c.constant)}+` ? c.level : String(Math.floor(c.constant))
            expected.set(`level:${key}`, levelCharts(list, key))
          }
          expected.set(`difficulty:${c.difficulty}`, [...(expected.get(`difficulty:${c.difficulty}`) ?? []), c.chart_id])
          if (c.pack) expected.set(`pack:${c.pack}`, [...(expected.get(`pack:${c.pack}`) ?? []), c.chart_id])
        }
        expect(new Set(tables.map((t) => t.folder))).toEqual(new Set(expected.keys()))
        for (const row of tables) {
          const ids = expected.get(row.folder)!
          const truths = ids.map((id) => truthOf(id, row.mode, plays, save))
          const played = truths.filter((t) => t !== null)
          expect(row.charts).toBe(ids.length)
          expect(row.played).toBe(played.length)
          expect(row.missing.sort()).toEqual(ids.filter((_, i) => truths[i] === null).sort())
          for (const [grade, min] of NOTES_GRADES) {
            expect(row.grades[grade as keyof typeof row.grades], `${row.folder} ${row.mode} ${grade}`).toBe(
              played.filter((t) => gradeByNotes(t.score) === grade).length
            )
            expect(row.atLeast[grade as keyof typeof row.atLeast]).toBe(played.filter((t) => t.score >= min).length)
          }
          expect(row.fullCombo).toBe(played.filter((t) => t.fc).length)
          expect(row.allPerfect).toBe(played.filter((t) => t.ap).length)
          expect(row.clear).toBe(played.filter((t) => t.score >= 600_000 || t.fc).length)
          expect(row.fromSave).toBe(played.filter((t) => t.fromSave).length)
        }
        // Charts with bests the list does not know are listed apart, per mode.
        for (const { mode, charts } of model.unknown())
          expect(charts.sort()).toEqual(
            chartIds.filter((id) => !list.some((c) => c.chart_id === id) && truthOf(id, mode, plays, save)).sort()
          )
      }),
      { numRuns: 300 }
    )
  })

  it('cumulative totals never go down from R to F, and end at the charts played', () => {
    fc.assert(
      fc.property(listArb, fc.array(playArb, { maxLength: 40 }), (rawList, rawPlays) => {
        const model = new ProgressModel()
        model.setList(new Map(toList(rawList).map((c) => [c.chart_id, c])))
        model.setHistory(bestsOf(rawPlays.map((p) => play(p.chart, p.mode, p.score, { at: p.at }))))
        for (const row of model.tables()) {
          const running = NOTES_GRADES.map(([g]) => row.atLeast[g as keyof typeof row.atLeast])
          for (let i = 1; i < running.length; i++) expect(running[i]!).toBeGreaterThanOrEqual(running[i - 1]!)
          expect(running.at(-1)).toBe(row.played)
          expect(row.allPerfect).toBeLessThanOrEqual(row.fullCombo)
          expect(row.fullCombo).toBeLessThanOrEqual(row.clear)
        }
      }),
      { numRuns: 200 }
    )
  })
})

describe('grades, from the notes', () => {
  it('each grade starts where the notes say, and one point less is the grade below', () => {
    for (const [grade, min] of NOTES_GRADES) {
      expect(GRADE_MIN[grade as keyof typeof GRADE_MIN]).toBe(min)
      expect(gradeOf(min)).toBe(grade)
      if (min > 0) expect(gradeOf(min - 1)).not.toBe(grade)
    }
    expect(Object.keys(GRADE_MIN)).toEqual(NOTES_GRADES.map(([g]) => g))
  })
})

describe('folders of a list', () => {
  const list = new Map(
    [
      chart('a', 13.0, 'Clear'),
      chart('b', 13.9, 'Clear'),
      chart('c', 13.7, 'Clear', { level: '13+' }),
      chart('d', 12.95, 'Cloudburst', { pack: 'chapter1' }),
      chart('e', 0, 'Special', { pack: 'chapter1' }),
      chart('f', undefined, 'Drizzle_Story'),
      chart('g', 1, 'Drizzle')
    ].map((c) => [c.chart_id, c])
  )

  it('levels by the whole part (13.0 to 13.9 is 13), 13+ only where the list marks it, nothing for constant 0 or none', () => {
    const model = new ProgressModel()
    model.setList(list)
    const levels = model.folders().filter((f) => f.kind === 'level')
    expect(levels.map((f) => [f.id, f.charts])).toEqual([
      ['level:1', ['g']],
      ['level:12', ['d']],
      ['level:13', ['a', 'b']],
      ['level:13+', ['c']]
    ])
  })

  it('difficulties in the game order (story variants after), packs where the list has them', () => {
    const model = new ProgressModel()
    model.setList(list)
    expect(
      model
        .folders()
        .filter((f) => f.kind === 'difficulty')
        .map((f) => f.label)
    ).toEqual(['Drizzle', 'Cloudburst', 'Clear', 'Special', 'Drizzle_Story'])
    expect(model.folders().filter((f) => f.kind === 'pack')).toEqual([
      { id: 'pack:chapter1', kind: 'pack', label: 'chapter1', charts: ['d', 'e'] }
    ])
  })

  it("custom folders: picked charts, or a saved filter over the list's charts", () => {
    const model = new ProgressModel()
    model.setList(list)
    model.setCustomFolders([
      { id: 'p', name: 'Picked', charts: ['a', 'g', 'a', 'not-in-list'] },
      { id: 'f', name: 'Hard clears', filter: { difficulties: ['Clear'], levelMin: 13.5 } },
      { id: 's', name: 'Search', filter: { search: 'song D' } }
    ])
    const custom = model.folders().filter((f) => f.kind === 'custom')
    expect(custom.map((f) => [f.id, f.label, f.charts])).toEqual([
      ['custom:p', 'Picked', ['a', 'g', 'not-in-list']],
      ['custom:f', 'Hard clears', ['b', 'c']],
      ['custom:s', 'Search', ['d']]
    ])
  })

  it("a save's bests have no input mode: they count under any input only, and say they are the save's", () => {
    const model = new ProgressModel()
    model.setList(list)
    model.setHistory(bestsOf([play('a', 'touch', 900_000)]))
    model.setSave([saveBest('a', 960_000, { fc: true }), saveBest('b', 700_000)])
    const row = (mode: Mode) => model.tables().find((t) => t.folder === 'level:13' && t.mode === mode)!
    expect(row('touch')).toMatchObject({ played: 1, fromSave: 0, fullCombo: 0 })
    expect(row('keyboard')).toMatchObject({ played: 0 })
    expect(row('any')).toMatchObject({ played: 2, fromSave: 2, fullCombo: 1, atLeast: { SS: 1, S: 1, B: 2 } })
  })
})
