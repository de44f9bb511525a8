import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { communityList } from '../../reference-service/src/community-list'
import { generateCatalogue } from '../../reference-service/src/seed/catalogue'
import type { KeptRecord } from '../../src/shared/api'
import { runCli, type CliRun } from '../support/cli-run'
import { writeDataDb, writeSavesDb, type TestChart, type TestPlay } from '../support/game-saves'
import { levelCharts, NOTES_GRADES, saveBest, truthOf } from '../support/progress-truth'

const work = mkdtempSync(join(tmpdir(), 'cli-folders-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** The built CLI with a home of its own and no credential at all. */
const cli = (args: string[], home: string): Promise<CliRun> => runCli(args, { PATH: process.env.PATH, HOME: home }, 60_000)

const FIELDS = ['folder', 'mode', 'charts', 'played', 'grades', 'overloaded', 'atLeast', 'fullCombo', 'allPerfect', 'missing']
interface Row {
  folder: string
  mode: string
  charts: number
  played: number
  grades: Record<string, number>
  atLeast: Record<string, number>
  fullCombo: number
  allPerfect: number
  missing: string[]
}

describe('companion backups folders / local folders (built CLI, no credential, no network)', () => {
  const home = join(work, 'home')
  const game = join(home, '.config', 'unity3d', 'Morizero', 'Milthm', 'data')
  const catalogue = generateCatalogue(30)
  const ids = catalogue.map((c) => c.chart_id)
  const plays: TestPlay[] = Array.from({ length: 50 }, (_, i) => ({
    chart_id: ids[(i * 11) % ids.length]!,
    score: 640_000 + ((i * 29_717) % 370_001),
    played_at: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(),
    score_accuracy: i % 8 === 0 ? 1 : 0.95,
    modifiers: i % 3 ? '["TouchMode"]' : '[]',
    counts: [800, 40, i % 8 === 0 ? 0 : 3, 0, 0, i % 2]
  }))
  const saved: TestChart[] = ids
    .filter((_, i) => i % 4 === 0)
    .map((id, i) => ({ id, score: 900_000 + i * 5_000, achieved: i % 2 ? [0, 3, 4] : [0, 3] }))

  beforeAll(async () => {
    writeSavesDb(join(game, 'saves.db'), { charts: saved })
    writeDataDb(join(game, 'data.db'), plays)
    const list = join(work, 'resources.json')
    writeFileSync(list, JSON.stringify(communityList(catalogue)))
    expect((await cli(['charts', 'import', list, '--quiet'], home)).code).toBe(0)
  })

  it('local folders --json: each level folder in each mode as a count by hand over data.db and saves.db says', async () => {
    const r = await cli(['local', 'folders', '--by', 'level', '--json'], home)
    expect(r.code).toBe(0)
    const rows = r.json as Row[]
    for (const row of rows) expect(Object.keys(row)).toEqual(FIELDS)
    // The plays as the game kept them, and the save's bests (no input mode), read back by the test's own rules.
    const records = plays.map((p) => ({
      ...p,
      score_accuracy: p.score_accuracy!,
      score_bad_count: p.counts![4],
      score_miss_count: p.counts![5],
      modifiers: JSON.parse(p.modifiers!) as string[]
    })) as unknown as KeptRecord[]
    const save = saved.map((s) => saveBest(s.id, s.score, { fc: s.achieved!.includes(4) }))
    const list = catalogue.map((c) => ({ chart_id: c.chart_id, title: c.title, constant: c.constant }))
    const levels = [...new Set(catalogue.map((c) => String(Math.floor(c.constant))))]
    expect(new Set(rows.map((row) => row.folder))).toEqual(new Set(levels.map((l) => `level:${l}`)))
    expect(new Set(rows.map((row) => row.mode))).toEqual(new Set(['touch', 'keyboard', 'any']))
    for (const row of rows) {
      const charts = levelCharts(list, row.folder.split(':')[1]!)
      const truths = charts.map((id) => truthOf(id, row.mode as 'any', records, save))
      expect(row.charts).toBe(charts.length)
      expect(row.played).toBe(truths.filter(Boolean).length)
      expect(row.missing.sort()).toEqual(charts.filter((_, i) => !truths[i]).sort())
      for (const [grade, min] of NOTES_GRADES) expect(row.atLeast[grade]).toBe(truths.filter((t) => t && t.score >= min).length)
      expect(row.fullCombo).toBe(truths.filter((t) => t?.fc).length)
      expect(row.allPerfect).toBe(truths.filter((t) => t?.ap).length)
    }
  })

  it('local folders for people: the sources, what counts where, each grade with its cumulative count', async () => {
    const r = await cli(['local', 'folders', '--by', 'difficulty'], home)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(`Save: ${join(game, 'saves.db')}`)
    expect(r.stdout).toContain(`Plays: 50 in ${join(game, 'data.db')}`)
    expect(r.stdout).toContain(`The save's bests (${saved.length} charts) have no input mode: they count under "any input".`)
    expect(r.stdout).toMatch(/^Difficulty Cloudburst\s+any input\s+\d+\/30\s/m)
    const ja = await cli(['--lang', 'ja', 'local', 'folders', '--by', 'difficulty'], home)
    expect(ja.stdout).toMatch(/^難易度 Cloudburst\s+すべての入力\s+\d+\/30\s/m)
  })

  it('backups folders: a save file, the newest backup in --dir, or one by name; the save counts under any input only', async () => {
    const file = await cli(['backups', 'folders', join(game, 'saves.db'), '--json'], home)
    expect(file.code).toBe(0)
    const fromFile = file.json as Row[]
    expect(new Set(fromFile.map((r) => r.mode))).toEqual(new Set(['any']))
    expect(fromFile.filter((r) => r.folder.startsWith('level:')).reduce((n, r) => n + r.played, 0)).toBe(saved.length)

    const library = join(work, 'library')
    expect((await cli(['backups', 'folders', '--dir', library], home)).code).toBe(5)
    const backup = await cli(['local', 'backup', '--dir', library, '--json'], home)
    const newest = await cli(['backups', 'folders', '--dir', library, '--json'], home)
    expect(newest.json).toEqual(file.json)
    const named = await cli(
      ['backups', 'folders', (backup.json as { entryId: string }).entryId, '--dir', library, '--json', '--by', 'level'],
      home
    )
    expect(named.json).toEqual(fromFile.filter((r) => r.folder.startsWith('level:')))
    const missing = await cli(['backups', 'folders', 'no-such-backup', '--dir', library, '--json'], home)
    expect(missing.code).toBe(1)
    expect(missing.json).toMatchObject({ error: { code: 'not_found' } })
    expect((await cli(['backups', 'folders', '--by', 'colour'], home)).code).toBe(2)
  })
})
