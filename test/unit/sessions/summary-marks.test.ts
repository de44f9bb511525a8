import { describe, expect, it } from 'vitest'
import type { KeptRecord } from '../../../src/shared/api'
import { foldAll } from '../../../src/main/sessions/fold'
import { cardsOf } from '../../../src/main/sessions/looking-back'
import { columnsOf, sortedByTime } from '../../../src/main/sessions/play-table'
import { sessionSummary } from '../../../src/main/sessions/summary'

const DAY = 86_400_000
const T0 = Date.UTC(2026, 0, 1)

/** A touch play: its counts say its mark (Bad and Miss 0: a full combo; 100 % accuracy too: an all perfect). */
const play = (chart: string, at: number, score: number, counts: { accuracy: number; bad?: number; miss?: number }): KeptRecord => ({
  chart_id: chart,
  score,
  score_accuracy: counts.accuracy,
  score_bad_count: counts.bad,
  score_miss_count: counts.miss,
  reality: 0,
  grade: 'S',
  played_at: new Date(at).toISOString(),
  modifiers: ['TouchMode']
})

describe("a session summary's FC/AP marks", () => {
  it("each play carries its own mark, and a new best the best mark its chart reached by the session's end", () => {
    const records = [
      play('c1', T0, 900_000, { accuracy: 0.97, bad: 2, miss: 1 }),
      // The next day: a full combo that is a new best, then an all perfect below it, then a play without counts.
      play('c1', T0 + DAY, 950_000, { accuracy: 0.99, bad: 0, miss: 0 }),
      play('c1', T0 + DAY + 120_000, 940_000, { accuracy: 1, bad: 0, miss: 0 }),
      play('c2', T0 + DAY + 240_000, 800_000, { accuracy: 0.9 })
    ]
    const options = { gapMs: 2 * 3_600_000, boundaries: [], constant: () => undefined }
    const columns = sortedByTime(columnsOf(records))
    const sessions = foldAll(columns, options).sessions()
    expect(sessions).toHaveLength(2)
    const summary = sessionSummary(columns, sessions[1]!, cardsOf(sessions, [])[1]!, options)
    expect(summary.plays.map((p) => [p.chart_id, p.combo])).toEqual([
      ['c1', 'FC'],
      ['c1', 'AP'],
      ['c2', null]
    ])
    expect(summary.newBests.map((b) => [b.chart_id, b.before, b.after, b.combo])).toEqual([['c1', 900_000, 950_000, 'AP']])
    const first = sessionSummary(columns, sessions[0]!, cardsOf(sessions, [])[0]!, options)
    expect(first.plays.map((p) => p.combo)).toEqual([null])
  })
})
