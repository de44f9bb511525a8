import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { communityList } from '../../reference-service/src/community-list'
import { generateCatalogue } from '../../reference-service/src/seed/catalogue'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { runCli, type CliRun } from '../support/cli-run'
import { writeSavesDb } from '../support/game-saves'

/*
 * `companion pick` and `companion goals` as a script runs them: each command's --json shape and exit code (0 ok,
 * 1 nothing to pick or a pack refused, 2 usage, 3 no credential), a save file read with no credential, the account's
 * picks with one, and a goal pack checked against the CLI's chart list.
 */

const work = mkdtempSync(join(tmpdir(), 'cli-picks-'))
const home = join(work, 'home')
const catalogue = generateCatalogue(60)
const ids = catalogue.map((c) => c.chart_id)
const save = join(work, 'saves.db')
let service: ReferenceService

const cli = (args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> =>
  runCli(args, { PATH: process.env.PATH, HOME: home, ...env }, 60_000)

beforeAll(async () => {
  service = await startReferenceService({ testControls: true, dailyDownloadLimit: 1000 })
  writeSavesDb(save, { charts: ids.slice(0, 30).map((id, i) => ({ id, score: 900_000 + i * 3_000 })) })
  const list = join(work, 'resources.json')
  writeFileSync(list, JSON.stringify(communityList(catalogue)))
  expect((await cli(['charts', 'import', list, '--quiet'])).code).toBe(0)
})
afterAll(async () => {
  await service?.close()
  rmSync(work, { recursive: true, force: true })
})

const PICK_FIELDS = ['chart_id', 'title', 'difficulty', 'constant', 'mode', 'best', 'why', 'target']

describe('companion pick', () => {
  it('--file SAVE --json: the picks from a save, no credential; each in the public shape', async () => {
    const r = await cli(['pick', '--file', save, '--n', '7', '--json'])
    expect(r.code).toBe(0)
    const doc = r.json as {
      source: unknown
      filter: unknown
      levels: { mode: string; level: number | null }[]
      picks: Record<string, unknown>[]
    }
    expect(Object.keys(doc)).toEqual(['source', 'filter', 'levels', 'picks'])
    expect(doc.source).toEqual({ kind: 'save', path: save })
    expect(doc.levels.map((l) => l.mode)).toEqual(['save'])
    expect(doc.picks.length).toBeGreaterThan(0)
    expect(doc.picks.length).toBeLessThanOrEqual(7)
    for (const pick of doc.picks) {
      expect(Object.keys(pick)).toEqual(PICK_FIELDS)
      expect(pick.mode).toBe('save')
      expect(ids).toContain(pick.chart_id)
      // A save's bests carry no judgements: no near misses.
      expect((pick.why as { kind: string }).kind).not.toBe('nearMiss')
    }
  })

  it('--random: among the charts the filter keeps, counted by hand; the same --seed draws the same; none: exit 1', async () => {
    const level = Math.floor(catalogue[40]!.constant)
    const kept = catalogue.filter((c) => Math.floor(c.constant) === level && !ids.slice(0, 30).includes(c.chart_id)).map((c) => c.chart_id)
    const args = ['pick', '--file', save, '--random', '--level', String(level), '--unplayed', '--seed', '4242', '--json']
    const r = await cli(args)
    expect(r.code).toBe(0)
    const doc = r.json as { seed: number; among: number; pick: { chart_id: string; best: number | null } }
    expect(Object.keys(doc)).toEqual(['source', 'filter', 'seed', 'among', 'pick'])
    expect(doc).toMatchObject({ seed: 4242, among: kept.length, filter: { level, unplayed: true } })
    expect(kept).toContain(doc.pick.chart_id)
    expect(doc.pick.best).toBeNull()
    expect((await cli(args)).json).toEqual(doc)
    const none = await cli(['pick', '--file', save, '--random', '--level', '29', '--json'])
    expect(none.code).toBe(1)
    expect(none.json).toMatchObject({ among: 0, pick: null })
  })

  it('usage: a bad --n, --seed without --random, --file with --backup: exit 2 with one JSON error', async () => {
    for (const args of [
      ['pick', '--n', '0'],
      ['pick', '--n', 'many'],
      ['pick', '--file', save, '--seed', '5'],
      ['pick', '--file', save, '--backup', 'latest'],
      ['pick', '--level', '31']
    ]) {
      const r = await cli([...args, '--json'])
      expect(r.code, args.join(' ')).toBe(2)
      expect((r.json as { error: { code: string } }).error.code).toMatch(/usage|invalid_input/)
    }
  })

  it('on the account: no credential is exit 3; with one, the account’s picks (touch and keyboard levels)', async () => {
    const base = ['--base-url', service.deployments.global.base_url, '--data-dir', join(work, 'data')]
    expect((await cli([...base, 'pick', '--json'])).code).toBe(3)
    // The service's own chart list, as a player's CLI keeps it.
    const list = join(work, 'service-list.json')
    writeFileSync(list, await (await fetch(service.chartList.url)).text())
    const player = {
      HOME: join(work, 'player'),
      COMPANION_USER_TOKEN: service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!.user_token
    }
    expect((await cli([...base, 'charts', 'import', list, '--quiet'], player)).code).toBe(0)
    const r = await cli([...base, 'pick', '--json'], player)
    expect(r.code).toBe(0)
    const doc = r.json as { source: unknown; levels: { mode: string }[]; picks: { mode: string }[] }
    expect(doc.source).toEqual({ kind: 'account', path: null })
    expect(doc.levels.map((l) => l.mode).sort()).toEqual(['keyboard', 'touch'])
    expect(doc.picks.length).toBe(5)
    // For people, in the --lang language: Russian column names.
    const human = await cli([...base, '--lang', 'ru', 'pick'], player)
    expect(human.code).toBe(0)
    expect(human.stdout).toMatch(/чарт\s+ввод\s+почему\s+рекорд\s+цель/)
  })
})

describe('companion goals', () => {
  const pack = (charts: string[]) => ({
    schema: 'companion-goal-pack',
    version: 1,
    name: 'Warm-up',
    folders: [{ id: 'f', name: 'Six', charts }],
    goals: [
      { id: 'g', criterion: { kind: 'fullCombo' }, mode: 'any', scope: { kind: 'folder', folder: 'custom:f' }, target: { kind: 'all' } }
    ]
  })

  it('import FILE: a valid pack is described (exit 0); one naming an unknown chart, or too large, is refused (exit 1)', async () => {
    const good = join(work, 'good.goals.json')
    writeFileSync(good, JSON.stringify(pack(ids.slice(0, 6))))
    const r = await cli(['goals', 'import', good, '--json'])
    expect(r.code).toBe(0)
    expect(r.json).toEqual({
      valid: true,
      checkedCharts: true,
      pack: { name: 'Warm-up', version: 1, description: null },
      folders: [{ id: 'f', name: 'Six', charts: 6 }],
      goals: pack([]).goals,
      note: 'Goals live in the app: import this pack there (Progress → Goals).'
    })
    const human = await cli(['goals', 'import', good])
    expect(human.stdout).toContain('Full Combo on every chart of Six (Any input)')
    expect(human.stdout).toContain('import the file in the app')

    const unknown = join(work, 'unknown.goals.json')
    writeFileSync(unknown, JSON.stringify(pack(['not-a-chart'])))
    const refused = await cli(['goals', 'import', unknown, '--json'])
    expect(refused.code).toBe(1)
    expect((refused.json as { error: { code: string; message: string } }).error.message).toContain('not-a-chart')
    const huge = join(work, 'huge.goals.json')
    writeFileSync(huge, JSON.stringify({ ...pack(ids.slice(0, 1)), description: 'x'.repeat(1_100_000) }))
    expect((await cli(['goals', 'import', huge, '--json'])).code).toBe(1)
  })

  it('export FILE: goals live in the app, said so, exit 1', async () => {
    const r = await cli(['goals', 'export', join(work, 'out.json'), '--json'])
    expect(r.code).toBe(1)
    expect((r.json as { error: { message: string } }).error.message).toContain('Goals live in the app')
  })
})
