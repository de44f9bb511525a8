import { describe, expect, it } from 'vitest'
import { matches, emptyFilter, rankBy, toRows } from '../../../src/renderer/src/scores/score-rows'
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
const rows = toRows(
  [
    rec('a', 900_000, '2026-01-03T00:00:00Z'),
    rec('b', 1_005_000, '2026-01-01T00:00:00+08:00', true),
    rec('c', 950_000, '2026-01-02T00:00:00Z')
  ],
  charts
)

describe('score rows', () => {
  it('ranks numbers numerically and titles naturally, ignoring case and accents', () => {
    expect([...rankBy(rows, 'score')]).toEqual([0, 2, 1])
    expect([...rankBy(rows, 'title')]).toEqual([2, 1, 0])
    expect([...rankBy(rows, 'playedAt')]).toEqual([2, 0, 1])
  })

  it('filters by title, grade, difficulty, input mode and date range', () => {
    const titles = (f: Partial<typeof emptyFilter>) => rows.filter((r) => matches(r, { ...emptyFilter, ...f })).map((r) => r.title)
    expect(titles({ text: 'song' })).toEqual(['Song 10', 'song 2'])
    expect(titles({ grade: 'M' })).toEqual(['song 2'])
    expect(titles({ difficulty: 'Clear', mode: 'keyboard' })).toEqual(['Song 10', 'Ámber'])
    expect(titles({ from: '2026-01-02', to: '2026-01-02' })).toEqual(['Ámber'])
  })
})
