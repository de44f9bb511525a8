import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync, truncateSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli, type CliRun } from '../support/cli-run'
import { writeDataDb, writeSavesDb } from '../support/game-saves'
import jaTexts from '../../src/renderer/src/i18n/ja.json'

const work = mkdtempSync(join(tmpdir(), 'cli-local-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** The built CLI with a home of its own and no credential at all. */
function cli(args: string[], home: string): Promise<CliRun> {
  return runCli(args, { PATH: process.env.PATH, HOME: home }, 60_000)
}

const sha256sum = (path: string) => execFileSync('sha256sum', [path], { encoding: 'utf8' }).split(' ')[0]!
const chart = (n: number) => `5a1e0000-0000-4000-8000-${String(n).padStart(12, '0')}`

describe('companion local (built CLI, no credential, no network)', () => {
  const home = join(work, 'home')
  const game = join(home, '.config', 'unity3d', 'Morizero', 'Milthm', 'data')
  const library = join(work, 'library')
  writeSavesDb(join(game, 'saves.db'), { charts: [{ id: chart(1), score: 990_000 }] })
  writeDataDb(join(game, 'data.db'), [
    { chart_id: chart(1), score: 990_000, played_at: '2026-11-20T21:00:00Z' },
    { chart_id: chart(1), score: 950_000, played_at: '2026-11-02T09:30:00Z' },
    { chart_id: chart(2), score: 870_000, played_at: '2026-11-10T12:00:00Z' }
  ])

  it('status finds the game folder in the usual place and lists its files', async () => {
    const r = await cli(['local', 'status', '--json'], home)
    expect(r.code).toBe(0)
    expect(r.json).toMatchObject({ folder: game, chosen: false })
    const files = (r.json as { files: { name: string; size: number }[] }).files
    expect(files.map((f) => [f.name, f.size])).toEqual([
      ['saves.db', statSync(join(game, 'saves.db')).size],
      ['data.db', statSync(join(game, 'data.db')).size]
    ])
    const nowhere = await cli(['local', 'status'], join(work, 'empty-home'))
    expect(nowhere.code).toBe(1)
    expect(nowhere.stdout).toContain("The game's save was not found. Looked in:")
  })

  it('backup keeps the same bytes, then is up to date', async () => {
    const first = await cli(['local', 'backup', '--dir', library, '--json'], home)
    expect(first.code).toBe(0)
    const doc = first.json as { status: string; path: string; folder: string; parts: { file: string }[] }
    expect(doc.status).toBe('saved')
    expect(sha256sum(doc.path)).toBe(sha256sum(join(game, 'saves.db')))
    expect(sha256sum(join(doc.folder, doc.parts[0]!.file))).toBe(sha256sum(join(game, 'data.db')))
    const second = await cli(['local', 'backup', '--dir', library, '--json'], home)
    expect(second.json).toMatchObject({ status: 'up-to-date', path: doc.path })
  })

  it('plays lists every play in data.db, newest first', async () => {
    const r = await cli(['local', 'plays', '--json'], home)
    expect(r.code).toBe(0)
    const plays = (r.json as { plays: { played_at: string; score: number }[] }).plays
    expect(plays.map((p) => [p.played_at, p.score])).toEqual([
      ['2026-11-20T21:00:00Z', 990_000],
      ['2026-11-10T12:00:00Z', 870_000],
      ['2026-11-02T09:30:00Z', 950_000]
    ])
  })

  it('tables print local times in the --lang format (TZ=Asia/Tokyo, UTC+9); --json keeps the times as the files wrote them', async () => {
    const tokyo = (args: string[]) => runCli(args, { PATH: process.env.PATH, HOME: home, TZ: 'Asia/Tokyo' }, 60_000)
    // A known time for data.db's last change: 2026-11-30 15:45 UTC is Dec 1 00:45 in Tokyo.
    utimesSync(join(game, 'data.db'), new Date('2026-11-30T15:45:00Z'), new Date('2026-11-30T15:45:00Z'))
    const [plays, status, sessions, json] = await Promise.all([
      tokyo(['local', 'plays']),
      tokyo(['local', 'status']),
      tokyo(['--lang', 'ru', 'local', 'sessions']),
      tokyo(['local', 'plays', '--json'])
    ])
    // 21:00 UTC on Nov 20 is 06:00 on Nov 21 in Tokyo; 09:30 UTC on Nov 2 is 18:30 there.
    expect(plays.stdout).toMatch(/^Nov 21, 2026, 6:00 AM {2,}/m)
    expect(plays.stdout).toMatch(/^Nov 2, 2026, 6:30 PM {2,}/m)
    expect(plays.stdout).not.toMatch(/\d{4}-\d\d-\d\dT/)
    expect(status.stdout).toMatch(/^data\.db +\d+ +Dec 1, 2026, 12:45 AM$/m)
    // Russian: day, short month, year, 24-hour time; each play a session of its own (more than 120 minutes apart).
    expect(sessions.stdout).toMatch(/^1 +2 нояб\. 2026 г\., 18:30 +2 нояб\. 2026 г\., 18:30 /m)
    expect(sessions.stdout).toMatch(/^3 +21 нояб\. 2026 г\., 06:00 +21 нояб\. 2026 г\., 06:00 /m)
    expect((json.json as { plays: { played_at: string }[] }).plays[0]!.played_at).toBe('2026-11-20T21:00:00Z')
  })

  it('diff without a cloud backup of this player says so (exit 1); --game-dir points elsewhere', async () => {
    const r = await cli(['local', 'diff', '--dir', library, '--json'], home)
    expect(r.code).toBe(1)
    const noCloud =
      'There is no cloud backup of this save to compare with yet: back up your cloud save first (the comparison spends no download).'
    // --json keeps the English sentence it always carried, whatever --lang says.
    expect(r.json).toMatchObject({ verdict: 'no-cloud', onlyLocal: [{ chart_id: chart(1) }], message: noCloud })
    expect((await cli(['local', 'diff', '--dir', library, '--json', '--lang', 'ja'], home)).json).toMatchObject({ message: noCloud })
    const text = await cli(['local', 'diff', '--dir', library], home)
    expect(text.stdout.split('\n')[0]).toBe(noCloud)
    // The text follows --lang, in the app's own words for the same verdict.
    const ja = await cli(['local', 'diff', '--dir', library, '--lang', 'ja'], home)
    expect(ja.stdout.split('\n')[0]).toBe(jaTexts.local['verdict_no-cloud'])
    const elsewhere = join(work, 'phone')
    writeSavesDb(join(elsewhere, 'saves.db'), { charts: [], userId: '777' })
    const status = await cli(['local', 'status', '--game-dir', elsewhere, '--json'], home)
    expect(status.json).toMatchObject({ folder: elsewhere, chosen: true })
  })

  it('a damaged saves.db is refused with exit 5 and nothing is kept', async () => {
    const broken = join(work, 'broken')
    writeSavesDb(join(broken, 'saves.db'), { charts: [{ id: chart(1), score: 990_000 }] })
    truncateSync(join(broken, 'saves.db'), 3000)
    const r = await cli(['local', 'backup', '--game-dir', broken, '--dir', join(work, 'library2'), '--json'], home)
    expect(r.code).toBe(5)
    expect(r.json).toMatchObject({ error: { code: 'io' } })
    expect(r.stderr).toContain('damaged')
    expect(() => statSync(join(work, 'library2', 'this-computer-10000001'))).toThrow()
  })
})
