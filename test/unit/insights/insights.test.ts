import { describe, expect, it } from 'vitest'
import { computeInsights } from '../../../src/shared/insights'
import type { ScoreRecord } from '../../../src/shared/api'
import { chartReality, playerReality, recoverConstant, scoreForReality } from '../../../src/shared/reality'

const play = (id: string, c: number, score: number, touch = true): ScoreRecord => ({
  chart_id: id,
  score,
  score_accuracy: 0.95,
  reality: Math.round(chartReality(c, score) * 1000) / 1000,
  grade: 'S',
  played_at: '2026-11-01T00:00:00Z',
  modifiers: touch ? ['TouchMode'] : []
})

describe('Reality formula', () => {
  it.each([
    [0.0005, 1_010_000, 0],
    [12, 1_005_000, 13.5],
    [12, 900_000, 12.5],
    [12, 850_000, 12],
    [12, 775_000, 12 * 0.75 - 0.75],
    [12, 650_000, (9 * 50_000) / 200_000],
    [2, 650_000, 0],
    [12, 599_999, 0]
  ])('chartReality(%d, %d) = %d', (c, s, r) => {
    expect(chartReality(c, s)).toBeCloseTo(r, 9)
  })

  it('recovers the constant in every band where the value is positive', () => {
    for (const [c, s] of [
      [13.2, 1_004_000],
      [11.7, 930_000],
      [9.4, 760_000],
      [10.1, 650_000]
    ] as const) {
      expect(recoverConstant(s, chartReality(c, s))).toBeCloseTo(c, 6)
    }
    expect(recoverConstant(550_000, 0)).toBeNull()
  })

  it('finds the lowest score for a target value, or null when out of reach', () => {
    const s = scoreForReality(12, 12.31)!
    expect(chartReality(12, s)).toBeGreaterThanOrEqual(12.31)
    expect(chartReality(12, s - 1)).toBeLessThan(12.31)
    expect(scoreForReality(12, 13.6)).toBeNull()
  })

  it('divides by 20 even with fewer plays', () => {
    expect(playerReality([10, 10])).toBe(1)
  })
})

describe('insights', () => {
  const charts = new Map(
    Array.from({ length: 30 }, (_, i) => [`c${i}`, { chart_id: `c${i}`, title: `Song ${i}`, difficulty: 'Clear', constant: 8 + i * 0.2 }])
  )
  const touch = Array.from({ length: 30 }, (_, i) => play(`c${i}`, 8 + i * 0.2, 900_000 + i * 1000))
  const rank = {
    touch_reality: playerReality(touch.map((r) => r.reality)),
    keyboard_reality: 0,
    touch_ranks: touch,
    keyboard_ranks: [],
    skipped: 0
  }

  it('splits the best 20 and the next 10, highest first', () => {
    const { touch: t, keyboard } = computeInsights(rank, charts)
    expect(t.best).toHaveLength(20)
    expect(t.overflow).toHaveLength(10)
    expect(t.best[0]!.record.reality).toBeGreaterThanOrEqual(t.best[19]!.record.reality)
    expect(t.best[19]!.record.reality).toBeGreaterThanOrEqual(t.overflow[0]!.record.reality)
    expect(keyboard.best).toEqual([])
  })

  it('each target raises the player Reality by at least 0.01', () => {
    const { touch: t } = computeInsights(rank, charts)
    for (const row of [...t.best, ...t.overflow]) {
      if (row.targetScore === null) continue
      const improved = touch.map((r) => (r.chart_id === row.record.chart_id ? chartReality(row.constant!, row.targetScore!) : r.reality))
      expect(playerReality(improved) - playerReality(touch.map((r) => r.reality))).toBeGreaterThanOrEqual(0.01 - 1e-3)
    }
  })

  it('uses the record to recover an unknown chart constant, and says when it cannot', () => {
    const unknown = [play('x1', 12, 980_000), { ...play('x2', 12, 500_000), reality: 0 }]
    const { touch: t } = computeInsights({ touch_reality: 1, keyboard_reality: 0, touch_ranks: unknown, keyboard_ranks: [] }, new Map())
    expect(t.best[0]).toMatchObject({ constantSource: 'record', title: null, why: 'ok' })
    expect(t.best[0]!.constant).toBeCloseTo(12, 2)
    expect(t.best[1]).toMatchObject({ constant: null, why: 'unknown_constant', targetScore: null })
  })

  it('says when a chart is maxed out, and when even the maximum score cannot add 0.01', () => {
    const maxed = [play('m', 12, 1_010_000)]
    expect(
      computeInsights({ touch_reality: 0.675, keyboard_reality: 0, touch_ranks: maxed, keyboard_ranks: [] }, new Map()).touch.best[0]
    ).toMatchObject({ why: 'maxed', targetScore: null })
    const full = Array.from({ length: 20 }, (_, i) => play(`f${i}`, 14, 1_000_000))
    const low = play('low', 12.5, 999_000)
    const outOfReach = computeInsights(
      { touch_reality: 15.5, keyboard_reality: 0, touch_ranks: [...full, low], keyboard_ranks: [] },
      new Map()
    ).touch.overflow[0]!
    expect(outOfReach).toMatchObject({ why: 'unreachable', targetScore: null })
  })
})

describe('chart lists older than the game', () => {
  // A record the service rated at constant 11.5 (900,000 → 11.5 + 0.5 = 12.0), and a list that still says 11.2.
  const record: ScoreRecord = { ...play('old', 11.5, 900_000), reality: 12 }
  const charts = new Map([
    ['old', { chart_id: 'old', title: 'Old Song', difficulty: 'Cloudburst', constant: 11.2 }],
    ['fine', { chart_id: 'fine', title: 'Fine Song', difficulty: 'Clear', constant: 12 }],
    ['story', { chart_id: 'story', title: 'Story', difficulty: 'Cloudburst_Story', constant: 0 }]
  ])

  it("uses the constant recovered from the record for hints, marks the chart, and keeps the record's own Reality", () => {
    const rank = { touch_reality: 0.6, keyboard_reality: 0, touch_ranks: [record, play('fine', 12, 900_000)], keyboard_ranks: [] }
    const rows = computeInsights(rank, charts).touch.best
    const [old, fine] = ['old', 'fine'].map((id) => rows.find((r) => r.record.chart_id === id))
    expect(fine).toMatchObject({ stale: false, constant: 12, constantSource: 'chartList' })
    expect(old).toMatchObject({ stale: true, listedConstant: 11.2, constantSource: 'record' })
    expect(old!.constant).toBeCloseTo(11.5, 6)
    expect(old!.record.reality).toBe(12)
    // The hint: the lowest score whose value under 11.5 is 0.2 above the record's 12.0 (12.2 − 11.5 = 0.7 → 920,000).
    expect(old!.targetScore).toBe(920_000)
  })

  it('a constant within 0.05 of the record is not stale; a constant of 0 gives no hint', () => {
    const near = new Map([['old', { ...charts.get('old')!, constant: 11.46 }]])
    const rank = { touch_reality: 0, keyboard_reality: 0, touch_ranks: [record], keyboard_ranks: [] }
    expect(computeInsights(rank, near).touch.best[0]).toMatchObject({ stale: false, constant: 11.46 })
    const story = { ...play('story', 0, 1_000_000), reality: 0 }
    const storyRank = { touch_reality: 0, keyboard_reality: 0, touch_ranks: [story], keyboard_ranks: [] }
    expect(computeInsights(storyRank, charts).touch.best[0]).toMatchObject({ why: 'unrated', targetScore: null, constant: 0 })
  })
})
