import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { communityList } from '../../reference-service/src/community-list'
import { generateCatalogue } from '../../reference-service/src/seed/catalogue'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { runCli, type CliRun } from '../support/cli-run'
import { writeDataDb, writeSavesDb } from '../support/game-saves'

/**
 * The game's odd results in the CLI (#55): a play above 1,010,000 is Overloaded in the grade column, in the --lang
 * words, never R (even where the service itself wrote R); `--json` adds `overloaded` and keeps `modifiers`; the folder
 * tables count Overloaded bests apart from R.
 */
const work = mkdtempSync(join(tmpdir(), 'cli-odd-'))
let service: ReferenceService
const home = join(work, 'home')
/** The service's charts (the same list it publishes for the community). */
const catalogue = generateCatalogue()
const game = join(work, 'game')
/** Charts Alice never played, hardest first: the odd results go there (so they are in her recent plays and her bests). */
const fresh: string[] = []

const cli = (args: string[]): Promise<CliRun> =>
  runCli(
    ['--base-url', service.deployments.global.base_url, '--data-dir', join(work, 'data'), ...args],
    { PATH: process.env.PATH, HOME: home, COMPANION_USER_TOKEN: service.accounts.find((a) => a.username === 'alice')!.user_token },
    60_000
  )

beforeAll(async () => {
  service = await startReferenceService({ testControls: true })
  const played = new Set((service.controls.plays('global', 'alice') as { chart_id: string }[]).map((p) => p.chart_id))
  fresh.push(
    ...[...catalogue]
      .filter((c) => c.constant > 0 && !played.has(c.chart_id))
      .sort((a, b) => b.constant - a.constant)
      .slice(0, 3)
      .map((c) => c.chart_id)
  )
  // Above 1,010,000 with the heavy-downpour modifier (the service calls it R), and one it grades itself.
  service.controls.addPlayOf('global', 'alice', fresh[0]!, 1_010_001, true, { grade: 'R', modifiers: ['TouchMode', 'HeavyDownpour'] })
  service.controls.addPlayOf('global', 'alice', fresh[1]!, 1_050_000, true)
  service.controls.addPlayOf('global', 'alice', fresh[2]!, 1_010_000, true)
  writeSavesDb(join(game, 'saves.db'), {
    charts: [
      { id: fresh[0]!, score: 1_023_456 },
      { id: fresh[2]!, score: 1_010_000 }
    ]
  })
  writeDataDb(join(game, 'data.db'), [
    { chart_id: fresh[0]!, score: 1_023_456, played_at: '2026-11-20T21:00:00Z', grade: 'R', modifiers: '["HeavyDownpour"]' },
    { chart_id: fresh[2]!, score: 1_010_000, played_at: '2026-11-20T20:00:00Z', modifiers: '["TouchMode"]' },
    // No play reaches 3,000,000, and a row without a chart is no play: both counted as rows that could not be read.
    { chart_id: fresh[1]!, score: 3_000_000, played_at: '2026-11-20T19:00:00Z' },
    { chart_id: '', score: 900_000, played_at: '2026-11-20T18:00:00Z' }
  ])
  const list = join(work, 'resources.json')
  writeFileSync(list, JSON.stringify(communityList(catalogue)))
  expect((await cli(['charts', 'import', list, '--quiet'])).code).toBe(0)
})
afterAll(async () => {
  await service?.close()
  rmSync(work, { recursive: true, force: true })
})

/** The cells of the table row whose score is `score` (columns are two or more spaces apart: time, chart, grade, score…). */
const rowOf = (stdout: string, score: number) =>
  stdout
    .split('\n')
    .map((line) => line.split(/\s{2,}/))
    .find((cells) => cells[3] === String(score))
const gradeOf = (stdout: string, score: number) => rowOf(stdout, score)?.[2]
/** The last cell of that row: the input mode and the play's other modifiers. */
const inputOf = (stdout: string, score: number) => rowOf(stdout, score)?.at(-1)

describe('Overloaded and modifiers in the CLI', () => {
  it('recent, rank: Overloaded in the --lang words (never R), modifiers by the input; --json adds overloaded, modifiers', async () => {
    const [recent, recentJa, rank, json, rankJson] = await Promise.all([
      cli(['recent']),
      cli(['--lang', 'ja', 'recent']),
      cli(['rank']),
      cli(['recent', '--json']),
      cli(['rank', '--json'])
    ])
    // The service wrote R for the first: the CLI says what the score is.
    expect(gradeOf(recent.stdout, 1_010_001)).toBe('Overloaded')
    expect(gradeOf(recent.stdout, 1_050_000)).toBe('Overloaded')
    // Japanese keeps the game's own word for it (docs/glossary.md).
    expect(gradeOf(recentJa.stdout, 1_010_001)).toBe('Overloaded')
    expect(gradeOf(rank.stdout, 1_050_000)).toBe('Overloaded')
    // The play's modifiers beside its input mode; TouchMode is the mode itself.
    expect(inputOf(recent.stdout, 1_010_001)).toBe('touch + HeavyDownpour')
    expect(inputOf(recentJa.stdout, 1_010_001)).toBe('タッチ + HeavyDownpour')
    expect(inputOf(rank.stdout, 1_010_001)).toBe('touch + HeavyDownpour')
    expect(inputOf(recent.stdout, 1_050_000)).toBe('touch')
    expect(recent.stdout.split('\n').filter((line) => / R {2,}1010000 /.test(line)).length).toBeGreaterThan(0)
    type Play = { chart_id: string; score: number; overloaded: boolean; modifiers: string[]; grade: string }
    const plays = new Map((json.json as { data: Play[] }).data.map((p) => [p.chart_id, p]))
    expect(plays.get(fresh[0]!)).toMatchObject({ score: 1_010_001, overloaded: true, modifiers: ['TouchMode', 'HeavyDownpour'] })
    expect(plays.get(fresh[1]!)).toMatchObject({ score: 1_050_000, overloaded: true })
    expect(plays.get(fresh[2]!)).toMatchObject({ score: 1_010_000, overloaded: false, grade: 'R' })
    const ranks = (rankJson.json as { touch_ranks: Play[] }).touch_ranks
    for (const r of ranks) expect(r.overloaded, r.chart_id).toBe(r.score > 1_010_000)
    expect(
      ranks
        .filter((r) => r.overloaded)
        .map((r) => r.chart_id)
        .sort()
    ).toEqual([fresh[0]!, fresh[1]!].sort())
  })

  it('local plays: Overloaded and modifiers in the table, Overloaded and unusable rows counted; --json adds them', async () => {
    const [text, ru, json] = await Promise.all([
      cli(['local', 'plays', '--game-dir', game]),
      cli(['--lang', 'ru', 'local', 'plays', '--game-dir', game]),
      cli(['local', 'plays', '--game-dir', game, '--json'])
    ])
    expect(gradeOf(text.stdout, 1_023_456)).toBe('Overloaded')
    expect(gradeOf(ru.stdout, 1_023_456)).toBe('Overloaded')
    expect(gradeOf(text.stdout, 1_010_000)).toBe('R')
    expect(inputOf(text.stdout, 1_023_456)).toBe('keyboard + HeavyDownpour')
    expect(inputOf(text.stdout, 1_010_000)).toBe('touch')
    // The summary counts the Overloaded plays and the two rows that are no play, with why for the one too high.
    expect(text.stdout.split('\n')[0]).toBe(
      `2 plays in ${join(game, 'data.db')} (1 of them Overloaded; 2 rows could not be read, ` +
        'of them with a score above 2,000,000, which no play reaches: 1)'
    )
    expect(ru.stdout.split('\n')[0]).toBe(
      `2 игры в ${join(game, 'data.db')} (из них Overloaded: 1; не удалось прочитать 2 строки, ` +
        'из них со счётом выше 2\u00a0000\u00a0000, какого не бывает ни в одной игре: 1)'
    )
    expect(json.json).toMatchObject({ skipped: 2, scoreTooHigh: 1 })
    expect((json.json as { plays: unknown[] }).plays).toEqual([
      expect.objectContaining({ chart_id: fresh[0], score: 1_023_456, overloaded: true, modifiers: ['HeavyDownpour'] }),
      expect.objectContaining({ chart_id: fresh[2], score: 1_010_000, overloaded: false, modifiers: ['TouchMode'] })
    ])
  })

  it('local folders: the Overloaded bests are counted apart from R, and in every grade or better', async () => {
    const [text, json] = await Promise.all([
      cli(['local', 'folders', '--game-dir', game, '--by', 'difficulty']),
      cli(['local', 'folders', '--game-dir', game, '--by', 'difficulty', '--json'])
    ])
    type Grades = Record<'R' | 'M', number>
    type Row = { folder: string; mode: string; overloaded: number; grades: Grades; atLeast: Grades }
    const rows = (json.json as Row[]).filter((r) => r.mode === 'any' && r.overloaded + r.grades.R > 0)
    // Chart 0's best is 1,023,456 (Overloaded) and chart 2's 1,010,000 (R), both on the hardest difficulty.
    const total = (pick: (r: Row) => number) => rows.reduce((n, r) => n + pick(r), 0)
    expect([total((r) => r.overloaded), total((r) => r.grades.R), total((r) => r.atLeast.R), total((r) => r.atLeast.M)]).toEqual([
      1, 1, 2, 2
    ])
    const header = text.stdout.split('\n').find((line) => line.startsWith('folder'))!
    expect(header.split(/\s+/).slice(0, 6)).toEqual(['folder', 'mode', 'played', 'Overloaded', 'R', 'M'])
  })
})
