import { describe, expect, it } from 'vitest'
import { RankResponse, RecentData } from '../../../src/shared/api'

const play = (chart: string, score: number, playedAt: string, touch = true) => ({
  chart_id: chart,
  score,
  score_accuracy: 0.99,
  reality: 10,
  grade: 'S',
  played_at: playedAt,
  modifiers: touch ? ['TouchMode'] : []
})

describe('lists as the live service sends them', () => {
  it('a rank list keeps one record per chart and input mode: the best score; on a tie, the newer play', () => {
    const rank = RankResponse.parse({
      touch_reality: 12.5,
      keyboard_reality: 0,
      touch_ranks: [
        play('a', 900_000, '2026-11-01T10:00:00Z'),
        play('b', 950_000, '2026-11-01T10:00:00Z'),
        play('a', 990_000, '2026-10-01T10:00:00Z'),
        play('b', 950_000, '2026-11-02T10:00:00+08:00'),
        play('b', 950_000, '2026-11-01T09:00:00Z')
      ],
      keyboard_ranks: [play('a', 800_000, '2026-11-01T10:00:00Z', false)]
    })
    expect(rank.touch_ranks.map((r) => [r.chart_id, r.score, r.played_at])).toEqual([
      ['a', 990_000, '2026-10-01T10:00:00Z'],
      ['b', 950_000, '2026-11-02T10:00:00+08:00']
    ])
    // The same chart in the other mode is another record; the service's Reality is kept as sent.
    expect(rank.keyboard_ranks).toHaveLength(1)
    expect(rank).toMatchObject({ touch_reality: 12.5, listsReady: true })
  })

  it('a recent list holding one play twice (same chart, same played_at) shows it once; replays of a chart stay', () => {
    const recent = RecentData.parse({
      data: [
        play('a', 900_000, '2026-11-01T10:00:00Z'),
        play('a', 900_000, '2026-11-01T10:00:00Z'),
        play('a', 910_000, '2026-11-01T09:00:00Z')
      ]
    })
    expect(recent.data.map((r) => [r.score, r.played_at])).toEqual([
      [900_000, '2026-11-01T10:00:00Z'],
      [910_000, '2026-11-01T09:00:00Z']
    ])
  })

  it('Reality values without either list are "not ready", not "no plays"; an empty answer or nulls are no plays', () => {
    expect(RankResponse.parse({ touch_reality: 12.5, keyboard_reality: 3 })).toMatchObject({ listsReady: false, touch_ranks: [] })
    expect(RankResponse.parse({ touch_reality: '12.5' })).toMatchObject({ listsReady: false })
    expect(RankResponse.parse({})).toMatchObject({ listsReady: true })
    expect(RankResponse.parse({ touch_reality: null, keyboard_reality: null, touch_ranks: null, keyboard_ranks: null })).toMatchObject({
      listsReady: true
    })
    expect(RankResponse.parse({ touch_reality: 12.5, touch_ranks: [] })).toMatchObject({ listsReady: true })
  })
})
