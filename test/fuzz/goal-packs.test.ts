import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { GOAL_PACK_SCHEMA, MAX_PACK_BYTES, type GoalPack } from '../../src/shared/goal-pack'
import { chart } from '../support/progress-truth'
import { packService } from '../support/pack-service'
import { DOOR_TIMEOUT_MS, expectTypedRefusal, fuzz, mutatedJson, treeHash } from './fuzz'

/**
 * Goal packs are files players share: untrusted. Every pack, mutated or hostile (huge, deep, wrong types, charts the
 * list does not know, an id twice), goes through the import the window calls: it is imported whole, or refused with a
 * typed error that names its reason, and then nothing the account keeps has changed, on disk or in what it shows.
 */
const list = new Map(['a', 'b', 'c', 'd'].map((id) => [id, chart(id, 12.4, 'Cloudburst')]))
const SAMPLE: GoalPack = {
  schema: GOAL_PACK_SCHEMA,
  version: 1,
  name: 'Level 12 week',
  description: 'Full combos first',
  folders: [{ id: 'f1', name: 'Twelves', charts: ['a', 'b'], filter: { levelMin: 12, levelMax: 12.9 } }],
  goals: [
    { id: 'g1', criterion: { kind: 'fullCombo' }, mode: 'any', scope: { kind: 'folder', folder: 'custom:f1' }, target: { kind: 'all' } },
    {
      id: 'g2',
      name: 'SS',
      criterion: { kind: 'grade', grade: 'SS' },
      mode: 'touch',
      scope: { kind: 'charts', charts: ['a', 'c'] },
      target: { kind: 'count', count: 1 }
    },
    {
      id: 'g3',
      criterion: { kind: 'reality', min: 13.2 },
      mode: 'keyboard',
      scope: { kind: 'folder', folder: 'level:12' },
      target: { kind: 'percent', percent: 50 }
    }
  ]
}

/** Packs meant to hurt: each must be refused. */
const hostile = fc.constantFrom(
  JSON.stringify({ ...SAMPLE, description: 'x'.repeat(MAX_PACK_BYTES + 1) }),
  `{"schema":"${GOAL_PACK_SCHEMA}","version":1,"name":"deep","goals":${'['.repeat(200_000)}${']'.repeat(200_000)}}`,
  JSON.stringify({ ...SAMPLE, goals: [{ ...SAMPLE.goals[0], criterion: { kind: 'score', min: '900000' } }] }),
  JSON.stringify({ ...SAMPLE, folders: 'all of them' }),
  JSON.stringify({ ...SAMPLE, folders: [{ ...SAMPLE.folders[0], charts: ['a', 'not-in-the-list'] }] }),
  JSON.stringify({ ...SAMPLE, goals: [{ ...SAMPLE.goals[1], scope: { kind: 'chart', chart: 'nope' } }] }),
  JSON.stringify({ ...SAMPLE, goals: [SAMPLE.goals[0], { ...SAMPLE.goals[1], id: 'g1' }] }),
  JSON.stringify({ ...SAMPLE, folders: [SAMPLE.folders[0], SAMPLE.folders[0]] }),
  JSON.stringify({ ...SAMPLE, goals: [{ ...SAMPLE.goals[2], scope: { kind: 'folder', folder: 'level:99' } }] }),
  JSON.stringify({ ...SAMPLE, version: 7 }),
  JSON.stringify({ ...SAMPLE, goals: Array.from({ length: 5_000 }, (_, i) => ({ ...SAMPLE.goals[1], id: `g${i}` })) })
)

/** Keys that would change every object's prototype if a reader copied them over: read as plain keys, and left out. */
const polluting = JSON.stringify(SAMPLE).replace(
  '"schema"',
  '"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"schema"'
)

describe('fuzz: goal packs', () => {
  it(
    'a pack, mutated or hostile: imported whole, or refused with its reason and nothing changed',
    async () => {
      const { service, dir } = packService(list)
      // Something kept already, which a refusal must leave as it is.
      await service.importPack('acc', { example: 'full-combo-level' })
      let n = 0
      const packs = fc.oneof(
        { weight: 6, arbitrary: mutatedJson(SAMPLE).map((m) => m.text.toString('utf8')) },
        { weight: 2, arbitrary: hostile },
        { weight: 1, arbitrary: fc.constant(polluting) }
      )
      await fuzz([packs], async (text) => {
        const account = `acc${n++}`
        await service.importPack(account, { example: 'full-combo-level' })
        const before = { files: treeHash(dir), kept: await service.kept(account) }
        try {
          const added = await service.importPack(account, { text })
          const kept = await service.kept(account)
          expect(kept.goals.length).toBe(before.kept.goals.length + added.goals)
          expect(kept.folders.length).toBe(before.kept.folders.length + added.folders)
        } catch (error) {
          expectTypedRefusal(error)
          expect(String(error.data.details?.reason)).toMatch(/^pack_/)
          expect(await service.kept(account)).toEqual(before.kept)
          expect(treeHash(dir)).toEqual(before.files)
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      })
    },
    DOOR_TIMEOUT_MS
  )

  it('every hostile pack is refused', async () => {
    const { service } = packService(list)
    for (const text of fc.sample(hostile, { numRuns: 200, seed: 1 }).filter((t, i, all) => all.indexOf(t) === i)) {
      const refused = await service.importPack('acc', { text }).then(
        () => text.slice(0, 300),
        (error: unknown) => error
      )
      expectTypedRefusal(refused)
      expect(String(refused.data.details?.reason)).toMatch(/^pack_/)
    }
    expect((await service.kept('acc')).goals).toEqual([])
  })
})
