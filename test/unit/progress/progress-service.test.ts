import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ChartInfo, PersonalBest } from '../../../src/shared/data'
import type { GoalDraft, ProgressState } from '../../../src/shared/progress'
import type { Language } from '../../../src/shared/settings'
import { foldPlays } from '../../../src/shared/player'
import type { SaveBest } from '../../../src/main/backups/save-reader'
import type { LatestSaves } from '../../../src/main/progress/latest-save'
import { ProgressService } from '../../../src/main/progress/progress-service'
import { MAX_FOLDERS, MAX_GOALS } from '../../../src/main/progress/progress-store'
import { chart, play, saveBest } from '../../support/progress-truth'
import { guardedTestStore } from '../../support/stores'

/** The service with its sources in the test's hands: the list, the plays, the latest save; every state and notice kept. */
function harness(dir = mkdtempSync(join(tmpdir(), 'progress-service-'))) {
  const src = {
    list: new Map<string, ChartInfo>(['a', 'b', 'c'].map((id) => [id, chart(id, 12.4, 'Cloudburst')])) as ReadonlyMap<string, ChartInfo>,
    plays: [] as ReturnType<typeof play>[],
    save: null as SaveBest[] | null,
    saveReads: 0,
    forgotten: 0,
    signedIn: true,
    now: Date.UTC(2025, 5, 1),
    restoredWith: null as unknown[] | null,
    language: 'en' as Language
  }
  const states: ProgressState[] = []
  const plays = { reads: 0 }
  const met: string[] = []
  const stores = new Map<string, ReturnType<typeof guardedTestStore>>()
  const saves = {
    read: async () => {
      src.saveReads++
      return {
        save: src.save
          ? { used: { backupId: 'x/y', backedUpAt: '2025-01-01', source: 'cloud', charts: src.save.length }, bests: src.save }
          : null,
        problem: null
      }
    },
    forget: () => void src.forgotten++,
    restored: (...args: unknown[]) => void (src.restoredWith = args),
    drop: () => {}
  } as unknown as LatestSaves
  const service = new ProgressService({
    charts: () => src.list,
    player: async (accountId) => {
      const bests = new Map<string, PersonalBest>()
      foldPlays(bests, src.plays)
      return { accountId, plays: src.plays.length, lastPlayedAt: null, bests: [...bests.values()] }
    },
    plays: async () => (plays.reads++, src.plays),
    saves,
    store: (id) => {
      if (!stores.has(id)) stores.set(id, guardedTestStore(dir, `progress-${id}`))
      return stores.get(id)!.store
    },
    isSignedIn: () => src.signedIn,
    now: () => src.now,
    emit: (state) => states.push(state),
    language: () => src.language,
    onMet: (_id, _goal, _progress, name) => met.push(name)
  })
  const last = () => states.at(-1)!
  return { service, src, states, met, last, dir, stores, plays }
}

const allOf = (folder: string, grade: 'SS' | 'S' = 'SS'): GoalDraft => ({
  name: `${grade} on ${folder}`,
  criterion: { kind: 'grade', grade },
  mode: 'any',
  scope: { kind: 'folder', folder },
  target: { kind: 'all' }
})

describe('the progress service', () => {
  it('marks a goal met with its date and notifies once; a restore of an older save makes it unmet, and says why', async () => {
    const { service, src, met, last } = harness()
    await service.load('acc')
    await service.createGoal('acc', allOf('level:12'))
    src.plays = [play('a', 'touch', 960_000), play('b', 'keyboard', 955_000)]
    src.save = [saveBest('c', 990_000)]
    await service.recheck('acc', 'save')
    expect(last().goals[0]).toMatchObject({ met: 3, total: 3, done: true, goal: { metAt: '2025-06-01T00:00:00.000Z', notified: true } })
    expect(met).toEqual(['SS on level:12'])
    await service.recheck('acc', 'plays')
    expect(met).toHaveLength(1)

    // A restore puts an older save back: the save is read again, and the goal is no longer met because bests went down.
    src.save = [saveBest('c', 900_000)]
    src.now += 86_400_000
    const reads = src.saveReads
    await service.recheck('acc', 'restore', { restoredBackupId: 'folder/older' })
    expect(src.restoredWith).toEqual(['acc', 'folder/older', '2025-06-02T00:00:00.000Z'])
    expect(src.forgotten).toBe(1)
    expect(src.saveReads).toBe(reads + 1)
    expect(last().goals[0]).toMatchObject({
      done: false,
      goal: { lostAt: '2025-06-02T00:00:00.000Z', lostReason: 'lower', metAt: '2025-06-01T00:00:00.000Z' }
    })
    // Met again: marked again, not notified again.
    src.save = [saveBest('c', 999_000)]
    await service.recheck('acc', 'restore')
    expect(last().goals[0]).toMatchObject({ done: true, goal: { lostAt: null } })
    expect(met).toHaveLength(1)
  })

  it("names a goal the player left unnamed in the reader's language of the moment: kept in today's, told in another's", async () => {
    const { service, src, met, dir } = harness()
    await service.load('acc')
    const { name: _unnamed, ...draft } = {
      ...allOf('level:12'),
      mode: 'touch' as const,
      criterion: { kind: 'reality' as const, min: 12.5 }
    }
    await service.createGoal('acc', draft)
    const kept = (JSON.parse(readFileSync(join(dir, 'progress-acc.json'), 'utf8')) as { goals: Record<string, unknown>[] }).goals[0]!
    // For older versions, which show `name`: the English of the day it was made; marked as the app's words.
    expect(kept).toMatchObject({ name: 'a Reality of 12.50 or more on every chart of Level 12 (Touch)', generated: true })
    src.language = 'vi'
    src.plays = ['a', 'b', 'c'].map((id) => play(id, 'touch', 1_005_000, { reality: 13.4 }))
    await service.recheck('acc', 'plays')
    expect(met).toEqual(['Reality từ 12,50 trở lên trên mọi chart thuộc Cấp 12 (Cảm ứng)'])
  })

  it("marks a kept goal named with the app's words of its day as the app's; a name the player wrote stays theirs", async () => {
    const first = harness()
    await first.service.createGoal('acc', { ...allOf('level:12'), name: 'SS or better on every chart of Level 12 (Any input)' })
    await first.service.createGoal('acc', { ...allOf('level:12', 'S'), name: 'S everywhere, at last' })
    const file = join(first.dir, 'progress-acc.json')
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { goals: Record<string, unknown>[] }
    expect(kept.goals.map((g) => g.generated)).toEqual([undefined, undefined])
    const second = harness(first.dir)
    await second.service.load('acc')
    expect(second.last().goals.map((g) => g.goal.generated)).toEqual([true, undefined])
  })

  it('a chart-list update that grows a folder makes its goal unmet, and says the folder grew', async () => {
    const { service, src, last } = harness()
    src.plays = ['a', 'b', 'c'].map((id) => play(id, 'touch', 970_000))
    await service.load('acc')
    await service.createGoal('acc', { ...allOf('level:12'), mode: 'touch', criterion: { kind: 'score', min: 980_000 } })
    src.plays.push(...['a', 'b', 'c'].map((id) => play(id, 'touch', 985_000, { at: 5 })))
    await service.recheck('acc', 'plays')
    expect(last().goals[0]!.done).toBe(true)
    src.list = new Map([...src.list, ['d', chart('d', 12.9, 'Clear')]])
    await service.recheck('acc', 'list')
    expect(last().goals[0]).toMatchObject({ total: 4, met: 3, done: false, goal: { lostReason: 'grew' } })
  })

  it('refuses a goal already met and one over a folder that does not exist; a preview says where a draft stands', async () => {
    const { service, src } = harness()
    src.plays = [play('a', 'touch', 1_000_000)]
    await expect(
      service.createGoal('acc', { ...allOf('level:12'), scope: { kind: 'chart', chart: 'a' }, criterion: { kind: 'grade', grade: 'M' } })
    ).rejects.toMatchObject({ code: 'invalid_input', data: { details: { reason: 'goal_already_met', met: 1, total: 1 } } })
    await expect(service.createGoal('acc', allOf('level:99'))).rejects.toMatchObject({
      code: 'invalid_input',
      data: { details: { field: 'scope' } }
    })
    expect(await service.preview('acc', allOf('level:12'))).toMatchObject({ met: 1, total: 3, needed: 3, done: false })
  })

  it('keeps goals and folders per account in a file of their own; what does not read is left out, the file copied first', async () => {
    const first = harness()
    await first.service.createGoal('acc', allOf('level:12'))
    await first.service.saveFolder('acc', { name: 'Hard', filter: { levelMin: 12 } })
    await first.service.createGoal('other', allOf('difficulty:Cloudburst'))
    const file = join(first.dir, 'progress-acc.json')
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { goals: unknown[]; folders: unknown[] }
    expect(kept.goals).toHaveLength(1)
    // One goal damaged by hand: the other still reads, and the file is copied aside before it is written again.
    writeFileSync(file, JSON.stringify({ ...kept, goals: [...kept.goals, { id: 'broken', criterion: 'nonsense' }] }))
    const second = harness(first.dir)
    await second.service.load('acc')
    expect(second.last().goals.map((g) => g.goal.name)).toEqual(['SS on level:12'])
    expect(second.last().folders.map((f) => f.name)).toEqual(['Hard'])
    expect(second.stores.get('acc')!.health.notices()).toMatchObject([{ problem: 'damaged' }])
    expect(readdirSync(first.dir).filter((n) => n.startsWith('progress-acc.json.corrupt-'))).toHaveLength(1)
    await second.service.load('other')
    expect(second.last().goals.map((g) => g.goal.name)).toEqual(['SS on difficulty:Cloudburst'])
    // Forgetting an account removes its goals and folders.
    second.service.forget('acc')
    const third = harness(first.dir)
    await third.service.load('acc')
    expect(third.last()).toMatchObject({ goals: [], folders: [] })
  })

  it('custom folders: a folder needs charts or a filter; editing it moves the goals over it; deleting it leaves them empty', async () => {
    const { service, src, last } = harness()
    src.plays = [play('a', 'touch', 990_000)]
    await expect(service.saveFolder('acc', { name: 'Empty' })).rejects.toMatchObject({ code: 'invalid_input' })
    await expect(service.saveFolder('acc', { name: 'Empty', filter: { search: '' } })).rejects.toMatchObject({ code: 'invalid_input' })
    const { id } = await service.saveFolder('acc', { name: 'Two', charts: ['a', 'b'] })
    await service.createGoal('acc', {
      ...allOf(`custom:${id}`),
      target: { kind: 'count', count: 1 },
      criterion: { kind: 'score', min: 995_000 }
    })
    expect(last().goals[0]).toMatchObject({ total: 2, met: 0 })
    await service.saveFolder('acc', { id, name: 'Two', charts: ['a', 'c'] })
    expect(last().rows.find((r) => r.folder === `custom:${id}`)).toMatchObject({ label: 'Two', charts: 2, played: 1 })
    await service.deleteFolder('acc', id)
    expect(last().goals[0]).toMatchObject({ total: 0, done: false })
    expect(last().rows.some((r) => r.kind === 'custom')).toBe(false)
  })

  it('near misses read the whole history once per play count, and follow the save (a mark it has is no near miss)', async () => {
    const { service, src, plays } = harness()
    const oneGood = play('a', 'touch', 1_004_000, {
      score_accuracy: 0.99,
      score_great_count: 1,
      score_good_count: 0,
      score_bad_count: 0,
      score_miss_count: 0
    })
    src.plays = [oneGood]
    expect((await service.nearMisses('acc')).map((m) => m.kind)).toEqual(['allPerfect'])
    expect((await service.nearMisses('acc')).map((m) => m.kind)).toEqual(['allPerfect'])
    expect(plays.reads).toBe(1)
    src.save = [saveBest('a', 1_009_000, { ap: true })]
    await service.recheck('acc', 'save')
    expect(await service.nearMisses('acc')).toEqual([])
    src.plays = [oneGood, play('b', 'keyboard', 949_500, { at: 1 })]
    expect((await service.nearMisses('acc')).map((m) => [m.chart_id, m.kind, m.gap])).toEqual([['b', 'grade', 500]])
    expect(plays.reads).toBe(2)
  })

  it('keeps at most 200 custom folders and 500 goals per account, an id sent along included', async () => {
    const { service } = harness()
    for (let i = 0; i < MAX_FOLDERS; i++) await service.saveFolder('acc', { name: `f${i}`, charts: ['a'] })
    await expect(service.saveFolder('acc', { name: 'one more', charts: ['a'] })).rejects.toMatchObject({ code: 'invalid_input' })
    await expect(service.saveFolder('acc', { id: 'made-up', name: 'one more', charts: ['a'] })).rejects.toMatchObject({
      code: 'invalid_input'
    })
    for (let i = 0; i < MAX_GOALS; i++) await service.createGoal('acc', { ...allOf('level:12'), name: `g${i}` })
    await expect(service.createGoal('acc', allOf('level:12'))).rejects.toMatchObject({ code: 'invalid_input' })
  })

  it('does nothing for an account that is not signed in, and folds re-checks asked for meanwhile into one', async () => {
    const { service, src, states } = harness()
    src.signedIn = false
    expect(service.follows('acc')).toBe(false)
    await service.recheck('acc', 'plays')
    expect(states).toHaveLength(0)
    await expect(service.load('acc')).rejects.toMatchObject({ code: 'not_found' })
    src.signedIn = true
    await service.load('acc')
    const before = states.length
    await Promise.all([service.recheck('acc', 'plays'), service.recheck('acc', 'save'), service.recheck('acc', 'list')])
    // The first runs; the two asked for while it was waiting are one more run.
    expect(states.length - before).toBeLessThanOrEqual(2)
  })
})
