import { describe, expect, it } from 'vitest'
import { generateCatalogue } from '../../../reference-service/src/seed/catalogue'
import type { ChartInfo } from '../../../src/shared/data'
import { AppError } from '../../../src/shared/errors'
import {
  checkPackAgainstList,
  examplePack,
  GOAL_PACK_SCHEMA,
  MAX_PACK_BYTES,
  packOf,
  readGoalPack,
  type ExampleWords,
  type GoalPack
} from '../../../src/shared/goal-pack'
import type { Goal } from '../../../src/shared/progress'
import { chart, play } from '../../support/progress-truth'
import { packService } from '../../support/pack-service'

/*
 * Goal packs: what an export writes reads back as the same pack; every kind of bad file is refused with its reason
 * (and, through the service, nothing changes); the example packs hold what the chart list says, counted here by hand.
 */

const goal = (id: string, extra: Partial<Goal> = {}): Goal => ({
  id,
  name: `Goal ${id}`,
  criterion: { kind: 'fullCombo' },
  mode: 'any',
  scope: { kind: 'folder', folder: 'custom:f1' },
  target: { kind: 'all' },
  createdAt: '2026-01-01T00:00:00.000Z',
  metAt: null,
  lostAt: null,
  lostReason: null,
  metTotal: null,
  notified: false,
  ...extra
})

const reasonOf = (work: () => unknown): string | null => {
  try {
    work()
    return null
  } catch (error) {
    expect(error).toBeInstanceOf(AppError)
    return String((error as AppError).data.details?.reason)
  }
}

const sample: GoalPack = {
  schema: GOAL_PACK_SCHEMA,
  version: 1,
  name: 'Level 12 week',
  folders: [{ id: 'f1', name: 'My twelves', charts: ['a', 'b'] }],
  goals: [
    { id: 'g1', criterion: { kind: 'fullCombo' }, mode: 'any', scope: { kind: 'folder', folder: 'custom:f1' }, target: { kind: 'all' } },
    {
      id: 'g2',
      name: 'SS on a',
      criterion: { kind: 'grade', grade: 'SS' },
      mode: 'touch',
      scope: { kind: 'chart', chart: 'a' },
      target: { kind: 'all' }
    }
  ]
}

describe('a goal pack file', () => {
  it('an export reads back as the same pack: goals the app named travel without a name, the folders they use with them', () => {
    const pack = packOf({
      name: 'Level 12 week',
      goals: [
        goal('g1', { generated: true, name: 'Full Combo on every chart of My twelves' }),
        goal('g2', { name: 'SS on a', criterion: { kind: 'grade', grade: 'SS' }, mode: 'touch', scope: { kind: 'chart', chart: 'a' } })
      ],
      folders: [
        { id: 'f1', name: 'My twelves', charts: ['a', 'b'] },
        { id: 'f2', name: 'Unused', charts: ['c'] }
      ]
    })
    expect(pack).toEqual(sample)
    expect(readGoalPack(JSON.stringify(pack, null, 1))).toEqual(sample)
    // A byte-order mark, as some editors write one.
    expect(readGoalPack(`\uFEFF${JSON.stringify(pack)}`)).toEqual(sample)
  })

  it.each([
    ['larger than 1 MiB', () => JSON.stringify({ ...sample, description: 'x'.repeat(MAX_PACK_BYTES) }), 'pack_too_large'],
    ['not JSON', () => '{"schema": "companion-goal-pack", ', 'pack_not_json'],
    ['nested 10,000 deep', () => `${'['.repeat(10_000)}${']'.repeat(10_000)}`, 'pack_too_deep'],
    ['a list, not a pack', () => '[]', 'pack_not_a_pack'],
    ['another schema', () => JSON.stringify({ ...sample, schema: 'companion-history/1' }), 'pack_not_a_pack'],
    ['a newer version', () => JSON.stringify({ ...sample, version: 2 }), 'pack_newer'],
    [
      'a goal count as text',
      () => JSON.stringify({ ...sample, goals: [{ ...sample.goals[0], target: { kind: 'count', count: '3' } }] }),
      'pack_schema'
    ],
    ['goals not a list', () => JSON.stringify({ ...sample, goals: { g1: sample.goals[0] } }), 'pack_schema'],
    [
      'a Reality goal for any input',
      () => JSON.stringify({ ...sample, goals: [{ ...sample.goals[0], criterion: { kind: 'reality', min: 12 } }] }),
      'pack_schema'
    ],
    [
      'a goal id twice',
      () => JSON.stringify({ ...sample, goals: [sample.goals[0], { ...sample.goals[1], id: 'g1' }] }),
      'pack_duplicate_id'
    ],
    [
      'a folder id twice',
      () => JSON.stringify({ ...sample, folders: [sample.folders[0], { ...sample.folders[0], name: 'Other' }] }),
      'pack_duplicate_id'
    ],
    ['a folder it does not hold', () => JSON.stringify({ ...sample, folders: [] }), 'pack_unknown_folder'],
    ['a folder without charts', () => JSON.stringify({ ...sample, folders: [{ id: 'f1', name: 'Empty' }] }), 'pack_empty_folder'],
    ['nothing at all', () => JSON.stringify({ ...sample, folders: [], goals: [] }), 'pack_empty'],
    [
      'too many goals',
      () => JSON.stringify({ ...sample, goals: Array.from({ length: 501 }, (_, i) => ({ ...sample.goals[1], id: `g${i}` })) }),
      'pack_schema'
    ]
  ])('is refused when %s, with its reason', (_name, text, reason) => {
    expect(reasonOf(() => readGoalPack(text()))).toBe(reason)
  })

  it('is refused, naming them, when it names charts or folders the chart list does not have', () => {
    const list = new Map([chart('a', 12.1, 'Cloudburst')].map((c) => [c.chart_id, c]))
    let error: AppError | null = null
    try {
      checkPackAgainstList(sample, list, new Set(['level:12']))
    } catch (e) {
      error = e as AppError
    }
    expect(error?.data.details).toEqual({ reason: 'pack_unknown_charts', count: 1, charts: 'b' })
    const levelGoal = { ...sample, folders: [], goals: [{ ...sample.goals[0]!, scope: { kind: 'folder' as const, folder: 'level:14' } }] }
    expect(reasonOf(() => checkPackAgainstList(levelGoal, list, new Set(['level:12'])))).toBe('pack_unknown_folder')
  })
})

describe('the example packs, made from the chart list', () => {
  const words: ExampleWords = {
    fullComboName: (d, l) => `FC ${d} ${l}`,
    fullComboFolder: (d, l) => `${d} ${l}`,
    realityName: (a, b) => `R ${a}-${b}`
  }
  const catalogue = generateCatalogue(200)
  const list = new Map<string, ChartInfo>(
    catalogue.map((c) => [c.chart_id, { chart_id: c.chart_id, title: c.title, difficulty: c.difficulty, constant: c.constant }])
  )

  it('"Full Combo every Cloudburst of level 10": the list’s Cloudburst charts of constant 10.0 to 10.9, every one', () => {
    const pack = examplePack('full-combo-level', list, words)!
    const byHand = catalogue.filter((c) => c.difficulty === 'Cloudburst' && c.constant >= 10 && c.constant < 11).map((c) => c.chart_id)
    expect(byHand.length).toBeGreaterThan(0)
    expect(pack.name).toBe('FC Cloudburst 10')
    expect(pack.folders).toEqual([{ id: 'full-combo', name: 'Cloudburst 10', charts: byHand }])
    expect(pack.goals).toEqual([
      {
        id: 'full-combo',
        criterion: { kind: 'fullCombo' },
        mode: 'any',
        scope: { kind: 'folder', folder: 'custom:full-combo' },
        target: { kind: 'all' }
      }
    ])
    expect(readGoalPack(JSON.stringify(pack))).toEqual(pack)
  })

  it('"Reality 12.00 to 13.00 in steps": five goals on the player’s own Reality, a quarter apart', () => {
    const pack = examplePack('reality-steps', list, words)!
    // Twenty charts of the list reach 13.00 at their most (constant + 1.5) in this catalogue.
    expect(catalogue.filter((c) => c.constant + 1.5 >= 13).length).toBeGreaterThanOrEqual(20)
    expect(pack.name).toBe('R 12-13')
    expect(pack.goals.map((g) => g.criterion)).toEqual([12, 12.25, 12.5, 12.75, 13].map((min) => ({ kind: 'reality', min })))
    expect(pack.goals.every((g) => g.mode === 'touch' && g.scope.kind === 'best' && g.target.kind === 'all')).toBe(true)
    expect(pack.folders).toEqual([])
    expect(readGoalPack(JSON.stringify(pack))).toEqual(pack)
  })

  it('none from an empty list; lower steps from a list of low constants', () => {
    expect(examplePack('full-combo-level', new Map(), words)).toBeNull()
    expect(examplePack('reality-steps', new Map(), words)).toBeNull()
    const low = new Map([...Array.from({ length: 25 }, (_, i) => chart(`l${i}`, 8 + (i % 5) / 10, 'Sprinkle'))].map((c) => [c.chart_id, c]))
    const pack = examplePack('reality-steps', low, words)!
    // The 20th highest most is 8.1 + 1.5 = 9.6: steps from 8.50 to 9.50.
    expect(pack.goals.map((g) => (g.criterion.kind === 'reality' ? g.criterion.min : 0))).toEqual([8.5, 8.75, 9, 9.25, 9.5])
    // No Cloudburst: the most common difficulty, at its most common level.
    expect(examplePack('full-combo-level', low, words)!.name).toBe('FC Sprinkle 8')
  })
})

describe('importing a pack into an account', () => {
  const list = new Map(['a', 'b', 'c'].map((id) => [id, chart(id, 12.4, 'Cloudburst')]))

  it('previews each goal (new, met now, yours already), then adds the new ones and the folder once; again adds nothing', async () => {
    // a is full-combo'd already (no bad, no miss): "SS on a" stays to reach, a Full Combo goal on a alone is met.
    const { service, last } = packService(list, [play('a', 'touch', 940_000, { score_bad_count: 0, score_miss_count: 0 })])
    const met = {
      id: 'g3',
      criterion: { kind: 'fullCombo' as const },
      mode: 'touch' as const,
      scope: { kind: 'chart' as const, chart: 'a' },
      target: { kind: 'all' as const }
    }
    const text = JSON.stringify({ ...sample, goals: [...sample.goals, met] })
    const preview = await service.previewPack('acc', { text })
    expect(preview.goals.map((g) => [g.id, g.status, g.met, g.total])).toEqual([
      ['g1', 'add', 1, 2],
      ['g2', 'add', 0, 1],
      ['g3', 'met', 1, 1]
    ])
    expect(preview.folders).toEqual([{ id: expect.stringMatching(/^custom:/), name: 'My twelves', charts: 2, exists: false }])
    expect(await service.importPack('acc', { text })).toEqual({ goals: 2, folders: 1 })
    const state = last()!
    expect(state.folders.map((f) => f.name)).toEqual(['My twelves'])
    const folder = `custom:${state.folders[0]!.id}`
    expect(state.goals.map((g) => [g.goal.name, g.goal.generated ?? false, g.goal.scope])).toEqual([
      ['Full Combo on every chart of My twelves (Any input)', true, { kind: 'folder', folder }],
      ['SS on a', false, { kind: 'chart', chart: 'a' }]
    ])
    const again = await service.previewPack('acc', { text })
    expect(again.goals.map((g) => g.status)).toEqual(['duplicate', 'duplicate', 'met'])
    expect(again.folders[0]).toMatchObject({ id: folder, exists: true })
    expect(await service.importPack('acc', { text })).toEqual({ goals: 0, folders: 0 })
  })

  it('a pack naming a chart the list does not know changes nothing', async () => {
    const { service, states } = packService(list)
    await service.load('acc')
    const before = states.length
    const text = JSON.stringify({ ...sample, folders: [{ id: 'f1', name: 'X', charts: ['a', 'zzz'] }] })
    await expect(service.importPack('acc', { text })).rejects.toMatchObject({
      data: { details: { reason: 'pack_unknown_charts', charts: 'zzz' } }
    })
    expect(states.length).toBe(before)
    expect((await service.kept('acc')).goals).toEqual([])
  })
})
