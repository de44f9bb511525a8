import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { runCli, type CliRun } from '../support/cli-run'
import { signedInGameCore } from '../support/game-core'
import { writeDataDb } from '../support/game-saves'
import type { SecretCipher } from '../../src/main/ports'

let service: ReferenceService
let work: string
let dataDir: string
let importId: string
let dataDb: string
let cipher: SecretCipher
const A = '5e550000-0000-4000-8000-0000000000a1'
const B = '5e550000-0000-4000-8000-0000000000b2'
/** Two plays of charts the service never reported, imported from a data.db into alice's kept history. */
const imported = [
  { chart_id: A, score: 987_654, played_at: '2026-03-01T10:00:00.000Z' },
  { chart_id: B, score: 912_345, played_at: '2026-03-01T10:04:00.000Z' }
]
/** The key a play is named by, written again here: chart, instant, score. */
const keyOf = (p: { chart_id: string; played_at: string; score: number }) => `${p.chart_id}|${Date.parse(p.played_at)}|${p.score}`

/** The app's core on the same data folder: what the kept history holds (each play's key), read apart from the CLI. */
async function keptKeys(): Promise<Set<string>> {
  const t = await appOn()
  try {
    return new Set((await t.call('sync:history', t.id)).records.map(keyOf))
  } finally {
    await t.core.dispose()
  }
}

async function appOn() {
  return signedInGameCore({ service, home: join(work, 'home'), username: 'alice', dataDir, cipher })
}

beforeAll(async () => {
  service = await startReferenceService({ testControls: true, dailyDownloadLimit: 1000 })
  work = mkdtempSync(join(tmpdir(), 'cli-record-'))
  // The app keeps alice's history (a sync, then a data.db import) with a note and a star on one play; then it is closed.
  const t = await signedInGameCore({ service, home: join(work, 'home'), username: 'alice' })
  dataDir = t.dataDir
  cipher = t.cipher
  dataDb = join(t.game, 'data.db')
  writeDataDb(dataDb, imported, { username: 'alice', user_id: t.uid })
  expect(await t.call('gameFolder:importPlays', t.id, { pick: false, anyUser: false })).toMatchObject({ added: 2 })
  await t.call('record:setPlay', t.id, imported[0]!, { note: 'tournament warm-up', starred: true })
  await t.call('record:load', t.id)
  importId = t.events.latest('record:changed', (s) => s.imports.length > 0)!.imports[0]!.id
  await t.core.dispose()
})
afterAll(async () => {
  await service?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

/** The built CLI on the app's data folder, with alice's User Token (or none). */
async function cli(args: string[], token = true): Promise<CliRun> {
  const url = service.deployments.global.base_url
  const alice = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!.user_token
  const env = {
    PATH: process.env.PATH,
    HOME: join(work, 'home'),
    COMPANION_LOCAL_BASE_URL: url,
    COMPANION_USER_TOKEN: token ? alice : undefined
  }
  return runCli(['--base-url', url, '--data-dir', dataDir, ...args], env, 60_000)
}

type LocalPlaysDoc = {
  plays: { chart_id: string; played_at: string; score: number; hidden: boolean | null; note: string | null; starred: boolean | null }[]
}
const byChart = (doc: unknown, chart: string) => (doc as LocalPlaysDoc).plays.find((p) => p.chart_id === chart)!

describe('companion plays, imports and the marks in the tables (built CLI, the app’s data folder)', () => {
  it('imports list: the data.db import with its date, source and count', async () => {
    const r = await cli(['imports', 'list', '--json'])
    expect(r.code).toBe(0)
    expect(r.json).toEqual([
      {
        id: importId,
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        source: { kind: 'data.db', label: expect.stringContaining('data.db'), automatic: false },
        count: 2,
        undone: null
      }
    ])
    const human = await cli(['imports', 'list'])
    expect(human.stdout).toContain(importId)
    expect(human.stdout).toMatch(/data\.db.*\s2\s/)
  })

  it('local plays: the note and star in --json and the marks column; without a credential the marks are not known (null)', async () => {
    const r = await cli(['local', 'plays', '--file', dataDb, '--json'])
    expect(r.code).toBe(0)
    expect(byChart(r.json, A)).toMatchObject({ hidden: false, note: 'tournament warm-up', starred: true })
    expect(byChart(r.json, B)).toMatchObject({ hidden: false, note: null, starred: false })
    const table = await cli(['local', 'plays', '--file', dataDb])
    expect(table.stdout.split('\n')[1]).toMatch(/marks\s*$/)
    expect(table.stdout).toMatch(/starred, note/)
    const anonymous = await cli(['local', 'plays', '--file', dataDb, '--json'], false)
    expect(byChart(anonymous.json, A)).toMatchObject({ hidden: null, note: null, starred: null })
  })

  it('plays hide and unhide: the play stays kept, is marked in every table, and is shown again exactly', async () => {
    const before = await keptKeys()
    const hid = await cli(['plays', 'hide', B, imported[1]!.played_at, '--why', 'a friend played', '--json'])
    expect(hid.code).toBe(0)
    expect(hid.json).toMatchObject({ plays: [imported[1]], changed: 1, hidden: true, undo: `plays unhide ${B} ${imported[1]!.played_at}` })
    expect(byChart((await cli(['local', 'plays', '--file', dataDb, '--json'])).json, B)).toMatchObject({ hidden: true })
    expect((await cli(['local', 'plays', '--file', dataDb, '--lang', 'ja'])).stdout).toMatch(/非表示/)
    // Still kept: hiding takes no play out of the record.
    expect(await keptKeys()).toEqual(before)
    const again = await cli(['plays', 'hide', B, imported[1]!.played_at, '--json'])
    expect(again.json).toMatchObject({ changed: 0 })
    const shown = await cli(['plays', 'unhide', B, imported[1]!.played_at, '--json'])
    expect(shown.json).toMatchObject({ changed: 1, hidden: false })
    expect(byChart((await cli(['local', 'plays', '--file', dataDb, '--json'])).json, B)).toMatchObject({ hidden: false })
  })

  it('while the app has the data folder open, plays hide is refused (exit 1) in the reader’s language, and nothing changes', async () => {
    const t = await appOn()
    t.core.modules.record.start()
    await vi.waitFor(() => expect(existsSync(join(dataDir, '.companion.lock'))).toBe(true))
    try {
      const en = await cli(['plays', 'hide', B, imported[1]!.played_at])
      expect(en.code).toBe(1)
      expect(en.stderr).toContain('Close the app first')
      const ru = await cli(['plays', 'hide', B, imported[1]!.played_at, '--lang', 'ru'])
      expect(ru.code).toBe(1)
      expect(ru.stderr).toContain('Эта папка данных открыта в приложении')
    } finally {
      await t.core.dispose()
    }
    expect(byChart((await cli(['local', 'plays', '--file', dataDb, '--json'])).json, B)).toMatchObject({ hidden: false })
  })

  it('recent and rank: a hidden play of the service is said so beside it (the service’s values unchanged)', async () => {
    const recent = await cli(['recent', '--json'])
    type Doc = { chart_id: string; played_at: string; score: number; hidden: boolean; starred: boolean; note: string | null }
    const first = (recent.json as { data: Doc[] }).data[0]!
    expect(first).toMatchObject({ hidden: false, starred: false, note: null })
    const rankBefore = (await cli(['rank', '--json'])).json as { touch_reality: number; touch_ranks: Doc[]; keyboard_ranks: Doc[] }
    const best = rankBefore.touch_ranks[0] ?? rankBefore.keyboard_ranks[0]!
    expect((await cli(['plays', 'hide', best.chart_id, best.played_at, '--score', String(best.score)])).code).toBe(0)
    const rank = (await cli(['rank', '--json'])).json as typeof rankBefore
    const listed = [...rank.touch_ranks, ...rank.keyboard_ranks].filter((r) => keyOf(r) === keyOf(best))
    expect(listed.length).toBeGreaterThan(0)
    for (const r of listed) expect(r.hidden).toBe(true)
    expect(rank.touch_reality).toBe(rankBefore.touch_reality)
    expect((await cli(['rank'])).stdout).toMatch(/hidden/)
    await cli(['plays', 'unhide', best.chart_id, best.played_at])
  })

  it('imports undo and redo: exactly the import’s plays leave the kept history, and come back', async () => {
    const before = await keptKeys()
    const undone = await cli(['imports', 'undo', importId, '--json'])
    expect(undone.code).toBe(0)
    expect(undone.json).toEqual({ removed: 2, kept: 0, undo: `imports redo ${importId}` })
    const after = await keptKeys()
    expect([...before].filter((k) => !after.has(k)).sort()).toEqual(imported.map(keyOf).sort())
    expect([...after].filter((k) => !before.has(k))).toEqual([])
    expect(((await cli(['imports', 'list', '--json'])).json as { undone: unknown }[])[0]!.undone).toMatchObject({ removed: 2, kept: 0 })
    // Taken back twice: refused, with the usage exit code.
    expect((await cli(['imports', 'undo', importId])).code).toBe(2)
    const redone = await cli(['imports', 'redo', importId, '--json'])
    expect(redone.json).toEqual({ added: 2, undo: `imports undo ${importId}` })
    expect(await keptKeys()).toEqual(before)
  })

  it('the usual exit codes: no such import or play 1, a bad time 2, no credential 3; one JSON error document', async () => {
    const missing = await cli(['imports', 'undo', 'no-such-import', '--json'])
    expect(missing.code).toBe(1)
    expect(missing.json).toMatchObject({ error: { code: 'not_found' } })
    expect((await cli(['plays', 'hide', A, '2020-01-01T00:00:00Z'])).code).toBe(1)
    const badTime = await cli(['plays', 'hide', A, 'yesterday', '--json'])
    expect(badTime.code).toBe(2)
    expect(badTime.json).toMatchObject({ error: { code: 'invalid_input' } })
    const control = await cli(['plays', 'hide', A, imported[0]!.played_at, '--why', 'a\u0007b', '--json'])
    expect(control.code).toBe(2)
    expect((await cli(['imports', 'list'], false)).code).toBe(3)
  })
})
