import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { KeptRecord } from '../../../src/shared/api'
import type { ChartInfo, PersonalBest } from '../../../src/shared/data'
import { foldPlays } from '../../../src/shared/player'
import type { Goal, GoalCriterion, GoalScope, GoalTarget } from '../../../src/shared/progress'
import { chartValue } from '../../../src/shared/reality'
import type { SaveBest } from '../../../src/main/backups/save-reader'
import { advance } from '../../../src/main/progress/goals'
import { ProgressModel } from '../../../src/main/progress/model'
import { chart, levelCharts, newGoal, NOTES_GRADES, play, saveBest, truthOf } from '../../support/progress-truth'

const IDS = Array.from({ length: 16 }, (_, i) => `c${i}`)
const DIFFS = ['Drizzle', 'Cloudburst', 'Clear'] as const
const FOLDER = { id: 'mine', name: 'Hard ones', filter: { levelMin: 10 } }

const listArb = fc
  .uniqueArray(
    fc.record({ id: fc.constantFrom(...IDS), constant: fc.integer({ min: 5, max: 140 }), difficulty: fc.constantFrom(...DIFFS) }),
    { selector: (c) => c.id, minLength: 1, maxLength: IDS.length }
  )
  .map((list) => list.map((c) => chart(c.id, c.constant / 10, c.difficulty)))
const score = fc.oneof(fc.integer({ min: 500_000, max: 1_010_000 }), fc.constantFrom(...NOTES_GRADES.map(([, m]) => m)))
const playArb = fc
  .record({
    id: fc.constantFrom(...IDS),
    mode: fc.constantFrom('touch' as const, 'keyboard' as const),
    score,
    ap: fc.boolean(),
    clean: fc.boolean(),
    reality: fc.integer({ min: 1, max: 160 })
  })
  .map((p) =>
    play(p.id, p.mode, p.score, {
      score_accuracy: p.ap ? 1 : 0.93,
      score_bad_count: p.clean ? 0 : 1,
      score_miss_count: 0,
      reality: p.reality / 10
    })
  )
const saveArb = fc
  .uniqueArray(fc.record({ id: fc.constantFrom(...IDS), score, fc: fc.boolean(), ap: fc.boolean() }), {
    selector: (s) => s.id,
    maxLength: 16
  })
  .map((list) => list.map((s) => saveBest(s.id, s.score, { fc: s.fc, ap: s.ap })))

const criterionArb: fc.Arbitrary<GoalCriterion> = fc.oneof(
  fc.integer({ min: 600_000, max: 1_010_000 }).map((min) => ({ kind: 'score' as const, min })),
  fc.constantFrom(...NOTES_GRADES.map(([g]) => g)).map((grade) => ({ kind: 'grade' as const, grade }) as GoalCriterion),
  fc.constant({ kind: 'fullCombo' as const }),
  fc.constant({ kind: 'allPerfect' as const }),
  fc.integer({ min: 10, max: 150 }).map((min) => ({ kind: 'reality' as const, min: min / 10 }))
)
const scopeArb: fc.Arbitrary<GoalScope> = fc.oneof(
  fc.constantFrom(...IDS).map((id) => ({ kind: 'chart' as const, chart: id })),
  fc.uniqueArray(fc.constantFrom(...IDS), { minLength: 1, maxLength: 6 }).map((charts) => ({ kind: 'charts' as const, charts })),
  fc.integer({ min: 0, max: 14 }).map((level) => ({ kind: 'folder' as const, folder: `level:${level}` })),
  fc.constantFrom(...DIFFS).map((d) => ({ kind: 'folder' as const, folder: `difficulty:${d}` })),
  fc.constant({ kind: 'folder' as const, folder: `custom:${FOLDER.id}` }),
  fc.constant({ kind: 'best' as const })
)
const targetArb: fc.Arbitrary<GoalTarget> = fc.oneof(
  fc.constant({ kind: 'all' as const }),
  fc.integer({ min: 1, max: 8 }).map((count) => ({ kind: 'count' as const, count })),
  fc.integer({ min: 1, max: 100 }).map((percent) => ({ kind: 'percent' as const, percent }))
)
const goalArb = fc
  .record({
    id: fc.uuid(),
    criterion: criterionArb,
    scope: scopeArb,
    target: targetArb,
    mode: fc.constantFrom('touch' as const, 'keyboard' as const, 'any' as const),
    // A goal on the player's Reality asks for hundredths in the range a few plays reach.
    overallMin: fc.integer({ min: 5, max: 600 })
  })
  .map(({ overallMin, ...g }) => {
    // A goal on the player's own Reality: a Reality goal, on the whole best list.
    const overall = g.scope.kind === 'best'
    const criterion: GoalCriterion = overall ? { kind: 'reality', min: overallMin / 100 } : g.criterion
    const target: GoalTarget = overall ? { kind: 'all' } : g.target
    return newGoal({ ...g, criterion, target, mode: criterion.kind === 'reality' && g.mode === 'any' ? 'touch' : g.mode, name: 'goal' })
  })

type Step = { kind: 'plays'; plays: KeptRecord[] } | { kind: 'list'; list: ChartInfo[] } | { kind: 'restore'; save: SaveBest[] }
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.array(playArb, { minLength: 1, maxLength: 8 }).map((plays) => ({ kind: 'plays' as const, plays })),
  listArb.map((list) => ({ kind: 'list' as const, list })),
  saveArb.map((save) => ({ kind: 'restore' as const, save }))
)

/** The charts a goal covers, by the rules, from the list as it is now. */
function chartsOf(scope: Exclude<GoalScope, { kind: 'best' }>, list: readonly ChartInfo[]): string[] {
  if (scope.kind === 'chart') return [scope.chart]
  if (scope.kind === 'charts') return [...new Set(scope.charts)]
  const [kind, key] = scope.folder.split(':') as [string, string]
  if (kind === 'level') return levelCharts(list, key)
  if (kind === 'difficulty') return list.filter((c) => c.difficulty === key).map((c) => c.chart_id)
  return list.filter((c) => c.constant! >= FOLDER.filter.levelMin).map((c) => c.chart_id)
}

/** A chart's Reality in a mode: the best play's own (per mode), or the save's from the list's constant; the higher. */
function realityOf(id: string, mode: Goal['mode'], plays: readonly KeptRecord[], save: readonly SaveBest[], list: readonly ChartInfo[]) {
  const values: number[] = []
  for (const m of ['touch', 'keyboard'] as const) {
    if (mode !== 'any' && mode !== m) continue
    const ofMode = plays.filter((p) => p.chart_id === id && (m === 'touch') === p.modifiers.includes('TouchMode'))
    if (ofMode.length)
      values.push(ofMode.reduce((a, b) => (b.score > a.score || (b.score === a.score && b.played_at < a.played_at) ? b : a)).reality)
  }
  const constant = list.find((c) => c.chart_id === id)?.constant
  for (const s of save)
    if (s.chartId === id && mode === 'any' && constant !== undefined)
      values.push(chartValue({ constant, score: s.score, allPerfect: s.allPerfect }))
  return values.length ? Math.max(...values) : null
}

/**
 * A goal on the player's own Reality, by the notes' rule: the best 20 chart values (each a play's own Reality, in
 * tenths here) summed over 20, cut to two decimals as the game shows it. In tenths k, Reality is Σk / 200, so its
 * hundredths are ⌊Σk / 2⌋: integers, not the code's floating point.
 */
function recountOverall(goal: Goal, list: readonly ChartInfo[], plays: readonly KeptRecord[], save: readonly SaveBest[]) {
  const tenths = IDS.map((id) => realityOf(id, goal.mode, plays, save, list))
    .filter((r): r is number => r !== null)
    .map((r) => Math.round(r * 10))
    .sort((a, b) => b - a)
    .slice(0, 20)
  const min = goal.criterion.kind === 'reality' ? Math.round(goal.criterion.min * 100) : Infinity
  const done = tenths.length > 0 && Math.floor(tenths.reduce((a, b) => a + b, 0) / 2) >= min
  return { total: 1, met: done ? 1 : 0, needed: 1, done }
}

function recount(goal: Goal, list: readonly ChartInfo[], plays: readonly KeptRecord[], save: readonly SaveBest[]) {
  if (goal.scope.kind === 'best') return recountOverall(goal, list, plays, save)
  const charts = chartsOf(goal.scope, list)
  const met = charts.filter((id) => {
    const t = truthOf(id, goal.mode, plays, save)
    if (!t) return false
    const c = goal.criterion
    if (c.kind === 'score') return t.score >= c.min
    if (c.kind === 'grade') return t.score >= NOTES_GRADES.find(([g]) => g === c.grade)![1]
    if (c.kind === 'fullCombo') return t.fc
    if (c.kind === 'allPerfect') return t.ap
    const reality = realityOf(id, goal.mode, plays, save, list)
    return reality !== null && reality >= c.min - 1e-9
  }).length
  const total = charts.length
  const t = goal.target
  const needed = t.kind === 'all' ? total : t.kind === 'count' ? t.count : Math.ceil((t.percent * total) / 100 - 1e-9)
  return { total, met, needed, done: total > 0 && needed > 0 && met >= needed }
}

const bestsOf = (plays: readonly KeptRecord[]): PersonalBest[] => {
  const map = new Map<string, PersonalBest>()
  foldPlays(map, plays)
  return [...map.values()]
}

describe('goal progress after any sequence of plays, chart-list updates and restores', () => {
  it('equals a direct recount after every step, met and lost marked as they happen', () => {
    fc.assert(
      fc.property(
        listArb,
        fc.array(goalArb, { minLength: 1, maxLength: 8 }),
        fc.array(stepArb, { minLength: 1, maxLength: 12 }),
        (first, goals, steps) => {
          let list = first
          let plays: KeptRecord[] = []
          let save: SaveBest[] = []
          const model = new ProgressModel()
          model.setList(new Map(list.map((c) => [c.chart_id, c])))
          model.setCustomFolders([FOLDER])
          model.setGoals(goals)
          let at = 0
          // The history's own bests, folded into in place as plays arrive (as the app keeps them), or built anew.
          const live = new Map<string, PersonalBest>()
          for (const step of steps) {
            if (step.kind === 'plays') {
              // Each play later than the last: the history's own order.
              const fresh = step.plays.map((p) => ({ ...p, played_at: new Date(Date.UTC(2025, 0, 1) + ++at * 60_000).toISOString() }))
              plays = [...plays, ...fresh]
              foldPlays(live, fresh)
              model.setHistory(at % 2 ? [...live.values()] : bestsOf(plays))
            } else if (step.kind === 'list') {
              list = step.list
              model.setList(new Map(list.map((c) => [c.chart_id, c])))
            } else {
              save = step.save
              model.setSave(save)
            }
            for (const progress of model.goalProgress()) {
              const expected = recount(progress.goal, list, plays, save)
              expect({ total: progress.total, met: progress.met, needed: progress.needed, done: progress.done }).toEqual(expected)
              const next = advance(progress, `2025-02-0${(at % 9) + 1}T00:00:00.000Z`)
              // A goal that became met is marked met, one that was met and no longer is says so; the record follows.
              if (expected.done) expect(next.goal.metAt !== null && next.goal.lostAt === null).toBe(true)
              else if (progress.goal.metAt !== null && progress.goal.lostAt === null) expect(next.change).toBe('lost')
              model.updateGoal(next.goal)
            }
          }
        }
      ),
      { numRuns: 500 }
    )
  })
})

describe('a goal met, and then no longer', () => {
  const base = newGoal({
    id: 'g',
    name: 'SS on level 12',
    criterion: { kind: 'grade', grade: 'SS' },
    mode: 'any',
    scope: { kind: 'folder', folder: 'level:12' },
    target: { kind: 'all' }
  })
  const progress = (goal: Goal, met: number, total: number) => ({ goal, met, total, needed: total, done: met >= total && total > 0 })

  it('is marked with its date and notified the first time only', () => {
    const first = advance(progress(base, 3, 3), '2025-01-02T00:00:00.000Z')
    expect(first).toMatchObject({ change: 'met', notify: true, goal: { metAt: '2025-01-02T00:00:00.000Z', metTotal: 3, notified: true } })
    expect(advance(progress(first.goal, 3, 3), '2025-01-03T00:00:00.000Z').change).toBeNull()
    const lost = advance(progress(first.goal, 3, 4), '2025-01-04T00:00:00.000Z')
    expect(lost).toMatchObject({ change: 'lost', notify: false, goal: { lostAt: '2025-01-04T00:00:00.000Z', lostReason: 'grew' } })
    const again = advance(progress(lost.goal, 4, 4), '2025-01-05T00:00:00.000Z')
    expect(again).toMatchObject({ change: 'met', notify: false, goal: { metAt: '2025-01-05T00:00:00.000Z', lostAt: null } })
  })

  it('says the bests went down when the folder did not grow (a restore of an older save)', () => {
    const met = advance(progress(base, 3, 3), '2025-01-02T00:00:00.000Z').goal
    expect(advance(progress(met, 2, 3), '2025-01-03T00:00:00.000Z').goal.lostReason).toBe('lower')
  })
})
