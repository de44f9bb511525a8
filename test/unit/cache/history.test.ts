import { describe, expect, it } from 'vitest'
import { addSnapshot, emptyHistory, MAX_RECORDS, MAX_SNAPSHOTS, mergeRecords, realityPoints, thinSnapshots } from '../../../src/main/cache/history'
import { migrate } from '../../../src/main/cache/account-cache'
import type { RankData, ScoreRecord } from '../../../src/shared/api'

const rec = (chart: string, at: string, score = 900_000, reality = 10): ScoreRecord => ({ chart_id: chart, score, score_accuracy: 0.9, reality, grade: 'S', played_at: at, modifiers: [] })
const rank = (t: number, best: string[]): RankData => ({ touch_reality: t, keyboard_reality: 0, touch_ranks: best.map((c) => rec(c, '2026-01-01T00:00:00Z')), keyboard_ranks: [] })

describe('history', () => {
  it('dedupes by chart, instant and score, even across offset notations', () => {
    const a = rec('c1', '2026-11-22T10:00:00.000Z')
    const sameInstant = rec('c1', '2026-11-22T18:00:00+08:00')
    const { records, added } = mergeRecords([a], [sameInstant, rec('c1', '2026-11-22T10:00:00Z', 900_001)])
    expect(added).toBe(1)
    expect(records).toHaveLength(2)
  })

  it('stays bounded with years of plays', () => {
    const start = Date.parse('2020-01-01T00:00:00Z')
    let records: ScoreRecord[] = []
    for (let batch = 0; batch < 12; batch++) {
      const incoming = Array.from({ length: 10_000 }, (_, i) => rec(`c${i % 300}`, new Date(start + (batch * 10_000 + i) * 3_600_000).toISOString(), 800_000 + i))
      records = mergeRecords(records, incoming).records
    }
    expect(records).toHaveLength(MAX_RECORDS)
    expect(Date.parse(records[0]!.played_at)).toBeGreaterThan(Date.parse(records.at(-1)!.played_at))
  })

  it('keeps only distinct snapshots, and reports charts entering and leaving the best 20', () => {
    const doc = emptyHistory()
    expect(addSnapshot(doc, rank(10, ['a', 'b']), '2026-01-01T00:00:00Z')).toBe(true)
    expect(addSnapshot(doc, rank(10, ['b', 'a']), '2026-01-02T00:00:00Z')).toBe(false)
    expect(addSnapshot(doc, rank(10.5, ['a', 'c']), '2026-01-03T00:00:00Z')).toBe(true)
    const points = realityPoints(doc)
    expect(points).toHaveLength(2)
    expect(points[1]).toMatchObject({ touch: 10.5, entered: { touch: ['c'] }, left: { touch: ['b'] } })
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
    expect(migrate({ nicknameSubmissions: ['2026-01-01T00:00:00Z'] })).toMatchObject({ schemaVersion: 1, nicknameSubmissions: ['2026-01-01T00:00:00Z'], profile: null })
    expect(migrate({ schemaVersion: 99 })).toBeNull()
    expect(migrate('garbage')).toBeNull()
    expect(migrate({ schemaVersion: 1, profile: { value: 42, fetchedAt: 'x' } })).toBeNull()
  })
})
