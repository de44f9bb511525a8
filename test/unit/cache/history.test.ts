import { describe, expect, it } from 'vitest'
import { addSnapshot, emptyHistory, MAX_SNAPSHOTS, realityPoints, thinSnapshots } from '../../../src/main/cache/history'
import { migrate } from '../../../src/main/cache/account-cache'
import type { RankData, ScoreRecord } from '../../../src/shared/api'

const rec = (chart: string, at: string, score = 900_000, reality = 10): ScoreRecord => ({
  chart_id: chart,
  score,
  score_accuracy: 0.9,
  reality,
  grade: 'S',
  played_at: at,
  modifiers: []
})
const rank = (t: number, best: string[]): RankData => ({
  touch_reality: t,
  keyboard_reality: 0,
  touch_ranks: best.map((c) => rec(c, '2026-01-01T00:00:00Z')),
  keyboard_ranks: [],
  skipped: 0
})

describe('history', () => {
  it('keeps only distinct snapshots, and reports charts entering and leaving the best 20', () => {
    const doc = emptyHistory()
    expect(addSnapshot(doc, rank(10, ['a', 'b']), '2026-01-01T00:00:00Z')).toBe(true)
    expect(addSnapshot(doc, rank(10, ['b', 'a']), '2026-01-02T00:00:00Z')).toBe(false)
    expect(addSnapshot(doc, rank(10.5, ['a', 'c']), '2026-01-03T00:00:00Z')).toBe(true)
    const points = realityPoints(doc)
    expect(points).toHaveLength(2)
    expect(points[1]).toMatchObject({ touch: 10.5, entered: { touch: ['c'] }, left: { touch: ['b'] } })
  })

  it('from a time on: the points since then and the one just before, with the same changes as the whole history', () => {
    const doc = emptyHistory()
    const days = ['a', 'b', 'c', 'd', 'e']
    days.forEach((c, i) => addSnapshot(doc, rank(10 + i, ['x', c]), `2026-01-0${i + 1}T12:00:00Z`))
    const whole = realityPoints(doc)
    expect(realityPoints(doc, Date.parse('2026-01-03T00:00:00Z'))).toEqual(whole.slice(1))
    expect(realityPoints(doc, Date.parse('2026-01-03T12:00:00Z'))).toEqual(whole.slice(1))
    expect(realityPoints(doc, Date.parse('2026-01-03T12:00:00.001Z'))).toEqual(whole.slice(2))
    expect(realityPoints(doc, Date.parse('2026-01-04T00:00:00Z'))[1]).toMatchObject({
      touch: 13,
      entered: { touch: ['d'] },
      left: { touch: ['c'] }
    })
    // Nothing since then: the last point alone (where a change would start); before the first: everything.
    expect(realityPoints(doc, Date.parse('2027-01-01T00:00:00Z'))).toEqual(whole.slice(-1))
    expect(realityPoints(doc, Date.parse('2025-01-01T00:00:00Z'))).toEqual(whole)
    expect(realityPoints(emptyHistory(), 0)).toEqual([])
  })

  it('thins ten years of hourly snapshots to a bounded set, keeping the last 180 days whole', () => {
    const now = Date.parse('2030-01-01T00:00:00Z')
    const doc = emptyHistory()
    for (let h = 10 * 365 * 24; h >= 0; h -= 6) addSnapshot(doc, rank(h / 1000, ['x']), new Date(now - h * 3_600_000).toISOString())
    const thinned = thinSnapshots(doc.snapshots, now)
    expect(thinned.length).toBeLessThanOrEqual(MAX_SNAPSHOTS)
    const recentCount = doc.snapshots.filter((s) => Date.parse(s.at) >= now - 180 * 86_400_000).length
    expect(thinned.filter((s) => Date.parse(s.at) >= now - 180 * 86_400_000)).toHaveLength(recentCount)
    expect(thinned[0]!.at < thinned.at(-1)!.at).toBe(true)
  })
})

describe('cache schema', () => {
  it('migrates the unversioned shape, refuses newer versions and corrupt data', () => {
    expect(migrate({ nicknameSubmissions: ['2026-01-01T00:00:00Z'] })).toMatchObject({
      schemaVersion: 1,
      nicknameSubmissions: ['2026-01-01T00:00:00Z'],
      profile: null
    })
    expect(migrate({ schemaVersion: 99 })).toBe('newer')
    expect(migrate('garbage')).toBeNull()
    expect(migrate({ schemaVersion: 1, profile: { value: 42, fetchedAt: 'x' } })).toBeNull()
  })
})
