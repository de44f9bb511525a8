import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { KeptRecord } from '../../../src/shared/api'
import { foldAll, type Boundary } from '../../../src/main/sessions/fold'
import { columnsOf, sortedByTime } from '../../../src/main/sessions/play-table'
import { sessionSummary } from '../../../src/main/sessions/summary'
import { cardsOf } from '../../../src/main/sessions/looking-back'

const MIN = 60_000
const GAP = 120 * MIN
const T0 = Date.UTC(2026, 0, 1)

/** A play at `minute` minutes after T0 (chart c1…c4, touch or keyboard). */
interface Play {
  minute: number
  chart: number
  touch: boolean
  score: number
}

const record = (p: Play): KeptRecord => ({
  chart_id: `c${p.chart}`,
  score: p.score,
  score_accuracy: 0.95,
  reality: 0,
  grade: 'S',
  played_at: new Date(T0 + p.minute * MIN).toISOString(),
  modifiers: p.touch ? ['TouchMode'] : []
})

const plays = (max = 60) =>
  fc.array(
    fc.record({
      minute: fc.integer({ min: 0, max: 3000 }),
      chart: fc.integer({ min: 1, max: 4 }),
      touch: fc.boolean(),
      score: fc.integer({ min: 500_000, max: 1_010_000 })
    }),
    { minLength: 1, maxLength: max }
  )

/** The gap rule as plainly as it can be said: sort the times; a difference over the gap starts a new session. */
function referenceSessions(list: readonly Play[], gapMinutes: number): Play[][] {
  const sorted = list.map((p, i) => ({ p, i })).sort((a, b) => a.p.minute - b.p.minute || a.i - b.i)
  const sessions: Play[][] = []
  for (const { p } of sorted) {
    const current = sessions.at(-1)
    if (!current || p.minute - current.at(-1)!.minute > gapMinutes) sessions.push([p])
    else current.push(p)
  }
  return sessions
}

function fold(list: readonly Play[], boundaries: Boundary[] = [], gapMs = GAP) {
  const columns = sortedByTime(columnsOf(list.map(record)))
  return { columns, fold: foldAll(columns, { gapMs, boundaries, constant: () => undefined }) }
}

const options = { gapMs: GAP, boundaries: [], constant: () => undefined }

describe('sessions: the gap rule', () => {
  it('session starts, ends and play counts equal a plain reference implementation, for random plays and gaps', () => {
    fc.assert(
      fc.property(plays(), fc.integer({ min: 30, max: 360 }), (list, gapMinutes) => {
        const { fold: folded } = fold(list, [], gapMinutes * MIN)
        const expected = referenceSessions(list, gapMinutes)
        expect(folded.sessions().map((s) => [s.start, s.end, s.plays])).toEqual(
          expected.map((s) => [T0 + s[0]!.minute * MIN, T0 + s.at(-1)!.minute * MIN, s.length])
        )
      }),
      { numRuns: 400 }
    )
  })

  it('a gap of exactly the limit stays in the session; a minute more starts a new one', () => {
    const at = (minute: number): Play => ({ minute, chart: 1, touch: true, score: 900_000 })
    expect(fold([at(0), at(120)]).fold.sessions()).toHaveLength(1)
    expect(fold([at(0), at(121)]).fold.sessions()).toHaveLength(2)
  })
})

describe('sessions: new bests against every earlier play', () => {
  it('equal a brute-force scan of the earlier plays of each chart and mode', () => {
    fc.assert(
      fc.property(plays(50), (list) => {
        const { columns, fold: folded } = fold(list)
        const sessions = folded.sessions()
        const cards = cardsOf(sessions, [])
        const reference = referenceSessions(list, 120)
        const all = reference.flat()
        reference.forEach((session, k) => {
          const start = session[0]!.minute
          const keys = new Map<string, { before: number; after: number }>()
          for (const p of session) {
            const key = `c${p.chart}|${p.touch ? 'touch' : 'keyboard'}`
            const earlier = all.filter((q) => q.chart === p.chart && q.touch === p.touch && q.minute < start).map((q) => q.score)
            if (earlier.length === 0) continue
            const before = Math.max(...earlier)
            const after = Math.max(before, ...session.filter((q) => q.chart === p.chart && q.touch === p.touch).map((q) => q.score))
            if (after > before) keys.set(key, { before, after })
          }
          const summary = sessionSummary(columns, sessions[k]!, cards[k]!, options)
          expect(cards[k]!.newBests).toBe(keys.size)
          const found = new Map(summary.newBests.map((b) => [`${b.chart_id}|${b.mode}`, { before: b.before, after: b.after }]))
          expect(found).toEqual(keys)
        })
      }),
      { numRuns: 300 }
    )
  })
})

describe('sessions: stable once shown', () => {
  it('backfilled plays never merge two sessions already shown, and only ever add cuts to the gap rule', () => {
    fc.assert(
      fc.property(plays(30), plays(20), (shown, backfill) => {
        const first = fold(shown).fold
        const kept = first.boundaries()
        const minuteOf = (p: Play) => T0 + p.minute * MIN
        const sessionOf = (p: Play) => first.sessions().findIndex((s) => minuteOf(p) >= s.start && minuteOf(p) <= s.end)
        const all = [...shown, ...backfill]
        const again = fold(all, kept).fold.sessions()
        for (const s of again) {
          const from = new Set(shown.filter((p) => minuteOf(p) >= s.start && minuteOf(p) <= s.end).map(sessionOf))
          expect(from.size).toBeLessThanOrEqual(1)
        }
        // Every cut the plain rule makes on all the plays is still a cut.
        const natural = referenceSessions(all, 120).map((s) => T0 + s[0]!.minute * MIN)
        const starts = new Set(again.map((s) => s.start))
        for (const start of natural) expect(starts.has(start)).toBe(true)
      }),
      { numRuns: 400 }
    )
  })

  it('a backfilled play that closes the gap joins the earlier session; the later one keeps its start', () => {
    const p = (minute: number): Play => ({ minute, chart: 1, touch: true, score: 900_000 })
    const first = fold([p(0), p(30), p(200), p(230)]).fold
    expect(first.sessions()).toHaveLength(2)
    const again = fold([p(0), p(30), p(115), p(200), p(230)], first.boundaries()).fold.sessions()
    expect(again.map((s) => [s.start, s.plays])).toEqual([
      [T0, 3],
      [T0 + 200 * MIN, 2]
    ])
    // Without the kept boundary the gap rule alone merges them.
    expect(fold([p(0), p(30), p(115), p(200), p(230)]).fold.sessions()).toHaveLength(1)
    // A play near only the later session's start extends it backwards.
    const earlier = fold([p(0), p(30), p(180), p(200), p(230)], first.boundaries()).fold.sessions()
    expect(earlier.map((s) => [s.start, s.plays])).toEqual([
      [T0, 2],
      [T0 + 180 * MIN, 3]
    ])
  })
})
