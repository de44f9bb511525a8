import { describe, expect, it } from 'vitest'
import type { KeptRecord } from '../../../src/shared/api'
import { chartCounts, recordMarks } from '../../../src/shared/chart-counts'
import type { PersonalBest } from '../../../src/shared/data'
import { realityGap } from '../../../src/shared/reality-sources'

const best = (chart: string, mode: 'touch' | 'keyboard', reality: number, at: string, extra: Partial<KeptRecord> = {}): PersonalBest => ({
  mode,
  record: {
    chart_id: chart,
    score: 950_000,
    score_accuracy: 0.98,
    reality,
    grade: 'SS',
    played_at: at,
    modifiers: mode === 'touch' ? ['TouchMode'] : [],
    ...extra
  },
  plays: 1,
  previousScore: null,
  firstPlayedAt: at
})

describe('grade counts count charts', () => {
  it('a chart played in both modes is one chart, at its better best; marks unknown stay unknown', () => {
    const marks = [
      recordMarks({ chart_id: 'a', score: 1_010_000, score_accuracy: 1 }),
      recordMarks({ chart_id: 'a', score: 990_000, score_accuracy: 0.99, score_bad_count: 0, score_miss_count: 0 }),
      recordMarks({ chart_id: 'b', score: 960_000, score_accuracy: 0.98, score_bad_count: 1, score_miss_count: 0 }),
      recordMarks({ chart_id: 'b', score: 960_000, score_accuracy: 0.98, score_bad_count: 0, score_miss_count: 0 }),
      recordMarks({ chart_id: 'c', score: 900_000, score_accuracy: 0.95 })
    ]
    expect(marks[4]).toMatchObject({ fullCombo: null, allPerfect: false })
    const counts = chartCounts(marks)
    expect(counts.charts).toBe(3)
    expect(counts.grades).toMatchObject({ R: 1, SS: 1, S: 1, M: 0 })
    // b's two bests tie at 960,000: the one without a bad counts (the save marks a chart once it has the mark).
    expect(counts).toMatchObject({ fullCombos: 2, allPerfects: 1 })
    expect(chartCounts([recordMarks({ chart_id: 'x', score: 900_000, score_accuracy: 0.9 })]).fullCombos).toBeNull()
  })
})

describe('two Realities, explained', () => {
  const rank = { touch_reality: 10.5, keyboard_reality: 10 }
  const save = (value: number, updatedAt = '2026-03-01T12:00:00Z') => ({ value, updatedAt })
  // Touch: 20 charts at 10.5; keyboard: one chart at 13 → together 10.625.
  const bests = [
    ...Array.from({ length: 20 }, (_, i) => best(`t${i}`, 'touch', 10.5, '2026-02-01T00:00:00Z')),
    best('t0', 'keyboard', 13, '2026-02-02T00:00:00Z'),
    ...Array.from({ length: 19 }, (_, i) => best(`k${i}`, 'keyboard', 10 - 13 / 19 + 10 / 19, '2026-02-02T00:00:00Z'))
  ]

  it('nothing to say when the save says what a mode says', () => {
    expect(realityGap({ rank, rankAt: 1, save: save(10.5003), bests })).toBeNull()
    expect(realityGap({ rank, rankAt: 1, save: { value: undefined, updatedAt: '2026-03-01T12:00:00Z' }, bests })).toBeNull()
    expect(realityGap({ rank: null, rankAt: null, save: save(11), bests })).toBeNull()
  })

  it('the save counts touch and keyboard together: its value is the bests of both modes, per chart', () => {
    const gap = realityGap({ rank, rankAt: 5, save: save(10.625), bests })!
    expect(gap.together).toBeCloseTo(10.625, 9)
    expect(gap).toMatchObject({ reasons: ['modes'], newerBests: 0, touch: 10.5, keyboard: 10, rankAt: 5, save: 10.625 })
  })

  it('the save is older: bests set after it are counted, and constants are not blamed for what it cannot hold', () => {
    const gap = realityGap({ rank, rankAt: 5, save: save(10.4, '2026-02-01T12:00:00Z'), bests })!
    expect(gap.reasons).toEqual(['older', 'modes'])
    expect(gap.newerBests).toBe(20)
  })

  it('same time, same modes, another value: the save was rated with other chart constants', () => {
    const touchOnly = bests.filter((b) => b.mode === 'touch')
    const gap = realityGap({ rank, rankAt: 5, save: save(10.9), bests: touchOnly })!
    expect(gap.reasons).toEqual(['constants'])
  })
})
