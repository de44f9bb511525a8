import { describe, expect, it } from 'vitest'
import type { KeptRecord } from '../../../src/shared/api'
import type { PersonalBest } from '../../../src/shared/data'
import { foldPlays } from '../../../src/shared/player'
import { ProgressModel } from '../../../src/main/progress/model'
import { nearMisses } from '../../../src/main/progress/near-misses'
import { play, saveBest } from '../../support/progress-truth'

/** A play with its judgements: great and good (the game's "Good"), bad and miss. */
const judged = (chart: string, mode: 'touch' | 'keyboard', score: number, great: number, good: number, bad: number, miss: number, at = 0) =>
  play(chart, mode, score, {
    at,
    score_accuracy: great + good + bad + miss === 0 ? 1 : 0.99,
    score_exact_count: 900,
    score_perfect_count: 50,
    score_great_count: great,
    score_good_count: good,
    score_bad_count: bad,
    score_miss_count: miss
  })

function missesOf(plays: KeptRecord[], save = [] as ReturnType<typeof saveBest>[]) {
  const bests = new Map<string, PersonalBest>()
  foldPlays(bests, plays)
  const model = new ProgressModel()
  model.setHistory([...bests.values()])
  model.setSave(save)
  return nearMisses(plays, model.standingOf).map((m) => ({
    chart: m.chart_id,
    mode: m.mode,
    kind: m.kind,
    grade: m.grade,
    gap: m.gap,
    score: m.play.score
  }))
}

describe('near misses', () => {
  it('one Good from all perfect, one Bad or Miss from a full combo: the closest play of each', () => {
    const misses = missesOf([
      judged('a', 'touch', 1_004_000, 1, 0, 0, 0),
      judged('a', 'touch', 1_003_000, 0, 2, 0, 0, 1),
      judged('a', 'touch', 1_004_500, 0, 1, 0, 0, 2),
      judged('b', 'keyboard', 980_000, 3, 1, 0, 1),
      judged('b', 'keyboard', 985_000, 3, 1, 1, 0, 1),
      judged('b', 'keyboard', 990_000, 3, 1, 1, 1, 2)
    ])
    expect(misses).toEqual([
      { chart: 'a', mode: 'touch', kind: 'allPerfect', grade: null, gap: 1, score: 1_004_500 },
      { chart: 'b', mode: 'keyboard', kind: 'fullCombo', grade: null, gap: 1, score: 985_000 }
    ])
  })

  it('within 1,000 points of the next grade (1,000 is in, 1,001 is not), from the best play', () => {
    const misses = missesOf([
      judged('c', 'touch', 949_000, 5, 5, 2, 2),
      judged('d', 'touch', 948_999, 5, 5, 2, 2),
      judged('e', 'keyboard', 999_700, 5, 5, 2, 2),
      judged('e', 'keyboard', 990_000, 5, 5, 2, 2, 1)
    ])
    expect(misses).toEqual([
      { chart: 'e', mode: 'keyboard', kind: 'grade', grade: 'M', gap: 300, score: 999_700 },
      { chart: 'c', mode: 'touch', kind: 'grade', grade: 'SS', gap: 1_000, score: 949_000 }
    ])
  })

  it('a mark already had, by another play or by the save (whose mode is unknown), is no near miss', () => {
    const misses = missesOf(
      [
        judged('f', 'touch', 1_004_000, 1, 0, 0, 0),
        judged('f', 'touch', 1_003_000, 0, 0, 0, 0, 1),
        judged('g', 'touch', 990_000, 2, 2, 0, 1),
        judged('h', 'touch', 949_500, 5, 5, 3, 3)
      ],
      [saveBest('g', 980_000, { fc: true }), saveBest('h', 951_000)]
    )
    // f: the second play was an all perfect at a lower score; g: the save has a full combo; h: the save has SS.
    expect(misses).toEqual([])
  })

  it('plays without judgement counts (bests a save added) are no AP or FC near miss', () => {
    const bare = play('i', 'touch', 1_004_000, { score_bad_count: undefined, score_miss_count: undefined, score_accuracy: 0.99 })
    expect(missesOf([bare])).toEqual([])
  })
})
