import { describe, expect, it } from 'vitest'
import {
  bestRows,
  emptyFilter,
  matchedTitle,
  namedJudgementsOf,
  isFiltered,
  matcher,
  rangeInverted,
  rankBy,
  toRows,
  visibleOrder,
  matchMask,
  rankFor,
  withNotes,
  type ScoreFilter
} from '../../../src/renderer/src/scores/score-rows'
import type { ScoreRecord } from '../../../src/shared/api'
import type { ChartInfo } from '../../../src/shared/data'
import { chartName } from '../../../src/renderer/src/chart-list/names'

const rec = (chart: string, score: number, at: string, touch = false): ScoreRecord => ({
  chart_id: chart,
  score,
  score_accuracy: 0.9,
  reality: 1,
  grade: score >= 1_000_000 ? 'M' : 'S',
  played_at: at,
  modifiers: touch ? ['TouchMode'] : []
})
const charts = new Map<string, ChartInfo>([
  ['a', { chart_id: 'a', title: 'Song 10', difficulty: 'Clear' }],
  ['b', { chart_id: 'b', title: 'song 2', difficulty: 'Drizzle' }],
  ['c', { chart_id: 'c', title: 'Ámber', difficulty: 'Clear' }]
])
const names =
  (list: ReadonlyMap<string, ChartInfo>, language = 'en') =>
  (id: string) =>
    chartName(list, id, language)
// Noon UTC: the same calendar day in every time zone from UTC−11 to UTC+11.
const rows = toRows(
  [
    rec('a', 900_000, '2026-01-03T12:00:00Z'),
    rec('b', 1_005_000, '2025-12-30T12:00:00+08:00', true),
    rec('c', 950_000, '2026-01-02T12:00:00Z')
  ],
  names(charts)
)

describe('score rows', () => {
  it('ranks numbers numerically and titles naturally, ignoring case and accents', () => {
    expect([...rankBy(rows, 'score')]).toEqual([0, 2, 1])
    expect([...rankBy(rows, 'title')]).toEqual([2, 1, 0])
    expect([...rankBy(rows, 'playedAt')]).toEqual([2, 0, 1])
    // Grades rank by their order (F < … < R), not alphabetically.
    expect([...rankBy(rows, 'grade')]).toEqual([0, 2, 1])
  })

  it('filters by title, grade, difficulty, input mode and a custom range of days', () => {
    const titles = (f: Partial<ScoreFilter>) => rows.filter(matcher({ ...emptyFilter, ...f })).map((r) => r.title)
    expect(titles({ text: 'song' })).toEqual(['Song 10', 'song 2'])
    expect(titles({ grade: 'M' })).toEqual(['song 2'])
    expect(titles({ difficulty: 'Clear', mode: 'keyboard' })).toEqual(['Song 10', 'Ámber'])
    expect(titles({ played: 'custom', from: '2026-01-02', to: '2026-01-02' })).toEqual(['Ámber'])
    expect(titles({ played: 'custom', from: '2026-01-02' })).toEqual(['Song 10', 'Ámber'])
  })

  it('"last N days" counts back from now', () => {
    const now = Date.parse('2026-01-04T00:00:00Z')
    expect(rows.filter(matcher({ ...emptyFilter, played: '1' }, now)).map((r) => r.title)).toEqual(['Song 10'])
    expect(rows.filter(matcher({ ...emptyFilter, played: '7' }, now)).map((r) => r.title)).toEqual(['Song 10', 'song 2', 'Ámber'])
  })

  it('says when a custom range is inverted, and when anything is filtered', () => {
    expect(rangeInverted({ ...emptyFilter, played: 'custom', from: '2026-02-01', to: '2026-01-01' })).toBe(true)
    expect(rangeInverted({ ...emptyFilter, played: 'custom', from: '2026-01-01', to: '2026-02-01' })).toBe(false)
    expect(isFiltered(emptyFilter)).toBe(false)
    expect(isFiltered({ ...emptyFilter, mode: 'touch' })).toBe(true)
  })

  it('the display order equals a plain sort and filter of the same rows, in both directions', () => {
    const many = toRows(
      Array.from({ length: 500 }, (_, i) =>
        rec(
          ['a', 'b', 'c'][i % 3]!,
          600_000 + ((i * 7919) % 410_000),
          new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
          i % 2 === 0
        )
      ),
      names(charts)
    )
    const keep = matcher({ ...emptyFilter, mode: 'touch' })
    for (const desc of [false, true]) {
      const order = [...visibleOrder(rankBy(many, 'score'), desc, matchMask(many, keep))].map((i) => many[i]!.score)
      const expected = many
        .filter(keep)
        .map((r) => r.score)
        .sort((x, y) => (desc ? y - x : x - y))
      expect(order).toEqual(expected)
    }
  })
  it('ranks are remembered per array of rows and column, and computed again for new rows', () => {
    const rows = toRows([rec('a', 900_000, '2026-01-01T00:00:00Z', true), rec('b', 800_000, '2026-01-02T00:00:00Z', true)], names(charts))
    expect(rankFor(rows, 'score')).toBe(rankFor(rows, 'score'))
    expect([...rankFor(rows, 'score')]).toEqual([...rankBy(rows, 'score')])
    const next = [...rows]
    expect(rankFor(next, 'score')).not.toBe(rankFor(rows, 'score'))
  })

  it('a title filter matches any title of the song, ignoring case and width; unknown charts show a short id', () => {
    const songs = new Map<string, ChartInfo>([
      ['s1', { chart_id: 's1', title: 'Aconsma', latin_title: 'Aconsma', difficulty: 'Cloudburst' }],
      ['s2', { chart_id: 's2', title: '驟雨の狭間', latin_title: 'Shuu no Hazama', title_zh_hans: '骤雨之间', title_culture: 'ja' }],
      ['s3', { chart_id: 's3', title: 'Innocent white', title_zh_hans: '纯白' }]
    ])
    const plays = [rec('s1', 900_000, '2026-01-01T00:00:00Z'), rec('s2', 900_000, '2026-01-01T00:00:00Z')]
    const played = [...plays, rec('s3', 900_000, '2026-01-01T00:00:00Z'), rec('c3769378-d595', 900_000, '2026-01-01T00:00:00Z')]
    const rows = toRows(played, names(songs))
    const found = (text: string) => rows.filter(matcher({ ...emptyFilter, text })).map((r) => r.chartId)
    expect(found('aconsma')).toEqual(['s1'])
    expect(found('ＡＣＯＮＳＭＡ')).toEqual(['s1'])
    expect(found('hazama')).toEqual(['s2'])
    expect(found('骤雨')).toEqual(['s2'])
    expect(found('驟雨')).toEqual(['s2'])
    expect(found('纯白')).toEqual(['s3'])
    expect(found('c3769378')).toEqual(['c3769378-d595'])
    expect(rows.map((r) => [r.title, r.known])).toEqual([
      ['Aconsma', true],
      ['驟雨の狭間', true],
      ['Innocent white', true],
      ['c3769378…', false]
    ])
    // Chinese readers get the Chinese title where the list has one; the original otherwise.
    expect(toRows(played, names(songs, 'zh-CN')).map((r) => r.title)).toEqual(['Aconsma', '骤雨之间', '纯白', 'c3769378…'])
    // Readers of Latin or Cyrillic letters get the Latin title of a Japanese one, marked in the page's language.
    for (const language of ['ru', 'es', 'it', 'vi']) {
      const shown = played.map((r) => names(songs, language)(r.chart_id))
      expect(shown.map((n) => n.title)).toEqual(['Aconsma', 'Shuu no Hazama', 'Innocent white', 'c3769378…'])
      expect(shown[1]!.lang).toBeUndefined()
    }
    // Japanese, Korean and English readers keep the original, in its language.
    for (const language of ['ja', 'ko', 'en']) expect(names(songs, language)('s2')).toMatchObject({ title: '驟雨の狭間', lang: 'ja' })
  })

  it('sorts titles by the UI language’s collation', () => {
    const songs = new Map<string, ChartInfo>(
      ['中', '啊', 'B', 'a'].map((title, i) => [`x${i}`, { chart_id: `x${i}`, title }] as [string, ChartInfo])
    )
    const rows = toRows(
      [...songs.keys()].map((id) => rec(id, 900_000, '2026-01-01T00:00:00Z')),
      names(songs)
    )
    const sorted = (language: string) => {
      const rank = rankBy(rows, 'title', language)
      return [...rows].sort((x, y) => rank[rows.indexOf(x)]! - rank[rows.indexOf(y)]!).map((r) => r.title)
    }
    // Chinese collation orders by pinyin: 啊 (a) before 中 (zhong).
    expect(sorted('zh-CN').indexOf('啊')).toBeLessThan(sorted('zh-CN').indexOf('中'))
    expect(sorted('en').slice(0, 2)).toEqual(['a', 'B'])
  })

  it('says which title a search found a row by, when it is not the one shown', () => {
    const songs = new Map<string, ChartInfo>([
      ['s2', { chart_id: 's2', title: '驟雨の狭間', latin_title: 'Shuu no Hazama', title_zh_hans: '骤雨之间', title_culture: 'ja' }],
      ['s3', { chart_id: 's3', title: 'Hollow Lantern', title_zh_hans: '空洞灯笼' }]
    ])
    const [ja, en, unknown] = toRows(
      [rec('s2', 1, '2026-01-01T00:00:00Z'), rec('s3', 1, '2026-01-01T00:00:00Z'), rec('c3769378-d595', 1, '2026-01-01T00:00:00Z')],
      names(songs)
    )
    expect(matchedTitle(ja!, 'hazama')).toBe('Shuu no Hazama')
    expect(matchedTitle(ja!, '骤雨')).toBe('骤雨之间')
    expect(matchedTitle(ja!, '驟雨')).toBeNull()
    expect(matchedTitle(en!, 'LANTERN')).toBeNull()
    expect(matchedTitle(en!, '灯笼')).toBe('空洞灯笼')
    expect(matchedTitle(unknown!, 'd595')).toBe('c3769378-d595')
    expect(matchedTitle(ja!, '  ')).toBeNull()
    // In Chinese the Chinese title is shown: the Japanese one is then the other title.
    const [zh] = toRows([rec('s2', 1, '2026-01-01T00:00:00Z')], names(songs, 'zh-CN'))
    expect(matchedTitle(zh!, '狭間')).toBe('驟雨の狭間')
  })

  it('names the eight judgement counts for hover text, leaving out the ones a play lacks', () => {
    const names8 = ['E', 'P', 'Gr', 'Go', 'B', 'M', 'FE', 'FM']
    const counts = { score_exact_count: 996, score_perfect_count: 136, score_great_count: 9, score_good_count: 8 }
    expect(namedJudgementsOf({ ...rec('a', 1, '2026-01-01T00:00:00Z'), ...counts, score_bad_count: 3, score_miss_count: 0 }, names8)).toBe(
      'E 996 · P 136 · Gr 9 · Go 8 · B 3 · M 0'
    )
    expect(namedJudgementsOf(rec('a', 1, '2026-01-01T00:00:00Z'), names8)).toBe('')
  })

  it('a best row carries the best mark its chart reached, a play row its own', () => {
    const fc = {
      ...rec('a', 990_000, '2026-01-01T00:00:00Z'),
      score_bad_count: 0,
      score_miss_count: 0,
      score_great_count: 2,
      score_good_count: 0
    }
    const [best] = bestRows(
      [
        {
          mode: 'keyboard',
          record: { ...fc, score_miss_count: 1 },
          plays: 2,
          previousScore: null,
          firstPlayedAt: fc.played_at,
          combo: 'FC'
        }
      ],
      names(charts)
    )
    expect(best!.combo).toBe('FC')
    expect(toRows([{ ...fc, score_miss_count: 1 }], names(charts))[0]!.combo).toBeNull()
    expect(toRows([fc], names(charts))[0]!.combo).toBe('FC')
  })
})

describe('the Scores filter searches the player’s notes (#55)', () => {
  it('finds a play by its note (case folded as titles are), and only that play', () => {
    const plays = toRows([rec('a', 900_000, '2025-01-01T12:00:00Z'), rec('a', 950_000, '2025-01-02T12:00:00+08:00')], names(charts))
    // The key of a play, written again here: chart, instant in ms, score.
    const notes = new Map([[`a|${Date.UTC(2025, 0, 2, 4)}|950000`, 'Tournament PRACTICE']])
    const search = (text: string) =>
      withNotes(plays, notes)
        .filter(matcher({ ...emptyFilter, text }))
        .map((r) => r.score)
    expect(search('practice')).toEqual([950_000])
    expect(search('song 10')).toEqual([900_000, 950_000])
    expect(search('warm-up')).toEqual([])
  })
})
