import { SCORE_GRADES } from '../../shared/reality'
import type { GradeRaise, NewBest, SessionCard, SessionPlay, SessionSummary } from '../../shared/sessions'
import { ACHIEVED_AP, ACHIEVED_FC, SessionFold, type FoldedSession, type FoldOptions, type FoldState } from './fold'
import { ALL_PERFECT, FULL_COMBO, HIDDEN, isoAt, TOUCH, type PlayColumns } from './play-table'

/** A fold of every play before `first`, with no cut: the bests, grades and best 20 as they stood then. */
export function foldBefore(columns: PlayColumns, first: number, options: FoldOptions): SessionFold {
  const fold = new SessionFold(columns, { ...options, gapMs: Number.POSITIVE_INFINITY, boundaries: [] })
  fold.pushFrom(columns.count) // sizes the state without folding a play
  for (let i = 0; i < first; i++) fold.push(i)
  return fold
}

/** A play's mark, by the rule that counts the session's first full combos and all perfects (play-table.ts). */
const playMark = (flags: number) => (flags & ALL_PERFECT ? ('AP' as const) : flags & FULL_COMBO ? ('FC' as const) : null)
/** The best mark a chart and mode reached (the fold's `achieved` bits). */
const achievedMark = (bits: number) => (bits & ACHIEVED_AP ? ('AP' as const) : bits & ACHIEVED_FC ? ('FC' as const) : null)

const modeName = (key: number) => (key % 2 === 0 ? ('touch' as const) : ('keyboard' as const))

/** A play the player hid: listed where it was played, against nothing, setting nothing. */
const hiddenPlay = (columns: PlayColumns, i: number, key: number): SessionPlay => ({
  chart_id: columns.charts[key >> 1]!,
  mode: modeName(key),
  played_at: isoAt(columns, i),
  score: columns.score[i]!,
  grade: SCORE_GRADES[columns.grade[i]!]!,
  accuracy: columns.accuracy[i]!,
  reality: columns.reality[i]!,
  gain: null,
  newBest: false,
  combo: playMark(columns.flags[i]!),
  hidden: true
})

/** Chart ids of keys in `now` but not in `then`. */
function keysLeaving(then: readonly number[], now: readonly number[], columns: PlayColumns): string[] {
  return then.filter((k) => !now.includes(k)).map((k) => columns.charts[k >> 1]!)
}

/**
 * Everything one session did, against every earlier play: each play's gain over the best before it,
 * the charts whose best it raised (and their grade), first full combos and all perfects, and what
 * entered and left each best 20.
 */
export function sessionSummary(columns: PlayColumns, session: FoldedSession, card: SessionCard, options: FoldOptions): SessionSummary {
  const fold = foldBefore(columns, session.first, options)
  const s: FoldState = fold.state
  const startTop = [[...s.tops[0].keys], [...s.tops[1].keys]] as const
  const startBest = new Map<number, { score: number; grade: number; achieved: number }>()
  const plays: SessionPlay[] = []
  const setBy = new Map<number, number>()
  for (let i = session.first; i <= session.last; i++) {
    const chart = columns.chart[i]!
    const key = chart * 2 + (columns.flags[i]! & TOUCH ? 0 : 1)
    if (columns.flags[i]! & HIDDEN) {
      plays.push(hiddenPlay(columns, i, key))
      continue
    }
    if (!startBest.has(key))
      startBest.set(key, { score: s.best[key] ?? -1, grade: s.bestGrade[key] ?? 255, achieved: s.achieved[key] ?? 0 })
    const before = s.best[key] ?? -1
    const score = columns.score[i]!
    if (score > before) setBy.set(key, i)
    plays.push({
      chart_id: columns.charts[chart]!,
      mode: modeName(key),
      played_at: isoAt(columns, i),
      score,
      grade: SCORE_GRADES[columns.grade[i]!]!,
      accuracy: columns.accuracy[i]!,
      reality: columns.reality[i]!,
      gain: before < 0 ? null : score - before,
      newBest: before >= 0 && score > before,
      combo: playMark(columns.flags[i]!),
      hidden: false
    })
    fold.push(i)
  }
  const newBests: NewBest[] = []
  const gradeRaises: GradeRaise[] = []
  const fullCombos: SessionSummary['fullCombos'] = []
  const allPerfects: SessionSummary['allPerfects'] = []
  for (const [key, then] of startBest) {
    const change = { chart_id: columns.charts[key >> 1]!, mode: modeName(key) }
    const best = s.best[key]!
    if (then.score >= 0 && best > then.score)
      newBests.push({
        ...change,
        before: then.score,
        after: best,
        played_at: isoAt(columns, setBy.get(key)!),
        combo: achievedMark(s.achieved[key]!)
      })
    if (then.score >= 0 && s.bestGrade[key]! < then.grade)
      gradeRaises.push({ ...change, before: SCORE_GRADES[then.grade]!, after: SCORE_GRADES[s.bestGrade[key]!]! })
    if (s.achieved[key]! & 1 && !(then.achieved & 1)) fullCombos.push(change)
    if (s.achieved[key]! & 2 && !(then.achieved & 2)) allPerfects.push(change)
  }
  const best20 = (mode: 0 | 1) => ({
    entered: keysLeaving(s.tops[mode].keys, startTop[mode], columns),
    left: keysLeaving(startTop[mode], s.tops[mode].keys, columns)
  })
  return { card, newBests, gradeRaises, fullCombos, allPerfects, best20: { touch: best20(0), keyboard: best20(1) }, plays }
}
