import { describe, expect, it } from 'vitest'
import type { KeptRecord } from '../../../src/shared/api'
import type { PersonalBest } from '../../../src/shared/data'
import { foldPlays } from '../../../src/shared/player'
import { GoalDraft } from '../../../src/shared/progress'
import { ProgressModel } from '../../../src/main/progress/model'
import { chart, newGoal, play } from '../../support/progress-truth'

/**
 * A goal on the player's own Reality (#54: a plan becomes "a Reality goal"): the best 20 charts' values over 20, met
 * when the game would show the target. The values here are halves, so the sums below are written by hand.
 */
const IDS = Array.from({ length: 25 }, (_, i) => `c${i + 1}`)
const list = new Map(IDS.map((id) => [id, chart(id, 12, 'Cloudburst')]))

/** Chart c<k> played once in touch, its own Reality k / 2. */
const touchPlays = (extra = 0): KeptRecord[] => IDS.map((id, i) => play(id, 'touch', 950_000, { reality: (i + 1) / 2 + extra, at: i }))

const bestsOf = (plays: readonly KeptRecord[]): PersonalBest[] => {
  const map = new Map<string, PersonalBest>()
  foldPlays(map, plays)
  return [...map.values()]
}

const goal = (min: number, mode: 'touch' | 'keyboard' = 'touch') =>
  newGoal({ id: `g${min}${mode}`, name: 'r', criterion: { kind: 'reality', min }, mode, scope: { kind: 'best' }, target: { kind: 'all' } })

function model(plays: readonly KeptRecord[], goals: ReturnType<typeof goal>[]) {
  const m = new ProgressModel()
  m.setList(list)
  m.setGoals(goals)
  m.setHistory(bestsOf(plays))
  return m
}

describe("a goal on the player's own Reality", () => {
  it('counts the best 20 of 25 charts: c6…c25, (3 + … + 12.5) / 20 = 155 / 20 = 7.75', () => {
    const m = model(touchPlays(), [goal(7.75), goal(7.76), goal(7.75, 'keyboard')])
    const [met, short, keyboard] = m.goalProgress()
    expect(met).toMatchObject({ done: true, reality: 7.75 })
    expect(short).toMatchObject({ done: false, reality: 7.75 })
    // No keyboard play: no Reality in that mode.
    expect(keyboard).toMatchObject({ done: false, reality: null })
    expect(
      m
        .goal(met!.goal.id)!
        .charts.map((c) => c.chart_id)
        .sort()
    ).toEqual(IDS.slice(5).sort())
  })

  it('is met as the game shows it: 7.7549… shows 7.75, never rounded up to 7.76', () => {
    // Each value 0.00049 higher: 155.0098 / 20 = 7.75049.
    const [at, above] = model(touchPlays(0.00049), [goal(7.75), goal(7.76)]).goalProgress()
    expect(at!.done).toBe(true)
    expect(above!.done).toBe(false)
  })

  it('follows the history: the best play gone (hidden), the list is c5…c24: 145 / 20 = 7.25', () => {
    const plays = touchPlays()
    const m = model(plays, [goal(7.5)])
    expect(m.goalProgress()[0]!.done).toBe(true)
    m.setHistory(bestsOf(plays.filter((p) => p.chart_id !== 'c25')))
    expect(m.goalProgress()[0]).toMatchObject({ done: false, reality: 7.25 })
    m.setHistory(bestsOf(plays))
    expect(m.goalProgress()[0]).toMatchObject({ done: true, reality: 7.75 })
  })

  it('is a Reality goal in touch or keyboard on the whole list, and nothing else', () => {
    const base = { criterion: { kind: 'reality', min: 13.5 }, mode: 'touch', scope: { kind: 'best' }, target: { kind: 'all' } }
    expect(GoalDraft.safeParse(base).success).toBe(true)
    expect(GoalDraft.safeParse({ ...base, mode: 'any' }).success).toBe(false)
    expect(GoalDraft.safeParse({ ...base, criterion: { kind: 'fullCombo' } }).success).toBe(false)
    expect(GoalDraft.safeParse({ ...base, target: { kind: 'count', count: 3 } }).success).toBe(false)
  })
})
