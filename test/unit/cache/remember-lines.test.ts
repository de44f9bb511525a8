import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AccountCache } from '../../../src/main/cache/account-cache'
import { foldApart } from '../../../src/main/cache/bests'
import { encodeLines } from '../../../src/main/cache/record-log'
import { nodeFiles } from '../../../src/main/platform-node/files'
import { LocalDataHealth } from '../../../src/main/storage/local-data'
import type { KeptRecord } from '../../../src/shared/api'

const play = (chart: string, score: number, day: number, touch = false): KeptRecord => ({
  chart_id: chart,
  score,
  score_accuracy: 0.95,
  reality: 10,
  grade: 'S',
  played_at: new Date(Date.UTC(2026, 0, day)).toISOString(),
  modifiers: touch ? ['TouchMode'] : []
})

const kept = [play('x', 900_000, 1), play('y', 950_000, 2, true)]
// Better, worse, tied earlier and later, another mode, a new chart; and one play the history holds already.
const batch = [
  play('x', 920_000, 3),
  play('x', 910_000, 4),
  play('y', 950_000, 1, true),
  play('y', 940_000, 5),
  play('z', 800_000, 6),
  play('x', 930_000, 7),
  kept[0]!
]

const cacheIn = () => new AccountCache(nodeFiles, mkdtempSync(join(tmpdir(), 'lines-')), 'a', new LocalDataHealth())

describe('plays remembered as the log’s ready lines', () => {
  it('leave the same plays and the same bests as remembering the records, with their bests folded apart or not', async () => {
    const asRecords = cacheIn()
    await asRecords.remember(kept)
    expect(await asRecords.remember(batch)).toBe(6)
    const expected = { records: (await asRecords.records()).records, player: await asRecords.player('a') }

    const fresh = batch.slice(0, 6)
    for (const [lines, folded] of [
      // As the plays worker hands them over: only new plays, folded apart.
      [encodeLines(fresh), foldApart(fresh)],
      // One the log holds already: the fold apart counted it, so the lines the log took are folded here.
      [encodeLines(batch), foldApart(batch)],
      [encodeLines(batch), undefined]
    ] as const) {
      const asLines = cacheIn()
      await asLines.remember(kept)
      expect(await asLines.rememberLines(lines, folded, { kind: 'data.db', label: 'data.db', automatic: false })).toBe(6)
      expect({ records: (await asLines.records()).records, player: await asLines.player('a') }).toEqual(expected)
    }
  })
})
