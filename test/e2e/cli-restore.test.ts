import { execFileSync, spawn } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { runCli, type CliRun } from '../support/cli-run'
import { allRows, inspect, saveJson, writeDataDb, writeSavesDb, type TestSave } from '../support/game-saves'
import { hashesUnder, putCloudBackup, sha256Of } from '../support/restore'

const work = mkdtempSync(join(tmpdir(), 'cli-restore-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const chart = (n: number) => `5a1e0000-0000-4000-8000-${String(n).padStart(12, '0')}`
const KEPT: TestSave = { lastSaveTime: '2026-11-01T10:00:00', charts: [{ id: chart(1), score: 1_000_000 }] }
const NOW: TestSave = {
  lastSaveTime: '2026-11-20T10:00:00',
  charts: [
    { id: chart(1), score: 950_000 },
    { id: chart(2), score: 800_000 }
  ]
}

interface Setup {
  home: string
  game: string
  dir: string
  /** The "This computer" version holding KEPT (with its data.db). */
  version: string
}

/** A fake home whose game folder held KEPT (kept as a version) and now holds NOW. */
async function setup(name: string): Promise<Setup> {
  const home = join(work, name, 'home')
  const game = join(home, '.config', 'unity3d', 'Morizero', 'Milthm', 'data')
  const dir = join(work, name, 'library')
  writeSavesDb(join(game, 'saves.db'), KEPT)
  writeDataDb(join(game, 'data.db'), [{ chart_id: chart(1), score: 1_000_000, played_at: '2026-11-01T09:00:00Z' }])
  const kept = await cli(['local', 'backup', '--dir', dir, '--json'], home)
  rmSync(join(game, 'saves.db'))
  writeSavesDb(join(game, 'saves.db'), NOW)
  return { home, game, dir, version: (kept.json as { entryId: string }).entryId }
}

/** The built CLI with a home of its own and no credential, unless one is given. */
function cli(args: string[], home: string, env: Record<string, string> = {}): Promise<CliRun> {
  return runCli(args, { PATH: process.env.PATH, HOME: home, ...env }, 60_000)
}

/** The built CLI on a terminal (`script` gives it one), answering `answer` to its question. */
function onTerminal(args: string[], home: string, answer: string): { code: number; output: string } {
  const command = [process.execPath, 'out/cli/index.js', ...args].map((a) => `'${a}'`).join(' ')
  try {
    const output = execFileSync('script', ['-qec', command, '/dev/null'], {
      input: `${answer}\n`,
      env: { PATH: process.env.PATH, HOME: home }
    })
    return { code: 0, output: output.toString() }
  } catch (error) {
    const failed = error as { status: number; stdout: Buffer }
    return { code: failed.status, output: failed.stdout.toString() }
  }
}

describe('companion local versions / local restore (built CLI)', () => {
  it('versions lists the "This computer" versions; --json is an array with id, time, player, size, pinned, note', async () => {
    const s = await setup('versions')
    const r = await cli(['local', 'versions', '--dir', s.dir, '--json'], s.home)
    expect(r.code).toBe(0)
    expect(r.json).toEqual([
      expect.objectContaining({
        id: s.version,
        player: 'alice',
        pinned: false,
        note: '',
        time: expect.any(String),
        size: expect.any(Number)
      })
    ])
    const human = await cli(['local', 'versions', '--dir', s.dir], s.home)
    expect(human.stdout).toContain(s.version)
    const empty = await cli(['local', 'versions', '--dir', join(work, 'nothing'), '--json'], s.home)
    expect([empty.code, empty.json]).toEqual([0, []])
  })

  it('dry run (exit 0), no terminal without --yes (exit 2), a downgrade without --allow-downgrade (exit 1): nothing written', async () => {
    const s = await setup('asking')
    const before = hashesUnder(s.game)
    const dry = await cli(['local', 'restore', s.version, '--dir', s.dir, '--allow-downgrade', '--dry-run', '--json'], s.home)
    expect(dry.code).toBe(0)
    expect(dry.json).toMatchObject({
      status: 'dry-run',
      reason: null,
      snapshotId: null,
      from: { id: s.version, kind: 'this-computer', player: 'Alice', lastSaveTime: KEPT.lastSaveTime },
      target: s.game,
      preview: {
        lowered: [],
        lost: [{ chart_id: chart(2), title: null, difficulty: null, before: 800_000, after: null }],
        raised: [{ chart_id: chart(1), title: null, difficulty: null, before: 950_000, after: 1_000_000 }],
        unchanged: 0,
        realityBefore: null,
        realityAfter: null,
        otherPlayer: false,
        downgrade: true
      }
    })
    const noTerminal = await cli(['local', 'restore', s.version, '--dir', s.dir, '--allow-downgrade', '--json'], s.home)
    expect([noTerminal.code, (noTerminal.json as { reason: string }).reason]).toEqual([2, 'needs-yes'])
    const downgrade = await cli(['local', 'restore', s.version, '--dir', s.dir, '--yes'], s.home)
    expect(downgrade.code).toBe(1)
    expect(downgrade.stdout).toContain('--allow-downgrade')
    const usage = await cli(['local', 'restore', '--dir', s.dir, '--json'], s.home)
    expect([usage.code, (usage.json as { error: { code: string } }).error.code]).toEqual([2, 'invalid_input'])
    expect((await cli(['local', 'restore', s.version, '--undo', '--dir', s.dir], s.home)).code).toBe(2)
    expect(hashesUnder(s.game)).toEqual(before)
  })

  it('--yes restores (exit 0) with the snapshot pinned; --undo puts it back (exit 0), then there is nothing to undo (exit 1)', async () => {
    const s = await setup('restore')
    const before = allRows(join(s.game, 'saves.db'))
    const dataBefore = sha256Of(join(s.game, 'data.db'))
    const r = await cli(['local', 'restore', s.version, '--dir', s.dir, '--allow-downgrade', '--yes', '--json'], s.home)
    expect(r.code).toBe(0)
    const doc = r.json as { status: string; snapshotId: string; written: string[] }
    expect(doc).toMatchObject({ status: 'restored', reason: null, written: [join(s.game, 'saves.db')] })
    expect(JSON.parse(inspect(join(s.game, 'saves.db')).save!)).toEqual(JSON.parse(saveJson(KEPT)))
    expect(sha256Of(join(s.game, 'data.db'))).toBe(dataBefore)
    const versions = (await cli(['local', 'versions', '--dir', s.dir, '--json'], s.home)).json as { id: string; pinned: boolean }[]
    expect(versions.find((v) => v.id === doc.snapshotId)).toMatchObject({ pinned: true, note: `before restoring ${s.version}` })
    const human = await cli(['local', 'restore', '--undo', '--dir', s.dir, '--yes'], s.home)
    expect(human.code).toBe(0)
    expect(human.stdout).toContain('Undone')
    expect(allRows(join(s.game, 'saves.db'))).toEqual(before)
    const again = await cli(['local', 'restore', '--undo', '--dir', s.dir, '--yes', '--json'], s.home)
    expect([again.code, (again.json as { reason: string }).reason]).toEqual([1, 'nothing-to-undo'])
  })

  it('on a terminal it asks: yes restores with plays, no refuses (exit 1)', async () => {
    const s = await setup('terminal')
    const no = onTerminal(['local', 'restore', s.version, '--dir', s.dir, '--allow-downgrade', '--with-plays'], s.home, 'n')
    expect(no.code).toBe(1)
    expect(no.output).toContain('[y/N]')
    expect(no.output).toContain('Not restored.')
    const yes = onTerminal(['local', 'restore', s.version, '--dir', s.dir, '--allow-downgrade', '--with-plays'], s.home, 'y')
    expect(yes.code).toBe(0)
    expect(yes.output).toContain('Open Milthm and check your save.')
    const kept = join(s.dir, s.version.split('/')[0]!)
    const dataCopy = readdirSync(kept).find((n) => n.endsWith('.data.sqlite') && n.startsWith(s.version.split('/')[1]!))!
    expect(sha256Of(join(s.game, 'data.db'))).toBe(sha256Of(join(kept, dataCopy)))
  })

  it('refusals, each exit 1 with nothing in the game folder changed: game running, unfinished write, other player, damage', async () => {
    const s = await setup('refusals')
    const restore = (...extra: string[]) =>
      cli(['local', 'restore', s.version, '--dir', s.dir, '--allow-downgrade', '--yes', '--json', ...extra], s.home)
    const reason = (r: CliRun) => [r.code, (r.json as { reason: string }).reason]
    const before = hashesUnder(s.game)
    const bin = join(work, 'bin')
    mkdirSync(bin, { recursive: true })
    copyFileSync(execFileSync('which', ['sleep'], { encoding: 'utf8' }).trim(), join(bin, 'Milthm.x86_64'))
    const game = spawn(join(bin, 'Milthm.x86_64'), ['30'], { stdio: 'ignore' })
    try {
      await new Promise((r) => setTimeout(r, 200))
      const running = await restore()
      expect(reason(running)).toEqual([1, 'game-running'])
      expect((running.json as { detail: string }).detail).toBe('Milthm.x86_64')
    } finally {
      game.kill()
    }
    writeFileSync(join(s.game, 'saves.db-journal'), Buffer.alloc(512, 1))
    expect(reason(await restore())).toEqual([1, 'unfinished-write'])
    rmSync(join(s.game, 'saves.db-journal'))
    rmSync(join(s.game, 'saves.db'))
    writeSavesDb(join(s.game, 'saves.db'), {
      ...NOW,
      userId: '20000002',
      userUuid: 'ffffffff-0000-4000-8000-000000000002',
      nickname: 'Bob'
    })
    const bobs = hashesUnder(s.game)
    const other = await restore()
    expect(reason(other)).toEqual([1, 'other-player'])
    expect(other.stderr + other.stdout).not.toContain('Restored')
    expect(hashesUnder(s.game)).toEqual(bobs)
    const path = (await cli(['local', 'versions', '--dir', s.dir, '--json'], s.home)).json as { path: string }[]
    const bytes = readFileSync(path[0]!.path)
    writeFileSync(path[0]!.path, Buffer.concat([bytes, Buffer.from('x')]))
    expect(reason(await restore('--allow-other-player'))).toEqual([1, 'damaged-version'])
    expect(hashesUnder(s.game)).toEqual(bobs)
    expect(Object.keys(before).length).toBe(Object.keys(bobs).length)
  })

  it('a JSON save file named by path: no container refuses (exit 1); --to exports, never over an existing file', async () => {
    const s = await setup('export')
    const file = join(s.dir, 'global_alice_10000001', 'cloud-json.json')
    putCloudBackup(s.dir, 'global_alice_10000001', 'cloud-json', Buffer.from(saveJson(KEPT)))
    const out = join(work, 'export', 'phone')
    const exported = await cli(['local', 'restore', file, '--dir', s.dir, '--to', out, '--yes', '--json'], s.home)
    expect(exported.code).toBe(0)
    expect(exported.json).toMatchObject({ status: 'exported', mode: 'export', from: { kind: 'cloud', format: 'json' } })
    expect(readdirSync(out)).toEqual(['saves.db'])
    expect(inspect(join(out, 'saves.db')).integrity).toBe('ok')
    expect(JSON.parse(inspect(join(out, 'saves.db')).save!)).toEqual(JSON.parse(saveJson(KEPT)))
    const twice = await cli(['local', 'restore', file, '--dir', s.dir, '--to', out, '--yes', '--json'], s.home)
    expect([twice.code, (twice.json as { reason: string }).reason]).toEqual([1, 'target-exists'])
    rmSync(join(s.game, 'saves.db'))
    const none = await cli(['local', 'restore', file, '--dir', s.dir, '--yes', '--json'], s.home)
    expect([none.code, (none.json as { reason: string }).reason]).toEqual([1, 'no-container'])
    expect(none.stderr + none.stdout).toContain('start Milthm once on this computer, then restore')
  })

  it('an I/O failure is exit 5, and a cloud id needs the signed-in account', async () => {
    const s = await setup('io')
    writeFileSync(join(s.dir, '.restore'), 'not a folder')
    const io = await cli(['local', 'restore', s.version, '--dir', s.dir, '--allow-downgrade', '--yes', '--json'], s.home)
    expect([io.code, (io.json as { error: { code: string } }).error.code]).toEqual([5, 'io'])
    const cloud = await cli(['local', 'restore', 'global_alice_10000001/cloud-1', '--dir', s.dir, '--json'], s.home)
    expect(cloud.code).toBe(3)
  })
})

describe('a cloud backup of the signed-in account, by id (reference service)', () => {
  let service: ReferenceService
  beforeAll(async () => {
    service = await startReferenceService({ testControls: true })
  })
  afterAll(() => service?.close())

  it('backup, then restore that backup by its id from backups list', async () => {
    const s = await setup('cloud')
    const token = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!.user_token
    const env = { COMPANION_USER_TOKEN: token }
    const base = ['--base-url', service.deployments.global.base_url, '--data-dir', join(work, 'cloud', 'cli-data')]
    expect((await cli([...base, 'backup', '--dir', s.dir], s.home, env)).code).toBe(0)
    const listed = (await cli([...base, 'backups', 'list', '--dir', s.dir, '--json'], s.home, env)).json as { id: string; path: string }[]
    const r = await cli(
      [...base, 'local', 'restore', listed[0]!.id, '--dir', s.dir, '--allow-downgrade', '--allow-other-player', '--yes', '--json'],
      s.home,
      env
    )
    expect(r.code).toBe(0)
    expect(r.json).toMatchObject({ status: 'restored', from: { id: listed[0]!.id, kind: 'cloud' } })
    const cloudSave = readFileSync(listed[0]!.path)
    const expected = cloudSave.subarray(0, 6).toString() === 'SQLite' ? sha256Of(listed[0]!.path) : null
    if (expected) expect(sha256Of(join(s.game, 'saves.db'))).toBe(expected)
    else expect(inspect(join(s.game, 'saves.db')).save).toBe(cloudSave.toString('utf8'))
    const stranger = await cli([...base, 'local', 'restore', 'global_someone_1/x', '--dir', s.dir, '--json'], s.home, env)
    expect([stranger.code, (stranger.json as { error: { code: string } }).error.code]).toEqual([1, 'not_found'])
  })

  it('a starred version: backups list and local versions carry starred in --json, and a ★ on its row of the table', async () => {
    const s = await setup('starred')
    const token = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!.user_token
    const env = { COMPANION_USER_TOKEN: token }
    const base = ['--base-url', service.deployments.global.base_url, '--data-dir', join(work, 'starred', 'cli-data')]
    expect((await cli([...base, 'backup', '--dir', s.dir], s.home, env)).code).toBe(0)
    const list = async () => (await cli([...base, 'backups', 'list', '--dir', s.dir, '--json'], s.home, env)).json as Starred[]
    const versions = async () => (await cli(['local', 'versions', '--dir', s.dir, '--json'], s.home)).json as Starred[]
    type Starred = { id: string; starred: unknown }
    // Manifests written before stars have no field: not starred, and said so.
    const [cloud] = await list()
    expect([cloud!.starred, (await versions())[0]!.starred]).toEqual([false, false])
    // Starred as the app stars them: the field in each version's manifest.
    for (const id of [cloud!.id, s.version]) {
      const manifest = join(s.dir, `${id}.manifest.json`)
      writeFileSync(manifest, JSON.stringify({ ...JSON.parse(readFileSync(manifest, 'utf8')), starred: true }))
    }
    expect((await list()).map((e) => [e.id, e.starred])).toEqual([[cloud!.id, true]])
    expect((await versions()).map((v) => [v.id, v.starred])).toEqual([[s.version, true]])
    const cloudTable = (await cli([...base, 'backups', 'list', '--dir', s.dir], s.home, env)).stdout.split('\n')
    expect(cloudTable[0]).toMatch(/\bpinned\s+starred\b/)
    expect(cloudTable.filter((line) => line.includes('★'))).toHaveLength(1)
    const localTable = (await cli(['local', 'versions', '--dir', s.dir], s.home)).stdout.split('\n')
    expect(localTable.find((line) => line.includes(s.version))).toContain('★')
    expect(localTable[0]).not.toContain('★')
  })
})
