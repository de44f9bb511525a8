import { describe, expect, it } from 'vitest'
import type { KeptRecord } from '../../../src/shared/api'
import type { ChartInfo, PersonalBest } from '../../../src/shared/data'
import { foldPlays } from '../../../src/shared/player'
import { chartCounts } from '../../../src/shared/chart-counts'
import { computeInsights } from '../../../src/shared/insights'
import { planPushes } from '../../../src/shared/push-next'
import { ProgressModel } from '../../../src/main/progress/model'
import { nearMisses } from '../../../src/main/progress/near-misses'
import { SessionFold } from '../../../src/main/sessions/fold'
import { cardsOf } from '../../../src/main/sessions/looking-back'
import { columnsOf, decodeColumns, encodeColumns, sortedByTime } from '../../../src/main/sessions/play-table'
import { sessionSummary } from '../../../src/main/sessions/summary'
import { addSnapshot, emptyHistory, realityPoints } from '../../../src/main/cache/history'
import { chart, play } from '../../support/progress-truth'

/**
 * What the app computes from the game's odd results: an Overloaded best is the best at its real score, counted as no
 * grade of the table (never R) and rated as 1,010,000; an AutoPlay play is counted nowhere. Expected values are
 * written again here: the v3 value at 1,000,000 and above is the constant + 1.5 (the notes' formula).
 */
const most = (constant: number) => constant + 1.5
const AUTO = ['TouchMode', 'AutoPlay']

describe('bests', () => {
  it('an Overloaded play is the best at its real score; an AutoPlay play is in no best, and counted', () => {
    const bests = new Map<string, PersonalBest>()
    const leftOut = foldPlays(bests, [
      play('a', 'touch', 990_000, { at: 0 }),
      play('a', 'touch', 1_050_000, { at: 1, grade: 'Overloaded' }),
      play('a', 'touch', 1_010_000, { at: 2 }),
      play('b', 'touch', 1_000_500, { at: 3, modifiers: AUTO }),
      play('a', 'touch', 1_200_000, { at: 4, modifiers: AUTO })
    ])
    expect(leftOut).toBe(2)
    expect([...bests.keys()]).toEqual(['a|touch'])
    expect(bests.get('a|touch')).toMatchObject({ plays: 3, previousScore: 990_000, record: { score: 1_050_000, grade: 'Overloaded' } })
  })

  it('chart counts: an Overloaded best counts in no grade, R only for exactly 1,010,000', () => {
    const counts = chartCounts([
      { chartId: 'a', score: 1_023_456, fullCombo: true, allPerfect: false },
      { chartId: 'b', score: 1_010_000, fullCombo: true, allPerfect: true },
      { chartId: 'c', score: 1_010_001, fullCombo: null, allPerfect: false }
    ])
    expect(counts).toMatchObject({ charts: 3, overloaded: 2, grades: { R: 1, M: 0 } })
  })
})

describe('folders, goals and near misses', () => {
  const list: ChartInfo[] = [chart('a', 13.4, 'Clear'), chart('b', 13.7, 'Clear'), chart('c', 13.1, 'Clear')]
  const model = (plays: KeptRecord[]) => {
    const bests = new Map<string, PersonalBest>()
    foldPlays(bests, plays)
    const m = new ProgressModel()
    m.setList(new Map(list.map((c) => [c.chart_id, c])))
    m.setHistory([...bests.values()])
    m.setSave([])
    return m
  }

  it('a folder counts an Overloaded best apart from R, at every grade or better; its Reality is the chart’s most', () => {
    const m = model([
      play('a', 'touch', 1_023_456, { grade: 'Overloaded' }),
      play('b', 'touch', 1_010_000),
      play('c', 'touch', 1_000_000, { modifiers: AUTO })
    ])
    const row = m.tables().find((r) => r.folder === 'level:13' && r.mode === 'touch')!
    expect(row).toMatchObject({ played: 2, overloaded: 1, grades: { R: 1, M: 0 }, atLeast: { R: 2, M: 2, F: 2 } })
    const a = m.standingOf('a', 'touch')!
    expect(a.score).toBe(1_023_456)
    expect(a.reality).toBeCloseTo(most(13.4), 9)
    // The AutoPlay play on c is no best: c is not played.
    expect(m.standingOf('c', 'touch')).toBeNull()
  })

  it('an AutoPlay play is no near miss; an Overloaded best is near no grade', () => {
    const oneGood = {
      score_accuracy: 0.999,
      score_exact_count: 900,
      score_perfect_count: 50,
      score_great_count: 1,
      score_good_count: 0,
      score_bad_count: 0,
      score_miss_count: 0
    }
    const plays = [
      play('a', 'touch', 1_009_500, { ...oneGood, modifiers: AUTO }),
      play('b', 'touch', 1_010_001, { ...oneGood, score_great_count: 3 })
    ]
    expect(nearMisses(plays, model(plays).standingOf)).toEqual([])
  })
})

describe('Reality and Push next', () => {
  const record = (chartId: string, score: number, reality: number, modifiers = ['TouchMode']) =>
    play(chartId, 'touch', score, { reality, modifiers, score_accuracy: 0.99, game_version: '4.4.2' })
  const charts = new Map([
    ['a', chart('a', 13.4, 'Clear')],
    ['b', chart('b', 12.0, 'Clear')]
  ])

  it('the best 20 leave AutoPlay records out and count them; an Overloaded record is there, maxed, no step left', () => {
    const ranks = [record('a', 1_050_000, most(13.4)), record('b', 1_000_000, most(12), AUTO)]
    const insights = computeInsights({ touch_reality: 1, keyboard_reality: 0, touch_ranks: ranks, keyboard_ranks: [] }, charts)
    expect(insights.touch.autoplay).toBe(1)
    expect(insights.touch.best.map((r) => [r.record.chart_id, r.why, r.targetScore])).toEqual([['a', 'maxed', null]])
    const plan = planPushes(
      insights.touch.best.map((r) => r.record),
      [],
      charts
    )
    expect(plan.charts[0]).toMatchObject({ status: 'maxed', grade: null, plusOne: null, enter: null })
    expect(plan.charts[0]!.ceiling).toBeCloseTo(most(13.4), 9)
  })

  it('Reality over time: an AutoPlay record never enters a best 20; an Overloaded one does', () => {
    const doc = emptyHistory()
    addSnapshot(doc, { touch_reality: 0, keyboard_reality: 0, touch_ranks: [], keyboard_ranks: [], skipped: 0 }, '2026-11-27T00:00:00Z')
    const ranks = [record('b', 1_000_000, most(12), AUTO), record('a', 1_050_000, most(13.4))]
    addSnapshot(
      doc,
      { touch_reality: 1.5, keyboard_reality: 0, touch_ranks: ranks, keyboard_ranks: [], skipped: 0 },
      '2026-11-28T00:00:00Z'
    )
    expect(realityPoints(doc).at(-1)!.entered.touch).toEqual(['a'])
  })
})

describe('sessions', () => {
  const constants: Record<string, number> = { a: 13.4, b: 12.0, c: 11.0 }
  const options = { gapMs: 2 * 3_600_000, boundaries: [], constant: (id: string) => constants[id] }
  // A first session on a, then five hours later one with an AutoPlay play and two Overloaded ones (`at` in minutes).
  const plays = [
    play('a', 'touch', 990_000, { at: 0 }),
    play('b', 'touch', 1_000_000, { at: 300, modifiers: AUTO }),
    play('a', 'touch', 1_050_000, { at: 301, grade: 'R' }),
    play('c', 'keyboard', 1_010_001, { at: 302 })
  ]

  it('an AutoPlay play is in no session and counted; an Overloaded one is a new best at its real score, graded Overloaded', () => {
    const columns = sortedByTime(columnsOf(plays))
    expect(columns.count).toBe(3)
    expect(columns.autoplay).toBe(1)
    const fold = new SessionFold(columns, options)
    fold.pushFrom(0)
    const sessions = fold.sessions()
    expect(sessions).toHaveLength(2)
    const card = cardsOf(sessions, [])[1]!
    expect(card).toMatchObject({ plays: 2, charts: 2, touch: 1, keyboard: 1, newBests: 1, firstPlays: 1, gradeRaises: 1 })
    // Computed from the constants (the plays carry no Reality): an Overloaded score is worth the chart's most, no more.
    expect(card.touchMove.after.value).toBeCloseTo(most(13.4) / 20, 9)
    expect(card.keyboardMove.after.value).toBeCloseTo(most(11.0) / 20, 9)
    const summary = sessionSummary(columns, sessions[1]!, card, options)
    expect(summary.plays.map((p) => [p.chart_id, p.score, p.grade, p.gain, p.newBest])).toEqual([
      ['a', 1_050_000, 'Overloaded', 60_000, true],
      ['c', 1_010_001, 'Overloaded', null, false]
    ])
    // The play carries no judgement counts: no FC/AP mark.
    expect(summary.newBests).toEqual([
      { chart_id: 'a', mode: 'touch', before: 990_000, after: 1_050_000, played_at: plays[2]!.played_at, combo: null }
    ])
    expect(summary.gradeRaises).toEqual([{ chart_id: 'a', mode: 'touch', before: 'SS', after: 'Overloaded' }])
  })

  it('the kept columns keep the grades and the count of AutoPlay plays', () => {
    const columns = sortedByTime(columnsOf(plays))
    const decoded = decodeColumns(encodeColumns(columns, { covered: 1 }))!
    expect(decoded.columns.autoplay).toBe(1)
    expect([...decoded.columns.grade.subarray(0, decoded.columns.count)]).toEqual([...columns.grade.subarray(0, columns.count)])
  })
})
