import { describe, expect, it } from 'vitest'
import {
  emptyFilter,
  isFiltered,
  matcher,
  rangeInverted,
  rankBy,
  toRows,
  visibleOrder,
  matchMask,
  rankFor,
  type ScoreFilter
} from '../../../src/renderer/src/scores/score-rows'
import type { ScoreRecord } from '../../../src/shared/api'

const rec = (chart: string, score: number, at: string, touch = false): ScoreRecord => ({
  chart_id: chart,
  score,
  score_accuracy: 0.9,
  reality: 1,
  grade: score >= 1_000_000 ? 'M' : 'S',
  played_at: at,
  modifiers: touch ? ['TouchMode'] : []
})
const charts = new Map([
  ['a', { chart_id: 'a', title: 'Song 10', difficulty: 'Clear' }],
  ['b', { chart_id: 'b', title: 'song 2', difficulty: 'Drizzle' }],
  ['c', { chart_id: 'c', title: 'Ámber', difficulty: 'Clear' }]
])
// Noon UTC: the same calendar day in every time zone from UTC−11 to UTC+11.
const rows = toRows(
  [
    rec('a', 900_000, '2026-01-03T12:00:00Z'),
    rec('b', 1_005_000, '2025-12-30T12:00:00+08:00', true),
    rec('c', 950_000, '2026-01-02T12:00:00Z')
  ],
  charts
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
      charts
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
    const rows = toRows([rec('a', 900_000, '2026-01-01T00:00:00Z', true), rec('b', 800_000, '2026-01-02T00:00:00Z', true)], charts)
    expect(rankFor(rows, 'score')).toBe(rankFor(rows, 'score'))
    expect([...rankFor(rows, 'score')]).toEqual([...rankBy(rows, 'score')])
    const next = [...rows]
    expect(rankFor(next, 'score')).not.toBe(rankFor(rows, 'score'))
  })
})
