import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AccountCache } from '../../../src/main/cache/account-cache'
import { encodeLines } from '../../../src/main/cache/record-log'
import { foldApart } from '../../../src/main/cache/bests'
import { nodeFiles } from '../../../src/main/platform-node/files'
import { LocalDataHealth } from '../../../src/main/storage/local-data'
import type { KeptRecord } from '../../../src/shared/api'

const CHARTS = ['a', 'b', 'c']
const START = Date.UTC(2025, 0, 1)

/** A play on one of three charts, at one of 40 minutes, in either mode, with or without misses, sometimes AutoPlay. */
const playArb = fc.record({
  chart: fc.constantFrom(...CHARTS),
  minute: fc.integer({ min: 0, max: 39 }),
  score: fc.integer({ min: 60, max: 101 }).map((s) => s * 10_000),
  touch: fc.boolean(),
  misses: fc.integer({ min: 0, max: 2 }),
  auto: fc.integer({ min: 0, max: 9 }).map((n) => n === 0)
})

function toRecord(p: { chart: string; minute: number; score: number; touch: boolean; misses: number; auto: boolean }): KeptRecord {
  return {
    chart_id: p.chart,
    score: p.score,
    score_accuracy: p.misses === 0 ? 1 : 0.95,
    reality: p.score / 100_000,
    grade: 'S',
    score_great_count: 0,
    score_good_count: 0,
    score_bad_count: 0,
    score_miss_count: p.misses,
    played_at: new Date(START + p.minute * 60_000).toISOString(),
    modifiers: [...(p.touch ? ['TouchMode'] : []), ...(p.auto ? ['AutoPlay'] : [])]
  }
}

const keyOf = (r: KeptRecord) => `${r.chart_id}|${Date.parse(r.played_at)}|${r.score}`
const modeOf = (r: KeptRecord) => (r.modifiers.includes('TouchMode') ? 'touch' : 'keyboard')

/**
 * The bests by plain loops, written from the rules: per chart and mode, the first play of the top score; the plays;
 * the top score of the plays before it; the first play; the best mark (AP: no miss and 100 %; FC: no miss). AutoPlay
 * and hidden plays count nowhere.
 */
function truth(plays: readonly KeptRecord[], hidden: ReadonlySet<string>) {
  const counted = plays.filter((p) => !hidden.has(keyOf(p)) && !p.modifiers.includes('AutoPlay'))
  const out: Record<string, unknown> = {}
  for (const chart of CHARTS)
    for (const mode of ['touch', 'keyboard']) {
      const mine = counted.filter((p) => p.chart_id === chart && modeOf(p) === mode)
      if (mine.length === 0) continue
      const top = Math.max(...mine.map((p) => p.score))
      const first = Math.min(...mine.filter((p) => p.score === top).map((p) => Date.parse(p.played_at)))
      const before = mine.filter((p) => Date.parse(p.played_at) < first).map((p) => p.score)
      out[`${chart}|${mode}`] = {
        score: top,
        at: first,
        plays: mine.length,
        previousScore: before.length ? Math.max(...before) : null,
        firstPlayedAt: Math.min(...mine.map((p) => Date.parse(p.played_at))),
        combo: mine.some((p) => p.score_miss_count === 0) ? 'AP' : null
      }
    }
  return out
}

async function shown(cache: AccountCache) {
  const stats = await cache.player('x')
  const out: Record<string, unknown> = {}
  for (const b of stats.bests)
    out[`${b.record.chart_id}|${b.mode}`] = {
      score: b.record.score,
      at: Date.parse(b.record.played_at),
      plays: b.plays,
      previousScore: b.previousScore,
      firstPlayedAt: Date.parse(b.firstPlayedAt),
      combo: b.combo ?? null
    }
  return out
}

/** One play per chart and instant: two plays of one chart at the same instant have no order of their own. */
const distinct = (plays: KeptRecord[]) => [...new Map(plays.map((p) => [`${p.chart_id}|${p.played_at}`, p])).values()]

describe('the bests with plays hidden', () => {
  // Whatever the order and batches plays arrive in, and whichever are hidden and shown again.
  it('the bests equal plain loops over the plays that count', async () => {
    const dirs: string[] = []
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(playArb, { minLength: 1, maxLength: 24 }),
          fc.array(fc.nat(), { maxLength: 6 }),
          fc.integer({ min: 1, max: 5 }),
          fc.boolean(),
          async (raw, hideAt, batch, asLines) => {
            const plays = distinct(raw.map(toRecord))
            const dir = mkdtempSync(join(tmpdir(), 'marks-'))
            dirs.push(dir)
            const cache = new AccountCache(nodeFiles, dir, 'x', new LocalDataHealth())
            for (let i = 0; i < plays.length; i += batch) {
              const part = plays.slice(i, i + batch)
              if (asLines) await cache.rememberLines(encodeLines(part), foldApart(part), { kind: 'data.db', label: 'f', automatic: false })
              else await cache.remember(part)
            }
            expect(await shown(cache)).toEqual(truth(plays, new Set()))
            const hidden = new Set<string>()
            for (const n of hideAt) {
              const p = plays[n % plays.length]!
              const hide = !hidden.has(keyOf(p))
              await cache.hide([{ chart_id: p.chart_id, played_at: p.played_at, score: p.score }], hide)
              if (hide) hidden.add(keyOf(p))
              else hidden.delete(keyOf(p))
              expect(await shown(cache)).toEqual(truth(plays, hidden))
            }
            // Read back from disk (another run): the same.
            await cache.flush()
            const again = new AccountCache(nodeFiles, dir, 'x', new LocalDataHealth())
            expect(await shown(again)).toEqual(truth(plays, hidden))
            expect((await again.player('x')).hidden).toBe(hidden.size)
          }
        ),
        { numRuns: 40, seed: 55 }
      )
    } finally {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
    }
  })

  it('last played skips the hidden plays, down to none, and back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'marks-'))
    try {
      const cache = new AccountCache(nodeFiles, dir, 'x', new LocalDataHealth())
      const plays = Array.from({ length: 40 }, (_, i) =>
        toRecord({ chart: 'a', minute: i, score: 900_000 + i, touch: true, misses: 1, auto: false })
      )
      await cache.remember(plays)
      const latest = async () => (await cache.player('x')).lastPlayedAt
      // Newest first, every play hidden one by one: each time the newest left is the one shown.
      for (let i = plays.length - 1; i >= 0; i--) {
        expect(await latest()).toBe(plays[i]!.played_at)
        await cache.hide([{ chart_id: 'a', played_at: plays[i]!.played_at }], true)
      }
      expect(await latest()).toBeNull()
      await cache.hide([{ chart_id: 'a', played_at: plays[3]!.played_at }], false)
      expect(await latest()).toBe(plays[3]!.played_at)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('a marks file that is damaged or over its bounds is kept aside, and the record reads as without marks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'marks-'))
    try {
      const notes = Object.fromEntries(Array.from({ length: 20_001 }, (_, i) => [`c|${i}|1`, { note: 'n', starred: false, at: 'x' }]))
      for (const text of ['{"schemaVersion":1,"hidden":', JSON.stringify({ schemaVersion: 1, plays: notes }), 'null']) {
        writeFileSync(join(dir, 'marks-x.json'), text)
        const health = new LocalDataHealth()
        const cache = new AccountCache(nodeFiles, dir, 'x', health)
        expect(cache.marks.state('x', 1)).toMatchObject({ hidden: {}, plays: {}, sessions: {}, imports: [] })
        expect(health.notices()).toEqual([expect.objectContaining({ file: 'marks-x.json', problem: 'damaged' })])
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
