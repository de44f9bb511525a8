import { describe, expect, it } from 'vitest'
import { contentsOfDocument } from '../../../src/main/backups/save-reader'

const record = (id: string, score: number, level: number, status: number[] = [3, 0]) => ({
  BeatmapID: id,
  BestScore: score,
  BestAccuracy: 0.97,
  BestLevel: level,
  AchievedStatus: status
})

describe('grades of a save come from its scores', () => {
  it('an older save numbers seven grades (0 R, 1 M, 2 S, 3 A…): its S and A read right, the disagreements are counted', () => {
    const c = contentsOfDocument(
      {
        Username: 'old',
        SongRecords: [record('s', 900_000, 2), record('a', 800_000, 3), record('ss', 960_000, 2), record('m', 1_000_000, 1)]
      },
      'sqlite'
    )
    expect(c.bests.map((b) => [b.chartId, b.grade])).toEqual([
      ['s', 'S'],
      ['a', 'A'],
      ['ss', 'SS'],
      ['m', 'M']
    ])
    // s (level 2 is SS today) and a (level 3 is S today) disagree; ss and m agree by chance.
    expect(c.levelDisagreements).toBe(2)
  })

  it('AchievedStatus: 4 is a full combo, 5 an all perfect (3 and 0 say nothing of either)', () => {
    const c = contentsOfDocument(
      { SongRecordsV3: [record('fc', 990_000, 2, [3, 0, 4]), record('ap', 1_000_000, 1, [3, 0, 4, 5]), record('x', 700_000, 5, [3, 0])] },
      'json'
    )
    expect(c.bests.map((b) => [b.chartId, b.fullCombo, b.allPerfect])).toEqual([
      ['fc', true, false],
      ['ap', true, true],
      ['x', false, false]
    ])
  })
})
