import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { encodeLines, RecordLog } from '../../../src/main/cache/record-log'
import { nodeFiles } from '../../../src/main/platform-node/files'
import { LocalDataHealth } from '../../../src/main/storage/local-data'
import type { ScoreRecord } from '../../../src/shared/api'

const rec = (chart: string, at: string, score = 900_000): ScoreRecord => ({
  chart_id: chart,
  score,
  score_accuracy: 0.9,
  reality: 10,
  grade: 'S',
  played_at: at,
  modifiers: []
})

function newLog(dir = mkdtempSync(join(tmpdir(), 'log-'))) {
  const health = new LocalDataHealth()
  return { log: new RecordLog(nodeFiles, join(dir, 'r.jsonl'), join(dir, 'r.idx'), health), dir, health }
}

describe('the kept plays', () => {
  it('dedupes by chart, instant and score, even across offset notations, and survives a restart', async () => {
    const { log, dir } = newLog()
    expect((await log.add([rec('c1', '2026-11-22T10:00:00.000Z')])).length).toBe(1)
    expect((await log.add([rec('c1', '2026-11-22T18:00:00+08:00'), rec('c1', '2026-11-22T10:00:00Z', 900_001)])).length).toBe(1)
    const again = newLog(dir).log
    expect((await again.add([rec('c1', '2026-11-22T10:00:00Z'), rec('c1', '2026-11-22T10:00:00Z', 900_001)])).length).toBe(0)
    expect(again.count).toBe(2)
    expect((await again.all()).records.map((r) => r.score)).toEqual([900_000, 900_001])
  })

  it('repairs its index from the log after a crash between the two, and skips a torn last line', async () => {
    const { log, dir } = newLog()
    await log.add([rec('a', '2026-01-01T00:00:00Z')])
    // Appended to the log by a run that died before updating the index, then a torn line.
    appendFileSync(join(dir, 'r.jsonl'), `${JSON.stringify(rec('b', '2026-01-02T00:00:00Z'))}\n{"chart_id":"c","sco`)
    const reopened = newLog(dir).log
    expect((await reopened.add([rec('b', '2026-01-02T00:00:00Z')])).length).toBe(0)
    const all = await reopened.all()
    expect(all.records.map((r) => r.chart_id).sort()).toEqual(['a', 'b'])
    expect(all.unreadable).toBe(1)
  })

  it('adds ready lines (a worker’s encoding) as `add` adds records: new ones once, after a torn line, and survives a restart', async () => {
    const { log, dir } = newLog()
    await log.add([rec('a', '2026-01-01T00:00:00Z'), rec('b', '2026-01-02T00:00:00Z')])
    appendFileSync(join(dir, 'r.jsonl'), '{"chart_id":"torn","sco')
    const batch = [
      rec('b', '2026-01-02T08:00:00+08:00'), // kept already (the same instant)
      rec('c', '2026-01-03T00:00:00Z'),
      rec('d', '2026-01-04T00:00:00Z', 950_000),
      rec('c', '2026-01-03T00:00:00.000Z') // twice in the batch
    ]
    const added = await log.addLines(encodeLines(batch))
    expect(added.count).toBe(2)
    expect(
      added.text
        .toString()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as unknown)
    ).toEqual([batch[1], batch[2]])
    expect(log.count).toBe(4)
    // The same as `add` finds: nothing more to add, and every line readable but the torn one.
    expect(await log.add(batch)).toEqual([])
    const reopened = newLog(dir).log
    expect((await reopened.addLines(encodeLines(batch))).count).toBe(0)
    expect(reopened.count).toBe(4)
    const all = await reopened.all()
    expect(all.records.map((r) => r.chart_id).sort()).toEqual(['a', 'b', 'c', 'd'])
    expect(all.unreadable).toBe(1)
    expect((await reopened.bytes()).toString()).toBe(readFileSync(join(dir, 'r.jsonl'), 'utf8'))
  })

  it('compacts to the newest N, keeping a copy aside when some lines could not be read', async () => {
    const { log, dir, health } = newLog()
    await log.add(Array.from({ length: 50 }, (_, i) => rec(`c${i}`, new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString())))
    appendFileSync(join(dir, 'r.jsonl'), 'garbage line\n')
    await log.compact(10)
    const { records, unreadable } = await log.all()
    expect(records).toHaveLength(10)
    expect(unreadable).toBe(0)
    expect(records[0]!.chart_id).toBe('c49')
    expect(health.notices()).toMatchObject([{ file: 'r.jsonl', problem: 'damaged' }])
    const aside = health.notices()[0]!.movedTo!
    expect(readFileSync(join(dir, aside), 'utf8')).toContain('garbage line')
  })

  it('a sync with 100,000 kept plays reads no plays: a few hashes, one append', async () => {
    const { log, dir } = newLog()
    const start = Date.UTC(2020, 0, 1)
    writeFileSync(
      join(dir, 'r.jsonl'),
      Array.from({ length: 100_000 }, (_, i) =>
        JSON.stringify(rec(`c${i % 300}`, new Date(start + i * 60_000).toISOString(), 800_000 + (i % 1000)))
      ).join('\n') + '\n'
    )
    // The first open indexes the log once; afterwards adds are proportional to what is new.
    await log.add([])
    expect(log.count).toBe(100_000)
    const fresh = Array.from({ length: 20 }, (_, i) => rec('new', new Date(Date.UTC(2027, 0, 1, 0, i)).toISOString()))
    expect((await log.add([...fresh, rec('c5', new Date(start + 5 * 60_000).toISOString(), 800_005)])).length).toBe(20)
    expect(log.count).toBe(100_020)
  })
})
