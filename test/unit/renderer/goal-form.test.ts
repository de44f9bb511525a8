import { describe, expect, it } from 'vitest'
import { changed, draftOf, NEW_GOAL_FORM, type GoalForm } from '../../../src/renderer/src/progress/goal-form'

const form = (patch: Partial<GoalForm>): GoalForm => ({ ...NEW_GOAL_FORM, ...patch })

describe("the goal editor's form, read as a goal", () => {
  it('a grade on every chart of a folder, in any mode', () => {
    expect(draftOf(form({ folder: 'pack:Origin', grade: 'S' }))).toEqual({
      criterion: { kind: 'grade', grade: 'S' },
      scope: { kind: 'folder', folder: 'pack:Origin' },
      target: { kind: 'all' },
      mode: 'any'
    })
  })

  it('no goal until a folder or a chart is picked', () => {
    expect(draftOf(form({ folder: '' }))).toBeNull()
    expect(draftOf(form({ scope: 'charts', charts: [] }))).toBeNull()
  })

  it('a score as the player types it, grouped in their language, on some charts, for a count of them', () => {
    expect(
      draftOf(form({ criterion: 'score', score: '1.005.000', scope: 'charts', charts: ['a', 'b', 'c'], target: 'count', count: '2' }))
    ).toEqual({
      criterion: { kind: 'score', min: 1_005_000 },
      scope: { kind: 'charts', charts: ['a', 'b', 'c'] },
      target: { kind: 'count', count: 2 },
      mode: 'any'
    })
  })

  it('a Reality with a decimal comma, for a share of the folder, in touch mode', () => {
    expect(
      draftOf(form({ criterion: 'reality', reality: '12,5', mode: 'touch', folder: 'f', target: 'percent', percent: '62,5' }))
    ).toEqual({
      criterion: { kind: 'reality', min: 12.5 },
      scope: { kind: 'folder', folder: 'f' },
      target: { kind: 'percent', percent: 62.5 },
      mode: 'touch'
    })
  })

  it('no Reality goal in "any" mode: Reality is per input mode', () => {
    expect(draftOf(form({ criterion: 'reality', mode: 'any', folder: 'f' }))).toBeNull()
    expect(draftOf(form({ criterion: 'fullCombo', mode: 'any', folder: 'f' }))?.criterion).toEqual({ kind: 'fullCombo' })
  })

  it('no goal while a number is out of its range or not a number', () => {
    expect(draftOf(form({ criterion: 'score', score: '1010001', folder: 'f' }))).toBeNull()
    expect(draftOf(form({ criterion: 'reality', reality: '30.01', mode: 'keyboard', folder: 'f' }))).toBeNull()
    expect(draftOf(form({ folder: 'f', target: 'count', count: '0' }))).toBeNull()
    expect(draftOf(form({ folder: 'f', target: 'percent', percent: '1e2' }))).toBeNull()
  })

  it('one chart is the first picked, and all of it: a count typed before switching to one chart is not asked', () => {
    expect(draftOf(form({ scope: 'chart', charts: ['only'], target: 'count', count: 'not a number' }))).toEqual({
      criterion: { kind: 'grade', grade: 'SS' },
      scope: { kind: 'chart', chart: 'only' },
      target: { kind: 'all' },
      mode: 'any'
    })
  })

  it("the player's own Reality: a Reality goal on the whole best list, a target typed before not asked", () => {
    const own = form({ criterion: 'reality', reality: '13,5', mode: 'touch', scope: 'best', target: 'count', count: '3' })
    expect(draftOf(own)).toEqual({
      criterion: { kind: 'reality', min: 13.5 },
      scope: { kind: 'best' },
      target: { kind: 'all' },
      mode: 'touch'
    })
    // Another criterion does not offer it: the scope goes back to a folder (none picked yet, so no goal).
    const fc = changed(own, { criterion: 'fullCombo' })
    expect(fc.scope).toBe('folder')
    expect(draftOf(fc)).toBeNull()
    expect(changed(own, { reality: '14' }).scope).toBe('best')
  })
})
